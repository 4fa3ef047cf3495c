// The client's connection: `org.apache.pulsar.client.impl.ClientCnx` (Java) and Go's
// `internal/connection.go`. One FIFO channel per producer in each direction. Closing it loses
// every frame still in flight; the producer reconnects and resends everything pending.
// Producers sharing a connection: ConnectionPool.ts; the broker's CommandCloseProducer, which
// leaves the connection open: CommandCloseProducer.ts; the application's close: ProducerImplClose.ts.
import { answeredLabel, type Channel, type SendFrame } from '../model/connection';
import { ev } from '../model/events';
import type { OpSendMsg, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf, seqText, tick } from '../sim/context';
import { nameReleased } from './AbstractTopic';
import { closeAndClearPendingMessages } from './ProducerImplClose';

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
  ctx.events.push(
    ev(
      'write',
      p.name,
      what,
      op.msgs.map((m) => m.msg),
      { cluster: p.cluster },
    ),
  );
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
  const lost = [
    ...ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)),
    ...ch.toClient.flatMap((f) => f.msgs),
  ];
  // Named as the frames are: a chunk's send or answer as the chunk (`M1[2/2]`), not its message.
  const frames = [
    ...ch.toBroker.flatMap((f) => f.msgs.map((m) => labelOf([m]))),
    ...ch.toClient.flatMap((f) =>
      f.kind !== 'close-producer' && f.shownChunk ? [answeredLabel(f)] : f.msgs,
    ),
  ];
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  // A producer being closed stays Closing until closeAndClearPendingMessages below ends it. A
  // closed instance's frames (ProducerImplClosed.ts) tell nobody: the next instance is not on it.
  if (ch.listening && !closing && !ch.producerClosed) p.state = 'Connecting';
  const deaf = ch.listening ? '' : `; ${p.name} is no longer registered on it and is not told`;
  const tail =
    (lost.length > 0 ? `; in flight lost: ${[...new Set(frames)].join(', ')}` : '') + deaf;
  ctx.events.push(
    ev('close', p.name, `connection closed: ${reason}${tail}`, lost, { cluster: p.cluster, rule }),
  );
  // ServerCnx.channelInactive removes its producer from the topic: its name is free again.
  nameReleased(ctx.w, p);
  // A producer the application is closing: the close request fails with the connection, and Java
  // `closeAsync` (`!cnx.ctx().channel().isActive()`) / Go `doClose` finish the close all the same.
  if (closing) closeAndClearPendingMessages(ctx, p, 'the connection closed');
}

/** Every producer on `cluster`'s topic loses its connection: the broker died (its TCP connections close). */
export function closeProducersOf(ctx: Ctx, cluster: string, reason: string, rule: string): void {
  for (const p of Object.values(ctx.w.producers))
    if (p.cluster === cluster) closeConnection(ctx, p, reason, rule);
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
    ctx.events.push(
      ev('fault', p.name, `broken channel drops the send of ${ids.join('+')}`, ids, {
        cluster: p.cluster,
      }),
    );
    return true;
  }
  if (ch.sends < b.atSend) {
    b.cache.push(frame);
    return false;
  }
  const cached = b.cache.filter(
    (f) => b.frames === null || f.msgs.some((m) => b.frames!.includes(m.msg)),
  );
  for (const f of cached) ch.toBroker.push(frozen({ ...f, born: tick(ctx.w) }));
  b.mode = 'dropping';
  b.cache = [];
  if (b.plan !== null) ctx.w.plan[b.plan]!.spent = true;
  const again = cached.map((f) => f.msgs.map((m) => m.msg).join('+')).join(', ');
  ctx.events.push(
    ev('fault', p.name, `broken channel writes cached ${again} in place of ${ids.join('+')}`, ids, {
      cluster: p.cluster,
    }),
  );
  return true;
}
