// The Go client producer: pulsar-client-go `pulsar/producer_partition.go` (`partitionProducer`)
// with `internal/batch_builder.go` (`batchContainer`), before and after PR 1565. Before it, a
// batch carries only its first id (no highest_sequence_id) and a resent id may share a batch with
// new ones. The fix's two halves are separate toggles so each can be judged alone.
import { BROKER_MAX_MESSAGE_SIZE } from '../model/config';
import { hasFix } from '../model/fixes';
import { batchByteLimit, batchBytes, type BatchLimits } from './BatchMessageContainerImpl';
import { ev } from '../model/events';
import { answeredLabel, type ResponseFrame } from '../model/connection';
import type { MsgRef, OpSendMsg, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf, tick } from '../sim/context';
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
  const op = frozen({ opId: p.nextOpId++, msgs, sequenceId: first, highestSequenceId: highest, localBufferCorrupted: false });
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
      ctx.events.push(ev('log', p.name, `sequence id ${m.seq} may be a duplicate: batch of its own`, [m.msg], { cluster: p.cluster, rule: 'partitionProducer.internalSend:potential-duplicate' }));
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
    if (p.batch.length < limits.batchingMaxMessages) ctx.events.push(ev('log', p.name, `${m.msg} does not fit the open batch (${batchBytes(p)} + ${m.size ?? 0} bytes): batch flushed`, [m.msg], { cluster: p.cluster, rule: 'partitionProducer.internalSend:batch-full' }));
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
  return p.batch.length + 1 <= l.batchingMaxMessages && expected <= batchByteLimit('go', l.batchingMaxBytes) && expected <= BROKER_MAX_MESSAGE_SIZE;
}

/** `partitionProducer.internalSingleSend`: a non-batched message is its own pendingItem. */
export function singleSendGo(ctx: Ctx, p: ProducerState, m: MsgRef): void {
  const highest = sendsHighest(ctx) ? m.seq : -1;
  const op = frozen({ opId: p.nextOpId++, msgs: frozen([m]), sequenceId: m.seq, highestSequenceId: highest, localBufferCorrupted: false });
  p.pendingMessages.push(op);
  if (isolatesResends(ctx)) p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, m.seq);
  writeOp(ctx, p, op, false);
}

/**
 * `partitionProducer.updateChunkInfo`: a message bigger than the connection's max message size
 * (chunking off) fails with ErrMessageTooLarge before anything is sent or batched. A non-batched
 * one has already taken its sequence id (`updateMetaData`); a batched one has none yet.
 */
export function messageTooLargeGo(ctx: Ctx, p: ProducerState, m: MsgRef, withMetadata = false): void {
  const op = unsentOp(frozen([m]), m.seq);
  // withMetadata: updateChunkInfo's payload check passed (not bigger than the limit), but
  // `internal.serializeMessage` counts metadata + payload and fails the send request
  // (internalSingleSend → sr.done with ErrExceedMaxMessageSize); nothing is written.
  if (withMetadata) return completeOpFailure(ctx, p, op, 'ErrExceedMaxMessageSize', 'internal.serializeMessage:message-too-large');
  completeOpFailure(ctx, p, op, 'ErrMessageTooLarge', 'partitionProducer.updateChunkInfo:message-too-large');
}

/**
 * `partitionProducer.ReceivedSendReceipt`: head id < receipt id → close the connection; head id >
 * receipt id → ignore (taken for a timed-out item); equal → pop and call every callback with a nil
 * error. Ledger/entry -1 are not special-cased, and highest_sequence_id is ignored.
 */
export function receivedSendReceipt(ctx: Ctx, p: ProducerState, r: Extract<ResponseFrame, { kind: 'receipt' }>): void {
  const item = p.pendingMessages[0];
  const rule = 'partitionProducer.ReceivedSendReceipt';
  if (!item) {
    ctx.events.push(ev('log', p.name, `receipt ${answeredLabel(r)} seq ${r.sequenceId} with nothing pending (a timed-out msg): ignored`, [], { rule: `${rule}:empty` }));
    return;
  }
  if (item.sequenceId < r.sequenceId) {
    dropConnection(ctx, p, `local ${item.sequenceId} < remote ${r.sequenceId}`, `${rule}:local-lower`);
    return;
  }
  if (item.sequenceId > r.sequenceId) {
    ctx.events.push(ev('log', p.name, `receipt ${answeredLabel(r)}: local ${item.sequenceId} > remote ${r.sequenceId}: ignored (taken for a timed-out msg)`, [], { rule: `${rule}:local-higher` }));
    return;
  }
  p.pendingMessages.shift();
  p.lastSequenceIdPublished = sendsHighest(ctx) ? Math.max(p.lastSequenceIdPublished, item.highestSequenceId, item.sequenceId) : item.sequenceId;
  otherChunkMatched(ctx, p, r, item, rule);
  completeOpSuccess(ctx, p, item, r.ledgerId, r.entryId, `${rule}:match`);
}

/**
 * Index of the `nth` pending item holding `msg` (-1: fewer): the item whose expiry a Go
 * send-timeout names (`fault:send-timeout:<msg>#<nth>`; the first without `#`).
 */
export function expiredItem(pending: readonly { readonly msgs: readonly { readonly msg: string }[] }[], msg: string, nth = 1): number {
  let seen = 0;
  for (let i = 0; i < pending.length; i++) if (pending[i]!.msgs.some((m) => m.msg === msg) && ++seen === nth) return i;
  return -1;
}

/**
 * The proposed `go-timeout-all-chunks` (no pulsar-client-go PR): once `failTimeoutMessages` polls a
 * chunk other than its message's last, it goes on polling the items that follow while they hold the
 * same message's next chunks (one `chunkRecorder`; `internalSend` writes them back to back), whatever
 * their `createdAt`, and fails them too — the last one's `sendRequest.done` runs the callback with
 * ErrSendTimeout. Without it the last chunk's item stays pending and the first chunk's late receipt,
 * matched by sequence id alone in `ReceivedSendReceipt`, completes it. Returns the index of the last
 * item to fail: `at` itself when that item is not a non-last chunk.
 */
function lastChunkItem(pending: readonly OpSendMsg[], at: number): number {
  let last = at;
  for (;;) {
    const c = soleChunk(pending[last]);
    const next = soleChunk(pending[last + 1]);
    if (!c || !next || c.id === c.of - 1 || next.msg !== c.msg || next.sendIndex !== c.sendIndex || next.id !== c.id + 1) return last;
    last += 1;
  }
}

const soleChunk = (op: OpSendMsg | undefined) => {
  const m = op && op.msgs.length === 1 ? op.msgs[0]! : undefined;
  return m?.chunk ? { msg: m.msg, sendIndex: m.sendIndex, id: m.chunk.id, of: m.chunk.of } : undefined;
};

/**
 * `partitionProducer.failTimeoutMessages`, the send-timeout goroutine (SendTimeout > 0; the
 * replicator is Java and runs with sendTimeout 0): it polls pendingQueue items from the oldest
 * *while* they have expired and stops at the first that has not. `msg` has expired, so its item
 * and every older one fail with ErrSendTimeout; younger items stay pending and the batch builder
 * is not touched. No connection close, the sequence id generator keeps its value. `nth`: which of
 * the items holding `msg` expired (an application's second send of M1 while the first is pending).
 */
export function failTimeoutMessages(ctx: Ctx, p: ProducerState, msg: string, nth = 1): void {
  const expired = expiredItem(p.pendingMessages, msg, nth);
  const upTo = hasFix(ctx.w.config, 'go-timeout-all-chunks') ? lastChunkItem(p.pendingMessages, expired) : expired;
  if (upTo > expired) {
    const rest = p.pendingMessages.slice(expired + 1, upTo + 1).map((op) => labelOf(op.msgs)).join(', ');
    const text = `${labelOf(p.pendingMessages[expired]!.msgs)} expired: its message's later chunks fail with it though younger (${rest}), so no receipt can complete the message`;
    ctx.events.push(ev('log', p.name, text, p.pendingMessages[expired]!.msgs.map((m) => m.msg), { cluster: p.cluster, rule: 'partitionProducer.failTimeoutMessages:all-chunks' }));
  }
  const failed = p.pendingMessages.slice(0, upTo + 1);
  p.pendingMessages = p.pendingMessages.slice(upTo + 1);
  ctx.events.push(ev('log', p.name, `Failing ${failed.length} messages on timeout`, failed.flatMap((op) => op.msgs.map((m) => m.msg)), { cluster: p.cluster, rule: 'partitionProducer.failTimeoutMessages' }));
  for (const op of failed) completeOpFailure(ctx, p, op, 'ErrSendTimeout', 'partitionProducer.failTimeoutMessages:done');
}

/**
 * Go `connection.handleSendError`: a NotAllowedError only unregisters the producer from the
 * connection (`deletePendingProducers`) — no item fails, nothing is resent, the connection stays
 * open. The producer keeps writing, the broker keeps storing, but no answer reaches it again and
 * it is not told when the connection closes: every pending item waits for the send timeout
 * (`failTimeoutMessages`, the send-timeout fault), so without one its callbacks never run. Anything else — ChecksumError and
 * PersistenceError included — closes the connection, and the producer reconnects and resends.
 */
export function handleSendErrorGo(ctx: Ctx, p: ProducerState, e: Extract<ResponseFrame, { kind: 'error' }>): void {
  const ch = ctx.w.channels[p.name]!;
  if (e.error === 'NotAllowedError') {
    ch.listening = false;
    const text = `NotAllowedError: ${p.name} is removed from the connection's producers; its later answers are dropped and its pending sends wait for the send timeout`;
    ctx.events.push(ev('log', p.name, text, e.msgs, { cluster: p.cluster, rule: 'connection.handleSendError:not-allowed' }));
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
