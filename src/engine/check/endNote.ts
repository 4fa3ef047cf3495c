// A quiet end's note as data: its sentence and the faults it offers, in the scenario format's own
// fault objects. The sentence prints those objects (faultText), so the words a reader copies into a
// file and the fault the app's button adds are one value and can never disagree (UX review 23,
// finding 6: the note named `{ "kind": "context-expired", "message": "BIG" }` as text only).
import type { FaultSpec, Trigger } from '../model/faultPlan';
import type { World } from '../model/world';
import { contextExpiryTarget } from '../protocol/partitionProducerContextExpiry';

export interface EndNote {
  /** The sentence, as `RunResult.endNotes` and the CLI print it. */
  readonly text: string;
  /** The faults it names, in the order it names them: each, added to the plan, acts on this wait. */
  readonly faults: readonly FaultSpec[];
}

/** A fault (or trigger) as the scenario file writes it: `{ "kind": "send-timeout", "message": "E4" }`. */
export function faultText(f: FaultSpec | Trigger): string {
  const fields = Object.entries(f).map(([k, v]) => {
    const value =
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? faultText(v as Trigger)
        : JSON.stringify(v);
    return `${JSON.stringify(k)}: ${value}`;
  });
  return `{ ${fields.join(', ')} }`;
}

/** A topology fault the note offers fires at the quiet end itself (seed 002 unloads so). */
export const AT_QUIET_END: Trigger = { when: 'quiescent' };

/**
 * A Go application waiting on `producer`'s send can also be ended by its context (the model's
 * `context-expired` fault, contextExpiryTarget): a Send(ctx) waiting for its result (`written`), or a
 * SendAsync blocked on permits or memory. Without it the note named only send-timeout, which does
 * not reach a send that is not in the pending queue yet. Each note names only its own wait: the
 * clause to append and the fault, or nothing.
 */
export function contextOffer(
  w: World,
  producer: string,
  wait: 'written' | 'blocked',
): { readonly words: string; readonly faults: readonly FaultSpec[] } {
  const t = contextExpiryTarget(w);
  if (!t || t.producer !== producer || (t.written ? 'written' : 'blocked') !== wait)
    return { words: '', faults: [] };
  const ends = t.written
    ? 'Send(ctx) returns context deadline exceeded, the message still pending'
    : 'SendAsync gives up with ErrContextExpired';
  const fault: FaultSpec = { kind: 'context-expired', message: t.message };
  return {
    words: `; if the application's context ends first, ${ends}: ${faultText(fault)}`,
    faults: [fault],
  };
}
