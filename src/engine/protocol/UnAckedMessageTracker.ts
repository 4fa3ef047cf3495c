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
import { type Ctx, tick } from '../sim/context';
import { consumer, messageReceived, msgsAt, pos } from './ConsumerAcks';
import { sendRedeliveryRequest } from './NegativeAcksTracker';
import { chunkedMessageCompleted, isLastChunkAt, takeChunkIds } from './ConsumerChunkAckTimeout';

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
  // A last chunk hands the application the whole message, timed once under the last chunk's id.
  const chunked = chunkedMessageCompleted(s, receipt);
  const ids = receipt.msgs.map((m) => m.msg);
  const again = why === undefined ? '' : ` again — redelivered: ${why}`;
  const whole = chunked
    ? `; ${ids.join(', ')} is whole (chunks ${chunked.ids.map(pos).join(', ')})`
    : '';
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${key} (${ids.join(', ')}) from ${s.broker}${again}${whole}; the application works on it${timed ? ` — UnAckedMessageTracker holds ${key} for ackTimeoutMillis` : ''}`,
      ids,
      {
        cluster: topic.cluster,
        rule: chunked
          ? 'ConsumerImpl.trackMessage:ChunkMessageIdImpl'
          : 'UnAckedMessageTracker.add',
      },
    ),
  );
  // Chunks of a message the assembly dropped are acknowledged as a discarded chunk is.
  if (chunked && chunked.dropped.length > 0) {
    s.acked!.inFlight.push({ positions: chunked.dropped, born: tick(ctx.w) });
    ctx.events.push(
      ev(
        'log',
        consumer(s),
        `the chunks ${chunked.dropped.map(pos).join(', ')} of a dropped message are acknowledged: CommandAck ${chunked.dropped.map(pos).join(', ')} on its way`,
        chunked.dropped.flatMap(msgsAt(topic)),
        { cluster: topic.cluster, rule: 'ConsumerImpl.processMessageChunk' },
      ),
    );
  }
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
  // A chunked message's id: the flush acknowledges every chunk the map still gives for it, in one
  // CommandAck (`newMultiMessageAck`).
  const chunks = takeChunkIds(n, key);
  const acks = chunks ?? [p];
  a.inFlight.push({ positions: acks, born: tick(ctx.w) });
  const ids = msgsAt(topic)(p);
  const text = chunks
    ? `the application acknowledges ${ids.join(', ')} (${key}, chunked): CommandAck ${acks.map(pos).join(', ')} on its way — every chunk of it`
    : isLastChunkAt(topic, p)
      ? `the application acknowledges ${ids.join(', ')} (${key}, chunked): CommandAck ${key} on its way — unAckedChunkedMessageIdSequenceMap no longer holds its chunk ids (the ack timeout, or an earlier acknowledgement of the same id, took them), so only the last chunk's entry is acknowledged`
      : `the application acknowledges ${key}: CommandAck ${key} on its way`;
  ctx.events.push(
    ev('app', consumer(s), text, ids, {
      cluster: topic.cluster,
      rule: chunks
        ? 'PersistentAcknowledgmentsGroupingTracker.flush:unAckedChunkedMessageIdSequenceMap'
        : isLastChunkAt(topic, p)
          ? 'PersistentAcknowledgmentsGroupingTracker.flush:ChunkMessageIdImpl'
          : 'PersistentAcknowledgmentsGroupingTracker.addAcknowledgment',
    }),
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
  // A chunked message's id brings every chunk id into the request and leaves the map.
  const asked: Position[] = [];
  for (const p of timedOut) {
    const chunks = takeChunkIds(n, pos(p));
    asked.push(...(chunks ?? [p]));
    if (chunks)
      ctx.events.push(
        ev(
          'log',
          consumer(s),
          `${msgsAt(topic)(p).join(', ')} (${pos(p)}) is chunked: the request names its chunks ${chunks.map(pos).join(', ')}, and unAckedChunkedMessageIdSequenceMap forgets them`,
          msgsAt(topic)(p),
          {
            cluster: topic.cluster,
            rule: 'UnAckedMessageTracker.addChunkedMessageIdsAndRemoveFromSequnceMap',
          },
        ),
      );
  }
  sendRedeliveryRequest(ctx, topic, s, [], asked);
}
