// The Go client producer: pulsar-client-go `pulsar/producer_partition.go` (`partitionProducer`)
// with `internal/batch_builder.go` (`batchContainer`), before and after PR 1565. Before it, a
// batch carries only its first id (no highest_sequence_id) and a resent id may share a batch with
// new ones. The fix's two halves are separate toggles so each can be judged alone. This file is the
// way from a message to a pendingItem (`internalSend`, `internalSingleSend`); what the broker
// answers is in partitionProducerReceipt.ts, the send-timeout goroutine (`failTimeoutMessages`) in
// partitionProducerSendTimeout.ts.
import { BROKER_MAX_MESSAGE_SIZE } from '../model/config';
import { hasFix } from '../model/fixes';
import { batchByteLimit, batchBytes, type BatchLimits } from './BatchMessageContainerImpl';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, tick } from '../sim/context';
import { writeOp } from './ClientCnx';
import { completeOpFailure, unsentOp } from './SendCallback';

// PR 1565's halves, asked where an id is sent (here) and where its receipt is matched.
export const sendsHighest = (ctx: Ctx): boolean =>
  hasFix(ctx.w.config, 'go-1565') || hasFix(ctx.w.config, 'go-highest-sequence-id');
export const isolatesResends = (ctx: Ctx): boolean =>
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
