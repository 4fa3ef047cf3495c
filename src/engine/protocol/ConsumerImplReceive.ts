// A subscription's consumer receiving one entry (`ConsumerImpl.messageReceived`): a chunk goes
// through the same assembly every reader of the model follows (`chunkAssembler`,
// `ConsumerImpl.processMessageChunk`), from the chunked messages this consumer still held open after
// the entries it received before (`Subscription.chunks`, carried from one entry to the next, so a
// receipt costs its own chunks, not a replay of everything received).
// A chunk with no `ChunkedMessageCtx` — its first chunk never reached this consumer, e.g. because a
// message TTL mark-deleted it on the subscription's cursor, or its context is gone (the pending limit
// evicted it, the expiry timer dropped it) — is discarded: its message is lost to this subscription. What the consumer then does with the discarded chunk's acknowledgement is
// ConsumerImplUnexpectedChunk.ts's rule (docs/research/chunking.md).
import type { Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { ConsumerConfig } from '../model/config';
import type { MsgRef } from '../model/producer';
import type { ChunkContexts, StoredEntry, TopicState } from '../model/topic';
import { frozen } from '../model/world';
import type { OpenContexts } from './ConsumerImplChunkContexts';
import { chunkAssembler } from './ConsumerImplChunks';
import { type PastTheLimit, unexpectedChunkAck } from './ConsumerImplUnexpectedChunk';
import { readableOrTrimmed } from './ManagedLedger';

const at = (e: StoredEntry) => ({ ledgerId: e.ledgerId, entryId: e.entryId });

/**
 * `s`'s consumer receives `e`: the receipt — its position, producer and messages, and, when the
 * consumer discards a chunk of it, why, in words that name the chunk, the message lost to this
 * subscription, and the cause when the subscription's own cursor skipped the earlier chunk (a
 * message TTL), with what becomes of the chunk's ack (`unexpectedChunkAck`) — and, for a chunk, the
 * open chunked messages `s` keeps for its next entry. Another message this entry evicts is told
 * apart (`othersLost`): the entry itself may still be a chunk the consumer keeps.
 */
export function messageReceived(
  topic: TopicState,
  s: Subscription,
  e: StoredEntry,
  consumer: ConsumerConfig | undefined,
): SubscriptionReceipt {
  const base = { position: at(e), producerName: e.producerName, msgs: e.msgs };
  if (!e.msgs.some((m) => m.chunk)) return base;
  const own = new Set(e.msgs.filter((m) => m.chunk).map((m) => `${e.producerName}-${m.seq}`));
  // Messages this entry starts (its chunk 0): a context of the same uuid dropped on the way (the
  // timer expired it) is the old attempt's, not this chunk's — this one opens a new context.
  const starts = new Set(
    e.msgs.filter((m) => m.chunk?.id === 0).map((m) => `${e.producerName}-${m.seq}`),
  );
  const whys: string[] = [];
  const others: string[] = [];
  // The unexpected-chunk branch ran for this entry's own chunk: what is known of its publish time.
  const discard: { past?: PastTheLimit } = {};
  const open = openContexts(s.chunks);
  // A first chunk this consumer took before, whose context is gone since (evicted, expired, cut by
  // an unexpected chunk, or completed): named, so a later chunk's discard does not claim it never came.
  // Only this entry's own uuids are asked about a context that is gone (an eviction or an expiry
  // names an open context, named already), so only they are looked up.
  for (const uuid of own) {
    const first = s.firstChunks?.[uuid];
    if (first !== undefined && !open.names.has(uuid)) open.names.set(uuid, first);
  }
  const feed = chunkAssembler(
    topic.chunkConsumer,
    (msg, why, how) => {
      const ttl = expiredCause(topic, s, e, msg);
      if (how.kind !== 'unexpected' && starts.has(how.uuid))
        others.push(
          `${why}${ttl}: its chunks so far are lost to ${s.name}, and this entry starts ${msg} again`,
        );
      else (own.has(how.uuid) ? whys : others).push(`${why}${ttl}: ${msg} is lost to ${s.name}`);
      if (how.kind === 'unexpected' && own.has(how.uuid))
        discard.past = how.expired ? 'expiry' : ttl ? 'ttl' : undefined;
    },
    open,
  );
  for (const m of e.msgs) if (m.chunk) feed(e.producerName, m, at(e));
  tookFirstChunks(s, e);
  const kept = keptContexts(open);
  if (kept) s.chunks = kept;
  else if (s.chunks) delete s.chunks;
  const lost = others.length ? { othersLost: others.join('; ') } : {};
  if (!whys.length) return { ...base, ...lost };
  // A copy the ack timeout asked for: the rounds until the limit passes, taken as one.
  const asked = s.acked?.nack?.timedOutOnce?.includes(`${e.ledgerId}:${e.entryId}`);
  const past = discard.past ?? (asked ? 'ack-timeout' : undefined);
  const ack = 'past' in discard ? { discardAck: unexpectedChunkAck(consumer, past) } : {};
  return { ...base, discarded: whys.join('; '), ...ack, ...lost };
}

/**
 * Records the first chunks `e` brings in `s.firstChunks`, the earliest receipt's message kept for a
 * uuid taken before: the receipt is added to `s.received` in the same step (every caller of
 * `messageReceived` does), so the record always names what a scan of `received` would find.
 */
function tookFirstChunks(s: Subscription, e: StoredEntry): void {
  let firsts = s.firstChunks;
  for (const m of e.msgs) {
    const uuid = `${e.producerName}-${m.seq}`;
    if (m.chunk?.id !== 0 || (firsts !== undefined && Object.hasOwn(firsts, uuid))) continue;
    firsts = frozen({ ...firsts, [uuid]: m.msg });
  }
  if (firsts !== s.firstChunks) s.firstChunks = firsts!;
}

/**
 * ` — the message TTL expired its chunk at 10:0 on this subscription's cursor` when an earlier
 * chunk of the same message (same uuid, `producerName-sequenceId`) is among the entries the TTL
 * mark-deleted before this consumer received them; '' otherwise.
 */
function expiredCause(topic: TopicState, s: Subscription, e: StoredEntry, msg: string): string {
  if (!s.expired?.length) return '';
  const m = e.msgs.find((x) => x.msg === msg && x.chunk);
  if (!m) return '';
  const sameMessage = (x: MsgRef) => x.chunk !== undefined && x.seq === m.seq && x.msg === msg;
  const lapsed = readableOrTrimmed(topic).find(
    (x) =>
      x.producerName === e.producerName &&
      x.msgs.some(sameMessage) &&
      s.expired!.some((p) => p.ledgerId === x.ledgerId && p.entryId === x.entryId),
  );
  return lapsed
    ? ` — the message TTL expired its chunk at ${lapsed.ledgerId}:${lapsed.entryId} on this subscription's cursor`
    : '';
}

/** The assembler's working state from what a consumer kept (`Subscription.chunks`), or empty. */
export const openContexts = (from?: ChunkContexts): OpenContexts => ({
  taken: new Map(from?.open.map((o) => [o.uuid, [...o.taken]])),
  names: new Map(from?.open.map((o) => [o.uuid, o.msg])),
  queue: from ? [...from.queue] : [],
  count: from?.count ?? 0,
});

/**
 * What a consumer keeps of `open` for its next entry, frozen (a world value); undefined when it
 * holds nothing. The messages are named only when the assembler was given `dropped`.
 */
export function keptContexts(open: OpenContexts): ChunkContexts | undefined {
  if (open.taken.size === 0 && open.queue.length === 0 && open.count === 0) return undefined;
  return frozen({
    open: frozen(
      [...open.taken].map(([uuid, taken]) =>
        frozen({ uuid, msg: open.names.get(uuid) ?? uuid, taken: frozen([...taken]) }),
      ),
    ),
    queue: frozen([...open.queue]),
    count: open.count,
  });
}
