// The Java client's open batch: `BatchMessageContainerImpl` and its `AbstractBatchMessageContainer`.
// A batch is bounded by a message count and by payload bytes; the bytes are the messages' `size`
// (a send without one counts 0), not the serialized frame, as `currentBatchSizeBytes` counts them.
import {
  BROKER_MAX_MESSAGE_SIZE,
  DEFAULT_BATCHING_MAX_BYTES,
  type ProducerConfig,
} from '../model/config';
import type { MsgRef, ProducerState } from '../model/producer';
import { type Ctx, tick } from '../sim/context';

export type BatchLimits = Pick<ProducerConfig, 'batchingMaxMessages' | 'batchingMaxBytes'>;

/** `currentBatchSizeBytes`: the payload bytes of the messages in the open batch. */
export function batchBytes(p: ProducerState): number {
  let bytes = 0;
  for (const m of p.batch) bytes += m.size ?? 0;
  return bytes;
}

/**
 * The bytes a batch may hold. A `batchingMaxBytes` of 0 means the max message size in Java
 * (`haveEnoughSpace`), Go's default 128 KiB in Go (`NewProducer` fills in `defaultMaxBatchSize`).
 */
export function batchByteLimit(client: 'java' | 'go', batchingMaxBytes: number): number {
  if (batchingMaxBytes > 0) return batchingMaxBytes;
  return client === 'java' ? BROKER_MAX_MESSAGE_SIZE : DEFAULT_BATCHING_MAX_BYTES;
}

const byteLimit = (l: BatchLimits): number => batchByteLimit('java', l.batchingMaxBytes);

/** `AbstractBatchMessageContainer.haveEnoughSpace`: the message's bytes fit, and the count is below the max. */
export function haveEnoughSpace(p: ProducerState, m: MsgRef, l: BatchLimits): boolean {
  return batchBytes(p) + (m.size ?? 0) <= byteLimit(l) && p.batch.length < l.batchingMaxMessages;
}

/** `AbstractBatchMessageContainer.isBatchFull`: bytes at the limit, or the count at the max. */
export function isBatchFull(p: ProducerState, l: BatchLimits): boolean {
  return batchBytes(p) >= byteLimit(l) || p.batch.length >= l.batchingMaxMessages;
}

/** `BatchMessageContainerImpl.add`: lastSequenceIdPushed rises as messages join a batch. */
export function addToContainer(ctx: Ctx, p: ProducerState, m: MsgRef): void {
  if (p.batch.length === 0) p.batchBorn = tick(ctx.w);
  p.batch.push(m);
  p.lastSequenceIdPushed = Math.max(p.lastSequenceIdPushed, m.seq);
}
