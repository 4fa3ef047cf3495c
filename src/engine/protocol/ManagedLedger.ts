// Abstract storage under a topic (`ManagedLedgerImpl` without BookKeeper): an append is one step
// and succeeds unless a persist-fails fault says not. Entries go to the current (last, open)
// ledger; after a failure closed it, the next append creates a new ledger. Also what a reader of
// the topic reaches on either storage (`readableOf`), with BookKeeper through the ledger list as the
// metadata store records it (`readableEntries`, `walkWithin`): the consumers' and replicator's
// cursors, the dedup replay on load and the invariants all read the topic through here.
import { linkOfProducer } from '../model/config';
import type { PendingWrite, StoredEntry, TopicState } from '../model/topic';
import { frozen, type World } from '../model/world';
import { peek } from '../sim/context';
import { chunkAssembler } from './ConsumerImplChunks';

export function appendEntry(w: World, topic: TopicState, wr: PendingWrite): StoredEntry {
  let ledger = topic.ledgers[topic.ledgers.length - 1];
  if (!ledger || ledger.closed) {
    ledger = { id: topic.nextLedgerId++, entries: [], closed: false };
    topic.ledgers.push(ledger);
  }
  // An unchecked write persisted while deduplication is still off lies at or before the cursor any
  // later switch on opens (at the last entry stored), so nothing would read its flag: left out, and
  // the entry is the same as a checked one's. (On BookKeeper the entry is made before its add is
  // confirmed, and a switch may open the cursor before it: OpAddEntry keeps the flag.)
  const off = !topic.dedup.enabled && topic.dedup.recovering == null;
  const entry = entryOf(w, wr, ledger.id, ledger.entries.length, !off);
  ledger.entries = frozen([...ledger.entries, frozen(entry)]);
  // `ManagedLedgerImpl.currentLedgerIsFull` (`topic.maxEntriesPerLedger`): the add that fills the
  // ledger closes it once done, so the next append goes to a new one — the append being the add's
  // completion here, the close and the rollover happen with it.
  const max = w.config.clusters.find((c) => c.name === topic.cluster)?.maxEntriesPerLedger;
  if (max !== undefined && ledger.entries.length >= max) ledger.closed = true;
  return entry;
}

/**
 * The entry a write stores, on either storage, with its `MessageMetadata` as the producer wrote it:
 * the original producer's name (V1 and V2 alike keep it on a replicated entry) and, for the
 * replicator's write, `replicated_from`.
 */
export function entryOf(
  w: World,
  wr: PendingWrite,
  ledgerId: number,
  entryId: number,
  keepUnchecked = true,
): StoredEntry {
  const producerName = wr.msgs[0]?.originalProducer ?? wr.dedupKey;
  const { sequenceId, highestSequenceId, msgs } = wr;
  // GeoPersistentReplicator: `msg.setReplicatedFrom(localCluster)`, the source cluster of the writing replicator's link.
  const replicatedFrom =
    peek(w.producers)[wr.producer]?.role === 'replicator'
      ? linkOfProducer(w.config, wr.producer)?.cfg.from
      : undefined;
  // Two literals rather than a spread: one shape each, and `replicatedFrom` first when present.
  const entry: StoredEntry = replicatedFrom
    ? { replicatedFrom, ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs }
    : { ledgerId, entryId, producerName, sequenceId, highestSequenceId, msgs };
  // A write deduplication never checked says so on its entry (`no-duplicates` reads it); absent
  // otherwise, so an entry of a checked write is what it always was.
  return wr.unchecked && keepUnchecked ? { ...entry, unchecked: true } : entry;
}

/**
 * The entries a reader of the topic reaches, in order: with BookKeeper, the recorded ledgers up to
 * their counts and the current one up to its last confirmed entry (an add that was only started,
 * or that the bookies refused, is not there); without, every entry appended.
 */
export const readableOf = (topic: TopicState): StoredEntry[] =>
  topic.bk ? readableEntries(topic) : topic.ledgers.flatMap((l) => l.entries);

/**
 * What a consumer reading the topic would get, in order: every entry's messages, and for an entry
 * that existed before the run (no message ids) its position `ledgerId:entryId`.
 */
export function storedMessages(topic: TopicState): string[] {
  const out: string[] = [];
  // Made at the first chunk only: the explorer asks this of every state, and most topics hold none.
  let assemble: ReturnType<typeof chunkAssembler> | null = null;
  for (const e of readableOf(topic)) {
    if (e.msgs.length === 0) out.push(`${e.ledgerId}:${e.entryId}`);
    else
      for (const m of e.msgs)
        if (!m.chunk || (assemble ??= chunkAssembler(topic.chunkConsumer))(e.producerName, m, e))
          out.push(m.msg);
  }
  return out;
}

/**
 * What the topic stored and a trim then deleted (`TopicState.trimmed`): no reader gets it any more,
 * but every durable cursor had consumed it first, so `no-silent-loss` counts it as stored.
 */
export function storedOrTrimmed(topic: TopicState): string[] {
  // A trimmed chunk counts by its message id: only whether the id was stored is asked of this.
  const stored = storedMessages(topic);
  if (!topic.trimmed) return stored;
  return [
    ...topic.trimmed.flatMap((l) => l.entries.flatMap((e) => e.msgs.map((m) => m.msg))),
    ...stored,
  ];
}

/** The entries a trim deleted (first: they are the oldest), then the readable ones: what every subscription was delivered. */
export const readableOrTrimmed = (topic: TopicState): StoredEntry[] =>
  topic.trimmed
    ? [...topic.trimmed.flatMap((l) => l.entries), ...readableOf(topic)]
    : readableOf(topic);

/** Entries a reader can reach: closed ledgers up to their recorded count, the current up to LAC. */
export function readableEntries(topic: TopicState): StoredEntry[] {
  return entriesWithin(topic, topic.bk!.metadata.ledgers);
}

/**
 * Entries of a ledger list as a reader sees them: each ledger up to its recorded count, the last
 * (current) one up to the serving managed ledger's last confirmed entry.
 */
export function entriesWithin(
  topic: TopicState,
  list: readonly { id: number; entries: number }[],
): StoredEntry[] {
  const out: StoredEntry[] = [];
  walkWithin(topic, list, (e) => (out.push(e), false));
  return out;
}

/** The same entries, visited in order until `stop` says so; returns the entry it stopped at. */
export function walkWithin(
  topic: TopicState,
  list: readonly { id: number; entries: number }[],
  stop: (e: StoredEntry) => boolean,
): StoredEntry | undefined {
  // A read: peeked, so a step that asks copies neither the managed ledger nor the ledger list.
  const t = peek(topic);
  const lce = t.bk!.ml.lastConfirmedEntry;
  for (let i = 0; i < list.length; i++) {
    const l = list[i]!;
    const count = i === list.length - 1 && lce.ledgerId === l.id ? lce.entryId + 1 : l.entries;
    const stored = t.ledgers.find((x) => x.id === l.id)?.entries ?? [];
    for (let j = 0; j < Math.min(count, stored.length); j++) {
      const e = stored[j];
      if (e !== undefined && stop(e)) return e;
    }
  }
  return undefined;
}
