// The consumer's expiry of incomplete chunked messages: Java `ConsumerImpl
// .removeExpireIncompleteChunkedMessages`, run by a timer every
// `expireTimeOfIncompleteChunkedMessageMillis` (default 60 000; 0 turns it off). It peeks the
// `pendingChunkedMessageUuidQueue` and, while the uuid at its head has an open `ChunkedMessageCtx`
// older than the limit, polls it and calls `removeChunkMessage(uuid, ctx, true)`: the context is
// dropped and its chunks acknowledged, so the message is lost to the consumer; a later chunk of it
// then finds no context and is discarded ("unexpected chunk", and acknowledged too: its publish
// time is the message's, past the limit). It stops at the first uuid with no open context — a
// completed message's uuid stays in the queue — or one not yet expired.
//
// The model has no clock: the timer's firing is an action, `chunk-expiry:<cluster>`, enabled only
// while the uuid at the queue's head has an open context (like Go's batch flush timer, enabled only
// while a batch is open), for the consumer the `consumer` block describes; the explorer may take it
// between any two steps. Each firing expires that oldest message (one more firing expires the next:
// which of them had waited long enough is a matter of time the model does not keep). The topic
// records the firing (`ChunkConsumer.expiries`) and every reader replays it where it happened
// (`expireBefore`), so `storedMessages`, the invariants and the panels agree.
// docs/research/chunking.md ("The consumer's expiry of incomplete messages").
import { ev } from '../model/events';
import type { ChunkExpiry, Position, TopicState } from '../model/topic';
import { frozen } from '../model/world';
import type { Ctx } from '../sim/context';
import { END, expireBefore, type OpenContexts } from './ConsumerImplChunkContexts';
import { chunkAssembler } from './ConsumerImplChunks';
import { readableOf } from './ManagedLedger';

/**
 * What the timer would expire now at this topic: the message whose uuid heads the queue, if its
 * context is open once the reader has read every readable entry (earlier firings replayed), and
 * the last position read; null when the option is off, nothing is read, or the head is stale.
 */
export function expirable(topic: TopicState): ChunkExpiry | null {
  const rules = topic.chunkConsumer;
  if (!rules?.expires) return null;
  const open: OpenContexts = { taken: new Map(), names: new Map(), queue: [], count: 0 };
  // `dropped` given so the assembler keeps each open context's message name.
  const feed = chunkAssembler(rules, () => undefined, open);
  let last: Position | null = null;
  for (const e of readableOf(topic)) {
    for (const m of e.msgs) if (m.chunk) feed(e.producerName, m, e);
    last = e;
  }
  if (!last) return null;
  expireBefore(rules, open, END);
  const uuid = open.queue[0];
  if (uuid === undefined || !open.taken.has(uuid)) return null;
  const after = { ledgerId: last.ledgerId, entryId: last.entryId };
  return { after, uuid, msg: open.names.get(uuid) ?? uuid };
}

/** The timer fires at `cluster`'s topic: the oldest incomplete message expires (see the header). */
export function removeExpireIncompleteChunkedMessages(ctx: Ctx, cluster: string): void {
  const topic = ctx.w.topics[cluster]!;
  const x = expirable(topic);
  if (!x) return;
  const rules = topic.chunkConsumer!;
  topic.chunkConsumer = frozen({
    ...rules,
    expiries: frozen([...(rules.expiries ?? []), frozen(x)]),
  });
  ctx.events.push(
    ev(
      'log',
      'consumer',
      `${x.msg} (uuid ${x.uuid}) is still incomplete after expireTimeOfIncompleteChunkedMessage, read up to ${x.after.ledgerId}:${x.after.entryId}: the consumer drops it and acknowledges the chunks it holds; a later chunk of ${x.msg} will find no context`,
      [x.msg],
      { cluster, rule: 'ConsumerImpl.removeExpireIncompleteChunkedMessages' },
    ),
  );
}
