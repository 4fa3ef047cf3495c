// The button beside a quiet end's note that adds the fault the note names (RunResult.endNotesDetail:
// the fault object the sentence prints) — UX review 23, finding 6: the note said "add { "kind":
// "send-timeout", "message": "E4" } to the plan", a line for a file, while in the app the ⚡ that
// adds it stood elsewhere and the note did not point there.
//
// It goes through the menus' own path (pickFault → the store's addFault), at the run's last step:
// the note speaks of the end, so the run is kept up to there and the fault acts after it, as the
// note says it would (a send-timeout added at step 3 would fire on whatever is pending then); the
// cursor then goes to the new end, where the panels show the fault's outcome.
// Disabled, with why, when the plan already holds that fault. Once the run is back the focus goes
// to the Invariants panel, whose line says how the run ends now (the button may be gone with its
// note), unless the reader has moved on.
import { useId } from 'react';
import type { FaultSpec } from '../../../engine';
import {
  appStore,
  describeFault,
  producerWords,
  setCursor,
  useApp,
  type FaultJson,
} from '../../store';
import { pickFault } from '../FaultPlan/pickNote';
import { openPanel } from '../Topology/openPanel';

/** A fault in the note's own words: "send-timeout on E4", "disconnect of replicator". */
export function endFaultWords(f: FaultSpec): string {
  if ('message' in f && f.message !== undefined) return `${f.kind} on ${f.message}`;
  if ('producer' in f) return `${f.kind} of ${producerWords(f.producer)}`;
  if ('cluster' in f) return `${f.kind} of ${f.cluster}`;
  return f.kind;
}

/** JSON with its keys sorted: a plan entry written in another key order is the same fault. */
const canonical = (v: unknown): string =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(v);

export const samePlanFault = (a: FaultJson, b: FaultSpec): boolean => canonical(a) === canonical(b);

export function EndNoteFault(props: {
  readonly fault: FaultSpec;
  readonly origin: string;
  /** The panel it is drawn in, named in the button's accessible name (./EndNotes.tsx says why). */
  readonly panel: string;
}) {
  const { fault, origin, panel } = props;
  const id = useId();
  const held = useApp((s) =>
    (s.branches[s.branch]?.faults ?? []).some((f) => samePlanFault(f, fault)),
  );
  const busy = useApp((s) => s.status === 'running');
  const words = endFaultWords(fault);
  const why = held ? `${words} is already in the Fault plan` : null;
  return (
    <>
      <button
        type="button"
        className="end-note-fault"
        aria-label={`Add ${words} to the Fault plan (${panel})`}
        title={
          why ??
          `Adds ${describeFault(fault as FaultJson)} to the Fault plan, after the run's last step`
        }
        disabled={held}
        // Not `disabled` while a run is busy: a disabled button drops the focus to <body>.
        aria-disabled={busy || undefined}
        aria-describedby={why !== null ? id : undefined}
        onClick={(e) => {
          if (busy) return;
          const button = e.currentTarget;
          const s = appStore.getState();
          setCursor((s.result?.steps.length ?? 1) - 1);
          // Then to the new end: where the fault acted and what the run's end is now.
          const toEnd = () => setCursor((appStore.getState().result?.steps.length ?? 1) - 1);
          void pickFault(origin, fault as FaultJson, toEnd).then(() => {
            const active = document.activeElement;
            if (!active || active === document.body || active === button)
              openPanel(['panel-invariants']);
          });
        }}
      >
        Add {words}
      </button>
      {why !== null && (
        <span id={id} className="fault-why">
          {why}
        </span>
      )}
    </>
  );
}
