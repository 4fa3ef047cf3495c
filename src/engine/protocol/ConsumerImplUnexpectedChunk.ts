// The acknowledgement of a chunk the consumer discards: `ConsumerImpl.processMessageChunk`'s
// "unexpected chunk" branch (read in apache/pulsar f6166c7, pulsar-client ConsumerImpl.java;
// docs/research/chunking.md, "A discarded chunk's acknowledgement"). A chunk with no context — a
// later chunk of a message the pending limit evicted (`removeOldestPendingChunkedMessage`) or the
// expiry timer expired (`removeExpireIncompleteChunkedMessages`), or whose first chunk never came —
// or one that leaves a gap drops the context; then the chunk is acknowledged (`doAcknowledge`,
// Individual) only when `expireTimeOfIncompleteChunkedMessageMillis` > 0 and the chunk's publish time
// is more than that in the past. Otherwise `trackMessage`, which only an ack timeout acts on: the
// chunk stays unacknowledged, an ack hole the broker sends again after a reconnect or a redelivery
// request, where the consumer finds no context again and discards it again.
//
// The model has no clock, so "past the limit" is what it knows of the chunk's message. Every chunk
// carries its message's publish time (`ProducerImpl.updateMessageMetadata` sets it once), so it is
// past when the timer expired that message (its first chunk came longer ago than the limit), or when
// the message TTL expired an earlier chunk of it on this subscription's cursor (the model takes the
// TTL to be at least the limit: chunking.md, "A subscription's consumer"), or when the ack timeout
// asked for the chunk's entry already (below). Anything else a consumer meets as it is stored —
// soon after its publish time — so it is tracked, not acknowledged.
//
// Under an ack timeout Java repeats one round until the limit passes: the tracked chunk times out
// (`UnAckedMessageTracker` → `redeliverUnacknowledgedMessages`), comes again, runs this branch again
// and is tracked again. Each round is the same as the one before, and only the clock ends them, at
// the first copy whose publish time is past the limit. The model takes the rounds as one: the copy
// the timeout asked for is the one past the limit, so it is acknowledged and the hole closes. With
// the limit at 0 nothing ends them in Java; the model asks once (UnAckedMessageTracker.ts's bound).
import { ev } from '../model/events';
import type { DiscardAck, Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { ConsumerConfig } from '../model/config';
import type { TopicState } from '../model/topic';
import { type Ctx, tick } from '../sim/context';
import { releasedChunkAcks } from './ConsumerChunkAcks';
import { pos } from './ConsumerAcks';

/** `ConsumerConfigurationData.expireTimeOfIncompleteChunkedMessageMillis`'s default. */
const JAVA_EXPIRY_MILLIS = 60_000;

/** Why the model knows the chunk's publish time is past the limit, if it does. */
export type PastTheLimit = 'expiry' | 'ttl' | 'ack-timeout' | undefined;

const SINCE: Record<Exclude<PastTheLimit, undefined>, string> = {
  expiry: 'the timer expired its message',
  ttl: 'the message TTL expired an earlier chunk of it',
  'ack-timeout':
    'the ack timeout asked for it already: Java tracks each copy until then, rounds the model takes as one',
};

/** The rule's id, by outcome (the Pulsar code panel links the class). */
export const UNEXPECTED_CHUNK_ACKED = 'ConsumerImpl.processMessageChunk:unexpected-chunk-acked';
export const UNEXPECTED_CHUNK_TRACKED = 'ConsumerImpl.processMessageChunk:unexpected-chunk-tracked';

/**
 * The unexpected-chunk branch's choice for a run's consumer (`consumer` block; Java's default limit
 * when it gives none: the option exists whether or not the model fires its timer).
 */
export function unexpectedChunkAck(
  consumer: ConsumerConfig | undefined,
  past: PastTheLimit,
): DiscardAck {
  const limit = consumer?.expireTimeOfIncompleteChunkedMessageMillis ?? JAVA_EXPIRY_MILLIS;
  const option = `expireTimeOfIncompleteChunkedMessageMillis (${limit})`;
  if (limit <= 0)
    return {
      acknowledged: false,
      why: `not acknowledged: ${option} turns the acknowledgement of an unexpected chunk off (trackMessage) — an ack hole, sent again after a reconnect`,
    };
  if (past !== undefined)
    return {
      acknowledged: true,
      why: `acknowledged (doAcknowledge): its publish time is more than ${option} ago, since ${SINCE[past]}`,
    };
  return {
    acknowledged: false,
    why: `not acknowledged: its publish time is within ${option} (trackMessage) — an ack hole, sent again after a reconnect`,
  };
}

/** The rule a discarded chunk's ack ran. */
export const unexpectedChunkRule = (d: DiscardAck): string =>
  d.acknowledged ? UNEXPECTED_CHUNK_ACKED : UNEXPECTED_CHUNK_TRACKED;

/**
 * A subscription acknowledging at once: its cursor is a mark-delete moved at each receipt, with no
 * read position of its own, so it cannot keep the hole Pulsar leaves for a chunk it does not
 * acknowledge — it moves on, and says so (`acks: "in-flight"` keeps the hole).
 */
export const atOnceAck = (d: DiscardAck | undefined, mark: string): string =>
  !d
    ? `acknowledged: ${mark}`
    : d.acknowledged
      ? `${d.why}: ${mark}`
      : `${d.why}; this subscription acknowledges at once, so its cursor moves on all the same: ${mark}`;

/**
 * The consumer leaves the discarded chunk `receipt` unacknowledged (`trackMessage`): no CommandAck
 * leaves for it, and from now on the cursor deletes with the hole in mind
 * (ManagedCursorIndividualDelete.ts), so a rewind sends it again. The chunks this consumer held for
 * the same message (a context the branch dropped at a gap) are dropped unacknowledged with it, as
 * `chunkedMessagesMap.remove` leaves them; those of messages the limit or the timer removed leave
 * now (`removeChunkMessage` acknowledges them). With an ack timeout `trackMessage` times the chunk:
 * the tracker's timer asks for it again, once (UnAckedMessageTracker.ts), and that copy is past the
 * limit (the header's rounds taken as one) — unless the limit is 0, when it stays a hole.
 */
export function leftUnacknowledged(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  receipt: SubscriptionReceipt,
  received: string,
  again: string,
): void {
  const a = s.acked!;
  const own = new Set(receipt.msgs.map((m) => `${receipt.producerName}-${m.seq}`));
  a.chunkAcks = (a.chunkAcks ?? []).filter((c) => !own.has(c.uuid));
  const due = releasedChunkAcks(s);
  if (due.length > 0) a.inFlight.push({ positions: due, born: tick(ctx.w) });
  const n = a.nack;
  const key = pos(receipt.position);
  const timed = n?.tracked !== undefined && !(n.timedOutOnce ?? []).includes(key);
  if (timed) n.tracked!.push(receipt.position);
  const leave =
    due.length > 0
      ? `; the chunks it held of a message it dropped leave: CommandAck ${due.map(pos).join(', ')} on its way`
      : '';
  ctx.events.push(
    ev(
      'log',
      `${s.name}-consumer`,
      `received ${received} from ${s.broker}${again}; ${receipt.discardAck!.why}${timed ? ` — UnAckedMessageTracker holds ${key} for ackTimeoutMillis` : ''}${leave}`,
      receipt.msgs.map((m) => m.msg),
      { cluster: topic.cluster, rule: UNEXPECTED_CHUNK_TRACKED },
    ),
  );
}
