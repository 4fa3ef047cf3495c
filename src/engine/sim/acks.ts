// The consumer-acknowledgement half of `enabledActions` and `step` (`subscriptions[].acks:
// "in-flight"`): a CommandAck reaching the broker, the mark-delete reaching the cursor ledger, and
// the lose-ack fault. The rules are in protocol/ConsumerAcks.ts and the files it names
// (ManagedCursorAsyncDelete.ts, ManagedCursorRewind.ts); this file only wires them in.
import { ev } from '../model/events';
import type { World } from '../model/world';
import { msgsAt, pos } from '../protocol/ConsumerAcks';
import { ackArrives, persistCursor } from '../protocol/ManagedCursorAsyncDelete';
import { rewindOnReconnect } from '../protocol/ManagedCursorRewind';
import { cursorLedgerBehind } from '../protocol/ManagedCursorLedger';
import { nodeBehind } from '../protocol/ManagedCursorMetaStore';
import { topicDown } from '../protocol/PersistentTopicServing';
import { type Action, ActionClass } from './actions';
import type { Ctx } from './context';

type Add = (key: string, action: Action, cls: number, born: number) => void;

/**
 * While the consumer's broker serves the topic: its oldest CommandAck may arrive (a request to a
 * broker; its key names the positions it carries, joined by `+` when a chunked message's chunks
 * travel together), and a mark-delete — or an individual delete — the cursor ledger does not hold yet may
 * be written (persistence; its key names the mark-delete).
 */
export function enabledAcks(w: World, add: Add): void {
  for (const c of w.config.clusters) {
    const topic = w.topics[c.name]!;
    for (const s of Object.values(topic.subscriptions)) {
      const a = s.acked;
      if (!a || topic.owner !== s.broker || topicDown(topic)) continue;
      const head = a.inFlight[0];
      const subject = { cluster: c.name, subscription: s.name };
      // A redelivery request ahead of it (negative acks): that lands first.
      if (head && a.nack?.command?.behind !== 0)
        add(
          `ack:${s.name}:${head.positions.map(pos).join('+')}`,
          { type: 'ack', ...subject },
          ActionClass.request,
          head.born,
        );
      // After a fenced write the old owner writes the metadata-store node (ManagedCursorMetaStore.ts).
      if (a.cursorLedgerFenced === undefined ? cursorLedgerBehind(s) : nodeBehind(s))
        add(
          `persist-cursor:${s.name}:${pos(s.markDeletePosition)}`,
          { type: 'persist-cursor', ...subject },
          ActionClass.persist,
          0,
        );
    }
  }
}

export function applyAcks(ctx: Ctx, a: Extract<Action, { type: 'ack' | 'persist-cursor' }>): void {
  const topic = ctx.w.topics[a.cluster]!;
  const s = topic.subscriptions[a.subscription]!;
  if (a.type === 'ack') ackArrives(ctx, topic, s);
  else persistCursor(ctx, topic, s);
}

/** The messages whose entry's CommandAck `subscription` has in flight (the explorer's lose-ack places). */
export function ackedMessages(w: World, cluster: string, subscription: string): string[] {
  const topic = w.topics[cluster]!;
  const s = topic.subscriptions[subscription];
  if (!s?.acked) return [];
  return [...new Set(s.acked.inFlight.flatMap((f) => f.positions.flatMap(msgsAt(topic))))];
}

/**
 * lose-ack: the consumer's connection drops with the ack on it (`ClientCnx.channelInactive`); the
 * consumer reconnects to the same broker, which still holds the cursor in memory and rewinds it.
 */
export function loseAck(ctx: Ctx, cluster: string, subscription: string, message: string): void {
  const topic = ctx.w.topics[cluster]!;
  const s = topic.subscriptions[subscription]!;
  ctx.events.push(
    ev(
      'fault',
      `${s.name}-consumer`,
      `lose-ack: the connection to ${s.broker} drops with the CommandAck of ${message} on it`,
      [message],
      { cluster, rule: 'fault:lose-ack' },
    ),
  );
  ctx.events.push(
    ev('close', `${s.name}-consumer`, `connection closed: reconnects to ${s.broker}`, [], {
      cluster,
      rule: 'ConsumerImpl.connectionClosed',
    }),
  );
  rewindOnReconnect(ctx, topic, s, 'lost', 'the connection dropped');
}
