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
import type { ReplicatorCursor } from '../model/replicator';
import type { Position } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { cmpPos, posText } from './PersistentReplicator';

type Copy = NonNullable<ReplicatorCursor['persisted']>;

const samePositions = (a: readonly Position[], b: readonly Position[]): boolean =>
  a.length === b.length && a.every((p, i) => cmpPos(p, b[i]!) === 0);
const deletedText = (ds: readonly Position[]): string =>
  ds.length === 0 ? '' : `, deleted ${ds.map(posText).join(', ')}`;

/** Whether the cursor holds a delete (or a mark-delete) its ledger does not hold yet. */
export function cursorWriteBehind(w: World, link: ReplicationLink): boolean {
  const c = replicatorOf(w, link)?.cursor;
  if (!c?.persisted) return false;
  // The old owner's writes after the new owner's load go to the metadata-store node.
  return differs(c, c.metaStore ?? c.persisted);
}

const differs = (c: ReplicatorCursor, held: Copy): boolean =>
  cmpPos(c.markDeletePosition, held.markDeletePosition) !== 0 ||
  !samePositions(c.individuallyDeleted, held.individuallyDeleted);

/** The mark-delete and deleted entries in memory, as a write puts them in the ledger or the node. */
export const copyOf = (c: ReplicatorCursor): Copy => ({
  markDeletePosition: { ...c.markDeletePosition },
  individuallyDeleted: c.individuallyDeleted.map((p) => ({ ...p })),
});

/**
 * The cursor goes back to what its ledger holds; returns what it held in memory only, in words
 * (`mark-delete 10:4 and deleted 10:6`), or '' when nothing differed.
 */
export function backToPersisted(c: ReplicatorCursor): string {
  const held = c.persisted!;
  if (!differs(c, held)) return '';
  const lost = c.individuallyDeleted.filter(
    (d) => !held.individuallyDeleted.some((p) => cmpPos(p, d) === 0),
  );
  const md = c.markDeletePosition;
  const mdLost = cmpPos(md, held.markDeletePosition) !== 0;
  c.markDeletePosition = { ...held.markDeletePosition };
  c.individuallyDeleted = held.individuallyDeleted.map((p) => ({ ...p }));
  // A message TTL's mark-delete the ledger never got is undone too: those entries are read and
  // sent again, so they are no longer the TTL's (the invariants and the panel ask `expired`).
  const still = c.expired?.filter(
    (x) =>
      cmpPos(x, c.markDeletePosition) <= 0 || c.individuallyDeleted.some((d) => cmpPos(d, x) === 0),
  );
  if (still?.length) c.expired = still;
  else delete c.expired;
  return [
    ...(mdLost ? [`mark-delete ${posText(md)}`] : []),
    ...(lost.length > 0 ? [`deleted ${lost.map(posText).join(', ')}`] : []),
  ].join(' and ');
}

/** `mark-delete 10:3, deleted 10:5` — what a copy of the cursor holds. */
export const heldText = (h: Copy): string =>
  `mark-delete ${posText(h.markDeletePosition)}${deletedText(h.individuallyDeleted)}`;

/**
 * `ManagedCursorImpl.persistPositionToLedger`: the mark-delete and the individually deleted entries
 * in memory now reach the cursor ledger (the rate limiter let the write through, or the flush task
 * wrote the dirty cursor).
 */
export function persistReplicatorCursor(ctx: Ctx, link: ReplicationLink): void {
  const c = replicatorOf(ctx.w, link)!.cursor;
  c.persisted = copyOf(c);
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to}: ${heldText(c)} persisted to the cursor ledger`,
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
  if (!c?.persisted) return;
  // The old owner crashed during an ownership change: no one is left to write the node.
  delete c.loadedBy;
  delete c.metaStore;
  const what = backToPersisted(c);
  if (what === '') return;
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to} recovered from its ledger: ${heldText(c)}; ${what} never reached it (${why})`,
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
  const c = replicatorOf(ctx.w, link)!.cursor;
  // A new owner's load fenced the cursor ledger: the close cannot write it either.
  if (c.loadedBy !== undefined || !cursorWriteBehind(ctx.w, link)) return;
  c.persisted = copyOf(c);
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `cursor pulsar.repl.${link.cfg.to} closes with the topic: ${heldText(c)} persisted`,
      [],
      { cluster: link.cfg.from, rule: 'ManagedCursorImpl.asyncClose' },
    ),
  );
}
