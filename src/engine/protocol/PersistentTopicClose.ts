// Topic unload (`BrokerService.unloadServiceUnit` / the admin topic unload → `PersistentTopic.close`):
// the topic is fenced, its producers, consumers and replicators are disconnected, then the managed
// ledger closes and the next lookup loads the topic again on the same broker (BrokerService.ts).
// - A bundle unload (`closeWithoutWaitingClientDisconnect`) closes the managed ledger without waiting
//   for its clients, and the close and the load are one step: nothing a client does can reach the
//   topic in between (its lookups wait for the load).
// - `pulsar-admin topics unload` (`close(false)`) waits for every client future first, the
//   replicators' producer closes included: the topic stays fenced (`TopicState.closing`) and loads in
//   the step the last of those closes ends (`finishTopicClose`).
// The writes not yet confirmed fail, unanswered (`ManagedLedgerImpl.ledgerClosed`): with bookies
// `ManagedLedgerImpl.asyncClose` closes the current ledger at its LAC, and bytes the bookies hold
// past it are never readable. The producer resends them after it reconnects.
import { rewindOnReconnect } from './ManagedCursorRewind';
import { replicationLinks } from '../model/config';
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { type Ctx, peek } from '../sim/context';
import { dedupReplayed, loadTopic, reloadAbstract } from './BrokerService';
import { disconnectProducersOf } from './CommandCloseProducer';
import { closeManagedLedger, failWritesOnClose } from './ManagedLedgerClose';
import { consumersReconnect } from './OwnershipChangeSwitch';
import { closeReplicatorProducer } from './AbstractReplicator';
import { cursorClosePersists } from './PersistentReplicatorCursor';

/**
 * `waitForClients`: the admin topic unload (`PersistentTopicsBase.internalUnloadNonPartitionedTopicAsync`
 * → `PersistentTopic.close(false)`): the managed ledger closes only once every client future is done,
 * the replicator's producer close included, so the receipts written ahead of that close still delete
 * on the open cursor and its close persists them (`PersistentReplicator.sendComplete`). Until then
 * the fenced topic refuses every producer and consumer (`TopicFencedException`, ServiceNotReady to
 * the client, which retries), so it is loaded again only once the last of those closes ends
 * (`finishTopicClose`). Without it, a bundle unload (`closeWithoutWaitingClientDisconnect`,
 * NamespaceService.unloadNamespaceBundle's default) closes and loads in this one step.
 */
export function unloadTopic(ctx: Ctx, cluster: string, waitForClients = false): void {
  const w = ctx.w;
  const topic = w.topics[cluster]!;
  const how = waitForClients
    ? ' (pulsar-admin topics unload: PersistentTopic.close(false) closes the managed ledger once its clients have closed)'
    : '';
  ctx.events.push(
    ev('fault', topic.owner, `unload topic at ${cluster}${how}`, [], {
      cluster,
      rule: waitForClients
        ? 'PersistentTopic.close:wait-for-clients'
        : 'BrokerService.unloadServiceUnit',
    }),
  );
  disconnectProducersOf(ctx, cluster, `topic unloaded at ${cluster}`, 'PersistentTopic.close');
  if (!waitForClients) {
    closeAndLoad(ctx, topic);
    // PersistentTopic.close → AbstractReplicator.terminate: every link whose source is this topic (one
    // per remote cluster) closes its producer gracefully; the loaded topic's replicator
    // (PersistentTopic.startReplicator) starts once that close is done.
    for (const l of replicationLinks(w.config))
      if (l.cfg.from === cluster) closeReplicatorProducer(ctx, l);
    return;
  }
  // The writes still pending fail here, as a bundle unload's do: an add slower than the
  // replicator's close round trip (one of Pulsar's orders), which keeps the wait to the cursor.
  if (topic.bk) closeManagedLedger(ctx, topic);
  else failWritesOnClose(ctx, topic);
  // A replicator's producer that is not connected closes at once (and clears its mark): only the
  // closes still to be answered keep the topic closing.
  for (const l of replicationLinks(w.config))
    if (l.cfg.from === cluster) closeReplicatorProducer(ctx, l, true);
  if (!waitsForReplicators(w, cluster)) {
    loadAfterClose(ctx, topic);
    return;
  }
  topic.closing = true;
  if (topic.bk) topic.bk.ml.state = 'Closed';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `topic at ${cluster} fenced until its replicator's producer close is answered: producers and consumers are refused (ServiceNotReady) and retry`,
      [],
      { cluster, rule: 'PersistentTopic.close:wait-for-clients' },
    ),
  );
}

/** A replicator of `cluster`'s topic whose producer close the topic's `close(false)` still waits for. */
const waitsForReplicators = (w: World, cluster: string): boolean =>
  replicationLinks(w.config).some(
    (l) => l.cfg.from === cluster && replicatorOf(w, l)?.closeWaitsForClients === true,
  );

/**
 * A replicator's producer close ended (answered, or its connection gone): when it was the last one
 * a topic unload of its source waits for, `PersistentTopic.close(false)` goes on — the managed
 * ledger's close (its cursors persist their mark-delete) and `disposeTopic` — and the next lookup
 * of a retrying client loads the topic again (`BrokerService.loadTopic`), in this step: the retries
 * refused before it change nothing. Nothing happens for a topic no such unload is closing.
 */
export function finishTopicClose(ctx: Ctx, cluster: string): void {
  const topic = ctx.w.topics[cluster]!;
  if (!peek(topic).closing || waitsForReplicators(ctx.w, cluster)) return;
  delete topic.closing;
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `the replicator's producer close is done: the topic at ${cluster} closes its managed ledger and loads again`,
      [],
      { cluster, rule: 'PersistentTopic.close:wait-for-clients' },
    ),
  );
  loadAfterClose(ctx, topic);
}

/** A bundle unload's close and reload, in one step. */
function closeAndLoad(ctx: Ctx, topic: TopicState): void {
  if (topic.bk) closeManagedLedger(ctx, topic);
  else failWritesOnClose(ctx, topic);
  loadAfterClose(ctx, topic);
}

/**
 * The managed ledger closed — its replicators' cursors with it, writing what they hold in memory
 * (cursor writes in flight, PersistentReplicatorCursor.ts) — the consumers come back and the same
 * broker loads the topic.
 */
function loadAfterClose(ctx: Ctx, topic: TopicState): void {
  const cause = 'the topic unloaded';
  for (const l of replicationLinks(ctx.w.config))
    if (l.cfg.from === topic.cluster) cursorClosePersists(ctx, l);
  if (topic.bk) {
    consumersReconnect(ctx, topic, topic.owner, topic.owner, 'closed', cause);
    loadTopic(ctx, topic);
  } else {
    // Abstract storage keeps its consumers' state as it was, except acks in flight (opt-in).
    for (const s of Object.values(topic.subscriptions))
      if (s.acked) rewindOnReconnect(ctx, topic, s, 'closed', cause);
    reloadAbstract(topic);
  }
  dedupReplayed(ctx, topic.cluster, topic.owner);
}
