// A plan fault without a trigger is a step like any other: `auto` takes it as soon as it can act
// (plan faults come first in the enabled order), but a recipe may take another step there — a
// delivery of the very send it would have refused — after which it can no longer act. The run is
// still the recipe's, and faithful to it; what it must not do is stay silent that the plan's fault
// never acted. Pulsar's `not-allowed` (a topic policy `PersistentTopic.publishMessage` checks on
// every publish) refuses a message on every attempt, whatever the order; in the model it is the
// step the recipe names, so the recipe decides. The CLI warns (as for a trigger that never fired)
// and the Fault plan says it beside the entry (review 18's "Left open").
import { faultKey } from './actions';
import { faultReason } from './faults';
import { hasTrigger, planAction } from './faultTriggers';
import type { RunResult } from './run';

export interface PassedFault {
  /** The plan entry (`$.faults[index]`). */
  readonly index: number;
  readonly kind: string;
  /** Its action key. */
  readonly key: string;
  /** The last step at which it was enabled (could act). */
  readonly enabledAt: number;
  /** The key the run took from that step instead. */
  readonly took: string;
  /** Why it cannot act at the run's end (`faultReason`). */
  readonly why: string;
  /** For a per-message fault: the step taken instead delivered its message (the send went first). */
  readonly deliveredFirst: boolean;
}

/**
 * The trigger-less plan faults a run passed by: enabled at some step (the earliest unspent entry of
 * their key), never taken, unspent at the end. A fault that never could act is not one of them.
 */
export function passedPlanFaults(result: RunResult): PassedFault[] {
  const steps = result.steps;
  const last = steps.length - 1;
  const end = steps[last]!.world;
  const out: PassedFault[] = [];
  end.config.faults.forEach((spec, i) => {
    const action = planAction(spec);
    if (!action || hasTrigger(spec) || end.plan[i]!.spent) return;
    const key = faultKey(action);
    if (steps[last]!.enabled.includes(key)) return; // it can still act: the run stopped, not passed it by
    // Alike entries share a key: it is this entry's only while the ones before it are spent.
    const mine = (s: number) =>
      steps[s]!.enabled.includes(key) &&
      end.config.faults.every(
        (f, j) => j >= i || steps[s]!.world.plan[j]!.spent || faultKeyOf(f) !== key,
      );
    let at = -1;
    for (let s = last - 1; s >= 0 && at < 0; s--) if (mine(s)) at = s;
    if (at < 0) return;
    const took = steps[at + 1]!.key!;
    const message = 'message' in action ? action.message : null;
    const deliveredFirst =
      message !== null &&
      took.startsWith('deliver:') &&
      took
        .slice(took.lastIndexOf(':') + 1)
        .split('+')
        .includes(message);
    out.push({
      index: i,
      kind: spec.kind,
      key,
      enabledAt: at,
      took,
      why: faultReason(end, action) ?? 'it could act, but the run ended',
      deliveredFirst,
    });
  });
  return out;
}

const faultKeyOf = (spec: Parameters<typeof planAction>[0]): string | null => {
  const a = planAction(spec);
  return a && !hasTrigger(spec) ? faultKey(a) : null;
};

/**
 * The words for one passed-by fault, shared by the CLI's warning and the Fault plan: where it
 * could act, what was taken instead, why it cannot act now — and, for a `not-allowed` whose send
 * was delivered first, that Pulsar would have refused it all the same and how to order the recipe.
 */
export function passedWords(p: PassedFault): string {
  const base = `never acted: ${p.key} was enabled at step ${p.enabledAt}, but step ${p.enabledAt + 1} took ${p.took} instead, and after it the fault could not act (${p.why})`;
  if (p.kind !== 'not-allowed' || !p.deliveredFirst) return base;
  return `${base}. The delivery came first, so the broker never refused it; in Pulsar a topic policy refuses the message on every attempt (PersistentTopic.publishMessage). In a recipe the fault is a step: schedule ${p.key} before ${p.took}`;
}
