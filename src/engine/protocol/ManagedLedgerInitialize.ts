// The ledger list a topic load writes (`ManagedLedgerImpl.initializeBookKeeper`), and the pieces a
// rollover shares with it: creating a ledger and writing the list with it at the next version, and
// the list as the log lines write it. Both loads come here — the reload after an unload
// (BrokerService.ts) and a takeover or the load after a crash (OwnershipChange.ts) — and the
// rollover (ManagedLedgerRollover.ts).
import type { BkState } from '../model/bookkeeper';
import { ev } from '../model/events';
import { frozen } from '../model/world';
import type { Ctx } from '../sim/context';

/**
 * Create a new ledger (its ensemble the first bookies) and write the ledger list with it at the
 * next version: `ManagedLedgerImpl.initializeBookKeeper` when a topic loads (a takeover, or a
 * reload after an unload) and `createComplete` → `updateLedgersListAfterRollover` on a rollover.
 * The caller has checked the version it read. Returns the list written.
 */
export function createLedgerAndWriteList(
  bk: BkState,
  list: readonly { id: number; entries: number }[],
): { id: number; entries: number }[] {
  const md = bk.metadata;
  const id = md.nextLedgerId++;
  const written = [...list.map((l) => ({ ...l })), { id, entries: 0 }];
  md.ledgers = written.map((l) => ({ ...l }));
  md.version += 1;
  const ensemble = frozen(Object.keys(bk.bookies).slice(0, bk.ensembleSize));
  bk.ledgerMeta[id] = { state: 'OPEN', lastEntryId: -1, ensemble };
  return written;
}

/**
 * A topic load writes its ledger list (`ManagedLedgerImpl.initializeBookKeeper`): before creating
 * the new ledger it walks the list and removes every ledger recorded with no entries — the last
 * one as `initialize`'s open callback just counted it (`getLastAddConfirmed() + 1`, 0 for a ledger
 * closed or recovered empty), or an earlier one recorded empty — so the compare-and-set writes the
 * list without them; only once that write succeeded does it delete them (`asyncDeleteLedger`, whose
 * result is only logged). Both loads come here: the reload after an unload (BrokerService.ts) and a
 * takeover or the load after a crash (OwnershipChange.ts). The caller has checked the version it
 * read. Simplification: the delete is `emptyLedgersDeleted`'s log line; BookKeeper's metadata of
 * the ledger and what its bookies hold stay (nothing reaches them again: no list names the ledger).
 * Returns the list written and the ledgers left out.
 */
export function initializeBookKeeper(
  bk: BkState,
  list: readonly { id: number; entries: number }[],
): { written: { id: number; entries: number }[]; deleted: number[] } {
  const deleted = list.filter((l) => l.entries === 0).map((l) => l.id);
  return {
    written: createLedgerAndWriteList(
      bk,
      list.filter((l) => l.entries > 0),
    ),
    deleted,
  };
}

/** The log line of `initializeBookKeeper`'s `asyncDeleteLedger` calls, after the list write's own. */
export function emptyLedgersDeleted(
  ctx: Ctx,
  broker: string,
  deleted: readonly number[],
  cluster: string,
): void {
  if (deleted.length === 0) return;
  ctx.events.push(
    ev(
      'log',
      broker,
      `empty ledger${deleted.length > 1 ? 's' : ''} ${deleted.join(', ')} left out of the list: deleted (asyncDeleteLedger)`,
      [],
      { cluster, rule: 'ManagedLedgerImpl.initializeBookKeeper:delete-empty' },
    ),
  );
}

/** A ledger list as the log lines write it: `10:{1}, 11:{0}`. */
export const listText = (list: readonly { id: number; entries: number }[]): string =>
  list.map((l) => `${l.id}:{${l.entries}}`).join(', ');
