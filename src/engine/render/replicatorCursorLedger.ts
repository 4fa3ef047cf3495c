// The replicator's cursor ledger beside its cursor in memory, with `replication.cursorWrites:
// "in-flight"` only (docs/research/replicator-cursor-writes.md). The send callback's delete moves the
// mark-delete and the individually deleted entries in memory at once
// (`PersistentReplicator.ProducerSendCallback.sendComplete` → `ManagedCursorImpl.asyncDelete`); the
// cursor ledger holds them only after `ManagedCursorImpl.persistPositionToLedger` (the
// `persist-replicator-cursor:` step), and a crash of the source's broker before that loses them
// (`ManagedCursorImpl.recoverFromLedger`). The panel read the cursor in memory alone, so a delete a
// crash would undo looked as safe as a written one.
import type { ReplicationLink } from '../model/config';
import type { Position, StoredEntry } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { cmpPos, posText } from '../protocol/PersistentReplicator';
import type { CursorLedgerView } from './replicationViews';

/** Deleted by this mark-delete and these individually deleted entries. */
const deletedBy =
  (markDelete: Position, individually: readonly Position[]) =>
  (at: Position): boolean =>
    cmpPos(at, markDelete) <= 0 || individually.some((d) => cmpPos(d, at) === 0);

/**
 * What the cursor ledger holds and which source entries are deleted in memory only; null without
 * the option (the cursor then has no `persisted` copy: every delete counts as written).
 */
export function cursorLedgerOf(
  w: World,
  link: ReplicationLink,
  source: readonly StoredEntry[],
): CursorLedgerView | null {
  const c = replicatorOf(w, link)?.cursor;
  if (!c?.persisted) return null;
  const inMemory = deletedBy(c.markDeletePosition, c.individuallyDeleted);
  const inLedger = deletedBy(c.persisted.markDeletePosition, c.persisted.individuallyDeleted);
  return {
    markDeletePosition: posText(c.persisted.markDeletePosition),
    individuallyDeleted: c.persisted.individuallyDeleted.map(posText),
    inMemoryOnly: source
      .filter((e) => inMemory(e) && !inLedger(e))
      .map((e) => ({ position: posText(e), msgs: e.msgs.map((m) => m.msg) })),
  };
}
