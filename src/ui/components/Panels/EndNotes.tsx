// Why a run that ended quiescent is quiet with work undone (RunResult.endNotes): a broken channel
// that never healed, an application send that never completes. "Nothing was left to do" would read
// like a clean end there (review 18's "Left open"), so the Invariants panel and the last step's
// Next actions say it, in the engine's words (the CLI prints the same sentences).
import type { RunResult } from '../../../engine';

export function EndNotes({ result }: { readonly result: RunResult }) {
  if (result.endNotes.length === 0) return null;
  return (
    <div className="end-notes" data-testid="end-notes">
      <p className="muted">Nothing more can happen, but the run is quiet with work undone:</p>
      <ul className="plain">
        {result.endNotes.map((note, i) => (
          <li key={i}>{note}.</li>
        ))}
      </ul>
    </div>
  );
}
