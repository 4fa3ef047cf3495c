// A topic's load on a broker (`BrokerService.loadTopic` → `ManagedLedgerImpl.initialize`, after an
// unload's close — PersistentTopicClose.ts — on the same broker) and the crash of the broker serving
// it (restart-broker). On load the managed ledger opens a new ledger, dedup state is rebuilt by
// replay, and a replicator of this topic starts again from its persisted cursor with a new producer
// once the old one's close is answered.
// - Abstract storage: a load closes the last ledger and the next write goes to a new ledger id.
// - BookKeeper: the load opens the ledger the close closed, without recovery (`loadTopic`); after a
//   crash nobody closed it, so it is recovered (OwnershipChange.ts).
import { replicationLinks } from '../model/config';
import { ev } from '../model/events';
import { type Ctx, idsOf, labelOf } from '../sim/context';
import type { TopicState } from '../model/topic';
import { closeProducersOf } from './ClientCnx';
import { replayCursor } from './MessageDeduplicationReplayCursor';
import { emptyLedgersDeleted, initializeBookKeeper, listText } from './ManagedLedgerInitialize';
import { chunksNotReplayedLog, dedupReplayWords, serveTopic } from './BrokerServiceLoadTopic';
import { startTakeover } from './OwnershipChange';
import { consumersReconnect } from './OwnershipChangeSwitch';
import { openClosedLedger } from './LedgerHandle';
import { restartReplicator } from './AbstractReplicator';

/**
 * Abstract storage loads the topic again: `ManagedLedgerImpl.initialize` opens the last ledger of
 * the list, `initializeBookKeeper` drops it if it holds no entry and creates a new ledger at once,
 * so the first write after the load goes to a new ledger id; dedup state is rebuilt by replaying
 * every entry (`MessageDeduplication.replayCursor`). Abstract storage creates a ledger when its
 * first entry is appended (`appendEntry`): while the last ledger here is closed, or there is none,
 * Pulsar's current ledger is an empty one already created (by the topic's first load, a rollover's
 * `createLedgerAfterClosed`, or the previous load) with the id `nextLedgerId` — this load deletes
 * it and creates the next, so that id is used up. An open last ledger holds entries: it is closed
 * and kept, and the new ledger takes `nextLedgerId`, as before.
 */
export function reloadAbstract(topic: TopicState): void {
  const current = topic.ledgers[topic.ledgers.length - 1];
  if (current && !current.closed) current.closed = true;
  else topic.nextLedgerId++;
  replayCursor(
    topic.dedup,
    topic.ledgers.flatMap((l) => l.entries),
  );
}

/** The log line of a load's dedup replay, on either storage. */
export function dedupReplayed(ctx: Ctx, cluster: string, broker: string): void {
  const topic = ctx.w.topics[cluster]!;
  ctx.events.push(
    ev('log', broker, `topic loaded: ${dedupReplayWords(ctx.w, topic)}`, [], {
      cluster,
      rule: 'MessageDeduplication.replayCursor',
    }),
  );
  chunksNotReplayedLog(ctx, topic, broker);
}

/**
 * The topic loads again on the broker that just unloaded it (`BrokerService.loadTopic` →
 * `ManagedLedgerImpl.initialize`): read the ledger list and its version, open the last ledger —
 * `ManagedLedgerImpl.asyncClose` closed it, so it opens without recovery at the last entry its
 * metadata records — record that count, create a new ledger and write the list
 * (`initializeBookKeeper`). Nothing else writes the list in between (an unload is not placed while
 * another broker is taking the topic over), so the compare-and-set succeeds. The same
 * `initializeBookKeeper` and serving as a takeover's, without the fencing a recovery needs: a
 * ledger that holds no entry (closed right after a rollover or before any write) is left out of
 * the list written and deleted.
 */
export function loadTopic(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const md = bk.metadata;
  const broker = topic.owner;
  const last = md.ledgers[md.ledgers.length - 1]!;
  ctx.events.push(
    ev(
      'log',
      broker,
      `load topic: ledger list read at version ${md.version}; open ledger ${last.id}`,
      [],
      { cluster: topic.cluster, rule: 'ManagedLedgerImpl.initialize' },
    ),
  );
  const count = openClosedLedger(ctx, bk, broker, last.id);
  const read = md.ledgers.map((l) => (l.id === last.id ? { id: l.id, entries: count } : l));
  const { deleted } = initializeBookKeeper(bk, read);
  serveTopic(topic, broker);
  const current = md.ledgers[md.ledgers.length - 1]!;
  ctx.events.push(
    ev(
      'log',
      broker,
      `ledger list [${listText(md.ledgers)}] written (version ${md.version}): topic loaded, writing ledger ${current.id}`,
      [],
      {
        to: 'metadata-store',
        cluster: topic.cluster,
        rule: 'ManagedLedgerImpl.initializeBookKeeper',
      },
    ),
  );
  emptyLedgersDeleted(ctx, broker, deleted, topic.cluster);
}

/**
 * The process of the broker serving the topic dies (restart-broker; docs/research/restart-broker.md).
 * Every TCP connection to it closes at once: the clients' `ClientCnx.channelInactive` tells each of
 * its producers and consumers (`connectionClosed`), which reconnect after a lookup — the replicator's
 * producer too when it writes into this cluster, and the replicator itself when it reads this
 * topic (it ran in the dead process). Nothing the dead broker started completes: its pending writes
 * get no receipt and no error, responses in flight on its connections are lost. Then `to` (null:
 * the same broker, restarted) loads the topic as `BrokerService.loadTopic` does after an unload,
 * except that nobody closed the managed ledger first:
 * - Abstract storage: a write not yet persisted is lost with the process (persisted-but-unanswered
 *   is the order persist, then crash); the load sees what was stored and rebuilds dedup by replay,
 *   in the same step, as an unload's reload.
 * - BookKeeper: the current ledger was never closed, so `ManagedLedgerImpl.initialize` opens it
 *   with recovery (fencing, reading forward), creates a new ledger and writes the list — the
 *   takeover's machinery (OwnershipChange.ts) with no old owner acting. The dead broker's requests
 *   already sent stay in flight and reach the bookies; answers addressed to it are dropped.
 */
export function restartBroker(ctx: Ctx, cluster: string, to: string | null): void {
  const w = ctx.w;
  const topic = w.topics[cluster]!;
  const dead = topic.owner;
  const next = to ?? dead;
  // An admin unload's close still waiting for its replicators dies with the process: the load below
  // replaces it (and the replicator's close, cut with its connection, has nothing left to finish).
  delete topic.closing;
  const story =
    next === dead ? `${dead} crashes and restarts` : `${dead} crashes; ${next} loads the topic`;
  ctx.events.push(
    ev('fault', dead, `${story} (at ${cluster})`, [], { cluster, rule: 'fault:restart-broker' }),
  );
  closeProducersOf(ctx, cluster, `${dead} crashed`, 'ClientCnx.channelInactive');
  for (const s of Object.values(topic.subscriptions)) {
    if (s.broker === dead)
      ctx.events.push(
        ev(
          'close',
          `${s.name}-consumer`,
          `connection closed: ${dead} crashed; reconnects once the topic is loaded`,
          [],
          { cluster, rule: 'ClientCnx.channelInactive' },
        ),
      );
  }
  const lost = topic.pendingWrites.flatMap((wr) => idsOf(wr.msgs));
  const writes = topic.pendingWrites.flatMap((wr) => wr.msgs.map((m) => labelOf([m])));
  topic.pendingWrites = [];
  if (lost.length > 0)
    ctx.events.push(
      ev(
        'log',
        dead,
        `writes in progress die with the process: ${writes.join(', ')} (no receipt, no error)`,
        lost,
        { cluster, rule: 'fault:restart-broker' },
      ),
    );
  for (const l of replicationLinks(w.config)) if (l.cfg.from === cluster) restartReplicator(ctx, l);
  if (topic.bk) {
    // The dead instance's managed ledger: nothing queued, no handle, never writes the list again.
    Object.assign(topic.bk.ml, { state: 'Crashed', handle: null, ops: [] });
    startTakeover(ctx, topic, next, dead);
    return;
  }
  topic.owner = next;
  consumersReconnect(ctx, topic, dead, next, 'recovered', `${dead} crashed`);
  reloadAbstract(topic);
  dedupReplayed(ctx, cluster, next);
}
