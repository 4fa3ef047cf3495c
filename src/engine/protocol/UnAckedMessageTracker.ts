// A consumer's ack timeout (`subscriptions[].ackTimeout`, with `acks: "in-flight"`;
// docs/research/consumer-acks.md). With `ackTimeoutMillis` set, `ConsumerImpl` adds every message it
// hands the application to the `UnAckedMessageTracker` and removes it when the application calls
// `acknowledge`. A message still there when the timeout passes — the application is slow, not
// wrong — is asked for again: `ConsumerImpl.redeliverUnacknowledgedMessages`, on Exclusive without
// ids and with a new consumer epoch (NegativeAcksTracker.ts, `sendRedeliveryRequest`). The
// application keeps processing the copy it has and acknowledges it; the broker has rewound and sends
// the entry again: deduplication stored it once, the application receives it twice.
import { ev } from '../model/events';
import type { Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, positionText, tick } from '../sim/context';
import { messageReceived, msgsAt } from './ConsumerAcks';
import { sendRedeliveryRequest } from './NegativeAcksTracker';

const pos = (p: Position) => positionText(p.ledgerId, p.entryId);
const consumer = (s: Subscription) => `${s.name}-consumer`;

/**
 * The application received `receipt` and works on it (`UnAckedMessageTracker.add`); its
 * acknowledgement is a step of its own (`acknowledge:`).
 */
export function receivedForProcessing(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  receipt: SubscriptionReceipt,
): void {
  const a = s.acked!;
  const n = a.nack!;
  const p = receipt.position;
  const { key, why } = messageReceived(s, receipt);
  n.processing!.push(p);
  // A copy an ack timeout asked for is not timed again (the model's bound: once per entry).
  const timed = !(n.timedOutOnce ?? []).includes(key);
  if (timed) n.tracked!.push(p);
  const ids = receipt.msgs.map((m) => m.msg);
  const again = why === undefined ? '' : ` again — redelivered: ${why}`;
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${key} (${ids.join(', ')}) from ${s.broker}${again}; the application works on it${timed ? ` — UnAckedMessageTracker holds ${key} for ackTimeoutMillis` : ''}`,
      ids,
      { cluster: topic.cluster, rule: 'UnAckedMessageTracker.add' },
    ),
  );
}

/**
 * The application acknowledges the oldest entry it works on (`ConsumerImpl.acknowledgeAsync`): its id
 * leaves the UnAckedMessageTracker (by id: a copy still coming is no longer timed), and its
 * CommandAck leaves — even for a copy the timeout already asked for again.
 */
export function applicationAcknowledges(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const n = a.nack!;
  const p = n.processing!.shift()!;
  const key = pos(p);
  const i = n.tracked!.findIndex((x) => pos(x) === key);
  if (i >= 0) n.tracked!.splice(i, 1);
  a.inFlight.push({ position: p, born: tick(ctx.w) });
  ctx.events.push(
    ev(
      'app',
      consumer(s),
      `the application acknowledges ${key}: CommandAck ${key} on its way`,
      msgsAt(topic)(p),
      {
        cluster: topic.cluster,
        rule: 'PersistentAcknowledgmentsGroupingTracker.addAcknowledgment',
      },
    ),
  );
}

/** The tracker's timer: what it holds was not acknowledged within ackTimeoutMillis. */
export function ackTimeoutFires(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const n = s.acked!.nack!;
  const timedOut = [...n.tracked!];
  n.timedOutOnce = [...(n.timedOutOnce ?? []), ...timedOut.map(pos)];
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `ackTimeoutMillis passed for ${timedOut.map(pos).join(', ')}: not acknowledged yet`,
      timedOut.flatMap(msgsAt(topic)),
      { cluster: topic.cluster, rule: 'UnAckedMessageTracker.run' },
    ),
  );
  sendRedeliveryRequest(ctx, topic, s, [], timedOut);
}
