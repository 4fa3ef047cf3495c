// A subscription's consumer receiving one entry (`ConsumerImpl.messageReceived`): a chunk goes
// through the same assembly every reader of the model follows (`chunkAssembler`,
// `ConsumerImpl.processMessageChunk`), fed the entries this consumer received before it, in order.
// A chunk with no `ChunkedMessageCtx` — its first chunk never reached this consumer, e.g. because a
// message TTL mark-deleted it on the subscription's cursor — is discarded: its message is lost to
// this subscription. What the consumer then does with the discarded chunk's acknowledgement is
// described in docs/research/chunking.md ("A subscription's consumer").
import type { Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { MsgRef } from '../model/producer';
import type { StoredEntry, TopicState } from '../model/topic';
import { chunkAssembler } from './ConsumerImplChunks';
import { readableOrTrimmed } from './ManagedLedger';

const at = (e: StoredEntry) => ({ ledgerId: e.ledgerId, entryId: e.entryId });

/**
 * The receipt of `e` by `s`'s consumer: its position, producer and messages, and — when the consumer
 * discards a chunk of it — why, in words that name the chunk, the message lost to this subscription,
 * and the cause when the subscription's own cursor skipped the earlier chunk (a message TTL).
 */
export function receiptOf(topic: TopicState, s: Subscription, e: StoredEntry): SubscriptionReceipt {
  const base = { position: at(e), producerName: e.producerName, msgs: e.msgs };
  if (!e.msgs.some((m) => m.chunk)) return base;
  const whys: string[] = [];
  let current = false;
  const feed = chunkAssembler(topic.chunkConsumer, (msg, why) => {
    if (current) whys.push(`${why}${expiredCause(topic, s, e, msg)}: ${msg} is lost to ${s.name}`);
  });
  for (const r of s.received)
    for (const m of r.msgs) if (m.chunk) feed(r.producerName, m, r.position);
  current = true;
  for (const m of e.msgs) if (m.chunk) feed(e.producerName, m, at(e));
  return whys.length ? { ...base, discarded: whys.join('; ') } : base;
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
