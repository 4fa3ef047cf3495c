// The rewind on a reconnect with acks in flight (ConsumerAcks.ts): the consumer comes back —
// after a lost connection, an unload, a crash or an ownership change — and the broker that serves
// the cursor then sends again every entry after the mark-delete it holds. What it holds depends on
// how the connection ended (`AckLoss`): the same cursor in memory, the one its close wrote
// (ManagedCursorClose.ts), or the one recovered from the cursor ledger (ManagedCursorLedger.ts) or
// opened at a new owner's load (ManagedCursorFencing.ts). Each entry says why it comes again
// (ConsumerAckLoss.ts).
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { consumer, msgsAt, pos, unacknowledgedSent } from './ConsumerAcks';
import { type AckLoss, type LostWith, stillAgain, whyAgain } from './ConsumerAckLoss';
import { forgetHeldChunks } from './ConsumerChunkAcks';
import { recoverCursorLedger, withDeletedText } from './ManagedCursorLedger';
import { asyncClose } from './ManagedCursorClose';
import { cutByTheCap } from './ManagedCursorUnackedRanges';
import { fencedWriteReason } from './ManagedCursorFencing';

/**
 * The consumer comes back (`ConsumerImpl.connectionOpened`) and the dispatcher rewinds its read
 * position to the mark-delete (`PersistentDispatcherSingleActiveConsumer` on a new active consumer:
 * `ManagedCursorImpl.rewind`): every entry it sent after the mark-delete is sent again, and each
 * says why — its ack lost with the connection, or landed but not persisted before the crash.
 */
export function rewindOnReconnect(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  how: AckLoss,
  cause: string,
): void {
  const a = s.acked;
  if (!a) return;
  const idsAt = msgsAt(topic);
  const lost = a.inFlight.flatMap((f) => f.positions);
  a.inFlight = [];
  forgetHeldChunks(s);
  // A redelivery request on the connection is lost with it; the rewind below does its work.
  const request = a.nack?.command !== undefined;
  if (a.nack) {
    a.nack.command = undefined;
    delete a.nack.queued;
  }
  const landed = s.markDeletePosition;
  // The old owner's write after the new owner's load failed (ManagedCursorFencing.ts).
  const fenced = how === 'loaded' ? fencedWriteReason(s) : undefined;
  // A close writes the in-memory cursor, deleted ranges too — as many as the cap keeps: the reloaded
  // topic opens what was written, so a range past it is forgotten as after a crash. A close that
  // meets BadVersion writes nothing: the reload opens the node's copy (ManagedCursorClose.ts).
  const closed = how === 'closed' ? asyncClose(ctx, topic, s) : undefined;
  const forgotten =
    how === 'recovered' || how === 'loaded'
      ? recoverCursorLedger(ctx, topic, s, how === 'loaded')
      : (closed?.forgotten ?? []);
  const md = s.markDeletePosition;
  const resent = unacknowledgedSent(s);
  const lostWith: LostWith = {
    lost,
    landed,
    cause,
    fenced,
    closeFailed: closed?.failed,
    forgotten,
  };
  for (const p of resent) a.redeliver[pos(p)] = whyAgain(s, p, lostWith);
  a.readPosition = md;
  const again = resent.map(pos);
  if (lost.length > 0)
    ctx.events.push(
      ev(
        'log',
        consumer(s),
        `CommandAck ${lost.map(pos).join(', ')} lost: ${cause}`,
        lost.flatMap(idsAt),
        { cluster: topic.cluster, rule: 'ClientCnx.channelInactive:acks-lost' },
      ),
    );
  if (request)
    ctx.events.push(
      ev('log', consumer(s), `CommandRedeliverUnacknowledgedMessages lost: ${cause}`, [], {
        cluster: topic.cluster,
        rule: 'ClientCnx.channelInactive:acks-lost',
      }),
    );
  const where =
    how === 'recovered'
      ? `recovered from the cursor ledger at mark-delete ${pos(md)}`
      : how === 'loaded'
        ? `(opened at ${s.broker}'s load, mark-delete ${pos(md)}) reads from after it for the moved consumer`
        : closed?.failed !== undefined
          ? `(opened at the reload from its metadata-store node, mark-delete ${pos(md)}) reads from after it for the reconnected consumer`
          : closed
            ? `persisted mark-delete ${pos(md)}${withDeletedText(closed.kept)} on close; the new instance reads on after it`
            : `rewinds to mark-delete ${pos(md)} for the reconnected consumer`;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name} ${where}: ${again.length > 0 ? `${again.join(', ')} will be delivered again` : stillAgain(s)}`,
      resent.flatMap(idsAt),
      {
        cluster: topic.cluster,
        rule:
          how === 'recovered'
            ? 'ManagedCursorImpl.recoverFromLedger'
            : how === 'loaded' || closed?.failed !== undefined
              ? 'ManagedCursorImpl.recoveredCursor:readPosition'
              : how === 'closed'
                ? 'ManagedCursorImpl.asyncClose'
                : 'PersistentDispatcherSingleActiveConsumer.scheduleReadOnActiveConsumer:rewind',
      },
    ),
  );
  if (closed && closed.failed === undefined) cutByTheCap(ctx, topic, s);
  // The cursor now holds only what was written: nothing is cut any more.
  if (how !== 'lost') delete a.persistedCut;
}
