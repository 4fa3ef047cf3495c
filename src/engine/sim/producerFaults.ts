// When a fault on a producer's client can act: its connection dropping (`disconnect`), the
// application restarting it (`restart-producer`), its send timer firing (`send-timeout`: Java
// `ProducerImpl.run`, Go `partitionProducer.failTimeoutMessages`) and a Go application's context
// ending (`context-expired`). Apart from faults.ts because these kinds ask only the client's side —
// its connection, pending queue, open batch and state — never the topic's; what they do once they
// act is applyProducerFault.ts.
import type { World } from '../model/world';
import type { FaultAction } from './actions';
import { expiredItem } from '../protocol/partitionProducerSendTimeout';
import { contextExpiryReason } from '../protocol/partitionProducerContextExpiry';

/** The fault kinds that hit a producer's client. */
export type ProducerFault = Extract<
  FaultAction,
  { readonly kind: 'disconnect' | 'restart-producer' | 'send-timeout' | 'context-expired' }
>;

/**
 * The application producer whose send timer a send-timeout fault on `msg` fires: the one whose
 * pending queue holds it (Java pendingMessages, Go pendingQueue), or, for Java, whose open batch
 * does — `ProducerImpl.run` times the batch container's first message when the queue is empty (Go's
 * `failTimeoutMessages` looks at the pending queue only). Never the replicator's (sendTimeout 0).
 * `nth` > 1 (a Go placement, `fault:send-timeout:M1#2`): the queue holds `msg` in at least `nth`
 * items — an application that sent M1 again while its first send was pending.
 */
export const timingOut = (w: World, msg: string, nth = 1) =>
  Object.values(w.producers).find(
    (p) =>
      p.role === 'app' &&
      (nth > 1
        ? expiredItem(p.pendingMessages, msg, nth) >= 0
        : p.pendingMessages.some((op) => op.msgs.some((m) => m.msg === msg)) ||
          (p.client === 'java' && p.batch.some((m) => m.msg === msg))),
  );

/** Why this client fault cannot act now (`faultReason`'s words); null when it can. */
export function producerFaultReason(w: World, f: ProducerFault): string | null {
  switch (f.kind) {
    case 'disconnect': {
      const ch = w.channels[f.producer];
      if (!ch) return `${f.producer} has no connection`;
      return ch.open ? null : `${f.producer}'s connection is closed already`;
    }
    case 'restart-producer': {
      // Not while the application is already closing it (blocked in close()).
      const p = w.producers[f.producer];
      if (!p) return `no producer ${f.producer}`;
      if (p.role !== 'app')
        return `${f.producer} is the broker's replicator: the application cannot restart it`;
      return p.state !== 'Closing'
        ? null
        : `the application is closing ${f.producer} already (blocked in close())`;
    }
    case 'send-timeout': {
      // A closing producer's send timer is cancelled (Java `closeProducerTasks`, Go `Close` → cancelFunc).
      const p = timingOut(w, f.message, f.nth);
      if (p === undefined)
        return `no producer has ${f.message} pending${f.nth !== undefined && f.nth > 1 ? ` ${f.nth} times` : ''}`;
      return p.state !== 'Closing' ? null : `${p.name} is closing: its send timer is cancelled`;
    }
    case 'context-expired':
      return contextExpiryReason(w, f.message);
  }
}
