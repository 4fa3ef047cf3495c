// A scenario's fault plan as the simulator runs it: the action each entry stands for (`planAction`)
// and the arming of entries whose trigger fired in a step (`armTriggers`). Apart from faults.ts,
// which asks whether a fault can act on the world, because this is the plan's own bookkeeping (the
// action an entry stands for, and when it is due), not a Pulsar rule: step.ts arms the entries,
// enabledFaults.ts and passedFaults.ts read them.
import type { FaultSpec, Trigger } from '../model/faultPlan';
import type { SimEvent } from '../model/events';
import type { World } from '../model/world';
import type { FaultAction } from './actions';

/** The action a plan entry stands for (per-message kinds and topology kinds alike). */
export function planAction(spec: FaultSpec): FaultAction | null {
  switch (spec.kind) {
    case 'checksum-error':
      return {
        kind: spec.kind,
        message: spec.message,
        cluster: spec.cluster,
        localBufferCorrupted: spec.localBufferCorrupted,
      };
    case 'not-allowed':
      return { kind: spec.kind, message: spec.message, cluster: spec.cluster, times: spec.times };
    case 'lose-receipt':
    case 'persist-fails':
      return { kind: spec.kind, message: spec.message, cluster: spec.cluster };
    case 'lose-ack':
      return {
        kind: spec.kind,
        message: spec.message,
        cluster: spec.cluster,
        subscription: spec.subscription,
      };
    case 'disconnect':
    case 'restart-producer':
      return { kind: spec.kind, producer: spec.producer };
    case 'send-timeout':
    case 'context-expired':
      return { kind: spec.kind, message: spec.message };
    case 'unload-topic':
      return spec.scope === 'topic'
        ? { kind: spec.kind, cluster: spec.cluster, scope: 'topic' }
        : { kind: spec.kind, cluster: spec.cluster };
    case 'set-deduplication':
      return { kind: spec.kind, cluster: spec.cluster, enabled: spec.enabled };
    case 'expire-messages':
    case 'trim-topic':
      return { kind: spec.kind, cluster: spec.cluster };
    case 'ownership-change':
      return { kind: spec.kind, cluster: spec.cluster, to: spec.to };
    case 'restart-broker':
      return { kind: spec.kind, cluster: spec.cluster, to: spec.to };
    case 'restart-bookie':
      return { kind: spec.kind, bookie: spec.bookie };
    case 'slow-bookie':
      return null; // a property of the bookie's answers: they are held back (class heldBack)
    case 'duplicate-frames':
      return null; // a channel behaviour, not a step
  }
}

export const hasTrigger = (spec: FaultSpec): spec is FaultSpec & { readonly after: Trigger } =>
  'after' in spec && spec.after !== undefined;

const EVENT_OF: Record<string, SimEvent['kind']> = {
  sent: 'write',
  received: 'receive',
  persisted: 'persist',
  acked: 'complete',
};

/** After a step: arm plan faults whose trigger fired during it. */
export function armTriggers(w: World, events: readonly SimEvent[]): void {
  w.config.faults.forEach((spec, i) => {
    const rt = w.plan[i];
    if (!rt || rt.armed || rt.spent || !hasTrigger(spec)) return;
    const t = spec.after;
    if ('when' in t) return; // quiescence is judged by enabledActions
    if ('step' in t) rt.armed = w.stepCount >= t.step;
    else
      rt.armed = events.some(
        (e) =>
          e.kind === EVENT_OF[t.event] &&
          e.msgs.includes(t.message) &&
          (t.cluster === undefined || e.cluster === t.cluster),
      );
  });
}
