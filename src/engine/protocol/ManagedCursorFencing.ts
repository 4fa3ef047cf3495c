// The new owner opens the cursors while it loads the topic, not when the consumer moves: once
// `ManagedLedgerImpl.initializeBookKeeper` has written the ledger list, `initializeCursors` runs
// `ManagedCursorImpl.recover` → `recoverFromLedger`, which opens the cursor ledger with
// `BookKeeper.asyncOpenLedger` — with recovery, so the cursor ledger is fenced on its bookies. The
// new owner's cursor is what that ledger held then; the old owner, still serving its consumer until
// its own topic closes, may go on acknowledging, but its next `persistPositionToLedger` fails
// (LedgerFencedException) and cannot reach the cursor the new owner already holds. The entries it
// acknowledged after the load are sent again once the consumer moves (`acks: "in-flight"` only).
//
// Simplified: on that failure Pulsar tries the cursor's metadata-store node instead
// (`persistPositionToMetaStore`, cursor ledger -1); the new owner has read its cursor already and
// does not read that node again, so the model records nothing durable for it — only a later
// recovery from the node would see it (not modelled), and the old owner stops writing after one
// failure (`AckState.cursorLedgerFenced`) instead of creating a new cursor ledger.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, positionText } from '../sim/context';
import { persistedDeleted, withDeletedText } from './ManagedCursorLedger';

const pos = (p: Position) => positionText(p.ledgerId, p.entryId);

/**
 * The broker whose topic load opened (and fenced) `s`'s cursor ledger while `s`'s broker still
 * serves the consumer: a takeover that completed its load, the clients not yet moved. A load that
 * failed (BadVersion) never opened the cursors; a crashed owner's clients move in the same step.
 */
export function cursorLedgerFencedBy(topic: TopicState, s: Subscription): string | undefined {
  const t = topic.bk?.takeover;
  if (!t || t.state !== 'loaded' || t.crashed !== undefined || t.broker === s.broker) return;
  return t.broker;
}

/**
 * `initializeCursors` at the end of the new owner's load (not after a crash: its clients move in the
 * same step and the recovery says it): each cursor with acks in flight is opened from its ledger,
 * which is fenced from now on. The consumer, still on the old owner, gets this cursor when it moves.
 */
export function cursorsOpenedAtLoad(ctx: Ctx, topic: TopicState, broker: string): void {
  for (const s of Object.values(topic.subscriptions)) {
    const a = s.acked;
    if (!a || s.broker === broker) continue;
    ctx.events.push(
      ev(
        'log',
        broker,
        `cursor ${s.name} opened from its cursor ledger with recovery (fenced): mark-delete ${pos(a.persisted)}${withDeletedText(persistedDeleted(s))}; ${s.broker} can no longer write it`,
        [],
        { cluster: topic.cluster, rule: 'ManagedCursorImpl.recoverFromLedger' },
      ),
    );
  }
}

/**
 * `persistPositionToLedger` on the old owner after the new owner's load: the add to the fenced
 * cursor ledger fails and nothing durable changes; the old owner writes no more (see above).
 */
export function persistFenced(ctx: Ctx, topic: TopicState, s: Subscription, by: string): void {
  const a = s.acked!;
  a.cursorLedgerFenced = by;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: persisting mark-delete ${pos(s.markDeletePosition)} fails — ${by} opened the cursor ledger with recovery when it loaded the topic (fenced; its cursor holds mark-delete ${pos(a.persisted)})`,
      [],
      { cluster: topic.cluster, rule: 'ManagedCursorImpl.persistPositionToLedger:fenced' },
    ),
  );
}

/**
 * Why an entry whose ack landed on the old owner comes again when its write was fenced (undefined:
 * it was not); the rewind clears the mark, as the consumer now talks to the new owner's cursor.
 */
export function fencedWriteReason(s: Subscription): string | undefined {
  const by = s.acked?.cursorLedgerFenced;
  if (by === undefined) return undefined;
  delete s.acked!.cursorLedgerFenced;
  return `its ack landed, but ${by} had loaded the cursor at mark-delete ${pos(s.acked!.persisted)} before the mark-delete was written (the write was fenced)`;
}
