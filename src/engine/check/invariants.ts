// Invariants: pure predicates over the world, beside the protocol (never inside it). Each finding
// has a key, so a run reports it once, at the first step where it holds.
import { type ReplicationLink, replicationLinks } from '../model/config';
import { replicationDedup } from '../model/fixes';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { readableOf, readableOrTrimmed, storedOrTrimmed } from '../protocol/ManagedLedger';
import { cmpPos, sourceEntries } from '../protocol/PersistentReplicator';
import {
  entryReplicateTo,
  excludedBySender,
  skipsEntry,
} from '../protocol/PersistentReplicatorRead';
import { expiredInFlight, expiredOnCursor } from '../protocol/PersistentMessageExpiryMonitor';
import { afterDedupCursor } from '../protocol/MessageDeduplicationReplayCursor';
import { chunkAssembler, chunkSpan, consumerDrops } from '../protocol/ConsumerImplChunks';
import { whyStoredAgain } from './duplicateCause';
import { ledgerInvariants } from './ledger';
import { receivedOnce } from './received';

export type InvariantId =
  | 'no-silent-loss'
  | 'no-duplicates'
  | 'non-negative-backlog'
  | 'acked-positions-exist'
  | 'ledger-entries-match'
  | 'replicate-to-respected'
  | 'received-once'
  | 'replication-progress';

export const SAFETY_INVARIANTS: readonly InvariantId[] = [
  'no-silent-loss',
  'no-duplicates',
  'non-negative-backlog',
  'acked-positions-exist',
  'ledger-entries-match',
  'replicate-to-respected',
  'received-once',
];

export interface Finding {
  readonly invariant: InvariantId;
  /** Stable identity of this finding (the same loss is reported once). */
  readonly key: string;
  readonly messages: readonly string[];
  readonly detail: string;
}

/**
 * `no-silent-loss`: whatever a producer completed as a success (a real position or `-1:-1`) is
 * stored at its destination — checked in every state, so a later loss is caught too.
 */
export function noSilentLoss(w: World): Finding[] {
  const out: Finding[] = [];
  const storedBy = new Map<string, Set<string>>();
  // The consumer's drops per cluster, once per state however many of its messages are lost.
  const dropsBy = new Map<string, Map<string, string>>();
  for (const c of w.completions) {
    if (c.result === 'failed') continue;
    let stored = storedBy.get(c.cluster);
    if (!stored) storedBy.set(c.cluster, (stored = new Set(storedOrTrimmed(w.topics[c.cluster]!))));
    if (stored.has(c.msg)) continue;
    const how = c.result === 'dup' ? 'with -1:-1' : `at ${c.ledgerId}:${c.entryId}`;
    // A chunked message whose chunks a reader met but dropped says why (ConsumerImpl.processMessageChunk).
    let drops = dropsBy.get(c.cluster);
    if (!drops) {
      const topic = w.topics[c.cluster]!;
      dropsBy.set(c.cluster, (drops = consumerDrops(readableOf(topic), topic.chunkConsumer)));
    }
    const why = drops.get(c.msg);
    out.push({
      invariant: 'no-silent-loss',
      key: `no-silent-loss:${c.cluster}:${c.msg}`,
      messages: [c.msg],
      detail: `${c.msg} was completed as a success ${how} for ${c.producer}, but ${c.cluster} does not store it${why ? `: ${why}` : ''}`,
    });
  }
  return [...out, ...replicatedButMissing(w)];
}

/**
 * The replicator's half of `no-silent-loss`: a source entry it deleted or mark-deleted (reported
 * as replicated) must be stored at the remote.
 */
function replicatedButMissing(w: World): Finding[] {
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

/**
 * `no-duplicates`: on a topic with deduplication on, no (producer name, sequence id) is stored
 * twice (the later copy written since deduplication was last switched on — after its dedup cursor — and
 * accepted while its policy was on, not `StoredEntry.unchecked`), and no message of a replicated source entry (its position and its index in the entry's
 * batch) is stored twice — among the entries a reader reaches (an add the bookies refused or never
 * confirmed is not stored). Each copy is judged by what the remote's dedup keys it on: a V2 link's
 * by source position, a V1 link's by its original producer name and sequence id (review 19).
 */
export function noDuplicates(w: World): Finding[] {
  const out: Finding[] = [];
  const links = replicationLinks(w.config);
  for (const topic of Object.values(w.topics)) {
    if (!topic.dedup.enabled) continue;
    const v1From = new Set(
      links
        .filter((l) => l.cfg.to === topic.cluster && replicationDedup(w.config, l.cfg) === 'v1')
        .map((l) => l.cfg.from),
    );
    const seen = new Map<string, { msg: string; where: string; entry: StoredEntry }>();
    // A chunked message is one message to a reader: it counts once its chunks assemble (a chunk
    // stored twice — a resent non-last chunk PR 20948 writes unchecked — is discarded by the
    // consumer, `ConsumerImpl.processMessageChunk`); a second complete copy is a duplicate.
    const assemble = chunkAssembler(topic.chunkConsumer);
    // A copy a trim deleted was delivered to every subscription first: a later copy still counts.
    for (const e of readableOrTrimmed(topic)) {
      for (const [i, m] of e.msgs.entries()) {
        if (m.chunk && !assemble(e.producerName, m)) continue;
        // A V1 link's copies are deduplicated as a normal producer's, by the original producer name and
        // sequence id their metadata carries (`isDuplicateReplV1` → `isDuplicateNormal`): judged so.
        const src =
          m.sourcePosition && !v1From.has(e.replicatedFrom ?? '') ? m.sourcePosition : undefined;
        // The messages of one batched source entry share its position: each is told by its index.
        const batch = e.msgs.length > 1 ? `#${i}` : '';
        const id = src
          ? `source ${src.ledgerId}:${src.entryId}${batch}`
          : `${e.producerName}:${m.seq}`;
        const where = `${e.ledgerId}:${e.entryId}`;
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, { msg: m.msg, where, entry: e });
          continue;
        }
        // A second copy written before the dedup cursor (deduplication switched on at runtime after
        // it) was written while the broker deduplicated nothing: only copies since the switch count.
        if (!afterDedupCursor(topic.dedup, e)) continue;
        // A copy whose send was accepted while deduplication was off (review 21 x05): `isDuplicate`
        // never judged it, so it breaks no promise of dedup's even when its write completes after a
        // switch on. It still counts as a first copy: a checked send that repeats it is judged.
        if (e.unchecked) continue;
        const what = src ? `replicated from ${id}` : `${e.producerName}, seq ${m.seq}`;
        // How the second copy got through, when the state tells (duplicateCause.ts).
        const why = whyStoredAgain(topic, first.entry, e, src !== undefined);
        out.push({
          invariant: 'no-duplicates',
          key: `no-duplicates:${topic.cluster}:${id}`,
          messages: first.msg === m.msg ? [m.msg] : [first.msg, m.msg],
          // Two different messages under one id are still two copies of what dedup would drop: say which.
          detail:
            first.msg === m.msg
              ? `${m.msg} (${what}) is stored twice at ${topic.cluster}: ${first.where} and ${where}${why}`
              : `${what} is stored twice at ${topic.cluster}: ${first.msg} at ${first.where} and ${m.msg} at ${where}${why}`,
        });
      }
    }
  }
  return out;
}

/**
 * The safety invariants read only these parts of a world (keep it so when adding one): a step that
 * left all three the same objects cannot change a finding, so the explorer skips the check.
 */
export const sameSafetyInputs = (a: World, b: World): boolean =>
  a.topics === b.topics &&
  a.completions === b.completions &&
  a.replicator === b.replicator &&
  a.replicators === b.replicators;

/**
 * `replicate-to-respected`: no cluster stores a replicated copy of a message whose own replicate_to
 * leaves that cluster out. The replicator judges an entry by its metadata alone
 * (`GeoPersistentReplicator.replicateEntries`), and a Java batch's metadata carries only its first
 * message's list (`Commands.initBatchMessageMetadata`), so a batch-mate restricted to us-east still
 * reaches us-west when the batch's first message is not restricted. The copy where the message was
 * published is never judged: the broker stores it whatever its list says.
 */
export function replicateToRespected(w: World): Finding[] {
  if (!w.config.workload.some((i) => i.kind === 'send' && i.replicateTo !== undefined)) return [];
  const out: Finding[] = [];
  for (const topic of Object.values(w.topics)) {
    for (const e of readableOf(topic)) {
      if (e.replicatedFrom === undefined) continue;
      for (const m of e.msgs) {
        if (!excludedBySender(m, topic.cluster)) continue;
        const first = e.msgs[0]!;
        const why =
          first === m
            ? ''
            : `: its batch's first message, ${first.msg}, ${first.replicateTo?.length ? `has replicate_to [${first.replicateTo.join(', ')}]` : 'has no replicate_to'}, and the entry's metadata is that message's`;
        out.push({
          invariant: 'replicate-to-respected',
          key: `replicate-to-respected:${topic.cluster}:${m.msg}`,
          messages: [m.msg],
          detail: `${m.msg} was sent with replicate_to [${m.replicateTo!.join(', ')}], but ${topic.cluster} stores a copy replicated from ${e.replicatedFrom} at ${e.ledgerId}:${e.entryId}${why}`,
        });
      }
    }
  }
  return out;
}

export function checkSafety(w: World): Finding[] {
  return [
    ...noSilentLoss(w),
    ...noDuplicates(w),
    ...ledgerInvariants(w),
    ...replicateToRespected(w),
    ...receivedOnce(w),
  ];
}
