// The Java client producer's batching path, still `ProducerImpl` in Pulsar: `serializeAndSendMessage`
// with batching on, `doBatchSendAndAdd` and `batchMessageAndSend` — how messages added one by one
// become ops (the container itself is BatchMessageContainerImpl.ts). Its own file because the rules
// that decide a batch's boundaries (space, PR 5491 + PR 6326's potential-duplicate isolation, a
// message too large for any batch) are read and argued about apart from the receipt and error
// handling in ProducerImpl.ts, which only ever sees the finished op.
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf } from '../sim/context';
import { processOpSendMsg } from './ProducerImpl';
import { completeOpFailure, unsentOp } from './SendCallback';
import {
  addToContainer,
  batchBytes,
  type BatchLimits,
  haveEnoughSpace,
  isBatchFull,
} from './BatchMessageContainerImpl';

/**
 * `ProducerImpl.batchMessageAndSend` → `processOpSendMsg`: the open batch becomes one op. A
 * one-message batch is sent like a single message (no highest_sequence_id); a real batch carries
 * lowest = first added id and highest = last added id.
 */
export function batchMessageAndSend(ctx: Ctx, p: ProducerState): void {
  if (p.batch.length === 0) return;
  const msgs = frozen(p.batch);
  p.batch = [];
  const first = msgs[0]!;
  const last = msgs[msgs.length - 1]!;
  processOpSendMsg(ctx, p, msgs, first.seq, msgs.length > 1 ? last.seq : -1);
}

/**
 * `ProducerImpl.serializeAndSendMessage` with batching on. A message that does not fit the open
 * batch (`canAddToCurrentBatch` → `haveEnoughSpace`: bytes, or count) closes it and starts the next
 * (`doBatchSendAndAdd`), checked before anything else: such a message is not tested as a potential
 * duplicate, as in Pulsar. Otherwise the rule of PR 5491 + PR 6326: an id ≤ lastSequenceIdPushed is
 * a potential duplicate and travels in a batch of its own (flush before it, and flush again before
 * the next new id), because the broker checks only a batch's lowest id. A batch that is full after
 * an add is sent at once (`triggerSendIfFullOrScheduleFlush`).
 */
export function addToBatchJava(ctx: Ctx, p: ProducerState, m: MsgRef, limits: BatchLimits): void {
  if (!haveEnoughSpace(p, m, limits)) {
    if (p.batch.length > 0)
      ctx.events.push(
        ev(
          'log',
          p.name,
          `${labelOf([m])} does not fit the open batch (${batchBytes(p)} + ${m.size ?? 0} bytes): batch closed`,
          [m.msg],
          { cluster: p.cluster, rule: 'ProducerImpl.doBatchSendAndAdd' },
        ),
      );
    return doBatchSendAndAdd(ctx, p, m, limits);
  }
  if (m.seq <= p.lastSequenceIdPushed) {
    p.isLastSequenceIdPotentialDuplicated = true;
    const definitely = m.seq <= p.lastSequenceIdPublished;
    const text = definitely
      ? `WARN sequence id ${m.seq} is definitely a duplicate: batch of its own`
      : `INFO sequence id ${m.seq} might be a duplicate but cannot be determined at this time: batch of its own`;
    ctx.events.push(
      ev('log', p.name, text, [m.msg], {
        cluster: p.cluster,
        rule: 'ProducerImpl.serializeAndSendMessage:potential-duplicate',
      }),
    );
    return doBatchSendAndAdd(ctx, p, m, limits);
  }
  if (p.isLastSequenceIdPotentialDuplicated) doBatchSendAndAdd(ctx, p, m, limits);
  else {
    addToContainer(ctx, p, m);
    if (isBatchFull(p, limits)) batchMessageAndSend(ctx, p);
  }
  p.isLastSequenceIdPotentialDuplicated = false;
}

/** `ProducerImpl.doBatchSendAndAdd`: send the open batch, start the next with this message. */
function doBatchSendAndAdd(ctx: Ctx, p: ProducerState, m: MsgRef, limits: BatchLimits): void {
  batchMessageAndSend(ctx, p);
  addToContainer(ctx, p, m);
  if (isBatchFull(p, limits)) batchMessageAndSend(ctx, p);
}

/**
 * A message bigger than the connection's max message size (`BROKER_MAX_MESSAGE_SIZE`), chunking
 * off. Not batched: `ProducerImpl.sendAsync` fails it with InvalidMessageException before it takes
 * a sequence id, and nothing is sent. Batched: it does not fit the open batch (`hasSpaceInBatch`),
 * so that batch is flushed and it joins a container of its own (`BatchMessageContainerImpl.add`
 * raises lastSequenceIdPushed); that one-message op is failed by `processOpSendMsg` →
 * `isMessageSizeExceeded` and never enters pendingMessages.
 */
export function messageTooLargeJava(
  ctx: Ctx,
  p: ProducerState,
  m: MsgRef,
  batched: boolean,
  withMetadata = false,
): void {
  const op = unsentOp(frozen([m]), m.seq);
  // withMetadata: the payload alone fits (sendAsync's check passed, the id is taken); the op's
  // metadata + payload does not (`isMessageSizeExceeded`, after the op is made).
  if (!batched)
    return completeOpFailure(
      ctx,
      p,
      op,
      'InvalidMessageException',
      withMetadata
        ? 'ProducerImpl.isMessageSizeExceeded'
        : 'ProducerImpl.sendAsync:message-too-large',
    );
  batchMessageAndSend(ctx, p);
  p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, m.seq);
  completeOpFailure(
    ctx,
    p,
    op,
    'InvalidMessageException',
    'ProducerImpl.processOpSendMsg:message-too-large',
  );
}
