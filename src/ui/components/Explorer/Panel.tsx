// The explorer panel (issue 6): run the bounded search on the current scenario in a worker, with
// editable bounds (defaults from the scenario's `explore` block), a progress bar (states, states/s,
// depth, queue) and Cancel; the verdict (safety and liveness apart, complete or cut short); each
// violated invariant with its trace length and a button that opens the counterexample as a branch.
// "Explore from here" replays the current branch's keys up to the cursor before the search;
// "Compare fixes" (./CompareFixes.tsx) runs it once per fix and shows the verdicts side by side.
// This file lays the panel out; its parts are beside it: the bounds form (BoundsForm,
// useBoundsFields), the search (useSearch, SearchStatus) and its verdict (Results, verdict.ts).
import { useRef, useState } from 'react';
import { scenarioOf, useApp } from '../../store';
import { BoundsForm } from './BoundsForm';
import { CompareFixes } from './CompareFixes';
import { ExploreFromHere } from './ExploreFromHere';
import { Results } from './Results';
import { SearchStatus } from './SearchStatus';
import { workerExplore, type StartExplore } from './session';
import { useBoundsFields } from './useBoundsFields';
import { useSearch } from './useSearch';
import './explorer.css';

export { boundsOf } from './bounds';
export { judged, verdictOf } from './verdict';

export default function ExplorerPanel({ start = workerExplore }: { start?: StartExplore }) {
  const scenario = useApp((s) => scenarioOf(s));
  const fields = useBoundsFields(scenario);
  const exploreButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const search = useSearch(start, exploreButton, cancelButton);
  const { outcome, ran, beside, running } = search;
  const [comparing, setComparing] = useState(false);
  const busy = running || comparing;

  return (
    <section className="panel explorer-panel" aria-label="Explorer" data-testid="panel-explorer">
      <h3>Explorer</h3>
      <BoundsForm fields={fields} busy={busy} />
      <div className="row">
        <button
          ref={exploreButton}
          type="button"
          disabled={busy}
          onClick={() => search.run(false, fields.parseBounds)}
        >
          Explore
        </button>{' '}
        <ExploreFromHere disabled={busy} onClick={() => search.run(true, fields.parseBounds)} />{' '}
        {running && (
          <button ref={cancelButton} type="button" onClick={search.cancel}>
            Cancel
          </button>
        )}
      </div>
      <SearchStatus search={search} maxStates={fields.bounds.maxStates} />
      {outcome?.kind === 'done' && ran && (
        <Results result={outcome.result} seconds={outcome.seconds} ran={ran} beside={beside} />
      )}
      <CompareFixes
        start={start}
        bounds={fields.parseBounds}
        disabled={running}
        onRunning={setComparing}
      />
    </section>
  );
}
