// Why `no-duplicates` found a second copy of one (producer, sequence id) — or of one replicated
// source entry — when the modelled state tells: words for the finding's detail, never a verdict.
// - the managed ledger's own re-send (`StoredEntry.resentAdd`): `OpAddEntry.handleAddFailure` left a
//   failed add queued and `ManagedLedgerImpl.updateLedgersIdsComplete` initiated it again into the
//   next ledger, below `MessageDeduplication` — no publish made the copy. An add that failed is past
//   the writer's last add confirmed, so a reader reaches its first try only because a recovery
//   closed the ledger past it (another broker's, or PR 24722's re-check);
// - dedup purged the name as an inactive producer (`MessageDeduplication.purgeInactiveProducers`);
// - the dedup snapshot, capped by `brokerDeduplicationMaxNumberOfProducers`, left the name out.
import type { DedupState, Position, StoredEntry, TopicState } from '../model/topic';
import { pos } from '../protocol/ConsumerAcks';

const same = (a: Position, b: Position) => a.ledgerId === b.ledgerId && a.entryId === b.entryId;

type Snapshot = NonNullable<DedupState['snapshot']>;
/** The snapshot a load started from — the one that forgot a name — else the last one. A snapshot
 * taken after the copy was written (one every entry takes one at the copy) is no cause of it. */
const causeSnapshot = (d: DedupState): Snapshot | undefined => d.loadSnapshot ?? d.snapshot;

/** A snapshot capped by `brokerDeduplicationMaxNumberOfProducers` left `name` out. */
const leftOutOfSnapshot = (s: Snapshot | undefined, d: DedupState, name: string): s is Snapshot =>
  s !== undefined &&
  d.maxNumberOfProducers !== undefined &&
  !(name in s.map) &&
  Object.keys(s.map).length >= d.maxNumberOfProducers;

/**
 * The words after "is stored twice at …" for `again`, a later copy of what `first` holds ('' when
 * the state tells nothing more). `bySource`: judged by its replicated source position, which no
 * producer name's purge or snapshot concerns.
 */
export function whyStoredAgain(
  topic: TopicState,
  first: StoredEntry,
  again: StoredEntry,
  bySource: boolean,
): string {
  const r = again.resentAdd;
  if (r && r.tries.some((t) => same(t, first))) {
    const at = pos(first);
    return ` — ${pos(again)} is ledger ${first.ledgerId}'s add ${at} re-sent into ledger ${again.ledgerId} by the managed ledger after ${r.error}, below deduplication: no publish made this copy; ledger ${first.ledgerId}'s recovery kept ${at}`;
  }
  if (bySource) return '';
  const d = topic.dedup;
  const name = again.producerName;
  // The broker forgot the name on purpose: say so, it is why the second copy got through.
  if (d.purged?.includes(name))
    return ` — dedup had purged ${name} as an inactive producer (MessageDeduplication.purgeInactiveProducers), so its old sequence id was judged as new`;
  const s = causeSnapshot(d);
  if (leftOutOfSnapshot(s, d, name))
    return ` — ${name} is not in the dedup snapshot at ${pos(s.position)} (brokerDeduplicationMaxNumberOfProducers ${d.maxNumberOfProducers} kept ${Object.keys(s.map).join(', ')}), and a reload starts from it`;
  return '';
}
