// `MessageDeduplication.replayCursor`: how a topic load rebuilds both maps from the last snapshot
// and the entries after the dedup cursor's position, and what that replay reads of an entry. Its
// own file because a load (BrokerService, an ownership change, a runtime switch's recovery) asks
// only this, never the per-send check in MessageDeduplication.ts.
import type { DedupState } from '../model/topic';
import { recordsPersisted } from './MessageDeduplication';
import { atOrBelow, recoverReplWatermarkFromMetadata } from './MessageDeduplicationReplV2';
import { afterReplay } from './MessageDeduplicationSnapshot';

/**
 * `MessageDeduplication.replayCursor` on topic load: both maps start from the last snapshot (none
 * unless the scenario opts in: Pulsar's interval is 1000 entries; MessageDeduplicationSnapshot.ts)
 * and are rebuilt from every entry after its position, keyed by the metadata's
 * producer name (the *original* one for replicated entries) with max(highest, sequence id). The V2
 * `_LID`/`_EID` keys are never rebuilt by replay (apache/pulsar #25861) — unless the broker runs
 * PR 25860 (`replWatermarkReplay`): then each replicated entry also restores its replicator's
 * watermark (`recoverReplWatermarkFromMetadata`). `recoverProducerSequenceIdFromMetadata` reads no
 * chunk id, so a first chunk stored alone records its message's id as persisted — unless the broker
 * runs the proposed `replay-last-chunk` (`lastChunkReplay`, see `recordedOnReplay`).
 */
export function replayCursor(dedup: DedupState, entries: readonly ReplayedEntry[]): void {
  // A load while a runtime switch on is still Recovering: the load's `checkStatus` (policy on,
  // status Initialized) opens the cursor the switch created and replays from it — Enabled.
  if (dedup.recovering != null) {
    dedup.recovering = null;
    dedup.enabled = true;
  }
  dedup.highestSequencedPushed = {};
  dedup.highestSequencedPersisted = {};
  // A new instance's `inactiveProducers` is empty, and its replay marks no one (PR 21193).
  if (dedup.inactiveProducers) dedup.inactiveProducers = [];
  if (!dedup.enabled) return;
  // The snapshot in the cursor's properties is where both maps start (`getProperties`). Which one
  // it was is kept for `no-duplicates`' words: a later snapshot must not be named as the cause.
  delete dedup.loadSnapshot;
  if (dedup.snapshot) {
    dedup.highestSequencedPushed = { ...dedup.snapshot.map };
    dedup.highestSequencedPersisted = { ...dedup.snapshot.map };
    dedup.loadSnapshot = dedup.snapshot;
  }
  let read = 0;
  let last: { ledgerId: number; entryId: number } | undefined;
  for (const e of entries) {
    // `replayCursor` rewinds the dedup cursor and reads from its mark-delete position on: a cursor
    // opened at runtime (`checkStatus`) never saw what was written before it, and a snapshot's
    // position is where the entries it summarises end.
    if (!afterMarkDelete(dedup, e)) continue;
    read++;
    last = e;
    if (e.producerName === '') continue;
    if (recordedOnReplay(dedup, e)) {
      const seq = Math.max(e.highestSequenceId, e.sequenceId);
      dedup.highestSequencedPushed[e.producerName] = seq;
      dedup.highestSequencedPersisted[e.producerName] = seq;
    }
    if (dedup.replWatermarkReplay)
      recoverReplWatermarkFromMetadata(dedup, e, dedup.replWatermarkReplay.localCluster);
  }
  afterReplay(dedup, read, last);
}

/** What replay reads of a stored entry: its position and metadata (producer, ids, `replicated_from`, source-position property). */
export interface ReplayedEntry {
  readonly ledgerId: number;
  readonly entryId: number;
  readonly producerName: string;
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  readonly replicatedFrom?: string;
  readonly msgs: readonly {
    readonly sourcePosition?: { readonly ledgerId: number; readonly entryId: number };
    readonly chunk?: { readonly id: number; readonly of: number };
  }[];
}

/**
 * Proposed `replay-last-chunk` (no upstream PR; docs/research/chunking.md): `recoverProducerSequenceIdFromMetadata`
 * skips an entry whose metadata has a `chunk_id` other than `num_chunks_from_msg - 1`, in *both*
 * maps — the replay then leaves them as the live path of PR 20948 left them when that entry was
 * written (a non-last chunk neither pushes nor records persisted), so the maps a reload rebuilds
 * are the ones the topic had. Recording it in pushed alone would make the resent last chunk Unknown
 * (≤ pushed, > persisted) on every reconnect, with nothing to write that would ever persist it.
 * A replicated entry's V2 watermark (PR 25860) is still restored from every chunk: V2 records each.
 */
export const recordedOnReplay = (dedup: DedupState, e: ReplayedEntry): boolean =>
  !dedup.lastChunkReplay || recordsPersisted(e.msgs, true);

/** The entries a replay reads (after the dedup cursor) but, with `replay-last-chunk`, does not record: non-last chunks. */
export const chunksNotReplayed = <E extends ReplayedEntry>(
  dedup: DedupState,
  entries: readonly E[],
): E[] =>
  dedup.lastChunkReplay && dedup.enabled
    ? entries.filter(
        (e) => e.producerName !== '' && afterMarkDelete(dedup, e) && !recordedOnReplay(dedup, e),
      )
    : [];

/** Words for the reload's log line: what the replay did with the V2 watermarks. */
export const replayReplNote = (dedup: DedupState): string =>
  dedup.replWatermarkReplay
    ? ' (V2 _LID/_EID keys rebuilt from the replicated entries’ source positions, PR 25860)'
    : ' (V2 _LID/_EID keys are not rebuilt)';

/**
 * Whether a load's replay reads an entry: after the last snapshot's position when one was taken,
 * else after the cursor's start (`afterDedupCursor`).
 */
export function afterMarkDelete(
  dedup: DedupState,
  e: { readonly ledgerId: number; readonly entryId: number },
): boolean {
  const s = dedup.snapshot;
  if (!s) return afterDedupCursor(dedup, e);
  return !atOrBelow(e.ledgerId, e.entryId, s.position.ledgerId, s.position.entryId);
}

/**
 * Whether an entry lies after where the dedup cursor started (every entry, for a cursor from before
 * the run): `no-duplicates` judges only copies written since deduplication was last switched on.
 */
export function afterDedupCursor(
  dedup: DedupState,
  e: { readonly ledgerId: number; readonly entryId: number },
): boolean {
  const c = dedup.cursor;
  if (c === undefined) return true;
  return c !== null && !atOrBelow(e.ledgerId, e.entryId, c.ledgerId, c.entryId);
}
