// The replicator's cursor writes in flight (`replication.cursorWrites: "in-flight"`, opt-in). Pulsar's
// send callback deletes the replicated entry (`PersistentReplicator.ProducerSendCallback.sendComplete`
// → `ManagedCursorImpl.asyncDelete`): the mark-delete and the individually deleted entries move in
// memory at once, but the cursor ledger gets them later — `internalAsyncMarkDelete` →
// `persistPositionToLedger` when the `markDeleteLimiter` (managedLedgerDefaultMarkDeleteRateLimit)
// lets the write through, else the cursor is left `isDirty` and `flushCursorsTask` writes it
// (managedLedgerCursorPositionFlushSeconds). The write is the `persist-replicator-cursor:` step here;
// a crash of the source's broker before it loses the delete, because the topic's next load recovers
// the cursor from its ledger (`ManagedCursorImpl.recoverFromLedger`), and the new replicator sends
// those entries again. A graceful close persists what is in memory (`ManagedCursorImpl.asyncClose`).
// Without the option none of this runs: every delete counts as written (what the model always did).
import type { ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import type { Position } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { cmpPos, posText } from './PersistentReplicator';

const samePositions = (a: readonly Position[], b: readonly Position[]): boolean =>
  a.length === b.length && a.every((p, i) => cmpPos(p, b[i]!) === 0);
const deletedText = (ds: readonly Position[]): string =>
  ds.length === 0 ? '' : `, deleted ${ds.map(posText).join(', ')}`;

/** Whether the cursor holds a delete (or a mark-delete) its ledger does not hold yet. */
export function cursorWriteBehind(w: World, link: ReplicationLink): boolean {
  const c = replicatorOf(w, link)?.cursor;
  if (!c?.persisted) return false;
  return (
    cmpPos(c.markDeletePosition, c.persisted.markDeletePosition) !== 0 ||
    !samePositions(c.individuallyDeleted, c.persisted.individuallyDeleted)
  );
}

/**
 * `ManagedCursorImpl.persistPositionToLedger`: the mark-delete and the individually deleted entries
 * in memory now reach the cursor ledger (the rate limiter let the write through, or the flush task
 * wrote the dirty cursor).
 */
export function persistReplicatorCursor(ctx: Ctx, link: ReplicationLink): void {
  const c = replicatorOf(ctx.w, link)!.cursor;
  c.persisted = {
    markDeletePosition: { ...c.markDeletePosition },
    individuallyDeleted: c.individuallyDeleted.map((p) => ({ ...p })),
  };
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to}: mark-delete ${posText(c.markDeletePosition)}${deletedText(c.individuallyDeleted)} persisted to the cursor ledger`,
      [],
      { cluster: link.cfg.from, rule: 'ManagedCursorImpl.persistPositionToLedger' },
    ),
  );
}

/**
 * The source topic is loaded again after its broker crashed, or by the new owner of an ownership
 * change (which opened the cursor at its load, so the old owner's close could not write it): the
 * cursor is what its ledger holds (`ManagedCursorImpl.recoverFromLedger`). Deletes it never got
 * are gone, and their entries are read and sent again. Nothing happens without the option.
 */
export function recoverReplicatorCursor(ctx: Ctx, link: ReplicationLink, why: string): void {
  const c = replicatorOf(ctx.w, link)?.cursor;
  if (!c?.persisted || !cursorWriteBehind(ctx.w, link)) return;
  const lost = [
    ...c.individuallyDeleted.filter(
      (d) => !c.persisted!.individuallyDeleted.some((p) => cmpPos(p, d) === 0),
    ),
  ];
  const md = c.markDeletePosition;
  const mdLost = cmpPos(md, c.persisted.markDeletePosition) !== 0;
  c.markDeletePosition = { ...c.persisted.markDeletePosition };
  c.individuallyDeleted = c.persisted.individuallyDeleted.map((p) => ({ ...p }));
  const what = [
    ...(mdLost ? [`mark-delete ${posText(md)}`] : []),
    ...(lost.length > 0 ? [`deleted ${lost.map(posText).join(', ')}`] : []),
  ].join(' and ');
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to} recovered from its ledger: mark-delete ${posText(c.markDeletePosition)}${deletedText(c.individuallyDeleted)}; ${what} never reached it (${why})`,
      [],
      { cluster: link.cfg.from, rule: 'ManagedCursorImpl.recoverFromLedger' },
    ),
  );
}

/**
 * The source topic's managed ledger closes gracefully (an unload): the cursor's close writes what
 * is in memory (`ManagedCursorImpl.asyncClose` → `persistPositionWhenClosing`), so nothing is lost.
 */
export function cursorClosePersists(ctx: Ctx, link: ReplicationLink): void {
  if (!cursorWriteBehind(ctx.w, link)) return;
  const c = replicatorOf(ctx.w, link)!.cursor;
  c.persisted = {
    markDeletePosition: { ...c.markDeletePosition },
    individuallyDeleted: c.individuallyDeleted.map((p) => ({ ...p })),
  };
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to} closes with the topic: mark-delete ${posText(c.markDeletePosition)}${deletedText(c.individuallyDeleted)} persisted`,
      [],
      { cluster: link.cfg.from, rule: 'ManagedCursorImpl.asyncClose' },
    ),
  );
}
