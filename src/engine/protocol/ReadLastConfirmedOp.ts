// BookKeeper's `ReadLastConfirmedOp` as a loading broker's recovery runs it: the fencing read that
// opens a ledger its writer never closed (a takeover, or the load after a broker crash). Its own
// file because it is BookKeeper's, not the ownership change's: it collects the bookies' answers,
// decides when they cover every write set, and hands over to `LedgerRecoveryOp` (LedgerRecoveryOp.ts)
// to read forward and close the ledger. Fencing answers that arrive later are ignored: the bookies
// are fenced all the same. The load around it is in OwnershipChange.ts.
import { entriesText, ev } from '../model/events';
import type { BkAnswer } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { recoverForward, uncoveredWriteSet } from './LedgerRecoveryOp';

/**
 * A fencing read's answer reached the recovering broker (`ReadLastConfirmedOp.readEntryComplete`):
 * record what the bookie holds; once the answers cover every write set the read is complete and
 * recovery reads forward (`LedgerRecoveryOp.doRecoveryRead`) and closes the ledger.
 */
export function fenceAnswer(ctx: Ctx, topic: TopicState, a: BkAnswer): void {
  const bk = topic.bk!;
  const t = bk.takeover!;
  const meta = bk.ledgerMeta[t.recovering]!;
  t.answered.push(a.from);
  t.holds[a.from] = a.holds;
  const read = recoverForward(bk, meta.ensemble, t.holds, meta.currentFrom ?? 0);
  t.recoveredLast = read.last;
  const of = `${t.answered.length} of ${meta.ensemble.length} bookies`;
  const short = uncoveredWriteSet(bk, meta.ensemble, t.answered);
  if (short) {
    const open = short.filter((b) => !t.answered.includes(b)).length;
    ctx.events.push(
      ev(
        'log',
        t.broker,
        `recovery of ledger ${t.recovering}: ${of} answered the fencing read; write set ${short.join(', ')} has ${open} unanswered, not fewer than ack quorum ${bk.ackQuorum}: waits`,
        [],
        { rule: 'ReadLastConfirmedOp.readEntryComplete:not-covered' },
      ),
    );
    return;
  }
  ctx.events.push(
    ev(
      'log',
      t.broker,
      `fencing read of ledger ${t.recovering} complete: ${of} (${t.answered.join(', ')}) cover every write set`,
      [],
      { rule: 'ReadLastConfirmedOp.readEntryComplete:covered' },
    ),
  );
  // Covered, every write set has W − A + 1 answers, so no recovery read is left undecided
  // (`read.waiting` is null: tests/scenarios/recovery-coverage.test.ts checks every shape).
  if (meta.state !== 'CLOSED') {
    meta.state = 'CLOSED';
    meta.lastEntryId = t.recoveredLast;
  }
  t.ledgers.find((l) => l.id === t.recovering)!.entries = meta.lastEntryId + 1;
  t.state = 'writing-metadata';
  ctx.events.push(
    ev(
      'log',
      t.broker,
      `recovery closed ledger ${t.recovering} with ${entriesText(meta.lastEntryId + 1)}`,
      [],
      { to: 'metadata-store', rule: 'LedgerRecoveryOp.closeRecovered' },
    ),
  );
  // Fencing answers still on their way change nothing now (`ReadLastConfirmedOp.readEntryComplete`
  // once `completed`): ignored here rather than delivered, as `bookieReceive` does for later ones.
  const late = bk.answers.filter((x) => x.kind === 'fence' && x.to === t.broker);
  if (late.length > 0) {
    bk.answers = bk.answers.filter((x) => !late.includes(x));
    ctx.events.push(
      ev(
        'log',
        t.broker,
        `fencing answers of ${late.map((x) => x.from).join(', ')} still in flight: ignored, the read already completed`,
        [],
        { rule: 'ReadLastConfirmedOp.readEntryComplete:completed' },
      ),
    );
  }
}
