// The broker's producers of a topic: `AbstractTopic.addProducer` → `internalAddProducer`. One live
// producer per name on a topic: a second one is refused with ProducerBusy, and the clients take
// that answer differently on their first connect (create() fails) and on a reconnect (retry).
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { type Ctx, tick } from '../sim/context';
import { producerRemoved } from './MessageDeduplicationPurge';

/**
 * `AbstractTopic.internalAddProducer` → `tryOverwriteOldProducer`: the producer that already holds
 * `p`'s name on its topic (same cluster, registered on an open connection), if any. Only a
 * successor on the *same* connection may replace it (`Producer.isSuccessorTo`); here a connection
 * that closed has deregistered its producer already (`ServerCnx.channelInactive`), so a
 * producer's own reconnect is never refused. Nor is a producer the broker removed
 * (`ServerCnx.closeProducer`) while its `CommandCloseProducer` is still on the way.
 */
export function nameHolder(w: World, p: ProducerState): ProducerState | undefined {
  return Object.values(w.producers).find(
    (q) =>
      q !== p &&
      q.cluster === p.cluster &&
      q.wireName === p.wireName &&
      w.channels[q.name]?.open === true &&
      w.channels[q.name]?.removed !== true,
  );
}

/**
 * The broker answered `CommandProducer` with ProducerBusy (`NamingException`: "Producer with name
 * … is already connected to topic"). ProducerBusyException is not retriable
 * (`PulsarClientException.isRetriableError`):
 * - first connect — Java `ProducerImpl.connectionOpened` sets `Failed` and fails
 *   `producerCreatedFuture`, so `create()` throws; Go `newPartitionProducer` returns grabCnx's error
 *   from `CreateProducer`. The application has no producer: its sends fail at once (ProducerImplSendAsync.ts).
 * - a reconnect (the producer was created) — Java `reconnectLater`, Go `reconnectToBroker` retry
 *   with backoff. A refused retry changes nothing, so the model waits (`Busy`) until the holder's
 *   connection closes (ClientCnx.closeConnection wakes it) and then connects.
 */
export function producerBusy(
  ctx: Ctx,
  p: ProducerState,
  holder: ProducerState,
  broker: string,
  firstConnect: boolean,
): void {
  const java = p.client === 'java';
  ctx.events.push(
    ev(
      'connect',
      p.name,
      `CommandProducer → ProducerBusy: producer with name '${p.wireName}' is already connected to topic (${holder === p ? `${p.name}'s earlier instance, never closed on the broker` : holder.name})`,
      [],
      { to: broker, cluster: p.cluster, rule: 'AbstractTopic.internalAddProducer:busy' },
    ),
  );
  if (!firstConnect) {
    p.state = 'Busy';
    const text = `${java ? 'ProducerBusyException' : 'ProducerBusy'} is retried: reconnects once ${holder.name}'s connection closes`;
    ctx.events.push(
      ev('log', p.name, text, [], {
        cluster: p.cluster,
        rule: java
          ? 'ProducerImpl.connectionOpened:reconnectLater'
          : 'partitionProducer.reconnectToBroker:retry',
      }),
    );
    return;
  }
  // The replicator's producer: its ProducerImpl fails as any first connect does, but the replicator
  // creates another after a backoff (`AbstractReplicator.startProducer`: `createAsync().exceptionally`
  // → `scheduleCheckTopicActiveAndStartProducer`), for as long as it runs. A refused retry changes
  // nothing, so the model waits (`Busy`, no connection yet) until the name is free.
  if (p.role === 'replicator') {
    p.state = 'Busy';
    ctx.events.push(
      ev(
        'log',
        p.name,
        `create() fails: ProducerBusyException; the replicator creates its producer again after a backoff, refused until ${holder === p ? `${p.name}'s earlier instance` : holder.name} is gone`,
        [],
        { cluster: p.cluster, rule: 'AbstractReplicator.startProducer:retry' },
      ),
    );
    return;
  }
  p.state = 'Failed';
  p.closed = true;
  // The client's connection to the broker exists; the producer is not registered on it. The
  // record lets the application go on (its sends fail: it has no producer).
  ctx.w.channels[p.name] = {
    producer: p.name,
    broker,
    cluster: p.cluster,
    epoch: 1,
    open: false,
    closedAt: tick(ctx.w),
    toBroker: [],
    toClient: [],
    sends: 0,
    replDedupV2: false,
    listening: false,
    broken: null,
  };
  const text = java
    ? 'create() fails: ProducerBusyException (not retriable), producer Failed'
    : 'CreateProducer fails: ProducerBusy';
  ctx.events.push(
    ev('log', p.name, text, [], {
      cluster: p.cluster,
      rule: java
        ? 'ProducerImpl.connectionOpened:failed'
        : 'partitionProducer.newPartitionProducer:failed',
    }),
  );
}

/** The holder of a name closed its connection: a producer retrying for that name connects next. */
export function nameReleased(w: World, holder: ProducerState): void {
  // `PersistentTopic.handleProducerRemoved` → `MessageDeduplication.producerRemoved`: tracked only
  // where the scenario opts in to the purge of inactive producers.
  if (
    w.config.clusters.some((c) => c.name === holder.cluster && c.dedupHousekeeping?.inactivityPurge)
  )
    producerRemoved(w.topics[holder.cluster]!.dedup, holder.wireName);
  for (const q of Object.values(w.producers))
    if (q.state === 'Busy' && q.cluster === holder.cluster && q.wireName === holder.wireName)
      q.state = 'Connecting';
}

/**
 * The broker lets go of producers' earlier instances it still had on a connection (PR 23038's
 * close while reconnecting, ProducerImplClose.ts): the connection closed (`ServerCnx.channelInactive`
 * closes every producer on it) or the topic did (`Producer.disconnect`). `onConnection` limits it to
 * the producers of one client's connection.
 */
export function earlierInstancesGone(
  w: World,
  cluster: string,
  onConnection: (q: ProducerState) => boolean = () => true,
): void {
  for (const q of Object.values(w.producers))
    if (q.earlierInstanceRegistered && q.cluster === cluster && onConnection(q)) {
      delete q.earlierInstanceRegistered;
      nameReleased(w, q);
    }
}
