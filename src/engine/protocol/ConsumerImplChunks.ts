// The consumer's assembly of chunked messages (`ConsumerImpl.processMessageChunk` and the
// `ChunkedMessageCtx` bookkeeping around it, Java client): what a reader of a topic gets from its
// chunk entries, fed in topic order. `storedMessages`, the invariants, the panels and a
// subscription's consumer (`ConsumerImplReceive.ts`, fed each entry it receives from the contexts
// it kept) all read chunks through here, so a chunk the consumer discards shows as a message not
// stored (no-silent-loss) or not received, and only a second complete copy shows as a duplicate.
// Expiry (`expireTimeOfIncompleteChunkedMessage`) needs a clock: with the `consumer` block's option it
// is an action (ConsumerImplChunkExpiry.ts) whose firings the topic records and every reader replays
// at the place it fired (`expireBefore`); without it an incomplete context simply never completes.
// The consumer's options are read in ConsumerConfigurationData.ts, its open contexts and the
// expiry's replay kept in ConsumerImplChunkContexts.ts.
import type { MsgRef } from '../model/producer';
import type { ChunkConsumer, Position } from '../model/topic';
import { MASTER_CONSUMER } from './ConsumerConfigurationData';
import { type Dropped, END, expireBefore, type OpenContexts } from './ConsumerImplChunkContexts';

/**
 * A consumer's assembly, fed the chunks in topic order: for the chunk that completes a message, the
 * positions of the chunks it took (given `at`), null otherwise. Keyed by the uuid
 * (`producerName-sequenceId`); the next chunk id expected is the count taken so far.
 *
 * - Chunk 0 opens a context. With PR 20948's consumer (`filtersRepeats`) a context already open for
 *   the uuid is dropped first (the resent first chunk starts the message again: master's "first
 *   chunk of a new chunked-message"); before it, `computeIfAbsent` kept the old context, and the
 *   chunk then fails the next-id check below.
 * - A chunk that is not the next id: with the filter, one at or below the last id taken is a
 *   repeated chunk, skipped with the context kept (`processMessageChunk:repeated-chunk`); anything
 *   else — a gap, no context, or any repeat before the fix — discards the context ("Received
 *   unexpected chunk"), so the message is lost to this reader unless a whole copy follows.
 * - `maxPending` > 0 (with `autoAckOldestChunkedMessageOnQueueFull`): Java's
 *   `pendingChunkedMessageCount` rises at every chunk 0 and falls only when a message completes or
 *   a context is removed by the limit — not when a context is replaced or discarded — and past the
 *   limit `removeOldestPendingChunkedMessage` polls the uuid queue (stale entries skipped) and
 *   acknowledges the oldest open context's chunks: that message is never delivered.
 */
export function chunkAssembler(
  rules: ChunkConsumer = MASTER_CONSUMER,
  dropped?: Dropped,
  open: OpenContexts = { taken: new Map(), names: new Map(), queue: [], count: 0 },
): (producerName: string, m: MsgRef, at?: Position) => readonly Position[] | null {
  const { taken, names, queue } = open;
  const overLimit = (at: Position) => {
    if (rules.maxPending <= 0 || ++open.count <= rules.maxPending) return;
    for (let u = queue.shift(); u !== undefined; u = queue.shift())
      if (taken.delete(u)) {
        open.count--;
        dropped?.(
          names.get(u) ?? u,
          `the consumer's maxPendingChunkedMessage (${rules.maxPending}) evicted it${where(at)} and acknowledged its chunks`,
          { uuid: u, kind: 'evicted' },
        );
        return;
      }
  };
  return (producerName, m, at = NO_POSITION) => {
    const c = m.chunk;
    if (!c) return NOT_CHUNKED;
    expireBefore(rules, open, at, dropped);
    const uuid = `${producerName}-${m.seq}`;
    if (c.id === 0) {
      if (rules.filtersRepeats) {
        taken.delete(uuid);
        overLimit(at);
        taken.set(uuid, []);
      } else {
        if (!taken.has(uuid)) taken.set(uuid, []);
        overLimit(at);
      }
      // Java queues every chunk 0's uuid; the model keeps the queue only where a rule reads it.
      if (rules.maxPending > 0 || rules.expires) queue.push(uuid);
      if (dropped) names.set(uuid, m.msg);
    }
    const set = taken.get(uuid);
    if (set === undefined || set.length !== c.id) {
      if (rules.filtersRepeats && set !== undefined && c.id < set.length) return null;
      if (dropped) {
        const chunk = `${m.msg}[${c.id + 1}/${c.of}]`;
        dropped(
          m.msg,
          set === undefined
            ? `the consumer discarded ${chunk}${where(at)}, a chunk with no context: ${m.msg}'s first chunk ${names.has(uuid) ? 'reached it earlier, but its context is gone' : 'never reached it'} (an unexpected chunk)`
            : c.id < set.length
              ? `the consumer dropped it${where(at)}, at the repeated chunk ${chunk} (before PR 20948)`
              : `the consumer dropped it${where(at)}, at ${chunk} after ${m.msg}[${set.length}/${c.of}] (an unexpected chunk)`,
          // Whether the timer expired this message before: its publish time is then past the limit.
          rules.expiries?.some((x) => x.uuid === uuid)
            ? { uuid, kind: 'unexpected', expired: true }
            : { uuid, kind: 'unexpected' },
        );
      }
      taken.delete(uuid);
      return null;
    }
    set.push(at);
    if (c.id !== c.of - 1) return null;
    taken.delete(uuid);
    if (rules.maxPending > 0) open.count--;
    return set;
  };
}

const where = (at: Position): string =>
  at === NO_POSITION ? '' : ` at ${at.ledgerId}:${at.entryId}`;

/**
 * Why the consumer dropped each message it dropped, the first time, over `entries` in order — for
 * `no-silent-loss` to say when a message's chunks are stored but no reader gets it.
 */
export function consumerDrops(
  entries: readonly {
    ledgerId: number;
    entryId: number;
    producerName: string;
    msgs: readonly MsgRef[];
  }[],
  rules: ChunkConsumer | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  const dropped: Dropped = (msg, why) => void (out.has(msg) || out.set(msg, why));
  const open: OpenContexts = { taken: new Map(), names: new Map(), queue: [], count: 0 };
  const feed = chunkAssembler(rules, dropped, open);
  for (const e of entries) for (const m of e.msgs) if (m.chunk) feed(e.producerName, m, e);
  // A message the timer expired after the last entry read: its later chunks never came.
  if (rules?.expiries) expireBefore(rules, open, END, dropped);
  return out;
}

/** The answer for a message that is not chunked: complete, with no chunk positions. */
const NOT_CHUNKED: readonly Position[] = Object.freeze([]);
/** A chunk fed without its position (storedMessages needs only whether it completes). */
const NO_POSITION: Position = Object.freeze({ ledgerId: -1, entryId: -1 });

/** A chunked message's span as a consumer's `ChunkMessageIdImpl` names it (`10:0–10:1`); one position for one chunk. */
export const chunkSpan = (set: readonly Position[]): string => {
  const last = set[set.length - 1]!;
  const at = `${last.ledgerId}:${last.entryId}`;
  return set.length > 1 ? `${set[0]!.ledgerId}:${set[0]!.entryId}–${at}` : at;
};
