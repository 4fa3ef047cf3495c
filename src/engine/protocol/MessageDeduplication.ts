// Broker-side deduplication: `org.apache.pulsar.broker.service.persistent.MessageDeduplication`.
// One pair of watermarks per producer name and topic. The broker decides per entry (a batch is
// one entry) and compares only the entry's lowest sequence id; the highest only moves the mark.
import type { DedupState } from '../model/world';

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
