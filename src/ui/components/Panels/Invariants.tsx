// Every invariant violation of the run, each at the step where it first held. Violations ahead of
// the cursor stay listed (dimmed) so the user can jump straight to them; the one at the cursor's
// step says so instead of offering to go where the user already is.
import type { RunResult } from '../../../engine';
import { FIXES } from '../../fixes';
import { setCursor, useApp } from '../../store';
import { openPanel } from '../Topology/openPanel';
import { EndNotes } from './EndNotes';

/** How a run ended, in words (a livelock must not read as a clean end). */
const ENDED: Record<RunResult['endedBy'], string> = {
  quiescent: 'then nothing was left to do',
  loop: 'then it came back to a state it had been in: a livelock, what is pending stays pending',
  'max-steps': 'stopped at the step limit',
  'schedule-error': 'stopped where the schedule failed',
};

export function InvariantsPanel({
  result,
  cursor,
}: {
  readonly result: RunResult;
  readonly cursor: number;
}) {
  const { violations, error, endedBy } = result;
  // Quiet with work undone (a fault never healed, a send never answered): not "nothing left to do".
  const ended =
    endedBy === 'quiescent' && result.endNotes.length > 0
      ? 'then nothing more could happen, with work undone: see below'
      : ENDED[endedBy];
  const fixes = useApp((s) => s.fixes);
  const proposed = fixes.filter((f) => FIXES[f as keyof typeof FIXES]?.status === 'proposed');
  return (
    <section className="panel" aria-label="Invariants" data-testid="panel-invariants">
      <h3>Invariants</h3>
      {violations.length === 0 ? (
        <p className="ok">
          No invariant violated in this run ({result.steps.length - 1} steps, {ended}).
          {proposed.length > 0 && (
            <span className="muted">
              {' '}
              One run is one interleaving: this says nothing yet about {proposed.join(', ')} in the
              others (the explorer judges that).
            </span>
          )}
        </p>
      ) : (
        <ul className="plain violations">
          {violations.map((v, i) => (
            <li key={i} className={v.step > cursor ? 'violation ahead' : 'violation'}>
              <div>
                <strong className="bad">{v.invariant}</strong>{' '}
                <span className="muted">at step {v.step}</span>
              </div>
              <div>{v.detail}</div>
              {/* At its step already: a "Go to step N" button there did nothing. */}
              {v.step === cursor ? (
                <span className="muted" data-testid="violation-here">
                  This step.
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    setCursor(v.step);
                    // The button becomes "This step.": the panel keeps the focus (review 11).
                    openPanel(['panel-invariants']);
                  }}
                >
                  Go to step {v.step}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {violations.length > 0 && endedBy === 'loop' && (
        <p className="muted">The run {ENDED.loop}.</p>
      )}
      <EndNotes result={result} place="invariants" />
      {error && <p className="bad">Schedule stopped: {error.message}</p>}
    </section>
  );
}
