// The Java client producer, `org.apache.pulsar.client.impl.ProducerImpl`: an op's way into
// pendingMessages and onto the connection (`processOpSendMsg`), its receipt (`ackReceived`, which
// completes ops only at the head of pendingMessages), the send timer, send errors and the first
// connect. Batching — how messages become ops — is in ProducerImplBatching.ts.
import { linkOfProducer } from '../model/config';
import { ev } from '../model/events';
import { answeredLabel, type ResponseFrame } from '../model/connection';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf } from '../sim/context';
import { hasFix } from '../model/fixes';
import { resendMessages, writeOp } from './ClientCnx';
import { producerConnectionClosed } from './ConnectionHandler';
import { dropConnection } from './ConnectionPool';
import { terminate } from './AbstractReplicator';
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
 * `ClientCnx.handleSendError`: ChecksumError and NotAllowedError are recovered per message on the
 * open connection. Any other error (here PersistenceError): before PR 23038 `ctx.close()` closes
 * the TCP connection, so every producer sharing it reconnects and resends; with `pr-23038` only
 * this producer reconnects and the connection stays open (ConnectionHandler.ts).
 */
export function handleSendErrorJava(
  ctx: Ctx,
  p: ProducerState,
  e: Extract<ResponseFrame, { kind: 'error' }>,
): void {
  if (e.error === 'ChecksumError') return recoverChecksumError(ctx, p, e.sequenceId);
  if (e.error === 'NotAllowedError') return recoverNotAllowedError(ctx, p, e.sequenceId);
  const reason = `${e.error}: ${e.message}`;
  if (hasFix(ctx.w.config, 'pr-23038')) return producerConnectionClosed(ctx, p, reason);
  dropConnection(ctx, p, reason, 'ClientCnx.handleSendError:default');
}

/**
 * `ProducerImpl.recoverChecksumError`: if the head's own bytes are corrupted, drop only the head
 * and fail its callback (later ops stay in flight); otherwise the wire corrupted it: resend every
 * pending op on the same connection.
 */
function recoverChecksumError(ctx: Ctx, p: ProducerState, sequenceId: number): void {
  const op = p.pendingMessages[0];
  if (
    op &&
    sequenceId === Math.max(op.highestSequenceId, op.sequenceId) &&
    op.localBufferCorrupted
  ) {
    if (p.role === 'replicator' && hasFix(ctx.w.config, 'fail-on-corrupt-head')) {
      // Proposed fix (seed 000, third direction): never drop a corrupted head silently; the
      // replicator stops visibly instead, before anything is re-sent.
      terminate(
        ctx,
        linkOfProducer(ctx.w.config, p.name)!,
        `fail-on-corrupt-head: local buffer of ${labelOf(op.msgs)} is corrupted`,
      );
      return;
    }
    p.pendingMessages.shift();
    // `op.sendComplete` directly: a corrupted first chunk fails the message's future at once.
    completeOpFailure(
      ctx,
      p,
      op,
      'ChecksumException',
      'ProducerImpl.recoverChecksumError:corrupted',
      true,
    );
    return;
  }
  // Pulsar logs three reasons and resends in each: no op pending ("Got send failure for timed out
  // msg"), an error for another op than the head ("Corrupt message is already timed out": after a
  // send timeout the head is a younger send), or the head's own bytes are intact.
  const head = op ? Math.max(op.highestSequenceId, op.sequenceId) : -1;
  const why = !op
    ? `seq ${sequenceId} has no pending op (timed out)`
    : sequenceId !== head
      ? `seq ${sequenceId} is not the head's (${labelOf(op.msgs)} seq ${head}): already timed out`
      : `local copy of ${labelOf(op.msgs)} is intact`;
  ctx.events.push(
    ev('log', p.name, `ChecksumError: ${why}, resend all pending`, [], {
      rule: 'ProducerImpl.recoverChecksumError:resend',
    }),
  );
  resendMessages(ctx, p);
}

/**
 * `ProducerImpl.recoverNotAllowedError`: acts only when the error names the head; an error for any
 * other op is silently ignored and that op stays pending without an answer.
 */
function recoverNotAllowedError(ctx: Ctx, p: ProducerState, sequenceId: number): void {
  const op = p.pendingMessages[0];
  if (op && sequenceId === Math.max(op.highestSequenceId, op.sequenceId)) {
    p.pendingMessages.shift();
    // `op.sendComplete` directly, with no last-chunk guard: a refused first chunk fails the message's future at once.
    completeOpFailure(
      ctx,
      p,
      op,
      'NotAllowedException',
      'ProducerImpl.recoverNotAllowedError:head',
      true,
    );
    return;
  }
  ctx.events.push(
    ev('log', p.name, `NotAllowedError for seq ${sequenceId} is not the head's: ignored`, [], {
      rule: 'ProducerImpl.recoverNotAllowedError:ignored',
    }),
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
