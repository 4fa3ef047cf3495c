// Why a run that ended quiescent is quiet with work undone (RunResult.endNotes): a broken channel
// that never healed, an application send that never completes. "Nothing was left to do" would read
// like a clean end there (review 18's "Left open"), so the Invariants panel and the last step's
// Next actions say it, in the engine's words (the CLI prints the same sentences). Beside each note,
// a button per fault it names adds that fault to the plan (EndNoteFault, RunResult.endNotesDetail).
// At the last step both panels show the notes, and their buttons were two of each with one name
// (session 24's left item): a screen reader's list of buttons, or a voice command, could not tell
// them apart. Both copies stay — the Invariants panel says how the run ends at every step, and a
// keyboard user stepping with Enter in Next actions arrives at the end there; taking either away
// would send one of them looking elsewhere — and each name says its panel:
// "Add send-timeout on E4 to the Fault plan (Invariants)" / "… (Next actions)".
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
  const panel = place === 'invariants' ? 'Invariants' : 'Next actions';
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
                  <EndNoteFault key={j} fault={f} origin={origin} panel={panel} />
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
