// "Compare fixes": the explorer's search on the scenario with the fixes toggled now, then once more
// with each other fix that changes a class this scenario models (./useCompareFixes runs them one
// after another in the worker, with the panel's bounds). While it runs, its progress and Cancel;
// then the verdicts in one table (./FixVerdictTable), which "Copy table" puts on the clipboard as
// Markdown for a GitHub comment, and whose invariants open their shortest traces.
import { FixVerdictTable } from './FixVerdictTable';
import type { Bounds } from './bounds';
import type { StartExplore } from './session';
import { useCompareFixes } from './useCompareFixes';

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
          <>
            <span className="muted" role="status" data-testid="compare-progress">
              search {state.at} of {state.of}: {state.fix} ·{' '}
              {(state.progress?.states ?? 0).toLocaleString('en-US')} states
            </span>{' '}
            <button type="button" onClick={cancel}>
              Cancel comparison
            </button>
          </>
        )}
      </div>
      {state.kind === 'stopped' && <p role="status">{state.message}</p>}
      {state.kind === 'done' && <FixVerdictTable done={state} />}
    </div>
  );
}
