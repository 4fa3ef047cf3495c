// `CommandCloseProducer` from the broker: it removes a producer from its connection and keeps the
// connection (`ServerCnx.closeProducer`), and the client reads the command and makes only that
// producer reconnect (`ClientCnx.handleCloseProducer`, Go `connection.handleCloseProducer`).
import { answersText, type Channel } from '../model/connection';
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf, tick } from '../sim/context';
import { earlierInstancesGone, nameReleased } from './AbstractTopic';
import { closeAndClearPendingMessages } from './ProducerImplClose';
import { closeToClosedProducer } from './ProducerImplClosed';

/**
 * The broker closes `cluster`'s topic and disconnects its producers (`PersistentTopic.close` /
 * `addFailed` → `Producer.disconnect` → `ServerCnx.closeProducer`): each producer is removed from
 * its connection and `CommandCloseProducer` is written on it — the TCP connection stays open, so
 * receipts the broker wrote before it still reach the client, in order.
 */
export function disconnectProducersOf(
  ctx: Ctx,
  cluster: string,
  reason: string,
  rule: string,
): void {
  for (const p of Object.values(ctx.w.producers))
    if (p.cluster === cluster) closeProducer(ctx, p, reason, rule);
  earlierInstancesGone(ctx.w, cluster);
}

/**
 * `ServerCnx.closeProducer`: the broker forgets the producer (its name is free on the topic) and
 * writes `CommandCloseProducer` behind whatever it already wrote. It remembers the id for a while
 * (`recentlyClosedProducers`, the keep-alive interval): sends the client wrote before it read the
 * command are ignored on arrival (`handleSend`), not answered, and the connection stays.
 *
 * Receipts are not written by the step that stored the entry but by a task it queues on the
 * connection's event loop (`Producer.MessagePublishContext.completed` → `cnx.execute`), and the
 * close is such a task too (`Producer.disconnect` → `cnx.execute`). A receipt the model shows in
 * flight may therefore still be queued behind the close: the close frame can be read before it
 * (`deliver-close`, enabled.ts), and those receipts then arrive for a producer the client has
 * removed and are ignored (Java `ClientCnx.handleSendReceipt`, Go `connection.handleSendReceipt`).
 */
function closeProducer(ctx: Ctx, p: ProducerState, reason: string, rule: string): void {
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open || ch.removed) return;
  ch.removed = true;
  ch.toClient.push(frozen({ kind: 'close-producer', reason, msgs: [], born: tick(ctx.w) }));
  const kept = [...new Set(ch.toClient.flatMap((f) => f.msgs))];
  const tail =
    kept.length > 0 ? `; receipts already written go first: ${answersText(ch.toClient)}` : '';
  ctx.events.push(
    ev(
      'close',
      ch.broker,
      `CommandCloseProducer to ${p.name}: ${reason}; the connection stays${tail}`,
      kept,
      { to: p.name, cluster: p.cluster, rule },
    ),
  );
  nameReleased(ctx.w, p);
}

/**
 * The client reads `CommandCloseProducer` (Java `ClientCnx.handleCloseProducer` → the producer's
 * `ConnectionHandler.connectionClosed` → `reconnectLater`; Go `connection.handleCloseProducer` →
 * `deletePendingProducers` and `partitionProducer.ConnectionClosed` → `reconnectToBroker`). Only
 * this producer leaves the connection; it goes back to Connecting and resends its pending queue
 * after the reconnect. Sends it wrote after the broker's close are still ahead of its new
 * `CommandProducer` on the connection: the broker ignores them (`recentlyClosedProducers`), so they
 * are dropped here. A Go producer no longer registered on the connection is not found: the command
 * is dropped and nobody tells it.
 */
export function handleCloseProducer(ctx: Ctx, p: ProducerState, ch: Channel): void {
  if (ch.producerClosed) return closeToClosedProducer(ctx, p, ch);
  const java = p.client === 'java';
  if (p.state === 'Closing') {
    // The broker closed it first (unload, fence): the application's close request is answered as
    // done (`ServerCnx.handleCloseProducer` for a producer it no longer has) and no reconnect follows.
    ch.toClient = ch.toClient.filter((f) => f.kind !== 'close-producer');
    closeAndClearPendingMessages(ctx, p, 'the broker closed it first');
    return;
  }
  if (!ch.listening) {
    ch.toClient = ch.toClient.filter((f) => f.kind !== 'close-producer');
    ctx.events.push(
      ev(
        'log',
        p.name,
        `CommandCloseProducer for ${p.name}, no longer registered on this connection: dropped`,
        [],
        { cluster: ch.cluster, rule: 'connection.handleCloseProducer:not-found' },
      ),
    );
    return;
  }
  const ignored = [...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)))];
  const ignoredText = [
    ...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => labelOf([m])))),
  ].join(', ');
  // Receipts still ahead of the close frame: their tasks ran after the close (deliver-close), so
  // they come behind it for a producer no longer on the connection.
  const before = ch.toClient.slice(
    0,
    ch.toClient.findIndex((f) => f.kind === 'close-producer'),
  );
  const late = [...new Set(before.flatMap((f) => f.msgs))];
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  // PR 23038 already had it let go of this open connection: `connectionClosed` finds `clientCnx`
  // null and schedules nothing more; the reconnect under way now registers afresh (the broker
  // forgot the id), so the effect is the same.
  const already = java && p.state === 'Connecting';
  p.state = 'Connecting';
  const tail =
    (already ? '; it was already reconnecting (PR 23038): nothing more is scheduled' : '') +
    (ignored.length > 0
      ? `; sends ${ch.broker} reads after the close are ignored: ${ignoredText}`
      : '') +
    (late.length > 0
      ? `; receipts the broker wrote after the close are ignored: ${answersText(before)}`
      : '');
  ctx.events.push(
    ev(
      'close',
      p.name,
      `producer closed by the broker; reconnects (the connection stays)${tail}`,
      [...ignored, ...late],
      {
        cluster: ch.cluster,
        rule: java ? 'ClientCnx.handleCloseProducer' : 'connection.handleCloseProducer',
      },
    ),
  );
}
