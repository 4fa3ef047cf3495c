// The chunked messages a consumer holds open (`ChunkedMessageCtx` per uuid, with Java's
// pendingChunkedMessageUuidQueue and pendingChunkedMessageCount), how the assembler tells why it
// dropped one, and the expiry timer's `removeChunkMessage` replayed on them. Apart from the assembly
// (ConsumerImplChunks.ts) because the timer's action (ConsumerImplChunkExpiry.ts) and a subscription's
// consumer (ConsumerImplReceive.ts) keep and read the same state.
import type { ChunkConsumer, Position } from '../model/topic';

/**
 * The assembler's working state: per uuid the chunk positions taken (the next chunk id expected is
 * their count), the message each open context is of (kept for `dropped` only: an eviction names
 * another message), and Java's pendingChunkedMessageUuidQueue and pendingChunkedMessageCount (kept
 * only with a limit). Started empty, or from what a subscription's consumer kept
 * (`ConsumerImplReceive.ts`, `ChunkContexts`).
 */
export interface OpenContexts {
  readonly taken: Map<string, Position[]>;
  readonly names: Map<string, string>;
  readonly queue: string[];
  count: number;
}

/**
 * Told, for a message whose open context the consumer dropped — or one of whose chunks it discarded
 * for want of a context (its first chunk never reached this consumer) — why (`chunkAssembler`'s
 * `dropped`), and how: the limit evicted it, the timer expired it, or a chunk of it was unexpected
 * (`expired` when the timer had expired that message before). A subscription's consumer decides the
 * discarded chunk's ack from it (ConsumerImplUnexpectedChunk.ts).
 */
export type Dropped = (msg: string, why: string, how: DropCause) => void;

export interface DropCause {
  readonly uuid: string;
  readonly kind: 'evicted' | 'expired' | 'unexpected';
  readonly expired?: true;
}

/** After every position: the end of what a reader read. */
export const END: Position = Object.freeze({ ledgerId: Infinity, entryId: Infinity });

const before = (a: Position, b: Position): boolean =>
  a.ledgerId < b.ledgerId || (a.ledgerId === b.ledgerId && a.entryId < b.entryId);

/**
 * The expiry timer's firings that came before the entry at `at` (ConsumerImplChunkExpiry.ts),
 * replayed on what this reader holds open: `removeChunkMessage(uuid, ctx, true)` drops the context,
 * polls its uuid off the queue, lowers the pending count and acknowledges the chunks taken — the
 * message is lost to the reader. A context opened after the firing (a resent chunk 0 starts the
 * message again) is not the one that expired, so replaying a firing twice changes nothing.
 */
export function expireBefore(
  rules: ChunkConsumer,
  open: OpenContexts,
  at: Position,
  dropped?: Dropped,
): void {
  for (const x of rules.expiries ?? []) {
    const set = open.taken.get(x.uuid);
    if (!before(x.after, at) || !set?.length || before(x.after, set[0]!)) continue;
    open.taken.delete(x.uuid);
    const i = open.queue.indexOf(x.uuid);
    if (i >= 0) open.queue.splice(i, 1);
    if (rules.maxPending > 0) open.count--;
    dropped?.(
      open.names.get(x.uuid) ?? x.msg,
      `the consumer's expireTimeOfIncompleteChunkedMessage expired it after ${x.after.ledgerId}:${x.after.entryId}, incomplete (${set.length} of its chunks read), and acknowledged its chunks`,
      { uuid: x.uuid, kind: 'expired' },
    );
  }
}
