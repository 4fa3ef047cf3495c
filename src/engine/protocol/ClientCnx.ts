// The client's connection: `org.apache.pulsar.client.impl.ClientCnx` (Java) and Go's
// `internal/connection.go`. One FIFO channel per producer in each direction. Closing it loses
// every frame still in flight; the producer reconnects and resends everything pending.
//
// Producers of one PulsarClient (`producers[].pulsarClient`) share one TCP connection per broker
// (Java `ConnectionPool.getConnection`, Go `connectionPool.GetConnection`: one connection per
// broker address by default). Their channels stay apart here — each is what one producer has
// registered on that connection — but the connection's order and its life are shared: frames of
// all of them leave and arrive in the order they were written (`connectionHead`), and a drop of
// the connection (`dropConnection`) closes every one of them at once (`ClientCnx.channelInactive`).
import type { Channel, SendFrame } from '../model/connection';
import { ev } from '../model/events';
import { freshProducerSession, type OpSendMsg, type ProducerState } from '../model/producer';
import { frozen, type World } from '../model/world';
import { type Ctx, labelOf, seqText, tick } from '../sim/context';
import { nameReleased } from './AbstractTopic';
import { completeOpFailure, unsentOp } from './SendCallback';

/**
 * Write one op's bytes on the producer's connection (`ProducerImpl.processOpSendMsg` →
 * `WriteInEventLoopCallback`). Nothing is written while the producer is not connected: the op
 * waits in pendingMessages and goes out with the resend after the next connect.
 */
export function writeOp(ctx: Ctx, p: ProducerState, op: OpSendMsg, resend: boolean): void {
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open || p.state !== 'Ready') return;
  ch.sends += 1;
  const frame: SendFrame = {
    kind: 'send',
    opId: op.opId,
    sequenceId: op.sequenceId,
    highestSequenceId: op.highestSequenceId,
    msgs: op.msgs,
    corrupted: op.localBufferCorrupted,
    born: tick(ctx.w),
  };
  if (ch.broken && brokenChannel(ctx, p, ch, frame)) return;
  ch.toBroker.push(frozen(frame));
  const what = `${resend ? 'resend' : 'send'} ${labelOf(op.msgs)} ${seqText(op.sequenceId, op.highestSequenceId)}`;
  ctx.events.push(ev('write', p.name, what, op.msgs.map((m) => m.msg), { cluster: p.cluster }));
}

/**
 * The connection is gone (`ClientCnx.channelInactive` / Java `ConnectionHandler.connectionClosed`
 * for a producer-level error / Go `connection.Close`). Frames in flight both ways are lost; the
 * producer goes back to Connecting and a `connect` action will resend its pending queue — unless
 * the connection no longer lists it (Go, after a NotAllowedError): then nobody tells it, and it
 * stays on the dead connection.
 */
export function closeConnection(ctx: Ctx, p: ProducerState, reason: string, rule: string): void {
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open) return;
  const closing = p.state === 'Closing';
  const lost = [...ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)), ...ch.toClient.flatMap((f) => f.msgs)];
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  if (ch.listening) p.state = 'Connecting';
  const deaf = ch.listening ? '' : `; ${p.name} is no longer registered on it and is not told`;
  const tail = (lost.length > 0 ? `; in flight lost: ${[...new Set(lost)].join(', ')}` : '') + deaf;
  ctx.events.push(ev('close', p.name, `connection closed: ${reason}${tail}`, lost, { cluster: p.cluster, rule }));
  // ServerCnx.channelInactive removes its producer from the topic: its name is free again.
  nameReleased(ctx.w, p);
  // A producer the application is closing: the close request fails with the connection, and Java
  // `closeAsync` (`!cnx.ctx().channel().isActive()`) / Go `doClose` finish the close all the same.
  if (closing) closeAndClearPendingMessages(ctx, p, 'the connection closed');
}

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
    if (java) completeOpFailure(ctx, p, batch, 'AlreadyClosedException', 'ProducerImpl.failPendingBatchMessages');
    else ctx.events.push(ev('log', p.name, `open batch ${labelOf(batch.msgs)} dropped unflushed: its callbacks never run`, batch.msgs.map((m) => m.msg), { cluster: p.cluster, rule: 'partitionProducer.doClose:batch-builder' }));
  }
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open || p.state !== 'Ready' || ch.removed) {
    closeAndClearPendingMessages(ctx, p, 'not connected');
    return;
  }
  p.state = 'Closing';
  const behind = [...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)))];
  const tail = behind.length > 0 ? ` behind ${behind.join(', ')}` : '';
  ctx.events.push(ev('write', p.name, `CommandCloseProducer${tail}: the broker answers once its writes are done`, behind, { cluster: p.cluster, rule: java ? 'ProducerImpl.closeAsync' : 'partitionProducer.doClose' }));
}

/**
 * Can the broker's answer to the application's CommandCloseProducer be read? `Producer.close`
 * answers once the producer has no publish pending (`pendingPublishAcks` 0): every send it wrote has
 * been read and answered, and those answers are read first (one connection, in order).
 */
export function closeAnswered(w: World, p: ProducerState): boolean {
  const ch = w.channels[p.name];
  return p.state === 'Closing' && ch !== undefined && ch.open && ch.toBroker.length === 0 && ch.toClient.length === 0 && !w.topics[ch.cluster]!.pendingWrites.some((wr) => wr.producer === p.name);
}

/**
 * The close is done (its answer read, or the connection gone): Java `cnx.removeProducer` +
 * `closeAndClearPendingMessages` (AlreadyClosedException), Go `failPendingMessages`
 * (ErrProducerClosed) + `UnregisterListener`. What is still pending fails; the application then
 * creates the producer again on the same client — a new instance that connects like a first one.
 */
export function closeAndClearPendingMessages(ctx: Ctx, p: ProducerState, why: string): void {
  const java = p.client === 'java';
  const ch = ctx.w.channels[p.name];
  if (ch?.open) {
    ch.open = false;
    ch.closedAt = tick(ctx.w);
    nameReleased(ctx.w, p);
  }
  const ops = p.pendingMessages;
  ctx.events.push(ev('close', p.name, `producer closed (${why}); created again on the same client`, ops.flatMap((op) => op.msgs.map((m) => m.msg)), { cluster: p.cluster, rule: java ? 'ProducerImpl.closeAndClearPendingMessages' : 'partitionProducer.failPendingMessages' }));
  p.pendingMessages = [];
  for (const op of ops) completeOpFailure(ctx, p, op, java ? 'AlreadyClosedException' : 'ErrProducerClosed', java ? 'ProducerImpl.closeAndClearPendingMessages' : 'partitionProducer.failPendingMessages');
  Object.assign(p, { instance: p.instance + 1, ...freshProducerSession() });
  delete ctx.w.channels[p.name];
}

/** The `pulsarClient` producer `name` was created by; undefined: a client of its own. */
export const pulsarClientOf = (w: World, name: string): string | undefined => w.config.producers.find((pc) => pc.name === name)?.pulsarClient;

/**
 * The producers whose open channel rides the TCP connection `name`'s does, `name` first: those of
 * the same `pulsarClient` registered with the same broker (a pooled connection is per broker
 * address). A producer with a client of its own rides alone; a closed channel rides nothing.
 */
export function connectionPeers(w: World, name: string): string[] {
  const ch = w.channels[name];
  if (!ch?.open) return [];
  const client = pulsarClientOf(w, name);
  if (client === undefined) return [name];
  const others = w.config.producers.filter((pc) => pc.name !== name && pc.pulsarClient === client).map((pc) => pc.name);
  return [name, ...others.filter((n) => { const c = w.channels[n]; return c !== undefined && c.open && c.broker === ch.broker && c.cluster === ch.cluster; })];
}

/**
 * Can the head of `name`'s channel in this direction go next? One TCP connection is one byte
 * stream each way: the broker's `ServerCnx` reads the frames of every producer on it in the order
 * they were written, and `ClientCnx` the receipts in the order the broker wrote them. So a head
 * goes only when no other producer on the same connection has an older one waiting.
 */
export function connectionHead(w: World, name: string, dir: 'toBroker' | 'toClient'): boolean {
  const mine = w.channels[name]![dir][0];
  if (!mine) return false;
  // A client of its own (every producer without pulsarClient): nothing to wait for, no allocation.
  if (pulsarClientOf(w, name) === undefined) return true;
  const peers = connectionPeers(w, name);
  return peers.length <= 1 || peers.every((n) => (w.channels[n]![dir][0]?.born ?? Infinity) >= mine.born);
}

/**
 * The TCP connection itself closes — a network drop, or the client closing it (Java
 * `cnx.channel().close()`, Go `connection.Close`). `ClientCnx.channelInactive` (Go
 * `connection.Close` → each listener's `ConnectionClosed`) tells every producer registered on it:
 * each goes back to Connecting and reconnects (Java `ConnectionHandler.reconnectLater`, Go
 * `reconnectToBroker`). With a client of its own this is `closeConnection` of that producer.
 */
export function dropConnection(ctx: Ctx, p: ProducerState, reason: string, rule: string): void {
  const peers = connectionPeers(ctx.w, p.name);
  closeConnection(ctx, p, reason, rule);
  const others = peers.slice(1);
  if (others.length === 0) return;
  const client = pulsarClientOf(ctx.w, p.name)!;
  const peerRule = p.client === 'java' ? 'ClientCnx.channelInactive' : 'connection.Close';
  for (const n of others) closeConnection(ctx, ctx.w.producers[n]!, `${reason} — ${client}'s connection, shared with ${p.name}`, peerRule);
}

/** Every producer on `cluster`'s topic loses its connection: the broker died (its TCP connections close). */
export function closeProducersOf(ctx: Ctx, cluster: string, reason: string, rule: string): void {
  for (const p of Object.values(ctx.w.producers)) if (p.cluster === cluster) closeConnection(ctx, p, reason, rule);
}

/**
 * The broker closes `cluster`'s topic and disconnects its producers (`PersistentTopic.close` /
 * `addFailed` → `Producer.disconnect` → `ServerCnx.closeProducer`): each producer is removed from
 * its connection and `CommandCloseProducer` is written on it — the TCP connection stays open, so
 * receipts the broker wrote before it still reach the client, in order.
 */
export function disconnectProducersOf(ctx: Ctx, cluster: string, reason: string, rule: string): void {
  for (const p of Object.values(ctx.w.producers)) if (p.cluster === cluster) closeProducer(ctx, p, reason, rule);
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
  const tail = kept.length > 0 ? `; receipts already written go first: ${kept.join(', ')}` : '';
  ctx.events.push(ev('close', ch.broker, `CommandCloseProducer to ${p.name}: ${reason}; the connection stays${tail}`, kept, { to: p.name, cluster: p.cluster, rule }));
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
    ctx.events.push(ev('log', p.name, `CommandCloseProducer for ${p.name}, no longer registered on this connection: dropped`, [], { cluster: ch.cluster, rule: 'connection.handleCloseProducer:not-found' }));
    return;
  }
  const ignored = [...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)))];
  // Receipts still ahead of the close frame: their tasks ran after the close (deliver-close), so
  // they come behind it for a producer no longer on the connection.
  const late = [...new Set(ch.toClient.slice(0, ch.toClient.findIndex((f) => f.kind === 'close-producer')).flatMap((f) => f.msgs))];
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  p.state = 'Connecting';
  const tail = (ignored.length > 0 ? `; sends ${ch.broker} reads after the close are ignored: ${ignored.join(', ')}` : '') + (late.length > 0 ? `; receipts the broker wrote after the close are ignored: ${late.join(', ')}` : '');
  ctx.events.push(ev('close', p.name, `producer closed by the broker; reconnects (the connection stays)${tail}`, [...ignored, ...late], { cluster: ch.cluster, rule: java ? 'ClientCnx.handleCloseProducer' : 'connection.handleCloseProducer' }));
}

/** Resend every pending op, in order, with its original bytes (`ProducerImpl.resendMessages`). */
export function resendMessages(ctx: Ctx, p: ProducerState): void {
  for (const op of p.pendingMessages) writeOp(ctx, p, op, true);
}

/**
 * The duplicate-frames fault (PR 23697's `testDeduplicationNotLostMessage`): a broken channel that,
 * from its `atSend`-th send on, writes the cached frames of the listed messages in place of the
 * send it is given, and then drops every further send until the connection closes. Returns true
 * when it took the frame.
 */
function brokenChannel(ctx: Ctx, p: ProducerState, ch: Channel, frame: SendFrame): boolean {
  const b = ch.broken!;
  const ids = frame.msgs.map((m) => m.msg);
  if (b.mode === 'dropping') {
    ctx.events.push(ev('fault', p.name, `broken channel drops the send of ${ids.join('+')}`, ids, { cluster: p.cluster }));
    return true;
  }
  if (ch.sends < b.atSend) {
    b.cache.push(frame);
    return false;
  }
  const cached = b.cache.filter((f) => b.frames === null || f.msgs.some((m) => b.frames!.includes(m.msg)));
  for (const f of cached) ch.toBroker.push(frozen({ ...f, born: tick(ctx.w) }));
  b.mode = 'dropping';
  b.cache = [];
  if (b.plan !== null) ctx.w.plan[b.plan]!.spent = true;
  const again = cached.map((f) => f.msgs.map((m) => m.msg).join('+')).join(', ');
  ctx.events.push(ev('fault', p.name, `broken channel writes cached ${again} in place of ${ids.join('+')}`, ids, { cluster: p.cluster }));
  return true;
}
