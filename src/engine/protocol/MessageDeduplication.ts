// Broker-side deduplication: `org.apache.pulsar.broker.service.persistent.MessageDeduplication`.
// One pair of watermarks per producer name and topic. The broker decides per entry (a batch is
// one entry) and compares only the entry's lowest sequence id; the highest only moves the mark.
// This file is the per-send check and record; the replicator's V2 watermark, the replay on a load
// and the runtime switch are MessageDeduplicationReplV2.ts, …ReplayCursor.ts and …CheckStatus.ts.
import type { DedupState } from '../model/topic';

export type MessageDupStatus = 'NotDup' | 'Dup' | 'Unknown';

/**
 * `MessageDeduplication.isDuplicateNormal` (also the V1 replicator path with the original name).
 * NotDup raises `highestSequencedPushed` at once, before the write: a second copy arriving while
 * the first is still being written is Unknown, not NotDup.
 */
export function isDuplicate(
  dedup: DedupState,
  key: string,
  sequenceId: number,
  highestSequenceId: number,
): MessageDupStatus {
  if (!dedup.enabled) return 'NotDup';
  const pushed = dedup.highestSequencedPushed[key];
  if (pushed !== undefined && sequenceId <= pushed) {
    const persisted = dedup.highestSequencedPersisted[key];
    return persisted !== undefined && sequenceId <= persisted ? 'Dup' : 'Unknown';
  }
  dedup.highestSequencedPushed[key] = Math.max(highestSequenceId, sequenceId);
  return 'NotDup';
}

/**
 * `MessageDeduplication.isDuplicateReplV1`: it parses the entry's metadata only for the *original
 * producer's name* (and keeps the original ids in the publish context for
 * `recordMessagePersistedNormal`), then runs `isDuplicateNormal(…, useOriginalProducerName = true)`,
 * which reads the sequence ids from the publish context — the replicator's CommandSend. That frame
 * carries the entry's lowest id and no highest_sequence_id (the replicator's producer does not
 * batch, and `Commands.newSend` with a message id writes -1), so a NotDup pushes the entry's
 * *lowest* id, while its persistence records max(metadata highest, lowest). For a source batch
 * entry [0, 1], pushed stays 0 until another entry moves it: a later entry holding id 1 alone
 * (an isolated retry of the batch's second message) is NotDup, not Dup.
 */
export function isDuplicateReplV1(
  dedup: DedupState,
  originalProducer: string,
  frameSequenceId: number,
  frameHighestSequenceId = -1,
): MessageDupStatus {
  return isDuplicate(dedup, originalProducer, frameSequenceId, frameHighestSequenceId);
}

/**
 * `MessageDeduplication.isDuplicateNormal` for one chunk of a chunked message. Every chunk carries
 * the message's sequence id. Before apache/pulsar PR 20948 the broker judged each chunk like any
 * message, so chunk 0 raised pushed to the id and every later chunk of the same message compared
 * equal: Unknown while chunk 0 was still being written, Dup (dropped, `-1:-1`) once it was
 * persisted. With the fix (`pr-20948`, merged, 2.10.6 / 3.0.x / 3.1), a chunk that is not the
 * last one is NotDup without a check and without touching pushed (IS_LAST_CHUNK false); only the
 * last chunk is judged and pushes, and only its write records persisted
 * (`recordMessagePersistedNormal`). A resent non-last chunk is therefore written again; the
 * consumer discards the repeat (`ConsumerImpl.processMessageChunk`, same PR).
 */
export function isDuplicateChunk(
  dedup: DedupState,
  key: string,
  sequenceId: number,
  chunk: { readonly id: number; readonly of: number },
  pr20948: boolean,
): MessageDupStatus {
  if (chunkUnchecked(dedup, chunk, pr20948)) return 'NotDup';
  return isDuplicate(dedup, key, sequenceId, -1);
}

/** PR 20948's IS_LAST_CHUNK false: a chunk other than the last, passed without a check. */
export const chunkUnchecked = (
  dedup: DedupState,
  chunk: { readonly id: number; readonly of: number },
  pr20948: boolean,
): boolean => pr20948 && dedup.enabled && chunk.id !== chunk.of - 1;

/** PR 20948: a write records persisted unless it is a chunk other than its message's last. */
export const recordsPersisted = (
  msgs: readonly { readonly chunk?: { readonly id: number; readonly of: number } }[],
  pr20948: boolean,
): boolean => {
  const c = msgs.length === 1 ? msgs[0]!.chunk : undefined;
  return !pr20948 || c === undefined || c.id === c.of - 1;
};

/**
 * `MessageDeduplication.recordMessagePersistedNormal`, called from `PersistentTopic.addComplete`:
 * a plain overwrite (adds complete in order, so it only moves forward).
 */
export function recordMessagePersisted(
  dedup: DedupState,
  key: string,
  sequenceId: number,
  highestSequenceId: number,
): void {
  if (!dedup.enabled) return;
  dedup.highestSequencedPersisted[key] = Math.max(highestSequenceId, sequenceId);
}

/**
 * `MessageDeduplication.getLastPublishedSequenceId`: what `CommandProducerSuccess` carries as
 * `last_sequence_id` — the *pushed* value, or -1.
 */
export function getLastPublishedSequenceId(dedup: DedupState, key: string): number {
  return dedup.enabled ? (dedup.highestSequencedPushed[key] ?? -1) : -1;
}

/**
 * `MessageDeduplication.resetHighestSequenceIdPushed`: after a write failure fenced the topic and
 * the last pending write finished, pushed := persisted (PR 5243), so resends are judged again.
 */
export function resetHighestSequenceIdPushed(dedup: DedupState): void {
  dedup.highestSequencedPushed = { ...dedup.highestSequencedPersisted };
}
