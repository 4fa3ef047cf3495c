// When a fault on a cluster's topic, the broker serving it or the bookies under it can act: an
// unload, a policy switch, the message TTL, a trim (`PersistentTopic`, `ManagedLedgerImpl`), a
// broker crash or an ownership change (`BrokerService`, the metadata store) and a bookie crash
// (`BookieImpl`). Apart from faults.ts because these kinds ask whether one broker serves the topic
// (`notServing`: no load, move or fenced managed ledger under way), which no per-message or client
// fault asks; what they do once they act is applyTopicFault.ts.
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import type { BkState } from '../model/bookkeeper';
import type { FaultAction } from './actions';
import { expiryReason } from '../protocol/PersistentMessageExpiryMonitor';
import { closingReason } from '../protocol/PersistentTopicServing';
import { trimReason } from '../protocol/ManagedLedgerTrim';

/** The fault kinds that hit a cluster's topic, its broker or its bookies. */
export type TopicFault = Extract<
  FaultAction,
  {
    readonly kind:
      | 'unload-topic'
      | 'restart-broker'
      | 'set-deduplication'
      | 'expire-messages'
      | 'trim-topic'
      | 'restart-bookie'
      | 'ownership-change';
  }
>;

/** Why this topic fault cannot act now (`faultReason`'s words); null when it can. */
export function topicFaultReason(w: World, f: TopicFault): string | null {
  switch (f.kind) {
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

/** The topics whose cluster lists `bookie` (with BookKeeper state). */
export const bookieClusters = (w: World, bookie: string): TopicState[] =>
  w.config.clusters.filter((c) => c.bookies.includes(bookie)).map((c) => w.topics[c.name]!);
const fenceInFlight = (bk: BkState, bookie: string): boolean =>
  bk.requests.some((r) => r.kind === 'fence' && r.to === bookie) ||
  bk.answers.some((a) => a.kind === 'fence' && a.from === bookie);
