// Broker-side deduplication: `org.apache.pulsar.broker.service.persistent.MessageDeduplication`.
// One pair of watermarks per producer name and topic. The broker decides per entry (a batch is
// one entry) and compares only the entry's lowest sequence id; the highest only moves the mark.
import type { DedupState } from '../model/topic';
import { afterReplay } from './MessageDeduplicationSnapshot';

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

// ---- Replicated messages (PR 23697) -------------------------------------------------------

const lid = (name: string) => `${name}_LID`;
const eid = (name: string) => `${name}_EID`;

/** Lexicographic (ledgerId, entryId) ≤. */
const atOrBelow = (l: number, e: number, ml: number | undefined, me: number | undefined): boolean =>
  ml !== undefined && me !== undefined && (l < ml || (l === ml && e <= me));

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

/**
 * PR 25860 (`MessageDeduplication.recoverReplWatermarkFromMetadata`, open): a replayed entry that
 * came from another cluster (`replicated_from`) and carries its source position
 * (`__MSG_PROP_REPL_SOURCE_POSITION`) restores the watermark of the replicator that wrote it — a
 * name derived as `pulsar.repl.<replicated_from>--><local cluster>`, not stored in the entry —
 * in both maps, as one pair, and only forward (a max over source positions). The replicator's
 * resends below it are then Dup after a reload, as they were before it.
 */
function recoverReplWatermarkFromMetadata(
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

/** Words for the reload's log line: what the replay did with the V2 watermarks. */
export const replayReplNote = (dedup: DedupState): string =>
  dedup.replWatermarkReplay
    ? ' (V2 _LID/_EID keys rebuilt from the replicated entries’ source positions, PR 25860)'
    : ' (V2 _LID/_EID keys are not rebuilt)';

// ---- Deduplication switched on or off at runtime ---------------------------------------------

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

/** What `checkStatus` did: `Removing` → `Disabled`, `Disabled` → `Recovering`, or nothing to do. */
export type StatusChange = 'disabled' | 'recovering' | 'unchanged';

/**
 * `MessageDeduplication.checkStatus`, run by `PersistentTopic.checkDeduplicationStatus` when the
 * namespace or topic policy changes (`onPoliciesUpdate`). Enabled → off: `Removing`, the dedup
 * cursor deleted (`asyncDeleteCursor`), both maps cleared, `Disabled`. Disabled → on: `Recovering`,
 * the dedup cursor opened (`ManagedLedgerUtils.openCursor` → `asyncOpenCursor(name)`, whose default
 * `InitialPosition.Latest` creates it at the managed ledger's last confirmed entry); its replay
 * (`replayCursor`) is the next step of its own, `recoveryComplete`, so sends and completions can
 * come in between (review 10). While `Recovering`, `isEnabled()` is false: `isDuplicate` answers
 * NotDup without pushing and `recordMessagePersisted` records nothing. Removing is one step (it
 * only clears). A second switch while Recovering is deferred (`checkStatus` reschedules itself).
 */
export function checkStatus(
  dedup: DedupState,
  shouldBeEnabled: boolean,
  lastConfirmedEntry: { readonly ledgerId: number; readonly entryId: number },
  born: number,
): StatusChange {
  if (dedup.enabled === shouldBeEnabled) return 'unchanged';
  // Either way the cursor holding a snapshot goes: deleted, or a new one with no properties.
  forgetSnapshot(dedup);
  if (!shouldBeEnabled) {
    dedup.enabled = false;
    dedup.cursor = null;
    dedup.highestSequencedPushed = {};
    dedup.highestSequencedPersisted = {};
    return 'disabled';
  }
  dedup.cursor = { ...lastConfirmedEntry };
  dedup.recovering = { born };
  return 'recovering';
}

/**
 * `MessageDeduplication.replayCursor` completing for a cursor a runtime switch created: it read the
 * entries from the cursor's read position up to the managed ledger's last confirmed entry *as of
 * now* (`ManagedCursor.hasMoreEntries`), so a write that completed since the switch is in the maps,
 * one still pending is not; then `status = Enabled`. Returns the entries it read.
 */
export function recoveryComplete(dedup: DedupState, entries: readonly ReplayedEntry[]): number {
  const read = entries.filter((e) => afterMarkDelete(dedup, e)).length;
  replayCursor(dedup, entries);
  return read;
}

/** A dedup cursor deleted or created anew holds no snapshot, and counts from 0 (absent fields stay absent). */
function forgetSnapshot(dedup: DedupState): void {
  if (dedup.snapshot) delete dedup.snapshot;
  delete dedup.loadSnapshot;
  if (dedup.snapshotCounter !== undefined) dedup.snapshotCounter = 0;
  if (dedup.inactiveProducers) dedup.inactiveProducers = [];
}
