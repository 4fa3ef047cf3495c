// A finished search: the verdict, safety and liveness apart, the faults searched, and each
// violated invariant with its trace length and a button that opens the counterexample as a branch.
import type { ExploreResult } from '../../../engine';
import { openCounterexample } from '../../store';
import { faultsText, judged, meaningOf, verdictOf, type Ran } from './verdict';

export function Results({
  result,
  seconds,
  ran,
}: {
  result: ExploreResult;
  seconds: number;
  ran: Ran;
}) {
  return (
    <div className="explorer-results" data-testid="explorer-results">
      <p data-testid="explorer-verdict">
        <strong>{verdictOf(result)}</strong> ({seconds.toFixed(1)} s)
      </p>
      <p className="muted explorer-meaning" data-testid="explorer-meaning">
        {meaningOf(result.complete)}
      </p>
      <ul className="plain">
        <li>
          Safety: <strong>{judged(result.safety, result.complete)}</strong>
        </li>
        <li>
          Liveness: <strong>{judged(result.liveness, result.complete)}</strong>
        </li>
        <li className="muted" data-testid="explorer-faults">
          Faults searched: {faultsText(ran)}
        </li>
      </ul>
      {result.violations.length > 0 && (
        <ol className="plain explorer-violations">
          {result.violations.map((v) => (
            <li key={v.invariant} data-testid={`explorer-violation-${v.invariant}`}>
              <strong>{v.invariant}</strong> — trace of {v.length} steps
              <div className="muted">{v.detail}</div>
              <button
                type="button"
                aria-label={`Open the ${v.invariant} counterexample`}
                onClick={() =>
                  void openCounterexample({
                    invariant: v.invariant,
                    trace: v.trace,
                    faults: ran.faults,
                    explore: ran.block,
                  })
                }
              >
                Open in the timeline
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
