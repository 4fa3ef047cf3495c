// Abstract storage under a topic (`ManagedLedgerImpl` without BookKeeper): an append is one step
// and succeeds unless a persist-fails fault says not. Entries go to the current (last, open)
// ledger; after a failure closed it, the next append creates a new ledger.
import { frozen, type PendingWrite, type StoredEntry, type TopicState, type World } from '../model/world';
import { readableEntries } from './OwnershipChange';

export function appendEntry(w: World, topic: TopicState, wr: PendingWrite): StoredEntry {
  let ledger = topic.ledgers[topic.ledgers.length - 1];
  if (!ledger || ledger.closed) {
    ledger = { id: topic.nextLedgerId++, entries: [], closed: false };
    topic.ledgers.push(ledger);
  }
  const entry = entryOf(w, wr, ledger.id, ledger.entries.length);
  ledger.entries = frozen([...ledger.entries, frozen(entry)]);
  return entry;
}

/**
 * The entry a write stores, on either storage, with its `MessageMetadata` as the producer wrote it:
 * the original producer's name (V1 and V2 alike keep it on a replicated entry) and, for the
 * replicator's write, `replicated_from`.
 */
export function entryOf(w: World, wr: PendingWrite, ledgerId: number, entryId: number): StoredEntry {
  const producerName = wr.msgs[0]?.originalProducer ?? wr.dedupKey;
  const { sequenceId, highestSequenceId, msgs } = wr;
  const replicatedFrom = w.producers[wr.producer]?.role === 'replicator' ? w.config.replication?.from : undefined;
  // Two literals rather than a spread: one shape each, and `replicatedFrom` first when present.
  return replicatedFrom
    ? { replicatedFrom, ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs }
    : { ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs };
}

/**
 * The entries a reader of the topic reaches, in order: with BookKeeper, the recorded ledgers up to
 * their counts and the current one up to its last confirmed entry (an add that was only started,
 * or that the bookies refused, is not there); without, every entry appended.
 */
export const readableOf = (topic: TopicState): StoredEntry[] => (topic.bk ? readableEntries(topic) : topic.ledgers.flatMap((l) => l.entries));

/**
 * What a consumer reading the topic would get, in order: every entry's messages, and for an entry
 * that existed before the run (no message ids) its position `ledgerId:entryId`.
 */
export function storedMessages(topic: TopicState): string[] {
  const out: string[] = [];
  for (const e of readableOf(topic)) {
    if (e.msgs.length === 0) out.push(`${e.ledgerId}:${e.entryId}`);
    else for (const m of e.msgs) out.push(m.msg);
  }
  return out;
}
