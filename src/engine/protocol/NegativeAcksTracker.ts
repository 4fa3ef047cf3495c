// A consumer's negative acknowledgements (`subscriptions[].negativeAcknowledge`, with `acks:
// "in-flight"`; docs/research/consumer-acks.md). The application calls `Consumer.negativeAcknowledge`
// instead of acknowledging: `ConsumerImpl.negativeAcknowledge` hands the id to the
// `NegativeAcksTracker`, whose timer, once negativeAckRedeliveryDelay passed, calls
// `ConsumerImpl.redeliverUnacknowledgedMessages(ids)`. On an Exclusive subscription (the model's only
// kind) the client cannot ask for single messages: it clears its queue, moves to a new consumer epoch
// and sends CommandRedeliverUnacknowledgedMessages without ids. The broker
// (`Consumer.redeliverUnacknowledgedMessages` → `PersistentDispatcherSingleActiveConsumer.
// redeliverUnacknowledgedMessages`) rewinds the cursor to its mark-delete and reads again; entries it
// sent before the command came carry the old epoch, and the client drops them
// (`ConsumerBase.isValidConsumerEpoch`). Deduplication stored the message once; the consumer
// receives it twice because the application asked.
import { ev } from '../model/events';
import type { NegativeAcks, Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, tick } from '../sim/context';
import { messageReceived, msgsAt, pos, consumer } from './ConsumerAcks';
import { releasedChunkAcks } from './ConsumerChunkAcks';
import { requestsOnTheWay } from './RedeliveryRequests';

export const initialNegativeAcks = (ackTimeout?: true): NegativeAcks => ({
  held: [],
  done: [],
  ...(ackTimeout ? { processing: [], tracked: [] } : {}),
});

/** The messages of `receipt` the application negatively acknowledges now: listed, not yet nacked. */
export function nackedNow(ctx: Ctx, topic: TopicState, s: Subscription, r: SubscriptionReceipt) {
  const n = s.acked?.nack;
  if (!n) return [];
  const cfg = ctx.w.config.subscriptions.find(
    (c) => c.name === s.name && c.cluster === topic.cluster,
  );
  const listed = cfg?.negativeAcknowledge ?? [];
  return r.msgs.map((m) => m.msg).filter((m) => listed.includes(m) && !n.done.includes(m));
}

/**
 * The consumer received `receipt` and the application negatively acknowledges `nacked`
 * (`ConsumerImpl.negativeAcknowledge` → `NegativeAcksTracker.add`): no CommandAck leaves; the entry
 * waits in the tracker. The dispatcher's read position moves past it all the same.
 */
export function receivedNegativelyAcked(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  receipt: SubscriptionReceipt,
  nacked: readonly string[],
): void {
  const a = s.acked!;
  const n = a.nack!;
  const p = receipt.position;
  const { key, why } = messageReceived(s, receipt);
  // A chunked message is nacked whole: its earlier chunks, held back, wait with it.
  const held = [...releasedChunkAcks(s), p];
  n.held.push(...held);
  n.done.push(...nacked);
  const ids = receipt.msgs.map((m) => m.msg);
  const again = why === undefined ? '' : ` again — redelivered: ${why}`;
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${key} (${ids.join(', ')}) from ${s.broker}${again}; the application negatively acknowledges ${nacked.join(', ')}: NegativeAcksTracker holds ${held.map(pos).join(', ')} for negativeAckRedeliveryDelay, no CommandAck leaves`,
      ids,
      { cluster: topic.cluster, rule: 'ConsumerImpl.negativeAcknowledge' },
    ),
  );
}

/**
 * The tracker's timer fires (`NegativeAcksTracker.triggerRedelivery`): the consumer asks for its
 * unacknowledged messages again. Exclusive, so without ids
 * (`ConsumerImpl.redeliverUnacknowledgedMessages`): a new consumer epoch, and the command leaves
 * behind the CommandAcks already on the connection.
 */
export function triggerRedelivery(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const n = s.acked!.nack!;
  const nacked = n.held;
  n.held = [];
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `negativeAckRedeliveryDelay passed for ${nacked.map(pos).join(', ')}`,
      nacked.flatMap(msgsAt(topic)),
      {
        cluster: topic.cluster,
        rule: 'NegativeAcksTracker.triggerRedelivery',
      },
    ),
  );
  sendRedeliveryRequest(ctx, topic, s, nacked, []);
}

/**
 * `ConsumerImpl.redeliverUnacknowledgedMessages` on an Exclusive subscription: it cannot ask for
 * single messages, so it clears the UnAckedMessageTracker, moves to a new consumer epoch and sends
 * the request without ids, behind the CommandAcks already on the connection.
 */
export function sendRedeliveryRequest(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  nacked: readonly Position[],
  timedOut: readonly Position[],
): void {
  const a = s.acked!;
  const n = a.nack!;
  if (n.tracked) n.tracked = [];
  // No guard against a request already on its way: each call is a new epoch and a new command,
  // queued behind the earlier one and the CommandAcks sent since (RedeliveryRequests.ts).
  const ahead = requestsOnTheWay(n);
  const acksAhead = ahead.reduce((k, r) => k + r.behind, 0);
  const request = {
    behind: a.inFlight.length - acksAhead,
    nacked,
    ...(timedOut.length > 0 ? { timedOut } : {}),
    born: tick(ctx.w),
  };
  if (n.command) n.queued = [...(n.queued ?? []), request];
  else n.command = request;
  const acks = a.inFlight.slice(acksAhead).flatMap((f) => f.positions.map(pos));
  const behind = [
    ...(ahead.length > 0 ? [`the request${ahead.length > 1 ? 's' : ''} already on its way`] : []),
    ...(acks.length > 0 ? [`CommandAck ${acks.join(', ')}`] : []),
  ];
  const behindText = behind.length > 0 ? `, behind ${behind.join(' and ')}` : '';
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `Exclusive: it cannot ask for single messages, so it asks for every unacknowledged one — a new consumer epoch; CommandRedeliverUnacknowledgedMessages (no ids) on its way${behindText}`,
      [...nacked, ...timedOut].flatMap(msgsAt(topic)),
      { cluster: topic.cluster, rule: 'ConsumerImpl.redeliverUnacknowledgedMessages' },
    ),
  );
}

/**
 * The dispatcher sent an entry while the consumer's redelivery request was on its way: it carries
 * the old epoch and the client drops it (`ConsumerBase.isValidConsumerEpoch`); the application never
 * sees it. The read position moved past it; the coming rewind sends it again.
 */
export function droppedOldEpoch(ctx: Ctx, topic: TopicState, s: Subscription, p: Position): void {
  s.acked!.readPosition = p;
  const ids = msgsAt(topic)(p);
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${pos(p)}${ids.length ? ` (${ids.join(', ')})` : ''} from ${s.broker} with the epoch before its redelivery request: dropped before the application sees it`,
      ids,
      { cluster: topic.cluster, rule: 'ConsumerBase.isValidConsumerEpoch' },
    ),
  );
}
