// When a fault can act. Faults are ordinary actions. A plan's per-message fault is enabled (and due
// at once) while the thing it hits is there: a send of that message in flight to that cluster, its
// receipt in flight, its write pending. A plan's topology fault is due once its trigger fired. The
// explorer places faults of the allowed kinds wherever they apply, within its budget. What a fault
// does once it acts is in applyFault.ts: this file only reads the world. It keeps the dispatch and
// the per-message kinds (a frame, receipt, write or CommandAck in flight); a client's kinds are in
// producerFaults.ts, a topic's, its broker's and its bookies' in topicFaults.ts, and the plan's
// entries and triggers in faultTriggers.ts.
import type { World } from '../model/world';
import type { FaultAction } from './actions';
import { topicDown } from '../protocol/PersistentTopicServing';
import { producerFaultReason } from './producerFaults';
import { topicFaultReason } from './topicFaults';

export const inFlightTo = (w: World, msg: string, cluster: string) =>
  Object.values(w.channels)
    .filter((ch) => ch.open && ch.cluster === cluster)
    .flatMap((ch) => ch.toBroker)
    .find((f) => !f.corrupted && f.msgs.some((m) => m.msg === msg));

const receiptInFlight = (w: World, msg: string, cluster: string) =>
  Object.values(w.channels).some(
    (ch) =>
      ch.open &&
      ch.cluster === cluster &&
      ch.toClient.some((f) => f.kind === 'receipt' && f.msgs.includes(msg)),
  );

/**
 * Whether `subscription`'s consumer at `cluster` has a CommandAck in flight for an entry holding
 * `msg`, on a connection to a broker that serves the topic (`acks: "in-flight"`).
 */
export function ackInFlight(w: World, cluster: string, subscription: string, msg: string): boolean {
  const t = w.topics[cluster];
  const s = t?.subscriptions[subscription];
  if (!t || !s?.acked || s.acked.inFlight.length === 0) return false;
  // After a crash the acks still listed died with the connection: nothing is in flight to lose.
  if (t.owner !== s.broker || topicDown(t)) return false;
  const at = (l: number, e: number) =>
    t.ledgers.find((x) => x.id === l)?.entries[e]?.msgs.some((m) => m.msg === msg) ?? false;
  return s.acked.inFlight.some((f) => f.positions.some((p) => at(p.ledgerId, p.entryId)));
}

/** Can this fault act on the world now? The same conditions as `faultReason`, which says why not. */
export const applies = (w: World, f: FaultAction): boolean => faultReason(w, f) === null;

/**
 * Why this fault cannot act on the world now, in words for the menus that offer it (a disabled
 * item says it on the pointer and to a screen reader); null when it can. `applies` is this being
 * null: one set of conditions for the engine's enabled actions and the app's disabled items.
 */
export function faultReason(w: World, f: FaultAction): string | null {
  switch (f.kind) {
    case 'checksum-error':
      return inFlightTo(w, f.message, f.cluster) !== undefined
        ? null
        : `no send of ${f.message} to ${f.cluster} is in flight`;
    case 'not-allowed':
      if (inFlightTo(w, f.message, f.cluster) === undefined)
        return `no send of ${f.message} to ${f.cluster} is in flight`;
      return w.notAllowed[`${f.message}@${f.cluster}`] === undefined
        ? null
        : `${f.message} is already refused at ${f.cluster} (not-allowed was placed before)`;
    case 'lose-receipt':
      return receiptInFlight(w, f.message, f.cluster)
        ? null
        : `no receipt for ${f.message} from ${f.cluster} is in flight`;
    case 'lose-ack':
      return ackInFlight(w, f.cluster, f.subscription, f.message)
        ? null
        : `no CommandAck of ${f.message}'s entry from ${f.subscription} at ${f.cluster} is in flight`;
    case 'persist-fails': {
      // Abstract storage only: with bookies, writes fail through BookKeeper's own answers.
      const t = w.topics[f.cluster];
      if (!t) return `no topic at ${f.cluster}`;
      if (t.bk !== null)
        return `${f.cluster} stores on bookies: a write fails through BookKeeper's answers (crash or slow a bookie)`;
      return t.pendingWrites[0]?.msgs.some((m) => m.msg === f.message)
        ? null
        : `${f.message} is not the next write pending at ${f.cluster}`;
    }
    case 'duplicate-frames': {
      const ch = w.channels[f.producer];
      if (!ch) return `${f.producer} has no connection`;
      if (!ch.open) return `${f.producer}'s connection is closed`;
      return ch.broken === null ? null : `${f.producer}'s connection is breaking`;
    }
    case 'disconnect':
    case 'restart-producer':
    case 'send-timeout':
    case 'context-expired':
      return producerFaultReason(w, f);
    case 'unload-topic':
    case 'restart-broker':
    case 'set-deduplication':
    case 'expire-messages':
    case 'trim-topic':
    case 'restart-bookie':
    case 'ownership-change':
      return topicFaultReason(w, f);
  }
}
