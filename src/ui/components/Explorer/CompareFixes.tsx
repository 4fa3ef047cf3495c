// "Compare fixes": the explorer's search on the scenario with the fixes toggled now, then once more
// with each other fix that changes a class this scenario models (./useCompareFixes runs them one
// after another in the worker, with the panel's bounds). While it runs: which search is under way
// ("search 2 of 4: go-1565"), its count against the state bound, its rate, depth against the depth
// bound and time, a bar; what is done and waiting and how long the comparison has run; and the
// verdicts of the searches done so far, as each arrives. Cancel keeps those verdicts and says how
// far it got. Then the verdicts in one table (./FixVerdictTable), which "Copy table" puts on the
// clipboard as Markdown for a GitHub comment, and whose invariants open their shortest traces.
import { FixVerdictTable } from './FixVerdictTable';
import { MIN_RATE_SECONDS, rateOf } from './SearchStatus';
import type { Bounds } from './bounds';
import type { StartExplore } from './session';
import { durationOf, useCompareFixes, type CompareState } from './useCompareFixes';
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
          <p role="status">{state.message}</p>
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
      <p className="muted" role="status" data-testid="compare-progress">
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
