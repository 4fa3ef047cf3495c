// A ledger's recovery by a client that opens it with recovery (`LedgerRecoveryOp`), as a broker
// taking a topic over does, and as PR 24722's re-check does. Read in apache/bookkeeper master
// (docs/research/recovery-coverage.md):
// - its fencing read (`ReadLastConfirmedOp`) completes once the bookies that answered cover every
//   write set (`RRQuorumCoverageSet.checkCovered`);
// - recovery then reads forward, entry by entry, and stops at the first entry its write set's
//   answers show absent: the ledger closes at the entry before.
import type { BkState } from '../model/bookkeeper';
import { writeSetOf } from './RoundRobinDistributionSchedule';

/**
 * `RoundRobinDistributionSchedule.RRQuorumCoverageSet.checkCovered`, as `ReadLastConfirmedOp
 * .readEntryComplete` asks it after each fencing answer: the read is complete once no write set
 * (the W bookies from each ensemble index on) has ackQuorum or more bookies unanswered — an entry
 * could have been acknowledged only by bookies that have not answered. Put the other way: every
 * write set has at least W − A + 1 answers. Returns the first write set still short, or null once
 * covered. (Every answer here is a valid one: bookies do not fail in this model.)
 */
export function uncoveredWriteSet(
  bk: BkState,
  ensemble: readonly string[],
  answered: readonly string[],
): string[] | null {
  for (let i = 0; i < ensemble.length; i++) {
    const ws = writeSetOf(bk, ensemble, i);
    if (ws.filter((b) => !answered.includes(b)).length >= bk.ackQuorum) return ws;
  }
  return null;
}

/**
 * A recovery read of one entry (`LedgerRecoveryOp.RecoveryReadOp`, a `PendingReadOp` with
 * `isRecoveryRead`), decided from the answers in hand: present as soon as an answered bookie of its
 * write set holds it (the first OK wins, `SingleLedgerEntryRequest.complete`); absent once
 * W − A + 1 bookies of its write set answered without it (`ReadOpBase
 * .requiredBookiesMissingEntryForRecovery`, failed with NoSuchEntry in `logErrorAndReattemptRead`);
 * otherwise undecided — the read waits for more answers. `holds`: what each answered bookie held
 * when it was fenced. A recovery read is itself a fencing read and travels behind the bookie's
 * fencing request, so the bookie answers it with what it held at fencing; the engine reads that
 * answer. When both a holder and W − A + 1 misses have answered, BookKeeper takes whichever
 * response it processes first; the engine takes the holder's (a known simplification: the other
 * order only lowers the recovered count by entries fewer than A bookies hold, none acknowledged).
 */
export function recoveryRead(
  bk: BkState,
  ensemble: readonly string[],
  holds: Readonly<Record<string, readonly number[]>>,
  entryId: number,
): 'present' | 'absent' | 'undecided' {
  const answered = writeSetOf(bk, ensemble, entryId).filter((b) => holds[b] !== undefined);
  if (answered.some((b) => holds[b]!.includes(entryId))) return 'present';
  return answered.length >= bk.writeQuorum - bk.ackQuorum + 1 ? 'absent' : 'undecided';
}

/**
 * `LedgerRecoveryOp.doRecoveryRead` / `onEntryComplete`: read entry by entry from the start (every
 * entry up to the highest LAC the fencing answers carry is present by the rule above, so starting
 * lower gives the same close as BookKeeper's LAC + 1) and stop at the first absent entry: the ledger
 * closes at the one before. With striping (ensemble > write quorum) a later entry may sit on a
 * bookie while an earlier one reached none: it is not recovered ("gaps in the tail"). `waiting`: the
 * entry whose read is undecided, if any — never once the fencing read is covered, since coverage
 * gives every write set W − A + 1 answers. `from`: the first entry of the ledger's current (last)
 * ensemble, whose bookies the fencing read asked — `LedgerRecoveryOp.initiate` starts at
 * max(LAC, that entry − 1): the ensembles before it hold only confirmed entries and are not part of
 * the recovery (docs/research/restart-bookie.md).
 */
export function recoverForward(
  bk: BkState,
  ensemble: readonly string[],
  holds: Readonly<Record<string, readonly number[]>>,
  from = 0,
): { last: number; waiting: number | null } {
  for (let e = from; ; e++) {
    const r = recoveryRead(bk, ensemble, holds, e);
    if (r === 'absent') return { last: e - 1, waiting: null };
    if (r === 'undecided') return { last: e - 1, waiting: e };
  }
}
