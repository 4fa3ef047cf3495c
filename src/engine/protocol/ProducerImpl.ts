// The Java client producer, `org.apache.pulsar.client.impl.ProducerImpl`: an op's way into
// pendingMessages and onto the connection (`processOpSendMsg`), its receipt (`ackReceived`, which
// completes ops only at the head of pendingMessages), the send timer and the first connect. Send
// errors are in ProducerImplSendError.ts; batching — how messages become ops — in
// ProducerImplBatching.ts.
import { ev } from '../model/events';
import { answeredLabel, type ResponseFrame } from '../model/connection';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import type { Ctx } from '../sim/context';
import { resendMessages, writeOp } from './ClientCnx';
import { dropConnection } from './ConnectionPool';
import { completeOpFailure, completeOpSuccess, otherChunkMatched, unsentOp } from './SendCallback';

/** `ProducerImpl.processOpSendMsg`: enqueue in pendingMessages, raise lastSequenceIdPushed, write. */
export function processOpSendMsg(
  ctx: Ctx,
  p: ProducerState,
  msgs: readonly MsgRef[],
  sequenceId: number,
  highestSequenceId: number,
): void {
  const op = frozen({
    opId: p.nextOpId++,
    msgs: frozen(msgs),
    sequenceId,
    highestSequenceId,
    localBufferCorrupted: false,
  });
  p.pendingMessages.push(op);
  p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, highestSequenceId, sequenceId);
  writeOp(ctx, p, op, false);
}

/**
 * `ProducerImpl.ackReceived`: match the receipt against the head op only. A larger id than the
 * head's closes the TCP connection (`cnx.channel().close()`: everything pending is resent, and every
 * producer sharing the connection reconnects too); a smaller one is ignored as an ack of a
 * timed-out op; `-1:-1` completes the head as a success like any other receipt.
 */
export function ackReceived(
  ctx: Ctx,
  p: ProducerState,
  r: Extract<ResponseFrame, { kind: 'receipt' }>,
): void {
  const op = p.pendingMessages[0];
  const rule = 'ProducerImpl.ackReceived';
  if (!op) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `ack for timed-out msg ${answeredLabel(r)} seq ${r.sequenceId}: ignored`,
        [],
        { rule: `${rule}:no-op` },
      ),
    );
    return;
  }
  if (r.sequenceId > op.sequenceId) {
    dropConnection(
      ctx,
      p,
      `unexpected sequence id ${r.sequenceId}, head is ${op.sequenceId}`,
      `${rule}:seq-greater`,
    );
    return;
  }
  if (r.sequenceId < op.sequenceId) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt ${answeredLabel(r)} seq ${r.sequenceId} < head ${op.sequenceId}: ignored (an ack for a timed-out msg)`,
        [],
        { rule: `${rule}:seq-smaller` },
      ),
    );
    return;
  }
  if (r.sequenceId >= r.highestSequenceId || r.highestSequenceId === op.highestSequenceId) {
    p.pendingMessages.shift();
    p.lastSequenceIdPublished = Math.max(
      p.lastSequenceIdPublished,
      op.highestSequenceId,
      op.sequenceId,
    );
    otherChunkMatched(ctx, p, r, op, rule);
    completeOpSuccess(ctx, p, op, r.ledgerId, r.entryId, `${rule}:match`);
    return;
  }
  dropConnection(
    ctx,
    p,
    `highest sequence id ${r.highestSequenceId} does not match the head's ${op.highestSequenceId}`,
    `${rule}:highest-mismatch`,
  );
}

/**
 * `ProducerImpl.run(Timeout)`, the send timer (sendTimeoutMs > 0; never for the replicator, whose
 * producer runs with sendTimeout 0): it looks only at the head of pendingMessages, and once the
 * head has waited longer than the timeout, `failPendingMessages` fails *every* op in the queue with
 * TimeoutException, however young, and `failPendingBatchMessages` the open batch. The connection
 * stays open (frames already written still reach the broker), and msgIdGenerator,
 * lastSequenceIdPushed and lastSequenceIdPublished keep their values: the next send takes a new id.
 */
export function sendTimeoutJava(ctx: Ctx, p: ProducerState): void {
  const ops = p.pendingMessages;
  const batch = p.batch;
  const count = ops.reduce((n, op) => n + op.msgs.length, 0);
  ctx.events.push(
    ev(
      'log',
      p.name,
      `Message send timed out. Failing ${count} messages`,
      ops.flatMap((op) => op.msgs.map((m) => m.msg)),
      { cluster: p.cluster, rule: 'ProducerImpl.run:send-timeout' },
    ),
  );
  p.pendingMessages = [];
  for (const op of ops)
    completeOpFailure(ctx, p, op, 'TimeoutException', 'ProducerImpl.failPendingMessages');
  if (batch.length === 0) return;
  p.batch = [];
  completeOpFailure(
    ctx,
    p,
    unsentOp(batch),
    'TimeoutException',
    'ProducerImpl.failPendingBatchMessages',
  );
}

/**
 * `ProducerImpl.connectionOpened` on ProducerSuccess: seed msgIdGenerator and
 * lastSequenceIdPublished from last_sequence_id only while the generator is still 0 (no id taken
 * yet); lastSequenceIdPushed is never seeded. Then resend everything pending.
 */
export function connectionOpenedJava(ctx: Ctx, p: ProducerState, lastSequenceId: number): string {
  let seeded = '';
  if (p.msgIdGenerator === 0) {
    p.lastSequenceIdPublished = lastSequenceId;
    p.msgIdGenerator = lastSequenceId + 1;
    seeded = `, msgIdGenerator := ${p.msgIdGenerator}`;
  }
  p.state = 'Ready';
  resendMessages(ctx, p);
  return seeded;
}
