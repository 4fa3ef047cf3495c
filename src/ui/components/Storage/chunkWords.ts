// A chunked message's positions as the Subscriptions panel says them: "M1 (chunks 10:0, 10:1)".
// Pulsar acknowledges, nacks and times a chunked message as one (its chunk ids kept together in
// unAckedChunkedMessageIdSequenceMap), so the panel names the message where it lists its chunks'
// positions — the acks in flight, the negative acks, the ack timeout — instead of "10:0, 10:1",
// which read as two messages (`SubscriptionView.chunked`, engine render/chunkedAckViews.ts).
import type { ChunkedMessageView, SubscriptionView } from '../../../engine';

/** "M1 (chunks 10:0, 10:1)"; one chunk held for its message: "M1 (chunk 10:0)". */
export const chunkedText = (c: ChunkedMessageView): string =>
  `${c.msg} (chunk${c.chunks.length > 1 ? 's' : ''} ${c.chunks.join(', ')})`;

/** The chunked message of `s` one of whose chunks is at `position`, if any. */
export const chunkedAt = (s: SubscriptionView, position: string): ChunkedMessageView | undefined =>
  s.chunked?.find((c) => c.chunks.includes(position));

/** `positions` with each chunked message among them named once, where its first chunk is listed. */
export function withChunks(s: SubscriptionView, positions: readonly string[]): string[] {
  const named = new Set<ChunkedMessageView>();
  return positions.flatMap((p) => {
    const c = chunkedAt(s, p);
    if (!c) return [p];
    if (named.has(c)) return [];
    named.add(c);
    return [chunkedText(c)];
  });
}

/** The CommandAck in flight `frame` (its positions joined by `+`, as its `ack:` key) in words. */
export function frameText(s: SubscriptionView, frame: string): string | undefined {
  const positions = frame.split('+');
  return positions.length > 1 ? withChunks(s, positions).join(', ') : undefined;
}
