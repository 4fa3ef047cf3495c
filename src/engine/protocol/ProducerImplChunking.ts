// How a chunking producer splits a message too big for one frame: Java `ProducerImpl.sendAsync`'s
// chunking branch and Go `partitionProducer.updateChunkInfo` / `internalSend`. The chunk size lives
// here because the application's permit count (application.ts), the send and the outcomes panel
// all derive from the same number.
import {
  BROKER_MAX_MESSAGE_SIZE,
  MIN_METADATA_BYTES,
  type ProducerConfig,
  type WorkloadItem,
} from '../model/config';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import type { Ctx } from '../sim/context';
import { singleSendGo } from './partitionProducer';
import { processOpSendMsg } from './ProducerImpl';

/**
 * The payload one chunk carries: the connection's max message size (the broker's maxMessageSize,
 * from CommandConnected) less the message's metadata — Java `ProducerImpl.sendAsync`'s
 * payloadChunkSize, Go `partitionProducer.updateChunkInfo`'s `maxMessageSize − proto.Size(mm)`.
 */
export const CHUNK_PAYLOAD = BROKER_MAX_MESSAGE_SIZE - MIN_METADATA_BYTES;

/**
 * The payload one chunk of this producer carries: CHUNK_PAYLOAD, or its `chunkMaxMessageSize` when
 * smaller (Java `sendAsync`: min(chunkMaxMessageSize, maxMessageSize − metadata); Go
 * `updateChunkInfo`: min(maxMessageSize − metadata, ChunkMaxMessageSize) when that is not 0).
 */
export const chunkPayloadOf = (config: Pick<ProducerConfig, 'chunkMaxMessageSize'>): number =>
  Math.min(CHUNK_PAYLOAD, config.chunkMaxMessageSize ?? CHUNK_PAYLOAD);

/**
 * The chunks of a message whose payload is bigger than `payload` (chunkPayloadOf), or null when it
 * fits one frame. Java `ProducerImpl.sendAsync` and Go `partitionProducer.updateChunkInfo` compute
 * the same count, ceil(size / payloadChunkSize) (at least 1, meaning no chunking); each chunk
 * carries `chunk_id` and `num_chunks_from_msg`, and every chunk but the last a full payload.
 */
export function chunksOf(m: MsgRef, size: number, payload = CHUNK_PAYLOAD): MsgRef[] | null {
  if (size <= payload) return null;
  const of = Math.ceil(size / payload);
  return Array.from({ length: of }, (_, id) =>
    frozen({ ...m, size: Math.min(payload, size - id * payload), chunk: frozen({ id, of }) }),
  );
}

/**
 * The permits a send takes (ProducerSemaphore.ts): one per chunk of a message its producer splits,
 * else one. Null for a Go send that `updateChunkInfo` fails (ErrMessageTooLarge) before
 * `reserveResources` runs; Java's `canEnqueueRequest` comes before every size check.
 */
export function permitsNeeded(
  cfg: ProducerConfig,
  item: Pick<Extract<WorkloadItem, { kind: 'send' }>, 'size'>,
): number | null {
  const size = item.size;
  if (size === undefined) return 1;
  if (!cfg.chunking) return cfg.client === 'go' && size > BROKER_MAX_MESSAGE_SIZE ? null : 1;
  const payload = chunkPayloadOf(cfg);
  return size <= payload ? 1 : Math.ceil(size / payload);
}

/**
 * A chunking producer splits a payload that does not fit one frame with its metadata
 * (chunksOf). Java ProducerImpl.sendAsync makes each chunk an OpSendMsg of its own with the same
 * sequence id (serializeAndSendMessage per chunk, one ChunkedMessageCtx); Go
 * partitionProducer.internalSend makes each a sendRequest of its own (one chunkRecorder) and
 * writes it through internalSingleSend as its own pendingItem, with the id updateMetaData gave
 * the message. Both name the uuid producerName-sequenceId. False when `m` is not split.
 */
export function sendChunks(
  ctx: Ctx,
  p: ProducerState,
  m: MsgRef,
  config: ProducerConfig,
  size: number | undefined,
): boolean {
  const payload = chunkPayloadOf(config);
  const chunks = config.chunking && size !== undefined ? chunksOf(m, size, payload) : null;
  if (!chunks) return false;
  const rule =
    p.client === 'java'
      ? 'ProducerImpl.sendAsync:chunking'
      : 'partitionProducer.internalSend:chunking';
  const capped =
    payload < CHUNK_PAYLOAD
      ? ` (${p.client === 'java' ? 'chunkMaxMessageSize' : 'ChunkMaxMessageSize'})`
      : '';
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${m.msg}: ${size} bytes > ${payload} per chunk${capped}: ${chunks.length} chunks, seq ${m.seq} each`,
      [m.msg],
      { cluster: p.cluster, rule },
    ),
  );
  for (const part of chunks) {
    if (p.client === 'java') processOpSendMsg(ctx, p, [part], m.seq, -1);
    else singleSendGo(ctx, p, part);
  }
  return true;
}
