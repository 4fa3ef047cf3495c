// The client's connection: `org.apache.pulsar.client.impl.ClientCnx` (Java) and Go's
// `internal/connection.go`. One FIFO channel per producer in each direction. Closing it loses
// every frame still in flight; the producer reconnects and resends everything pending.
import { ev } from '../model/events';
import type { OpSendMsg, ProducerState } from '../model/world';
import { type Ctx, labelOf, seqText, tick } from '../sim/context';

/**
 * Write one op's bytes on the producer's connection (`ProducerImpl.processOpSendMsg` →
 * `WriteInEventLoopCallback`). Nothing is written while the producer is not connected: the op
 * waits in pendingMessages and goes out with the resend after the next connect.
 */
export function writeOp(ctx: Ctx, p: ProducerState, op: OpSendMsg, resend: boolean): void {
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open || p.state !== 'Ready') return;
  ch.sends += 1;
  ch.toBroker.push({
    kind: 'send',
    opId: op.opId,
    sequenceId: op.sequenceId,
    highestSequenceId: op.highestSequenceId,
    msgs: op.msgs,
    corrupted: op.localBufferCorrupted,
    born: tick(ctx.w),
  });
  const what = `${resend ? 'resend' : 'send'} ${labelOf(op.msgs)} ${seqText(op.sequenceId, op.highestSequenceId)}`;
  ctx.events.push(ev('write', p.name, what, op.msgs.map((m) => m.msg), { cluster: p.cluster }));
}

/**
 * The connection is gone (`ClientCnx.channelInactive` / Java `ConnectionHandler.connectionClosed`
 * for a producer-level error / Go `connection.Close`). Frames in flight both ways are lost; the
 * producer goes back to Connecting and a `connect` action will resend its pending queue.
 */
export function closeConnection(ctx: Ctx, p: ProducerState, reason: string, rule: string): void {
  const ch = ctx.w.channels[p.name];
  if (!ch || !ch.open) return;
  const lost = [...ch.toBroker.flatMap((f) => f.msgs.map((m) => m.msg)), ...ch.toClient.flatMap((f) => f.msgs)];
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  p.state = 'Connecting';
  const tail = lost.length > 0 ? `; in flight lost: ${[...new Set(lost)].join(', ')}` : '';
  ctx.events.push(ev('close', p.name, `connection closed: ${reason}${tail}`, lost, { cluster: p.cluster, rule }));
}

/** Resend every pending op, in order, with its original bytes (`ProducerImpl.resendMessages`). */
export function resendMessages(ctx: Ctx, p: ProducerState): void {
  for (const op of p.pendingMessages) writeOp(ctx, p, op, true);
}
