// BookKeeper's `RoundRobinDistributionSchedule`: which bookies of an ensemble hold an entry. Its own
// file because four others read the same rule — the writer's adds (PendingAddOp.ts), the ensemble
// change (EnsembleChange.ts), the managed ledger ignoring a replaced bookie's answer
// (OpAddEntry.ts) and recovery's coverage (LedgerRecoveryOp.ts) — and none of them owns it.
import type { BkState, LedgerHandle } from '../model/bookkeeper';

/** `RoundRobinDistributionSchedule.getWriteSet`: the ensemble indexes of entry e's write set, (e + i) mod E for i < W. */
export const writeSetIndexes = (bk: BkState, size: number, entryId: number): number[] =>
  Array.from({ length: bk.writeQuorum }, (_, i) => (entryId + i) % size);

/** The bookies of entry e's write set in `ensemble`. */
export const writeSetOf = (bk: BkState, ensemble: readonly string[], entryId: number): string[] =>
  writeSetIndexes(bk, ensemble.length, entryId).map((i) => ensemble[i]!);

/** The write set of entry e in the writer's current ensemble. */
export const writeSet = (bk: BkState, h: LedgerHandle, entryId: number): string[] =>
  writeSetOf(bk, h.ensemble, entryId);
