// A chunked message's acknowledgement with acks in flight (`subscriptions[].acks: "in-flight"`;
// review 23, rows c01 and c05). Pulsar's consumer hands the application a chunked message only once
// it assembled it (`ConsumerImpl.processMessageChunk`), and keeps the ids of its chunks in
// `unAckedChunkedMessageIdSequenceMap`; when the application acknowledges the message,
// `PersistentAcknowledgmentsGroupingTracker` sends every chunk id in one CommandAck. So no ack
// leaves for a chunk of a message still being assembled: a crash or a lost connection before the
// message is complete sends its first chunk again, whatever the cursor ledger held. The entries of
// one message need not be next to each other (another producer's entries between them), so once a
// subscription has held a chunk back its cursor deletes with holes in mind
// (ManagedCursorIndividualDelete.ts).
import type { Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position } from '../model/topic';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
const same = (a: Position, b: Position) => cmp(a, b) === 0;

/**
 * The uuid of the chunked message `receipt` added a chunk to and that is still incomplete after it
 * (`Subscription.chunks`, as the consumer's assembly left it); undefined when the receipt is no
 * such chunk — a whole message, a last chunk, or a discarded one.
 */
export function incompleteChunkOf(
  s: Subscription,
  receipt: SubscriptionReceipt,
): string | undefined {
  if (receipt.discarded || !receipt.msgs.some((m) => m.chunk)) return undefined;
  return s.chunks?.open.find((o) => o.taken.some((t) => same(t, receipt.position)))?.uuid;
}

/** The consumer holds `receipt`'s ack back until its message `uuid` is complete. */
export function holdChunkAck(s: Subscription, receipt: SubscriptionReceipt, uuid: string): void {
  const a = s.acked!;
  a.chunkAcks = [...(a.chunkAcks ?? []), { position: receipt.position, uuid }];
}

/**
 * The held chunks whose message is no longer open — assembled by this receipt, or evicted or expired
 * by the assembly (`removeChunkMessage` acknowledges them; a context the unexpected-chunk branch
 * dropped leaves its chunks unacknowledged: ConsumerImplUnexpectedChunk.ts): they leave now, in
 * order, ahead of the receipt's own ack.
 */
export function releasedChunkAcks(s: Subscription): Position[] {
  const a = s.acked!;
  if (!a.chunkAcks?.length) return [];
  // Held while the context it was taken into is still open: a uuid opened again after the timer
  // expired its old context (the producer sent the message again) does not hold the old chunks.
  const open = s.chunks?.open ?? [];
  const held = (c: { position: Position; uuid: string }) =>
    open.some((o) => o.uuid === c.uuid && o.taken.some((t) => same(t, c.position)));
  const due = a.chunkAcks.filter((c) => !held(c));
  if (due.length === 0) return [];
  a.chunkAcks = a.chunkAcks.filter(held);
  return due.map((c) => c.position).sort(cmp);
}

/**
 * A rewind sends the held chunks again (they were never acknowledged): the copies that come will be
 * held anew, so the old holds go (`unAckedChunkedMessageIdSequenceMap` is keyed by the message).
 */
export function forgetHeldChunks(s: Subscription): void {
  if (s.acked?.chunkAcks?.length) s.acked.chunkAcks = [];
}
