// The replicator's half of `no-silent-loss`: a source entry the replicator deleted or
// mark-deleted — reported as replicated — must be stored at the remote, or the words say why it is
// not (the message TTL expired it, its replicate_to left the remote out, a chunk never assembles).
// Its own file because it reads the replicator's cursor and the source's chunk sets, which the
// application's half in invariants.ts never needs.
import { type ReplicationLink, replicationLinks } from '../model/config';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { storedOrTrimmed } from '../protocol/ManagedLedger';
import { cmpPos, sourceEntries } from '../protocol/PersistentReplicator';
import {
  entryReplicateTo,
  excludedBySender,
  skipsEntry,
} from '../protocol/PersistentReplicatorRead';
import { expiredInFlight, expiredOnCursor } from '../protocol/PersistentMessageExpiryMonitor';
import { chunkAssembler, chunkSpan } from '../protocol/ConsumerImplChunks';
import type { Finding } from './invariants';

/**
 * The replicator's half of `no-silent-loss`: a source entry it deleted or mark-deleted (reported
 * as replicated) must be stored at the remote.
 */
export function replicatedButMissing(w: World): Finding[] {
  const links = replicationLinks(w.config);
  return links.flatMap((l) =>
    linkReplicatedButMissing(w, l, links.length > 1 ? ` ${l.cfg.from}->${l.cfg.to}` : ''),
  );
}

/** One link's half: judged on its own cursor and its own target. */
function linkReplicatedButMissing(w: World, link: ReplicationLink, which: string): Finding[] {
  const repl = link.cfg;
  const r = replicatorOf(w, link);
  if (!r) return [];
  const remote = new Set(storedOrTrimmed(w.topics[repl.to]!));
  const deleted = (l: number, e: number) => {
    const m = r.cursor.markDeletePosition;
    return (
      l < m.ledgerId ||
      (l === m.ledgerId && e <= m.entryId) ||
      r.cursor.individuallyDeleted.some((d) => d.ledgerId === l && d.entryId === e)
    );
  };
  const out: Finding[] = [];
  // Source entries a trim deleted were deleted on this cursor first: still judged.
  const trimmed = w.topics[repl.from]!.trimmed;
  const entries = trimmed
    ? [...trimmed.flatMap((l) => l.entries), ...sourceEntries(w, link)]
    : sourceEntries(w, link);
  const chunked = chunkSets(entries, w.topics[repl.from]!.chunkConsumer);
  for (const e of entries) {
    // An entry replicated into the source is deleted unsent (`replicateEntries` skips
    // `msg.isReplicated()`): the replicator never reported it as replicated.
    if (e.msgs.length === 0 || e.replicatedFrom || !deleted(e.ledgerId, e.entryId)) continue;
    for (const m of e.msgs) {
      // A chunk is owed to the remote as part of its message: judged at the chunk that completes
      // the message at the source, once the replicator deleted every chunk of that set (a message
      // whose chunks never assemble at the source is no reader's there either, and not owed).
      const set = m.chunk ? chunked.get(e) : undefined;
      if (m.chunk && (!set || !set.every((p) => deleted(p.ledgerId, p.entryId)))) continue;
      if (remote.has(m.msg)) continue;
      // The application restricted the message's replication clusters (replicate_to) and left the
      // remote out: the replicator's skip is what was asked for, not a loss.
      if (excludedBySender(m, repl.to)) continue;
      const md = r.cursor.markDeletePosition;
      // A message TTL's mark-delete is Pulsar's policy, not a replicated entry's delete: said so.
      const expired = expiredOnCursor(w, link, e);
      // A chunk the TTL expired before the rest of its message was replicated: the remote holds the
      // later chunks only, which no consumer assembles (`ConsumerImpl.processMessageChunk` drops a
      // chunk whose message's first never came) — the TTL is the cause, not the replicator's delete.
      const expiredChunk =
        set && !expired ? set.find((p) => expiredOnCursor(w, link, p)) : undefined;
      // An expired entry the replicator's producer still has pending is on its way, not lost: it
      // is lost once that send fails (the rewind starts after the TTL's mark-delete) or is dropped.
      const lapsed = expired ? e : expiredChunk;
      if (lapsed && expiredInFlight(w, link).some((x) => cmpPos(x.sourcePosition!, lapsed) === 0))
        continue;
      // A chunked message is named by its chunks' span, as a consumer's ChunkMessageIdImpl spans them.
      const where = `${m.msg} (${repl.from} ${set ? chunkSpan(set) : `${e.ledgerId}:${e.entryId}`})`;
      const mark = `mark-delete ${md.ledgerId}:${md.entryId}`;
      out.push({
        invariant: 'no-silent-loss',
        key: `no-silent-loss:${repl.to}:${m.msg}`,
        messages: [m.msg],
        detail: expired
          ? `${where} expired by the message TTL on the replicator's cursor${which} (${mark}) before it was replicated: ${repl.to} does not store it`
          : expiredChunk
            ? `${where}: its chunk at ${expiredChunk.ledgerId}:${expiredChunk.entryId} expired by the message TTL on the replicator's cursor${which} (${mark}) before it was replicated: ${repl.to} cannot assemble it`
            : skipsEntry(e, repl.to)
              ? `${where} was skipped by the replicator${which} (${mark}): the entry's replicate_to [${entryReplicateTo(e)!.join(', ')}] (its batch's first message's, ${e.msgs[0]!.msg}) excludes ${repl.to}, but ${m.msg} was sent for ${repl.to}`
              : `${where} was deleted by the replicator${which} (${mark}) but ${repl.to} does not store it`,
      });
    }
  }
  return out;
}

/**
 * The chunked messages of a topic's entries as a consumer assembles them (`chunkAssembler`): for
 * each entry holding the chunk that completes a message, the positions of that message's chunks.
 */
function chunkSets(
  entries: readonly StoredEntry[],
  rules: TopicState['chunkConsumer'],
): Map<StoredEntry, readonly Position[]> {
  const out = new Map<StoredEntry, readonly Position[]>();
  if (!entries.some((e) => e.msgs.some((m) => m.chunk))) return out;
  const assemble = chunkAssembler(rules);
  for (const e of entries) {
    const m = e.msgs.length === 1 ? e.msgs[0]! : undefined;
    const set = m?.chunk ? assemble(e.producerName, m, e) : null;
    if (set) out.set(e, set);
  }
  return out;
}
