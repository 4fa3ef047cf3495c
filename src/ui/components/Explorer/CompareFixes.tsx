// "Compare fixes": the explorer's search on the scenario without the fixes toggled on (when any
// are: what they close reads in the table), with them, then once more with each other fix that changes a class this scenario models (./useCompareFixes runs them one
// after another in the worker, with the panel's bounds). While it runs: which search is under way
// ("search 2 of 4: go-1565"), its count against the state bound, its rate, depth against the depth
// bound and time, a bar; what is done and waiting and how long the comparison has run; and the
// verdicts of the searches done so far, as each arrives. Cancel keeps those verdicts and says how
// far it got. Then the verdicts in one table (./FixVerdictTable), which "Copy table" puts on the
// clipboard as Markdown for a GitHub comment, and whose invariants open their shortest traces.
// Screen readers hear a comparison through one polite live region, present from the start, that
// changes only when a search starts, a verdict arrives and the comparison ends or is cancelled; the
// progress line is not live (it was a status that changed on every report, ~40 times a second,
// and a screen reader either queued every count or dropped the verdicts; UX review 10).
import { verdictCell } from '../../../engine';
import { FixVerdictTable } from './FixVerdictTable';
import { MIN_RATE_SECONDS, rateOf } from './SearchStatus';
import type { Bounds } from './bounds';
import type { StartExplore } from './session';
import { durationOf, rowName, type Compared, type CompareRow, type CompareState } from './compared';
import { useCompareFixes } from './useCompareFixes';
import { fmt } from './verdict';

interface Props {
  readonly start: StartExplore;
  /** The panel's bounds as its fields read now. */
  readonly bounds: () => Bounds;
  /** The panel's own search is running: wait. */
  readonly disabled: boolean;
  readonly onRunning: (running: boolean) => void;
}

export function CompareFixes({ start, bounds, disabled, onRunning }: Props) {
  const { state, compare, cancel } = useCompareFixes({ start, bounds, onRunning });
  const running = state.kind === 'running';
  return (
    <div className="explorer-compare" data-testid="explorer-compare">
      <p className="visually-hidden" aria-live="polite" data-testid="compare-announce">
        {announcementOf(state)}
      </p>
      <div className="row">
        <button type="button" disabled={disabled || running} onClick={() => void compare()}>
          Compare fixes
        </button>{' '}
        {running && (
          <button type="button" onClick={cancel}>
            Cancel comparison
          </button>
        )}
      </div>
      {state.kind === 'running' && <CompareProgress state={state} />}
      {state.kind === 'stopped' && (
        <>
          <p>{state.message}</p>
          {state.sheet && <FixVerdictTable done={state.sheet} partial />}
        </>
      )}
      {state.kind === 'done' && (
        <>
          <p className="muted" data-testid="compare-time">
            {state.sheet.rows.length} searches in {durationOf(state.seconds)}.
          </p>
          <FixVerdictTable done={state.sheet} />
        </>
      )}
    </div>
  );
}

/** The comparison under way, in the words of the explorer's own progress line (./SearchStatus). */
function CompareProgress({ state }: { state: Extract<CompareState, { kind: 'running' }> }) {
  const { progress, maxStates, maxDepth, sheet } = state;
  const states = progress?.states ?? 0;
  const seconds = Math.max(0, (state.now - state.searchStartedAt) / 1000);
  const soon = seconds < MIN_RATE_SECONDS;
  const done = sheet.rows.length;
  return (
    <div className="explorer-progress">
      <p className="muted" data-testid="compare-progress">
        search {state.at} of {state.of}: {state.fix} · {fmt(states)} of at most {fmt(maxStates)}{' '}
        states{soon ? ' ' : ' · '}
        {rateOf(states, seconds)} · depth {progress?.depth ?? 0} of at most {fmt(maxDepth)}
        {soon ? '' : ` · ${durationOf(seconds)}`}
      </p>
      <progress
        aria-label="Comparison search progress"
        max={maxStates}
        value={Math.min(states, maxStates)}
      />
      <p className="muted" data-testid="compare-overall">
        {done} of {state.of} done
        {state.waiting.length > 0 ? ` · waiting: ${state.waiting.join(', ')}` : ''} · the comparison
        has run {durationOf(Math.max(0, (state.now - state.startedAt) / 1000))}
      </p>
      {done > 0 && <FixVerdictTable done={sheet} partial />}
    </div>
  );
}

/** A search's verdict in a sentence: "go-1565: safety holds, liveness holds; found none (complete)". */
export const verdictWords = (
  { fix, result, without }: CompareRow,
  sheet: Pick<Compared, 'baseline' | 'on' | 'without'>,
): string =>
  `${rowName(fix, sheet, without)}: safety ${result.safety}, liveness ${result.liveness}; found ${verdictCell(result)}.`;

/**
 * What the live region says: which search started (with the verdict just before it), the last
 * verdict and the total at the end, or how it stopped. It depends only on the search under way and
 * the verdicts done, never on the counts, so it changes at those moments only.
 */
export function announcementOf(state: CompareState): string {
  if (state.kind === 'idle') return '';
  if (state.kind === 'stopped') return `Compare fixes: ${state.message}`;
  const { rows } = state.sheet;
  const last = rows.at(-1);
  if (state.kind === 'done')
    return `${last ? verdictWords(last, state.sheet) + ' ' : ''}Compare fixes done: ${rows.length} searches in ${durationOf(state.seconds)}.`;
  const next = `Search ${state.at} of ${state.of}: ${state.fix}.`;
  return last ? `${verdictWords(last, state.sheet)} ${next}` : `Compare fixes started. ${next}`;
}
