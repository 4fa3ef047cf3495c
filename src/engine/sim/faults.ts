// When a fault can act. Faults are ordinary actions. A plan's per-message fault is enabled (and due
// at once) while the thing it hits is there: a send of that message in flight to that cluster, its
// receipt in flight, its write pending. A plan's topology fault is due once its trigger fired. The
// explorer places faults of the allowed kinds wherever they apply, within its budget. What a fault
// does once it acts is in applyFault.ts: this file only reads the world.
import type { FaultSpec, Trigger } from '../model/faultPlan';
import type { SimEvent } from '../model/events';
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import type { BkState } from '../model/bookkeeper';
import type { FaultAction } from './actions';
import { expiredItem } from '../protocol/partitionProducerSendTimeout';
import { expiryReason } from '../protocol/PersistentMessageExpiryMonitor';
import { closingReason, topicDown } from '../protocol/OwnershipChange';
import { trimReason } from '../protocol/ManagedLedgerTrim';
import { contextExpiryReason } from '../protocol/partitionProducerContextExpiry';

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
    case 'unload-topic':
      // Not while an admin unload is closing it already (`PersistentTopic.close` refuses a second
      // close: "Topic is already being closed or deleted").
      return w.topics[f.cluster]?.closing ? closingReason(f.cluster) : notServing(w, f.cluster);
    case 'restart-broker':
      // With bookies, while one broker serves the topic: not while another is loading it (an
      // ownership change, or the load after an earlier crash — there is no serving process to
      // unload or kill, and the loading broker's own crash is not modelled) nor once its managed
      // ledger fenced itself — that topic is closing already and its clients are moving.
      return notServing(w, f.cluster);
    case 'set-deduplication': {
      // A policy change reaches the broker serving the topic; with bookies not while another
      // broker is loading it (the policy is read again by whichever broker loads it — not modelled
      // as its own step) nor once its managed ledger fenced itself.
      const t = w.topics[f.cluster];
      if (!t) return `no topic at ${f.cluster}`;
      // A switch while a switch on is still Recovering waits: `checkStatus` reschedules itself.
      if (t.dedup.recovering != null)
        return `deduplication at ${f.cluster} is still Recovering from being switched on (the next switch waits for it)`;
      // The policy reaches the instance the next load creates (read again on load).
      if (t.closing) return closingReason(f.cluster);
      return notServing(w, f.cluster);
    }
    case 'expire-messages':
      return expiryReason(w, f.cluster);
    case 'trim-topic':
      // The serving broker's managed ledger trims: not while the topic is closing, moving or loading.
      return w.topics[f.cluster]?.closing
        ? closingReason(f.cluster)
        : (notServing(w, f.cluster) ?? trimReason(w, f.cluster));
    case 'restart-bookie': {
      // Any time, in each cluster that lists the bookie — but not while a fencing read to it or its
      // answer is in flight: a fencing read with a failed bookie (`ReadLastConfirmedOp` counting an
      // error answer, recovery retried) is not modelled.
      const topics = bookieClusters(w, f.bookie);
      if (topics.length === 0) return `no cluster lists ${f.bookie}`;
      const fencing = topics.find((t) => t.bk !== null && fenceInFlight(t.bk, f.bookie));
      if (fencing)
        return `a fencing read to ${f.bookie} (or its answer) is in flight at ${fencing.cluster}: a bookie crash during ledger recovery is not modelled`;
      return topics.every((t) => t.bk !== null)
        ? null
        : `${f.bookie} is in a cluster without bookies`;
    }
    case 'ownership-change': {
      // The flap needs a ledger to recover and a broker that is not serving the topic.
      const t = w.topics[f.cluster];
      if (!t) return `no topic at ${f.cluster}`;
      if (t.bk == null) return `${f.cluster} has no BookKeeper ledger for ${f.to} to recover`;
      if (t.bk.takeover !== null)
        return `${t.bk.takeover.broker} is taking the topic over at ${f.cluster}`;
      if (t.closing) return closingReason(f.cluster);
      if (t.owner === f.to) return `${f.to} serves the topic at ${f.cluster} already`;
      return t.bk.metadata.owner !== f.to
        ? null
        : `the metadata store names ${f.to} as the owner at ${f.cluster} already`;
    }
    case 'duplicate-frames': {
      const ch = w.channels[f.producer];
      if (!ch) return `${f.producer} has no connection`;
      if (!ch.open) return `${f.producer}'s connection is closed`;
      return ch.broken === null ? null : `${f.producer}'s connection is breaking`;
    }
  }
}

/** Why no broker serves the topic at `cluster` for an unload, a crash or a policy change; null while one does. */
function notServing(w: World, cluster: string): string | null {
  const t = w.topics[cluster];
  if (!t) return `no topic at ${cluster}`;
  if (t.bk === null) return null;
  if (t.bk.takeover !== null)
    return t.bk.takeover.crashed !== undefined
      ? `${t.bk.takeover.broker} is loading the topic at ${cluster} after ${t.bk.takeover.crashed} crashed`
      : `${t.bk.takeover.broker} is taking the topic over at ${cluster}`;
  if (t.bk.ml.state === 'Fenced')
    return `the topic at ${cluster} is closing: its managed ledger fenced itself`;
  if (t.bk.metadata.owner !== t.owner)
    return `the topic at ${cluster} is moving: the metadata store names ${t.bk.metadata.owner} as its owner`;
  return null;
}

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

/** The topics whose cluster lists `bookie` (with BookKeeper state). */
export const bookieClusters = (w: World, bookie: string): TopicState[] =>
  w.config.clusters.filter((c) => c.bookies.includes(bookie)).map((c) => w.topics[c.name]!);
const fenceInFlight = (bk: BkState, bookie: string): boolean =>
  bk.requests.some((r) => r.kind === 'fence' && r.to === bookie) ||
  bk.answers.some((a) => a.kind === 'fence' && a.from === bookie);
