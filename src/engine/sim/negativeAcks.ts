// The redelivery half of `enabledActions` and `step` (`subscriptions[].negativeAcknowledge`,
// `.ackTimeout`): the NegativeAcksTracker's timer, the application's own acknowledgement and the
// UnAckedMessageTracker's timer, and the redelivery request reaching the broker. The rules are in
// protocol/NegativeAcksTracker.ts, UnAckedMessageTracker.ts and ConsumerRedeliverUnacknowledged.ts.
import type { World } from '../model/world';
import { topicDown } from '../protocol/PersistentTopicServing';
import { triggerRedelivery } from '../protocol/NegativeAcksTracker';
import { redeliverUnacknowledged } from '../protocol/ConsumerRedeliverUnacknowledged';
import { type Action, ActionClass } from './actions';
import { type Ctx, positionText } from './context';
import { ackTimeoutFires, applicationAcknowledges } from '../protocol/UnAckedMessageTracker';

type Add = (key: string, action: Action, cls: number, born: number) => void;

/**
 * While the consumer's broker serves the topic: the tracker's timer may fire when it holds an entry
 * — even with a request already on its way, as Pulsar's client does — (last in its class, as the
 * chunk expiry: `auto` lets it fire only when nothing else can happen); the head request lands once
 * the CommandAcks sent before it did.
 */
export function enabledNegativeAcks(w: World, add: Add): void {
  for (const c of w.config.clusters) {
    const topic = w.topics[c.name]!;
    for (const s of Object.values(topic.subscriptions)) {
      const n = s.acked?.nack;
      if (!n || topic.owner !== s.broker || topicDown(topic)) continue;
      const subject = { cluster: c.name, subscription: s.name };
      if (n.held.length > 0)
        add(
          `negative-ack:${s.name}`,
          { type: 'negative-ack', ...subject },
          ActionClass.batchTimer,
          Number.MAX_SAFE_INTEGER,
        );
      const working = n.processing?.[0];
      if (working)
        add(
          `acknowledge:${s.name}:${positionText(working.ledgerId, working.entryId)}`,
          { type: 'acknowledge', ...subject },
          ActionClass.workload,
          0,
        );
      if ((n.tracked?.length ?? 0) > 0)
        add(
          `ack-timeout:${s.name}`,
          { type: 'ack-timeout', ...subject },
          ActionClass.batchTimer,
          Number.MAX_SAFE_INTEGER,
        );
      if (n.command?.behind === 0)
        add(
          `redeliver:${s.name}`,
          { type: 'redeliver', ...subject },
          ActionClass.request,
          n.command.born,
        );
    }
  }
}

export function applyNegativeAcks(
  ctx: Ctx,
  a: Extract<Action, { type: 'negative-ack' | 'redeliver' | 'acknowledge' | 'ack-timeout' }>,
): void {
  const topic = ctx.w.topics[a.cluster]!;
  const s = topic.subscriptions[a.subscription]!;
  if (a.type === 'negative-ack') triggerRedelivery(ctx, topic, s);
  else if (a.type === 'acknowledge') applicationAcknowledges(ctx, topic, s);
  else if (a.type === 'ack-timeout') ackTimeoutFires(ctx, topic, s);
  else redeliverUnacknowledged(ctx, topic, s);
}
