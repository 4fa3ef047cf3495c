// `enabledActions(world)`: what can happen next, in a documented, stable order — by auto-policy
// class (see `ActionClass`), then oldest first (logical birth tick), then by key. The first entry
// is what `schedule: "auto"` takes.
import {
  linkOfProducer,
  producerNames,
  REPLICATOR,
  type ReplicationLink,
  replicationLinks,
} from '../model/config';
import { anyReadable } from '../protocol/PersistentReplicator';
import { cursorWriteBehind } from '../protocol/PersistentReplicatorCursor';
import { replicatorOf, type World } from '../model/world';
import { nextWorkloadItem, permitsNeeded, workloadKey } from '../protocol/application';
import { sendWaits } from '../protocol/ProducerSemaphore';
import { memoryWaits } from '../protocol/MemoryLimitController';
import { expirable } from '../protocol/ConsumerImplChunkExpiry';
import { topicDown } from '../protocol/PersistentTopicServing';
import { connectionHead } from '../protocol/ConnectionPool';
import { closeAnswered } from '../protocol/ProducerImplClose';
import { reconnectWaits } from '../protocol/ConnectionHandler';
import { type Action, ActionClass, type EnabledAction } from './actions';
import { labelOf } from './context';
import { enabledStorage } from './storage';
import { purgeable } from '../protocol/MessageDeduplicationPurge';
import { snapshotTimerAt } from '../protocol/MessageDeduplicationSnapshot';
import { enabledAcks } from './acks';
import { enabledNegativeAcks } from './negativeAcks';
import { addExplorerFaults, addPlanFaults } from './enabledFaults';

export function enabledActions(w: World): EnabledAction[] {
  const out: EnabledAction[] = [];
  const add = (key: string, action: Action, cls: number, born: number) =>
    out.push({ key, action, cls, born });

  for (const name of producerNames(w.config)) {
    const p = w.producers[name]!;
    const ch = w.channels[name];
    if (ch?.open) {
      // Producers of one client share the TCP connection: its frames go in the order written.
      const req = ch.toBroker[0];
      if (req && connectionHead(w, name, 'toBroker'))
        add(
          `deliver:${p.name}->${ch.broker}:${labelOf(req.msgs)}`,
          { type: 'deliver-send', producer: p.name },
          ActionClass.request,
          req.born,
        );
      const res = ch.toClient[0];
      if (res && connectionHead(w, name, 'toClient'))
        add(
          `deliver:${ch.broker}->${p.name}:${res.kind === 'close-producer' ? 'CloseProducer' : res.msgs.join('+')}`,
          { type: 'deliver-response', producer: p.name },
          ActionClass.response,
          res.born,
        );
      // The broker's close task may have run before the receipt tasks still queued ahead of it
      // (CommandCloseProducer.ts closeProducer): CommandCloseProducer can also be read first.
      const close = ch.removed ? ch.toClient.find((f) => f.kind === 'close-producer') : undefined;
      if (close && close !== res)
        add(
          `deliver:${ch.broker}->${p.name}:CloseProducer`,
          { type: 'deliver-close', producer: p.name },
          ActionClass.response,
          close.born,
        );
      if (closeAnswered(w, p))
        add(
          `deliver:${ch.broker}->${p.name}:CloseProducerSuccess`,
          { type: 'close-answered', producer: p.name },
          ActionClass.response,
          ch.closedAt ?? 0,
        );
    }
    if (
      p.state === 'Connecting' &&
      !p.closed &&
      !lookupWaits(w, p.cluster, p.role, p.name) &&
      !reconnectWaits(w, p)
    )
      add(
        `connect:${p.name}`,
        { type: 'connect', producer: p.name },
        ActionClass.request,
        ch?.closedAt ?? 0,
      );
    if (p.batch.length > 0)
      add(
        `batch-timer:${p.name}`,
        { type: 'batch-timer', producer: p.name },
        ActionClass.batchTimer,
        p.batchBorn,
      );
  }
  for (const c of w.config.clusters) {
    const head = w.topics[c.name]!.pendingWrites[0];
    // With BookKeeper the write completes through bookie answers (see storage.ts), not in one step.
    if (head && !w.topics[c.name]!.bk)
      add(
        `persist:${c.name}:${labelOf(head.msgs)}`,
        { type: 'persist', cluster: c.name },
        ActionClass.persist,
        head.born,
      );
  }
  // The consumer's expiry timer (consumer.expireTimeOfIncompleteChunkedMessageMillis), only while
  // an incomplete chunked message heads its queue; last in its class: the auto policy lets it fire
  // only when nothing else can happen, the explorer and a schedule anywhere.
  for (const c of w.config.clusters)
    if (expirable(w.topics[c.name]!))
      add(
        `chunk-expiry:${c.name}`,
        { type: 'chunk-expiry', cluster: c.name },
        ActionClass.batchTimer,
        Number.MAX_SAFE_INTEGER,
      );
  enabledStorage(w, add);
  // The broker's dedup timers, where the scenario opts in: offered wherever they could fire, as the
  // batch timer is (the auto policy takes them only when nothing else is left but held-back answers).
  for (const c of w.config.clusters) {
    const h = c.dedupHousekeeping;
    if (!h) continue;
    const topic = w.topics[c.name]!;
    if (h.snapshotTimer && snapshotTimerAt(topic))
      add(
        `dedup-snapshot:${c.name}`,
        { type: 'dedup-snapshot', cluster: c.name },
        ActionClass.batchTimer,
        0,
      );
    if (h.inactivityPurge)
      for (const name of purgeable(topic))
        add(
          `dedup-purge:${c.name}:${name}`,
          { type: 'dedup-purge', cluster: c.name, name },
          ActionClass.batchTimer,
          0,
        );
  }
  enabledAcks(w, add);
  enabledNegativeAcks(w, add);
  const next = nextWorkloadItem(w);
  // `newProducer().create()` (Java) and `CreateProducer` (Go) return only once the first
  // connection succeeded, so an application cannot send before its producer's first connect.
  // While the application closes a producer (restart-producer on a shared client) it is blocked in close().
  // A producer that blocks if its queue is full holds the application in sendAsync until a permit
  // frees, and likewise until its client's memory is back under the limit.
  if (
    next &&
    w.channels[next.item.producer] !== undefined &&
    // …and not the channel a closed predecessor left on the connection (ProducerImplClosed.ts).
    w.channels[next.item.producer]!.producerClosed !== true &&
    w.producers[next.item.producer]!.state !== 'Closing' &&
    !sendWaits(w, next.item, permitsNeeded) &&
    !memoryWaits(w, next.item, permitsNeeded)
  )
    add(workloadKey(next.item), { type: 'workload' }, ActionClass.workload, 0);
  // Each link's replicator reads on its own (`PersistentTopic.replicators`, one per remote cluster). The only link keeps its
  // key and action exactly as they were; with several, the key names the link.
  const stuck = out.length === 0;
  for (const l of replicationLinks(w.config))
    if (replicatorCanRead(w, l, stuck))
      add(
        `read:${l.key}`,
        l.key === REPLICATOR
          ? { type: 'replicator-read' }
          : { type: 'replicator-read', producer: l.key },
        ActionClass.replicatorRead,
        0,
      );
  // Cursor writes in flight (opt-in): a delete the cursor ledger does not hold yet may be written,
  // while the source topic is served (persistence, as a subscription's `persist-cursor:`).
  for (const l of replicationLinks(w.config))
    if (!topicDown(w.topics[l.cfg.from]!) && cursorWriteBehind(w, l)) {
      const md = replicatorOf(w, l)!.cursor.markDeletePosition;
      const link = l.key === REPLICATOR ? '' : `${l.key.slice(REPLICATOR.length + 1)}:`;
      add(
        `persist-replicator-cursor:${link}${md.ledgerId}:${md.entryId}`,
        { type: 'persist-replicator-cursor', producer: l.key },
        ActionClass.persist,
        0,
      );
    }

  addPlanFaults(w, add, out.length === 0);
  addExplorerFaults(w, add);

  const seen = new Set<string>();
  return out
    .sort(
      (a, b) => a.cls - b.cls || a.born - b.born || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .filter((a) => (seen.has(a.key) ? false : (seen.add(a.key), true)));
}

/**
 * The replicator reads while it is started, its producer is connected, something is readable,
 * and — with `start: after-workload` — once the workload is done and the source producers idle,
 * or once nothing else can happen (`stuck`): an application send that never completes (a
 * NotAllowedError that `ProducerImpl.recoverNotAllowedError` ignored because another send was the
 * head) leaves its `await` waiting for ever, and a replicator (`PersistentReplicator.readMoreEntries`)
 * never waits for the source's producers. Review 18 (search x03): the gate held the reads back for
 * ever and `replication-progress` blamed replication for the application's stuck send.
 */
function replicatorCanRead(w: World, link: ReplicationLink, stuck: boolean): boolean {
  const repl = link.cfg;
  if (
    w.producers[link.key]!.state !== 'Ready' ||
    topicDown(w.topics[repl.from]!) ||
    !anyReadable(w, link)
  )
    return false;
  if (repl.start === 'immediately' || stuck) return true;
  const idle = w.config.producers.every(
    (p) =>
      w.producers[p.name]!.pendingMessages.length === 0 && w.producers[p.name]!.batch.length === 0,
  );
  return idle && nextWorkloadItem(w) === null;
}

/**
 * A producer's reconnect waits while its topic is down after a broker crash: the lookup
 * (`BinaryProtoLookupService.getBroker`) is answered once a broker has loaded the topic. The
 * replicator's producer also waits for its source topic: the replicator runs in the broker
 * serving it, and starts again once that topic is loaded.
 */
function lookupWaits(w: World, cluster: string, role: 'app' | 'replicator', name: string): boolean {
  if (topicDown(w.topics[cluster]!)) return true;
  return role === 'replicator' && topicDown(w.topics[linkOfProducer(w.config, name)!.cfg.from]!);
}
