// `MessageDeduplication`'s housekeeping: the snapshot of the sequence-id map stored in the dedup
// cursor (`takeSnapshot`, every `brokerDeduplicationEntriesInterval` recorded writes and on the
// `brokerDeduplicationSnapshotIntervalSeconds` timer); the purge of producers gone longer than
// `brokerDeduplicationProducerInactivityTimeoutMinutes` is MessageDeduplicationPurge.ts. Opt-in per
// scenario (`ClusterConfig.dedupHousekeeping`); the two timers have no clock here, so each is an
// action offered wherever it could fire (enabled.ts). docs/research/dedup-snapshot.md.
import type { DedupState, Position, StoredEntry, TopicState } from '../model/topic';
import { ev } from '../model/events';
import { type Ctx, peek } from '../sim/context';
import { topicDown } from './PersistentTopicServing';
import { readableOf } from './ManagedLedger';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
export const posText = (p: Position) => `${p.ledgerId}:${p.entryId}`;

/**
 * The dedup cursor's mark-delete position: the last snapshot's, else where a runtime switch opened
 * it, else (a cursor from before the run that no snapshot moved) before the first ledger.
 */
export function dedupMarkDelete(dedup: DedupState, firstLedger: number): Position {
  return dedup.snapshot?.position ?? dedup.cursor ?? { ledgerId: firstLedger, entryId: -1 };
}

/**
 * `MessageDeduplication.takeSnapshot(position)`: up to `brokerDeduplicationMaxNumberOfProducers`
 * names of `highestSequencedPersisted` become the cursor's properties and the cursor is
 * mark-deleted to `position` (`markDelete(cursor, position, snapshot)`). Pulsar copies them in its
 * hash map's order, so which names a cap keeps is arbitrary there; here, by name. The mark-delete
 * is asynchronous in Pulsar (`snapshotTaking` refuses a second one meanwhile); here it is done at once.
 */
export function takeSnapshot(dedup: DedupState, position: Position): readonly string[] {
  const names = Object.keys(dedup.highestSequencedPersisted).sort();
  const kept = names.slice(0, dedup.maxNumberOfProducers ?? names.length);
  const map: Record<string, number> = {};
  for (const k of kept) map[k] = dedup.highestSequencedPersisted[k]!;
  dedup.snapshot = { position: { ledgerId: position.ledgerId, entryId: position.entryId }, map };
  return names.filter((n) => !kept.includes(n));
}

/**
 * `MessageDeduplication.increaseSnapshotCounterAndTakeSnapshotIfNeeded`, after every write
 * `recordMessagePersisted` records (while Enabled; a chunk that records no id still counts): the
 * counter reaching the interval takes a snapshot at that entry and starts again.
 */
export function snapshotIfDue(ctx: Ctx, topic: TopicState, entry: StoredEntry): void {
  const d = topic.dedup;
  if (d.entriesInterval === undefined || !d.enabled) return;
  d.snapshotCounter = (d.snapshotCounter ?? 0) + 1;
  if (d.snapshotCounter < d.entriesInterval) return;
  d.snapshotCounter = 0;
  const at = { ledgerId: entry.ledgerId, entryId: entry.entryId };
  snapshotLog(ctx, topic, at, takeSnapshot(d, at), `${d.entriesInterval} entries recorded`);
}

/**
 * The end of `MessageDeduplication.replayCursor` (a load, or a runtime switch's recovery): the
 * counter becomes the number of entries read, and a replay that read at least the interval takes a
 * snapshot at the last of them — without resetting the counter, so the next write takes one too.
 */
export function afterReplay(dedup: DedupState, read: number, last: Position | undefined): void {
  if (dedup.entriesInterval === undefined) return;
  dedup.snapshotCounter = read;
  if (last && read >= dedup.entriesInterval) takeSnapshot(dedup, last);
}

/** The managed ledger's last confirmed entry: with bookies its `lastConfirmedEntry`, else the last stored. */
function lastConfirmed(topic: TopicState): Position | null {
  const t = peek(topic);
  if (t.bk) return t.bk.ml.lastConfirmedEntry.entryId < 0 ? null : t.bk.ml.lastConfirmedEntry;
  const last = readableOf(topic as TopicState).at(-1);
  return last ? { ledgerId: last.ledgerId, entryId: last.entryId } : null;
}

export const firstLedger = (t: TopicState): number =>
  peek(t).bk ? (peek(t).bk!.ml.ledgers[0]?.id ?? -1) : (peek(t).ledgers[0]?.id ?? -1);

/** A broker serves the topic and its dedup is Enabled: the broker's monitors reach it. */
export const served = (topic: TopicState): boolean => {
  const t = peek(topic);
  if (!t.dedup.enabled || t.dedup.recovering != null || topicDown(topic)) return false;
  return !t.bk || (t.bk.takeover === null && t.bk.ml.state !== 'Fenced');
};

/**
 * Whether `MessageDeduplication.takeSnapshot()` — the broker's snapshot monitor
 * (`brokerDeduplicationSnapshotFrequencyInSeconds`), once `…SnapshotIntervalSeconds` passed since
 * the last snapshot — would store one now: Enabled, and the last confirmed entry is past the
 * cursor's mark-delete. The position it would take, or null.
 */
export function snapshotTimerAt(topic: TopicState): Position | null {
  if (!served(topic)) return null;
  const lce = lastConfirmed(topic);
  const md = dedupMarkDelete(peek(topic).dedup as DedupState, firstLedger(topic));
  return lce && cmp(lce, md) > 0 ? lce : null;
}

/** The timer's step: `takeSnapshot()` at the managed ledger's last confirmed entry. */
export function snapshotTimer(ctx: Ctx, topic: TopicState): void {
  const at = snapshotTimerAt(topic);
  if (!at) return;
  snapshotLog(ctx, topic, at, takeSnapshot(topic.dedup, at), 'the snapshot interval passed');
}

function snapshotLog(ctx: Ctx, t: TopicState, at: Position, left: readonly string[], why: string) {
  const map = Object.entries(t.dedup.snapshot!.map).map(([k, v]) => `${k}=${v}`);
  const cap =
    left.length > 0
      ? `; ${left.join(', ')} left out (brokerDeduplicationMaxNumberOfProducers ${t.dedup.maxNumberOfProducers})`
      : '';
  const text = `dedup snapshot (${why}): {${map.join(', ')}} stored in pulsar.dedup, its mark-delete moved to ${posText(at)}${cap}`;
  ctx.events.push(
    ev('log', t.owner, text, [], { cluster: t.cluster, rule: 'MessageDeduplication.takeSnapshot' }),
  );
}
