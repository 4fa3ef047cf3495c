// The V2 check for replicated messages (apache/pulsar PR 23697): `MessageDeduplication`'s
// `isDuplicateReplV2` and `recordMessagePersistedRepl`, which judge a replicator's send by its
// source position, not by a sequence id — and PR 25860's `recoverReplWatermarkFromMetadata`, which
// restores it on a replay. Its own file because the watermark is a key space of its own
// (`<name>_LID` / `<name>_EID`) with its own order: a position's, not a sequence id's.
import type { DedupState } from '../model/topic';
import type { MessageDupStatus } from './MessageDeduplication';
import type { ReplayedEntry } from './MessageDeduplicationReplayCursor';

/** The two keys of a replicator producer's watermark in both maps. */
const lid = (name: string) => `${name}_LID`;
const eid = (name: string) => `${name}_EID`;

/** Lexicographic (ledgerId, entryId) ≤: the watermark's order, and a cursor position's. */
export const atOrBelow = (
  l: number,
  e: number,
  ml: number | undefined,
  me: number | undefined,
): boolean => ml !== undefined && me !== undefined && (l < ml || (l === ml && e <= me));

/**
 * `MessageDeduplication.isDuplicateReplV2`: one high-watermark over source positions per
 * replicator producer name, kept as two independent keys `<name>_LID` / `<name>_EID`. Any source
 * position at or below it can never be NotDup again — the gap of seed 000.
 */
export function isDuplicateReplV2(
  dedup: DedupState,
  name: string,
  ledgerId: number,
  entryId: number,
): MessageDupStatus {
  if (!dedup.enabled) return 'NotDup';
  const pushed = dedup.highestSequencedPushed;
  if (atOrBelow(ledgerId, entryId, pushed[lid(name)], pushed[eid(name)])) {
    const persisted = dedup.highestSequencedPersisted;
    return atOrBelow(ledgerId, entryId, persisted[lid(name)], persisted[eid(name)])
      ? 'Dup'
      : 'Unknown';
  }
  pushed[lid(name)] = ledgerId;
  pushed[eid(name)] = entryId;
  return 'NotDup';
}

/** `MessageDeduplication.recordMessagePersistedRepl`: a plain overwrite of both keys. */
export function recordMessagePersistedRepl(
  dedup: DedupState,
  name: string,
  ledgerId: number,
  entryId: number,
): void {
  if (!dedup.enabled) return;
  dedup.highestSequencedPersisted[lid(name)] = ledgerId;
  dedup.highestSequencedPersisted[eid(name)] = entryId;
}

/**
 * PR 25860 (`MessageDeduplication.recoverReplWatermarkFromMetadata`, open): a replayed entry that
 * came from another cluster (`replicated_from`) and carries its source position
 * (`__MSG_PROP_REPL_SOURCE_POSITION`) restores the watermark of the replicator that wrote it — a
 * name derived as `pulsar.repl.<replicated_from>--><local cluster>`, not stored in the entry —
 * in both maps, as one pair, and only forward (a max over source positions). The replicator's
 * resends below it are then Dup after a reload, as they were before it.
 */
export function recoverReplWatermarkFromMetadata(
  dedup: DedupState,
  e: ReplayedEntry,
  localCluster: string,
): void {
  const src = e.msgs[0]?.sourcePosition;
  if (e.replicatedFrom === undefined || !src) return;
  const name = `pulsar.repl.${e.replicatedFrom}-->${localCluster}`;
  for (const m of [dedup.highestSequencedPushed, dedup.highestSequencedPersisted]) {
    if (atOrBelow(src.ledgerId, src.entryId, m[lid(name)], m[eid(name)])) continue;
    m[lid(name)] = src.ledgerId;
    m[eid(name)] = src.entryId;
  }
}
