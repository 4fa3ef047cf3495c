// The broker's half of an acknowledgement in flight (ConsumerAcks.ts): the CommandAck lands
// (`ServerCnx.handleAck` → `Consumer.messageAcked` → `ManagedCursorImpl.asyncDelete`) and moves the
// mark-delete in memory only; the cursor ledger gets it in a step of its own
// (`ManagedCursorImpl.persistPositionToLedger`, rate-limited). Between the two lies what a crash
// loses (ManagedCursorRewind.ts).
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { consumer, msgsAt, pos } from './ConsumerAcks';
import { asyncDeleteAll, asyncDeleteIndividually } from './ManagedCursorIndividualDelete';
import { withDeletedText, writeCursorLedger } from './ManagedCursorLedger';
import { cutByTheCap } from './ManagedCursorUnackedRanges';
import { cursorLedgerFencedBy, persistFenced } from './ManagedCursorFencing';
import { nodeVersionMoved } from './ManagedCursorMetaStore';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * The head CommandAck reaches the broker (`ServerCnx.handleAck` → `Consumer.messageAcked` →
 * `ManagedCursorImpl.asyncDelete`). Acks leave in the order the consumer received the entries and
 * a lost one closes the connection they share, so a landing ack is always the next position after
 * the mark-delete (or one a TTL already passed): the mark-delete moves to it, in memory only. A
 * chunked message's CommandAck carries all its chunks: they land together
 * (`Consumer.individualAckNormal` hands the cursor every position of the command at once).
 */
export function ackArrives(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const head = a.inFlight.shift()!;
  const [p] = head.positions as [Position];
  const key = head.positions.map(pos).join(', ');
  const ids = [...new Set(head.positions.flatMap(msgsAt(topic)))];
  ctx.events.push(
    ev('receive', consumer(s), `CommandAck ${key}`, ids, {
      to: s.broker,
      cluster: topic.cluster,
      rule: 'ServerCnx.handleAck',
    }),
  );
  // A consumer that negatively acknowledges leaves holes: the mark-delete waits for them
  // (ManagedCursorIndividualDelete.ts); its redelivery request lands once the acks ahead of it did.
  // So does a consumer that held a chunk's ack back for its message (ConsumerChunkAcks.ts), or that
  // left a discarded chunk unacknowledged (ConsumerImplUnexpectedChunk.ts): `chunkAcks` is then
  // present, possibly empty — its presence is what keeps the hole, so it is never tidied away.
  if (a.nack || a.chunkAcks || head.positions.length > 1) {
    if (a.nack?.command && a.nack.command.behind > 0) a.nack.command.behind -= 1;
    return head.positions.length > 1
      ? asyncDeleteAll(ctx, topic, s, head.positions, ids)
      : asyncDeleteIndividually(ctx, topic, s, p, ids);
  }
  const moved = cmp(p, s.markDeletePosition) > 0;
  if (moved) s.markDeletePosition = p;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      moved
        ? `cursor ${s.name}: mark-delete ${key} in memory; the cursor ledger still holds ${pos(a.persisted)}`
        : `cursor ${s.name}: ${key} is at or before the mark-delete ${pos(s.markDeletePosition)} already`,
      ids,
      {
        cluster: topic.cluster,
        rule: moved
          ? 'ManagedCursorImpl.asyncDelete'
          : 'ManagedCursorImpl.asyncDelete:already-deleted',
      },
    ),
  );
}

/**
 * The mark-delete, and the individually deleted entries with it, reach the cursor ledger
 * (`ManagedCursorImpl.persistPositionToLedger`, ManagedCursorLedger.ts).
 */
export function persistCursor(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const fencedBy = cursorLedgerFencedBy(topic, s);
  if (fencedBy !== undefined) return persistFenced(ctx, topic, s, fencedBy);
  if (nodeVersionMoved(ctx, topic, s)) return;
  const deleted = writeCursorLedger(ctx, topic, s);
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: mark-delete ${pos(a.persisted)}${withDeletedText(deleted)} persisted to the cursor ledger`,
      [],
      {
        cluster: topic.cluster,
        rule: 'ManagedCursorImpl.persistPositionToLedger',
      },
    ),
  );
  cutByTheCap(ctx, topic, s);
}
