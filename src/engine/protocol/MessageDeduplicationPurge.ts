// `MessageDeduplication`'s purge of producers gone longer than
// `brokerDeduplicationProducerInactivityTimeoutMinutes` (`producerRemoved` / `producerAdded` /
// `purgeInactiveProducers`). Opt-in per scenario (`topic.deduplicationInactivityPurge`); the
// timeout has no clock here, so the purge is an action offered wherever it could act (enabled.ts).
// docs/research/dedup-snapshot.md; review 24 (row g20) for the purge of a name in neither map.
import type { DedupState, TopicState } from '../model/topic';
import { ev } from '../model/events';
import { type Ctx, peek } from '../sim/context';
import {
  dedupMarkDelete,
  firstLedger,
  posText,
  served,
  takeSnapshot,
} from './MessageDeduplicationSnapshot';

/**
 * `MessageDeduplication.producerRemoved`, from `PersistentTopic.handleProducerRemoved` (the
 * connection closed, or the broker closed the producer): the name is inactive from now. A no-op
 * unless Enabled (PR 21193) — so the replay on a load, which runs before Enabled, marks no one.
 */
export function producerRemoved(dedup: DedupState, name: string): void {
  if (!dedup.inactiveProducers || !dedup.enabled || dedup.recovering != null) return;
  if (!dedup.inactiveProducers.includes(name)) dedup.inactiveProducers.push(name);
}

/** `MessageDeduplication.producerAdded`, from `PersistentTopic.addProducer`: active again. */
export function producerAdded(dedup: DedupState, name: string): void {
  if (!dedup.inactiveProducers?.includes(name) || !dedup.enabled) return;
  dedup.inactiveProducers = dedup.inactiveProducers.filter((n) => n !== name);
}

const inMaps = (d: DedupState, name: string): boolean =>
  name in d.highestSequencedPushed || name in d.highestSequencedPersisted;

/**
 * Whether the snapshot a purge stores (`takeSnapshot(cursor.getMarkDeletedPosition())`: the maps
 * as they are now, at the unchanged mark-delete) differs from the one the cursor holds. It does
 * when writes were recorded since the last snapshot — for a V2 replicator's `<name>_LID` /
 * `<name>_EID` keys that matters, as a load's replay never rebuilds them (#25861).
 */
function snapshotWouldChange(d: DedupState): boolean {
  const names = Object.keys(d.highestSequencedPersisted).sort();
  const now = names.slice(0, d.maxNumberOfProducers ?? names.length);
  const held = d.snapshot?.map ?? {};
  return (
    now.length !== Object.keys(held).length ||
    now.some((n) => held[n] !== d.highestSequencedPersisted[n])
  );
}

/**
 * The names `purgeInactiveProducers` could purge now (each has been gone longer than the timeout
 * once the action runs): inactive, on a served topic, and either still in a map or — a name the
 * maps never held, such as a V2 replicator's, whose watermark is keyed `<name>_LID`/`_EID` — one
 * whose purge still stores a snapshot that says something new (Pulsar snapshots whenever it purged
 * a name, `hasInactive`). A purge that changes nothing a run can see is not offered.
 */
export function purgeable(topic: TopicState): string[] {
  const d = peek(topic).dedup as DedupState;
  if (!d.inactiveProducers || !served(topic)) return [];
  return d.inactiveProducers.filter((n) => inMaps(d, n) || snapshotWouldChange(d));
}

/**
 * `MessageDeduplication.purgeInactiveProducers` once `name` has been inactive longer than
 * `brokerDeduplicationProducerInactivityTimeoutMinutes`: it leaves the inactive list and both maps,
 * and (PR 15206) a snapshot at the cursor's unchanged mark-delete stores the maps without it. A
 * later send under that name is judged as a first one — and a load replays whatever of it lies
 * after the mark-delete, so it may come back. The maps' `_LID`/`_EID` keys are not the name, so a
 * V2 replicator's purge forgets nothing, but its snapshot keeps the watermark for the next load.
 */
export function purgeInactiveProducer(ctx: Ctx, topic: TopicState, name: string): void {
  const d = topic.dedup;
  const held = inMaps(d, name);
  const was = `pushed ${d.highestSequencedPushed[name] ?? 'none'}, persisted ${d.highestSequencedPersisted[name] ?? 'none'}`;
  d.inactiveProducers = (d.inactiveProducers ?? []).filter((n) => n !== name);
  d.highestSequencedPushed = without(d.highestSequencedPushed, name);
  d.highestSequencedPersisted = without(d.highestSequencedPersisted, name);
  if (held) d.purged = [...(d.purged ?? []).filter((n) => n !== name), name];
  const at = dedupMarkDelete(d, firstLedger(topic));
  takeSnapshot(d, at);
  const kept = Object.entries(d.snapshot!.map).map(([k, v]) => `${k}=${v}`);
  const text = held
    ? `dedup: producer ${name} inactive longer than brokerDeduplicationProducerInactivityTimeoutMinutes — purged (${was} → none); snapshot without it at the unchanged mark-delete ${posText(at)}`
    : `dedup: producer ${name} inactive longer than brokerDeduplicationProducerInactivityTimeoutMinutes — in neither map (nothing to forget), but a name was purged, so a snapshot is stored at the unchanged mark-delete ${posText(at)}: {${kept.join(', ')}}`;
  ctx.events.push(
    ev('log', topic.owner, text, [], {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.purgeInactiveProducers',
    }),
  );
}

const without = (m: Record<string, number>, name: string): Record<string, number> =>
  Object.fromEntries(Object.entries(m).filter(([k]) => k !== name));
