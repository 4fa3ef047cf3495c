// The ack timeout with chunked messages (`subscriptions[].ackTimeout` on a subscription that reads
// chunks; review 23's open item). Pulsar's consumer hands the application a chunked message only
// once its last chunk came (`ConsumerImpl.processMessageChunk`): the message id is a
// `ChunkMessageIdImpl` at the last chunk's position, and `unAckedChunkedMessageIdSequenceMap` maps it
// to every chunk's id. `ConsumerImpl.trackMessage` adds that one id to the UnAckedMessageTracker, so
// the message is timed once, not per chunk. When the application acknowledges it, the grouping
// tracker's flush looks the id up and acknowledges every chunk in one CommandAck. When the timeout
// passes first, `UnAckedMessageTracker.addChunkedMessageIdsAndRemoveFromSequnceMap` adds the chunk ids
// to the request and takes the message out of the map — so the application's late acknowledgement
// of the copy it still works on finds no chunk ids and acknowledges the last chunk's entry alone.
import type { NegativeAcks, Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { peek } from '../sim/context';
import { pos } from './ConsumerAcks';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * The receipt completed a chunked message: its earlier chunks, whose acks the consumer held
 * (ConsumerChunkAcks.ts), become the message's chunk ids (`unAckedChunkedMessageIdSequenceMap.put`,
 * keyed by the last chunk's position). Returns them with the receipt's own position, in order, and
 * the held chunks of messages the assembly dropped — acknowledged at once, as a discarded chunk is;
 * undefined when the receipt is no last chunk.
 */
export function chunkedMessageCompleted(
  s: Subscription,
  receipt: SubscriptionReceipt,
): { ids: Position[]; dropped: Position[] } | undefined {
  const last = receipt.msgs.find((m) => m.chunk && m.chunk.id === m.chunk.of - 1);
  if (!last || receipt.discarded) return undefined;
  const a = s.acked!;
  const uuid = `${receipt.producerName}-${last.seq}`;
  const open = new Set(s.chunks?.open.map((o) => o.uuid) ?? []);
  const held = a.chunkAcks ?? [];
  const mine = held.filter((c) => c.uuid === uuid).map((c) => c.position);
  const dropped = held.filter((c) => c.uuid !== uuid && !open.has(c.uuid)).map((c) => c.position);
  if (held.length > 0) a.chunkAcks = held.filter((c) => c.uuid !== uuid && open.has(c.uuid));
  const ids = [...mine, receipt.position].sort(cmp);
  const n = a.nack!;
  n.chunkIds = { ...n.chunkIds, [pos(receipt.position)]: ids };
  return { ids, dropped: dropped.sort(cmp) };
}

/** Takes `key`'s chunk ids out of the map (an acknowledgement's flush, or the ack timeout). */
export function takeChunkIds(n: NegativeAcks, key: string): Position[] | undefined {
  const ids = n.chunkIds?.[key];
  if (!ids) return undefined;
  const rest = { ...n.chunkIds };
  delete rest[key];
  if (Object.keys(rest).length > 0) n.chunkIds = rest;
  else delete n.chunkIds;
  return ids;
}

/** Whether the entry at `p` is the last chunk of a chunked message (its id a ChunkMessageIdImpl). */
export function isLastChunkAt(topic: TopicState, p: Position): boolean {
  const e = peek(topic).ledgers.find((l) => l.id === p.ledgerId)?.entries[p.entryId];
  return e?.msgs.some((m) => m.chunk !== undefined && m.chunk.id === m.chunk.of - 1) ?? false;
}
