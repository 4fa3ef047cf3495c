// The new owner opens the cursors while it loads the topic, not when the consumer moves: once
// `ManagedLedgerImpl.initializeBookKeeper` has written the ledger list, `initializeCursors` runs
// `ManagedCursorImpl.recover` (reading the cursor's metadata-store node) → `recoverFromLedger`, which
// opens the cursor ledger with `BookKeeper.asyncOpenLedger` — with recovery, so it is fenced. The
// new owner's cursor is what that ledger held then; the old owner, still serving its consumer until
// its own topic closes, may go on acknowledging, but its next `persistPositionToLedger` fails
// (LedgerFencedException) and cannot reach the cursor the new owner already holds. The entries it
// acknowledged after the load are sent again once the consumer moves (`acks: "in-flight"` only).
//
// The failure is not the end of it: `persistPositionToLedger`'s error branch sets the cursor to
// NoLedger and calls `persistPositionToMetaStore` — the node, cursor ledger -1, mark-delete and
// ranges, compare-and-set at the version the old owner last wrote. The new owner's load only read
// the node, so that write succeeds; later mark-deletes of the old owner create a new cursor ledger
// and point the node at it (`createNewMetadataLedger` → `switchToNewLedger`), succeeding too. The
// new owner does not read the node again until it writes it: its first `switchToNewLedger` meets
// BadVersion, re-reads the version (it owns the topic) and fails that mark-delete; the next one
// succeeds. A broker that loads the topic before that reads the old owner's copy.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { persistedDeleted, withDeletedText } from './ManagedCursorLedger';
import { readCursorNode, writeNode } from './ManagedCursorMetaStore';
import { pos } from './ConsumerAcks';

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
    readCursorNode(ctx, topic, s, broker);
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
 * cursor ledger fails, and `persistPositionToMetaStore` writes the node instead (see above).
 */
export function persistFenced(ctx: Ctx, topic: TopicState, s: Subscription, by: string): void {
  const a = s.acked!;
  const cluster = topic.cluster;
  // A later mark-delete: the cursor is NoLedger, so it creates a new cursor ledger the node names.
  if (a.metaStore?.by === s.broker) {
    writeNode(ctx, topic, s);
    ctx.events.push(
      ev(
        'log',
        s.broker,
        `cursor ${s.name}: mark-delete ${pos(s.markDeletePosition)}${withDeletedText(a.metaStore.deleted ?? [])} written to a new cursor ledger, and the metadata-store node now names it — ${by} does not read the node again`,
        [],
        { cluster, rule: 'ManagedCursorImpl.createNewMetadataLedger' },
      ),
    );
    return;
  }
  a.cursorLedgerFenced = by;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: persisting mark-delete ${pos(s.markDeletePosition)} fails — ${by} opened the cursor ledger with recovery when it loaded the topic (fenced; its cursor holds mark-delete ${pos(a.persisted)})`,
      [],
      { cluster, rule: 'ManagedCursorImpl.persistPositionToLedger:fenced' },
    ),
  );
  writeNode(ctx, topic, s);
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: mark-delete ${pos(s.markDeletePosition)}${withDeletedText(a.metaStore!.deleted ?? [])} written to the cursor's metadata-store node instead (cursor ledger -1) — ${by} read the node at its load and keeps the cursor it loaded`,
      [],
      { cluster, rule: 'ManagedCursorImpl.persistPositionToMetaStore' },
    ),
  );
}

/**
 * Why an entry whose mark-delete moved on the old owner comes again when its write was fenced — the
 * words after "its ack landed, but" (undefined: it was not fenced); the rewind clears the mark, as
 * the consumer now talks to the new owner's cursor.
 */
export function fencedWriteReason(s: Subscription): string | undefined {
  const by = s.acked?.cursorLedgerFenced;
  if (by === undefined) return undefined;
  delete s.acked!.cursorLedgerFenced;
  // What moved the mark-delete (an ack, or the message TTL) is said per entry by the caller.
  return `${by} had loaded the cursor at mark-delete ${pos(s.acked!.persisted)} before the mark-delete was written (the write was fenced)`;
}
