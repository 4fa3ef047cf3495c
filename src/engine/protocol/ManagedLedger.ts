// Abstract storage under a topic (`ManagedLedgerImpl` without BookKeeper): an append is one step
// and succeeds unless a persist-fails fault says not. Entries go to the current (last, open)
// ledger; after a failure closed it, the next append creates a new ledger.
import { frozen, type MsgRef, type StoredEntry, type TopicState } from '../model/world';
import { readableEntries } from './OwnershipChange';

export function appendEntry(
  topic: TopicState,
  producerName: string,
  sequenceId: number,
  highestSequenceId: number,
  msgs: readonly MsgRef[],
  replicatedFrom?: string,
): StoredEntry {
  let ledger = topic.ledgers[topic.ledgers.length - 1];
  if (!ledger || ledger.closed) {
    ledger = { id: topic.nextLedgerId++, entries: [], closed: false };
    topic.ledgers.push(ledger);
  }
  const ledgerId = ledger.id;
  const entryId = ledger.entries.length;
  // Two literals rather than a spread: one shape each, and `replicatedFrom` first when present.
  const entry: StoredEntry = replicatedFrom
    ? { replicatedFrom, ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs }
    : { ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs };
  ledger.entries = frozen([...ledger.entries, frozen(entry)]);
  return entry;
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
