// The broker's side of a negative ack (`subscriptions[].negativeAcknowledge`): the consumer's
// CommandRedeliverUnacknowledgedMessages arrives, after the CommandAcks sent before it.
// `ServerCnx.handleRedeliverUnacknowledged` → `Consumer.redeliverUnacknowledgedMessages` (no ids:
// Exclusive) → `PersistentDispatcherSingleActiveConsumer.redeliverUnacknowledgedMessages`: the
// dispatcher takes the consumer's new epoch and rewinds the cursor to its mark-delete, so every
// entry after it that is not individually deleted is read and sent again — the negatively
// acknowledged one, and those it sent while the request was on its way (the client dropped them).
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { msgsAt, unacknowledgedSent, pos } from './ConsumerAcks';
import { forgetHeldChunks } from './ConsumerChunkAcks';
import { nextRequest, stillToResend } from './RedeliveryRequests';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * Who left `p` unacknowledged: the application, or — for a chunk the consumer discarded and left to
 * `trackMessage` (ConsumerImplUnexpectedChunk.ts) — the consumer itself: the application never had it.
 */
function timedOutWhat(s: Subscription, p: Position, ids: string): string {
  const last = [...s.received].reverse().find((r) => cmp(r.position, p) === 0);
  return last?.discarded !== undefined
    ? `the consumer discarded ${ids} and left it unacknowledged (trackMessage)`
    : `the application had not acknowledged ${ids}`;
}

export function redeliverUnacknowledged(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const n = a.nack!;
  const nacked = n.command?.nacked ?? [];
  const timedOut = n.command?.timedOut ?? [];
  nextRequest(n);
  forgetHeldChunks(s);
  const idsAt = msgsAt(topic);
  const cluster = topic.cluster;
  ctx.events.push(
    ev(
      'receive',
      `${s.name}-consumer`,
      'CommandRedeliverUnacknowledgedMessages',
      nacked.flatMap(idsAt),
      {
        to: s.broker,
        cluster,
        rule: 'Consumer.redeliverUnacknowledgedMessages',
      },
    ),
  );
  const md = s.markDeletePosition;
  const sent = unacknowledgedSent(s);
  const resent = stillToResend(s, sent);
  for (const p of resent) {
    const ids = idsAt(p).join(', ');
    const pending = !sent.some((x) => cmp(x, p) === 0);
    a.redeliver[pos(p)] = nacked.some((x) => cmp(x, p) === 0)
      ? `the application negatively acknowledged ${ids}; the consumer asked for it again after negativeAckRedeliveryDelay`
      : timedOut.some((x) => cmp(x, p) === 0)
        ? `${timedOutWhat(s, p, ids)} within ackTimeoutMillis; the consumer asked for it again`
        : // Still to be sent after an earlier rewind: that one's reason stands.
          pending
          ? a.redeliver[pos(p)]!
          : `the consumer asked for every unacknowledged message again (Exclusive)`;
  }
  a.readPosition = md;
  const again = resent.map(pos);
  const skip = s.individuallyDeleted.filter((d) => cmp(d, md) > 0).map(pos);
  const skipping = skip.length > 0 ? `, skipping the individually deleted ${skip.join(', ')}` : '';
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name} rewinds to mark-delete ${pos(md)} for the consumer's new epoch: ${again.length > 0 ? `${again.join(', ')} will be delivered again` : 'nothing to deliver again'}${skipping}`,
      resent.flatMap(idsAt),
      { cluster, rule: 'PersistentDispatcherSingleActiveConsumer.redeliverUnacknowledgedMessages' },
    ),
  );
}
