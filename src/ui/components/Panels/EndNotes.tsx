// Why a run that ended quiescent is quiet with work undone (RunResult.endNotes): a broken channel
// that never healed, an application send that never completes. "Nothing was left to do" would read
// like a clean end there (review 18's "Left open"), so the Invariants panel and the last step's
// Next actions say it, in the engine's words (the CLI prints the same sentences). Beside each note,
// a button per fault it names adds that fault to the plan (EndNoteFault, RunResult.endNotesDetail).
import type { RunResult } from '../../../engine';
import { PickedNote } from '../FaultPlan/pickNote';
import { EndNoteFault } from './EndNoteFault';

export function EndNotes({
  result,
  place,
}: {
  readonly result: RunResult;
  /** The panel it is drawn in: a pick's note shows by the buttons used only. */
  readonly place: 'invariants' | 'next';
}) {
  const origin = `end-notes:${place}`;
  // The note of a pick made here outlives the notes when the fault ended every wait.
  if (result.endNotesDetail.length === 0) return <PickedNote origin={origin} />;
  return (
    <div className="end-notes" data-testid="end-notes">
      <p className="muted">Nothing more can happen, but the run is quiet with work undone:</p>
      <ul className="plain">
        {result.endNotesDetail.map((note, i) => (
          <li key={i}>
            {note.text}.
            {note.faults.length > 0 && (
              <span className="end-note-faults">
                {note.faults.map((f, j) => (
                  <EndNoteFault key={j} fault={f} origin={origin} />
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      <PickedNote origin={origin} />
    </div>
  );
}
