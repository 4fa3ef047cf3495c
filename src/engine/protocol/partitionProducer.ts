// The Go client producer: pulsar-client-go `pulsar/producer_partition.go` (`partitionProducer`)
// with `internal/batch_builder.go` (`batchContainer`), before and after PR 1565. Before it, a
// batch carries only its first id (no highest_sequence_id) and a resent id may share a batch with
// new ones. The fix's two halves are separate toggles so each can be judged alone. The send-timeout
// goroutine (`failTimeoutMessages`) is in partitionProducerSendTimeout.ts.
import { BROKER_MAX_MESSAGE_SIZE } from '../model/config';
import { hasFix } from '../model/fixes';
import { batchByteLimit, batchBytes, type BatchLimits } from './BatchMessageContainerImpl';
import { ev } from '../model/events';
import { answeredLabel, type ResponseFrame } from '../model/connection';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, tick } from '../sim/context';
import { resendMessages, writeOp } from './ClientCnx';
import { dropConnection } from './ConnectionPool';
import { completeOpFailure, completeOpSuccess, otherChunkMatched, unsentOp } from './SendCallback';

const sendsHighest = (ctx: Ctx): boolean =>
  hasFix(ctx.w.config, 'go-1565') || hasFix(ctx.w.config, 'go-highest-sequence-id');
const isolatesResends = (ctx: Ctx): boolean =>
  hasFix(ctx.w.config, 'go-1565') || hasFix(ctx.w.config, 'go-isolate-resends');

/**
 * `partitionProducer.internalFlushCurrentBatch` → `batchContainer.Flush` → `writeData`: one
 * pendingItem whose id is the batch's first id. Only with PR 1565 does the batch also carry
 * highest_sequence_id (the highest id it holds).
 */
export function flushBatchGo(ctx: Ctx, p: ProducerState): void {
  if (p.batch.length === 0) return;
  const msgs = frozen(p.batch);
  p.batch = [];
  const first = msgs[0]!.seq;
  const highest = sendsHighest(ctx) ? Math.max(...msgs.map((m) => m.seq)) : -1;
  const op = frozen({
    opId: p.nextOpId++,
    msgs,
    sequenceId: first,
    highestSequenceId: highest,
    localBufferCorrupted: false,
  });
  p.pendingMessages.push(op);
  writeOp(ctx, p, op, false);
}

/**
 * `partitionProducer.internalSend` for a batched message. Before PR 1565 there is no check of the
 * id against anything sent before. With the fix (isolation half), an id ≤ lastSequenceIDPushed
 * flushes the batch and travels alone, and the next new id flushes again — Java's PR 6326 rule.
 */
export function addToBatchGo(ctx: Ctx, p: ProducerState, m: MsgRef, limits: BatchLimits): void {
  if (isolatesResends(ctx)) {
    if (m.seq <= p.lastSequenceIdPushed) {
      p.isLastSequenceIdPotentialDuplicated = true;
      ctx.events.push(
        ev('log', p.name, `sequence id ${m.seq} may be a duplicate: batch of its own`, [m.msg], {
          cluster: p.cluster,
          rule: 'partitionProducer.internalSend:potential-duplicate',
        }),
      );
      flushBatchGo(ctx, p);
    } else if (p.isLastSequenceIdPotentialDuplicated) {
      p.isLastSequenceIdPotentialDuplicated = false;
      flushBatchGo(ctx, p);
    }
    p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, m.seq);
  }
  // batchContainer.Add refuses a message that does not fit; internalSend flushes and adds again.
  // A full batch waits for the next message or the flush timer: Go has no flush-when-full.
  if (!hasSpace(p, m, limits)) {
    if (p.batch.length < limits.batchingMaxMessages)
      ctx.events.push(
        ev(
          'log',
          p.name,
          `${m.msg} does not fit the open batch (${batchBytes(p)} + ${m.size ?? 0} bytes): batch flushed`,
          [m.msg],
          { cluster: p.cluster, rule: 'partitionProducer.internalSend:batch-full' },
        ),
      );
    flushBatchGo(ctx, p);
  }
  if (p.batch.length === 0) p.batchBorn = tick(ctx.w);
  p.batch.push(m);
}

/**
 * `batchContainer.hasSpace`: an empty batch takes any message; otherwise one more must stay within
 * BatchingMaxMessages, BatchingMaxSize (0 is Go's default, 128 KiB) and the max message size.
 */
function hasSpace(p: ProducerState, m: MsgRef, l: BatchLimits): boolean {
  if (p.batch.length === 0) return true;
  const expected = batchBytes(p) + (m.size ?? 0);
  return (
    p.batch.length + 1 <= l.batchingMaxMessages &&
    expected <= batchByteLimit('go', l.batchingMaxBytes) &&
    expected <= BROKER_MAX_MESSAGE_SIZE
  );
}

/** `partitionProducer.internalSingleSend`: a non-batched message is its own pendingItem. */
export function singleSendGo(ctx: Ctx, p: ProducerState, m: MsgRef): void {
  const highest = sendsHighest(ctx) ? m.seq : -1;
  const op = frozen({
    opId: p.nextOpId++,
    msgs: frozen([m]),
    sequenceId: m.seq,
    highestSequenceId: highest,
    localBufferCorrupted: false,
  });
  p.pendingMessages.push(op);
  if (isolatesResends(ctx)) p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, m.seq);
  writeOp(ctx, p, op, false);
}

/**
 * `partitionProducer.updateChunkInfo`: a message bigger than the connection's max message size
 * (chunking off) fails with ErrMessageTooLarge before anything is sent or batched. A non-batched
 * one has already taken its sequence id (`updateMetaData`); a batched one has none yet.
 */
export function messageTooLargeGo(
  ctx: Ctx,
  p: ProducerState,
  m: MsgRef,
  withMetadata = false,
): void {
  const op = unsentOp(frozen([m]), m.seq);
  // withMetadata: updateChunkInfo's payload check passed (not bigger than the limit), but
  // `internal.serializeMessage` counts metadata + payload and fails the send request
  // (internalSingleSend → sr.done with ErrExceedMaxMessageSize); nothing is written.
  if (withMetadata)
    return completeOpFailure(
      ctx,
      p,
      op,
      'ErrExceedMaxMessageSize',
      'internal.serializeMessage:message-too-large',
    );
  completeOpFailure(
    ctx,
    p,
    op,
    'ErrMessageTooLarge',
    'partitionProducer.updateChunkInfo:message-too-large',
  );
}

/**
 * `partitionProducer.ReceivedSendReceipt`: head id < receipt id → close the connection; head id >
 * receipt id → ignore (taken for a timed-out item); equal → pop and call every callback with a nil
 * error. Ledger/entry -1 are not special-cased, and highest_sequence_id is ignored.
 */
export function receivedSendReceipt(
  ctx: Ctx,
  p: ProducerState,
  r: Extract<ResponseFrame, { kind: 'receipt' }>,
): void {
  const item = p.pendingMessages[0];
  const rule = 'partitionProducer.ReceivedSendReceipt';
  if (!item) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt ${answeredLabel(r)} seq ${r.sequenceId} with nothing pending (a timed-out msg): ignored`,
        [],
        { rule: `${rule}:empty` },
      ),
    );
    return;
  }
  if (item.sequenceId < r.sequenceId) {
    dropConnection(
      ctx,
      p,
      `local ${item.sequenceId} < remote ${r.sequenceId}`,
      `${rule}:local-lower`,
    );
    return;
  }
  if (item.sequenceId > r.sequenceId) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt ${answeredLabel(r)}: local ${item.sequenceId} > remote ${r.sequenceId}: ignored (taken for a timed-out msg)`,
        [],
        { rule: `${rule}:local-higher` },
      ),
    );
    return;
  }
  p.pendingMessages.shift();
  p.lastSequenceIdPublished = sendsHighest(ctx)
    ? Math.max(p.lastSequenceIdPublished, item.highestSequenceId, item.sequenceId)
    : item.sequenceId;
  otherChunkMatched(ctx, p, r, item, rule);
  completeOpSuccess(ctx, p, item, r.ledgerId, r.entryId, `${rule}:match`);
}

/**
 * Go `connection.handleSendError`: a NotAllowedError only unregisters the producer from the
 * connection (`deletePendingProducers`) — no item fails, nothing is resent, the connection stays
 * open. The producer keeps writing, the broker keeps storing, but no answer reaches it again and
 * it is not told when the connection closes: every pending item waits for the send timeout
 * (`failTimeoutMessages`, the send-timeout fault), so without one its callbacks never run. Anything else — ChecksumError and
 * PersistenceError included — closes the connection, and the producer reconnects and resends.
 */
export function handleSendErrorGo(
  ctx: Ctx,
  p: ProducerState,
  e: Extract<ResponseFrame, { kind: 'error' }>,
): void {
  const ch = ctx.w.channels[p.name]!;
  if (e.error === 'NotAllowedError') {
    ch.listening = false;
    const text = `NotAllowedError: ${p.name} is removed from the connection's producers; its later answers are dropped and its pending sends wait for the send timeout`;
    ctx.events.push(
      ev('log', p.name, text, e.msgs, {
        cluster: p.cluster,
        rule: 'connection.handleSendError:not-allowed',
      }),
    );
    return;
  }
  dropConnection(ctx, p, `${e.error}: ${e.message}`, 'connection.handleSendError:close');
}

/**
 * `partitionProducer.grabCnx`: the generator is created only on the first connection, from
 * last_sequence_id + 1; reconnects keep it. PR 1565 also seeds lastSequenceIDPushed there. Every
 * pending item's buffer is then rewritten byte for byte, in order.
 */
export function grabCnx(ctx: Ctx, p: ProducerState, lastSequenceId: number): string {
  let seeded = '';
  if (!p.seeded) {
    p.seeded = true;
    p.msgIdGenerator = lastSequenceId + 1;
    seeded = `, sequenceIDGenerator := ${p.msgIdGenerator}`;
    if (isolatesResends(ctx)) {
      p.lastSequenceIdPushed = lastSequenceId;
      seeded += `, lastSequenceIDPushed := ${lastSequenceId}`;
    }
  }
  p.state = 'Ready';
  resendMessages(ctx, p);
  return seeded;
}
