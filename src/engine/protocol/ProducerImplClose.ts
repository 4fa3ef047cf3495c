// The application's own close of a producer (Java `ProducerImpl.closeAsync`, Go
// `partitionProducer.doClose`), which a `restart-producer` on a shared PulsarClient runs before it
// creates the producer again. Apart from ClientCnx.ts because it ends the producer, not the
// connection: the other producers on that connection carry on.
import { ev } from '../model/events';
import { freshProducerSession, type ProducerState } from '../model/producer';
import { linkOfProducer } from '../model/config';
import { replicatorOf, type World } from '../model/world';
import { type Ctx, labelOf, tick } from '../sim/context';
import { nameReleased } from './AbstractTopic';
import { finishTopicClose } from './PersistentTopicClose';
import { completeOpFailure, unsentOp } from './SendCallback';
import { inFlightText, stillInFlight } from './ProducerImplClosed';

/**
 * The application closes the producer on a PulsarClient it shares with others (Java
 * `ProducerImpl.closeAsync`, Go `partitionProducer.Close` → `doClose`) to create it again on that
 * client. On an open connection `CommandCloseProducer` is written behind the sends already on it:
 * the broker reads those first and persists them, and `ServerCnx.handleCloseProducer` →
 * `Producer.close` answers only once `pendingPublishAcks` is 0, so their receipts reach the client
 * before the answer and complete the sends as usual. Meanwhile nothing new is written (Java:
 * `closeProducerTasks` cancels the batch and send timers; the application is blocked in `close()`).
 * Java fails the open batch (`failPendingBatchMessages`, AlreadyClosedException); Go leaves its
 * batch builder unflushed and those callbacks never run. Not connected, it closes at once.
 */
export function closeProducerByApplication(ctx: Ctx, p: ProducerState): void {
  const java = p.client === 'java';
  if (p.batch.length > 0) {
    const batch = unsentOp(p.batch);
    p.batch = [];
    if (java)
      completeOpFailure(
        ctx,
        p,
        batch,
        'AlreadyClosedException',
        'ProducerImpl.failPendingBatchMessages',
      );
    else
      ctx.events.push(
        ev(
          'log',
          p.name,
          `open batch ${labelOf(batch.msgs)} dropped unflushed: its callbacks never run`,
          batch.msgs.map((m) => m.msg),
          { cluster: p.cluster, rule: 'partitionProducer.doClose:batch-builder' },
        ),
      );
  }
  const ch = ctx.w.channels[p.name];
  // The next instance of a producer closed while reconnecting has not connected yet: not connected
  // either, and the closed one's frames stay on the connection.
  if (ch?.producerClosed) {
    closeAndClearPendingMessages(ctx, p, 'not connected', true);
    return;
  }
  if (java && ch?.open && !ch.removed && p.state === 'Connecting') {
    closeWhileReconnecting(ctx, p);
    return;
  }
  if (!ch || !ch.open || p.state !== 'Ready' || ch.removed) {
    closeAndClearPendingMessages(ctx, p, 'not connected');
    return;
  }
  // A replicator's producer (PersistentReplicator.closeReplicatorProducer) never batches, and nothing
  // waits in close(): its replicator stopped reading.
  p.state = 'Closing';
  const behind = [...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)))];
  const tail = behind.length > 0 ? ` behind ${behind.join(', ')}` : '';
  ctx.events.push(
    ev(
      'write',
      p.name,
      `CommandCloseProducer${tail}: the broker answers once its writes are done`,
      behind,
      { cluster: p.cluster, rule: java ? 'ProducerImpl.closeAsync' : 'partitionProducer.doClose' },
    ),
  );
}

/**
 * Can the broker's answer to the application's CommandCloseProducer be read? `Producer.close`
 * answers once the producer has no publish pending (`pendingPublishAcks` 0): every send it wrote has
 * been read and answered, and those answers are read first (one connection, in order).
 */
export function closeAnswered(w: World, p: ProducerState): boolean {
  const ch = w.channels[p.name];
  return (
    p.state === 'Closing' &&
    ch !== undefined &&
    ch.open &&
    ch.toBroker.length === 0 &&
    ch.toClient.length === 0 &&
    !w.topics[ch.cluster]!.pendingWrites.some((wr) => wr.producer === p.name)
  );
}

/**
 * The close is done (its answer read, or the connection gone): Java `cnx.removeProducer` +
 * `closeAndClearPendingMessages` (AlreadyClosedException), Go `failPendingMessages`
 * (ErrProducerClosed) + `UnregisterListener`. What is still pending fails; the application then
 * creates the producer again on the same client — a new instance that connects like a first one.
 */
export function closeAndClearPendingMessages(
  ctx: Ctx,
  p: ProducerState,
  why: string,
  brokerKeepsIt = false,
): void {
  const java = p.client === 'java';
  const ch = ctx.w.channels[p.name];
  if (ch?.open && !brokerKeepsIt) {
    ch.open = false;
    ch.closedAt = tick(ctx.w);
    nameReleased(ctx.w, p);
  }
  const ops = p.pendingMessages;
  const again =
    p.role !== 'replicator'
      ? 'created again on the same client'
      : terminated(ctx.w, p)
        ? 'the replicator is terminated: no new one'
        : "the loaded topic's replicator starts a new one";
  ctx.events.push(
    ev(
      'close',
      p.name,
      `producer closed (${why}); ${again}`,
      ops.flatMap((op) => op.msgs.map((m) => m.msg)),
      {
        cluster: p.cluster,
        rule: java
          ? 'ProducerImpl.closeAndClearPendingMessages'
          : 'partitionProducer.failPendingMessages',
      },
    ),
  );
  p.pendingMessages = [];
  // Still Closing here: a replicator's callbacks delete nothing (PersistentReplicator.sendComplete).
  for (const op of ops)
    completeOpFailure(
      ctx,
      p,
      op,
      java ? 'AlreadyClosedException' : 'ErrProducerClosed',
      java ? 'ProducerImpl.closeAndClearPendingMessages' : 'partitionProducer.failPendingMessages',
    );
  Object.assign(p, { instance: p.instance + 1, ...freshProducerSession() });
  delete p.leakedPermits; // a new ProducerImpl / partitionProducer: a new semaphore
  // A connection that still carries a closed instance's frames stays (ProducerImplClosed.ts).
  if (!ctx.w.channels[p.name]?.producerClosed) delete ctx.w.channels[p.name];
  if (p.role === 'replicator') replicatorProducerClosed(ctx, p);
}

/**
 * PR 23038's reconnect left `p` Connecting on a connection that stays open, its `clientCnx` null.
 * `ProducerImpl.closeAsync` then finds no `cnx()`: "Closed Producer (not connected)" — it fails what
 * is pending and writes no `CommandCloseProducer`, and nothing removes it from `ClientCnx.producers`.
 * The broker keeps the producer (id and name) on that connection until the connection or the topic
 * closes, so the application's `create()` of the same name on that client is refused ProducerBusy.
 */
function closeWhileReconnecting(ctx: Ctx, p: ProducerState): void {
  const ch = ctx.w.channels[p.name]!;
  // The connection is the client's: what the producer already wrote on it, and the broker's answers
  // to it, stay on it (ProducerImplClosed.ts).
  const kept = stillInFlight(ctx.w, p, ch);
  if (kept) ch.producerClosed = true;
  const tail = kept
    ? `; what it already wrote stays on the connection: ${inFlightText(ctx.w, p.name, ch)}`
    : '';
  ctx.events.push(
    ev(
      'log',
      p.name,
      `closeAsync while reconnecting (PR 23038): not connected, so no CommandCloseProducer — ${ch.broker} keeps ${p.name} on the open connection${tail}`,
      [],
      { cluster: p.cluster, rule: 'ProducerImpl.closeAsync:not-connected' },
    ),
  );
  closeAndClearPendingMessages(ctx, p, 'not connected', true);
  p.earlierInstanceRegistered = true;
}

/** Whether `p` is the producer of a replicator a proposed fix terminated (`AbstractReplicator.terminate`). */
function terminated(w: World, p: ProducerState): boolean {
  const link = linkOfProducer(w.config, p.name);
  return link !== null && link !== undefined && replicatorOf(w, link)?.state === 'Terminated';
}

/**
 * The old replicator's producer is gone, so the loaded source topic's replicator can create its own
 * (its ProducerBusy retries end): `AbstractReplicator.startProducer` → `PersistentReplicator
 * .setProducerAndTriggerReadEntries` rewinds the cursor (`cursor.rewind()`: read again from the
 * persisted mark-delete, skipping deleted ranges) and a new `GeoReplicationProducerImpl` starts
 * with lastPersistedSource 0:0; it connects like a first one.
 */
function replicatorProducerClosed(ctx: Ctx, p: ProducerState): void {
  const link = linkOfProducer(ctx.w.config, p.name);
  const r = link ? replicatorOf(ctx.w, link) : null;
  if (!link || !r) return;
  delete r.closeWaitsForClients;
  finishTopicClose(ctx, link.cfg.from);
  // A terminated replicator (`AbstractReplicator.terminate`: a proposed fix's visible stop) starts
  // no new producer: this one stays closed.
  if (r.state === 'Terminated') {
    p.closed = true;
    return;
  }
  const m = r.cursor.markDeletePosition;
  r.cursor.readPosition = { ledgerId: m.ledgerId, entryId: m.entryId + 1 };
  p.lastPersistedSource = { ledgerId: 0, entryId: 0 };
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `replicator restarts: read position ${m.ledgerId}:${m.entryId + 1}`,
      [],
      { cluster: link.cfg.from, rule: 'PersistentReplicator.setProducerAndTriggerReadEntries' },
    ),
  );
}
