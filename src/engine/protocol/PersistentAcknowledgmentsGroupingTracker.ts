// The consumer's acknowledgement leaving with acks in flight (`subscriptions[].acks: "in-flight"`,
// ConsumerAcks.ts): the application acknowledges what it received and
// `PersistentAcknowledgmentsGroupingTracker` sends the CommandAck on the consumer's connection — one
// frame for a chunked message's chunks (`newMultiMessageAck`). A chunk of a message not yet whole
// sends nothing until the message is (ConsumerChunkAcks.ts), and a chunk the consumer discards is
// acknowledged or left as a hole by the unexpected-chunk rule (ConsumerImplUnexpectedChunk.ts). The
// grouping tracker's wait (acknowledgementGroupTime) is folded into the ack's delivery step.
import { ev } from '../model/events';
import type { Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import { type Ctx, tick } from '../sim/context';
import { consumer, messageReceived, pos } from './ConsumerAcks';
import { holdChunkAck, incompleteChunkOf, releasedChunkAcks } from './ConsumerChunkAcks';
import { leftUnacknowledged, UNEXPECTED_CHUNK_ACKED } from './ConsumerImplUnexpectedChunk';

/**
 * The consumer received `receipt` (already built by `ConsumerImpl.messageReceived`): the dispatcher's
 * read position moves past it, and the application's acknowledgement leaves as a CommandAck. The
 * grouping tracker's wait (acknowledgementGroupTime) is folded into the ack's delivery step.
 */
export function receivedWithAckInFlight(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  receipt: SubscriptionReceipt,
): void {
  const a = s.acked!;
  const p = receipt.position;
  const { key, why } = messageReceived(s, receipt);
  const ids = receipt.msgs.map((m) => m.msg);
  const what = receipt.discarded
    ? `: ${receipt.discarded}`
    : ids.length
      ? ` (${ids.join(', ')})`
      : '';
  const again =
    (why === undefined ? '' : ` again — redelivered: ${why}`) +
    (receipt.othersLost ? `; ${receipt.othersLost}` : '');
  const rule =
    why === undefined
      ? 'PersistentAcknowledgmentsGroupingTracker.addAcknowledgment'
      : 'PersistentDispatcherSingleActiveConsumer.readMoreEntries:redelivery';
  // A chunk of a message not yet whole: no ack leaves until the message does (ConsumerChunkAcks.ts).
  const uuid = incompleteChunkOf(s, receipt);
  if (uuid !== undefined) {
    holdChunkAck(s, receipt, uuid);
    // Chunks held for a message this entry made the consumer drop leave now: the limit's eviction
    // (with its auto-ack) and the timer acknowledge them (`removeChunkMessage`).
    const due = releasedChunkAcks(s);
    if (due.length > 0) a.inFlight.push({ positions: due, born: tick(ctx.w) });
    const leave =
      due.length > 0
        ? `; CommandAck ${due.map(pos).join(', ')} (the chunks it held of the message dropped) on its way`
        : '';
    ctx.events.push(
      ev(
        'log',
        consumer(s),
        `received ${key}${what} from ${s.broker}${again}${leave}; ${ids.join(', ')} is not complete yet: no CommandAck until the application has it whole`,
        ids,
        {
          cluster: topic.cluster,
          rule: 'ConsumerImpl.processMessageChunk:unAckedChunkedMessageIdSequenceMap',
        },
      ),
    );
    return;
  }
  // A discarded chunk Pulsar does not acknowledge (ConsumerImplUnexpectedChunk.ts): an ack hole.
  const d = receipt.discardAck;
  if (d && !d.acknowledged)
    return leftUnacknowledged(ctx, topic, s, receipt, `${key}${what}`, again);
  // The held chunks leave with it in one CommandAck (`newMultiMessageAck`: one frame, one step).
  const acks = [...releasedChunkAcks(s), p];
  a.inFlight.push({ positions: acks, born: tick(ctx.w) });
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${key}${what} from ${s.broker}${again}; ${d ? d.why : 'acknowledges it'}: CommandAck ${acks.map(pos).join(', ')} on its way`,
      ids,
      {
        cluster: topic.cluster,
        rule: d
          ? UNEXPECTED_CHUNK_ACKED
          : acks.length > 1 && why === undefined
            ? 'PersistentAcknowledgmentsGroupingTracker.flush:unAckedChunkedMessageIdSequenceMap'
            : rule,
      },
    ),
  );
}
