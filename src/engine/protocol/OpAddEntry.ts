// Pulsar's `OpAddEntry`: one add of the managed ledger on BookKeeper, from binding it to the current
// ledger (`initiate`) to BookKeeper's answer — `addComplete` into `PersistentTopic.addComplete`, or
// `handleAddFailure` → `ManagedLedgerImpl.ledgerClosed`. Its own file because it is the seam
// between the managed ledger (ManagedLedgerImpl.ts queueing, ManagedLedgerRollover.ts,
// ManagedLedgerClose.ts) and BookKeeper's writer (PendingAddOp.ts, LedgerHandle.ts). Read in
// apache/pulsar (docs/research/bookkeeper-fencing.md):
// - a failed add (`OpAddEntry.handleAddFailure`) closes the ledger once (`ledgerClosed`): before PR
//   24722 it records the *writer's* LAC + 1 as the ledger's entry count; the failed adds stay
//   queued and are re-sent into the next ledger once it is created (ManagedLedgerRollover.ts);
// - with PR 24722 (`addEntryFailedDueToConcurrentlyModified`) a fenced add re-reads the ledger as
//   recovered by whoever fenced it and records that entry count instead;
// - a ledger that closes with no entries is removed from the list (`ledgerClosed`), and deleted
//   once the rollover wrote the list without it (ManagedLedgerRollover.ts).
import type { TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { entriesText, ev } from '../model/events';
import { hasFix } from '../model/fixes';
import type { Ctx } from '../sim/context';
import type { BkAnswer, LedgerHandle } from '../model/bookkeeper';
import { closeOnUnrecoverableError } from './LedgerHandle';
import { errorFailsHandle, initiateAdd, writeComplete } from './PendingAddOp';
import { writeSet } from './RoundRobinDistributionSchedule';
import { recoverForward } from './LedgerRecoveryOp';
import { addComplete } from './PersistentTopicAddEntry';
import { entryOf } from './ManagedLedger';
import { closeFullLedger } from './ManagedLedgerImpl';

/** Bind an op to the current ledger (`OpAddEntry.initiate`) and store what the writer sends. */
export function initiate(ctx: Ctx, topic: TopicState, index: number): void {
  const bk = topic.bk!;
  const h = bk.ml.handle!;
  const op = bk.ml.ops[index]!;
  const wr = topic.pendingWrites.find((w) => w.born === op.write)!;
  const entryId = bk.ml.currentLedgerEntries++;
  op.position = { ledgerId: h.ledgerId, entryId };
  let ledger = topic.ledgers.find((l) => l.id === h.ledgerId);
  if (!ledger) topic.ledgers.push((ledger = { id: h.ledgerId, entries: [], closed: false }));
  const entries = ledger.entries.slice(); // frozen: replaced, not written (slice keeps any gap)
  const entry = entryOf(ctx.w, wr, h.ledgerId, entryId);
  // A re-send says which tries failed before (no-duplicates names it); a first try is as it was.
  entries[entryId] = frozen(op.resentAdd ? { ...entry, resentAdd: op.resentAdd } : entry);
  ledger.entries = frozen(entries);
  initiateAdd(ctx, bk, topic.owner, h, entryId);
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `OpAddEntry ${h.ledgerId}:${entryId} initiated`,
      wr.msgs.map((m) => m.msg),
      { rule: 'OpAddEntry.initiate' },
    ),
  );
}

/** An add answer reached the serving broker's ledger handle. */
export function addAnswer(ctx: Ctx, topic: TopicState, a: BkAnswer): void {
  const bk = topic.bk!;
  const h = bk.ml.handle;
  if (!h || h.ledgerId !== a.ledgerId) {
    ctx.events.push(
      ev(
        'log',
        a.to,
        `answer for ${a.ledgerId}:${a.entryId} from ${a.from}: that ledger handle is gone`,
        [],
        { rule: 'PendingAddOp.writeComplete:no-op' },
      ),
    );
    return;
  }
  if (!writeSet(bk, h, a.entryId).includes(a.from)) {
    // `PendingAddOp.writeComplete`: the ensemble has changed since, this bookie's answer is immaterial.
    ctx.events.push(
      ev(
        'log',
        a.to,
        `${a.rc} for ${a.ledgerId}:${a.entryId} from ${a.from}: ${a.from} was replaced in the ensemble, ignored`,
        [],
        { rule: 'PendingAddOp.writeComplete:ensemble-changed' },
      ),
    );
    return;
  }
  if (a.rc === 'OK') {
    for (const entryId of writeComplete(ctx, bk, h, a)) {
      const i = bk.ml.ops.findIndex(
        (o) => o.position?.ledgerId === h.ledgerId && o.position.entryId === entryId,
      );
      bk.ml.ops.splice(i, 1);
      bk.ml.lastConfirmedEntry = { ledgerId: h.ledgerId, entryId };
      addComplete(ctx, topic, topic.ledgers.find((l) => l.id === h.ledgerId)!.entries[entryId]);
      // The add marked closeWhenDone (ManagedLedgerImpl.currentLedgerIsFull) closes its ledger once done.
      if (bk.ml.state === 'ClosingLedger' && entryId === bk.ml.currentLedgerEntries - 1)
        closeFullLedger(ctx, topic);
    }
    return;
  }
  if (h.closed || !errorFailsHandle(ctx, bk, h, a)) return;
  failHandle(ctx, topic, h, 'LedgerFencedException');
}

/** The handle closes on an unrecoverable error: every pending add fails, and so does each op. */
export function failHandle(ctx: Ctx, topic: TopicState, h: LedgerHandle, error: string): void {
  const errored = closeOnUnrecoverableError(ctx, topic.bk!, topic.owner, h);
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `adds ${errored.map((e) => `${h.ledgerId}:${e}`).join(', ')} failed: ${error}`,
      [],
      { rule: 'OpAddEntry.handleAddFailure' },
    ),
  );
  handleAddFailure(ctx, topic, error);
}

/** `OpAddEntry.handleAddFailure` → `ledgerClosed` (or PR 24722's re-check, for a fenced ledger). Ops go back to the queue. */
function handleAddFailure(ctx: Ctx, topic: TopicState, error: string): void {
  const bk = topic.bk!;
  const ml = bk.ml;
  const h = ml.handle!;
  // The failed ops stay queued for the next ledger; each remembers where it was tried and why.
  for (const op of ml.ops) {
    if (op.position) op.resentAdd = { tries: [...(op.resentAdd?.tries ?? []), op.position], error };
    op.position = null;
  }
  let entries = h.lac + 1;
  // PR 24722 re-checks only a ledger closed by someone else (fenced, metadata version); any other
  // write error — BKNotEnoughBookiesException from a failed ensemble change — goes to `ledgerClosed`.
  if (hasFix(ctx.w.config, 'pr-24722') && error !== 'BKNotEnoughBookiesException') {
    // Re-open the ledger with recovery: if no one has closed it yet, this open's own recovery
    // reads what the (already fenced) bookies hold and closes it there (modelled as one step, every
    // ensemble bookie answering — one of the orders `ReadLastConfirmedOp` allows).
    const meta = bk.ledgerMeta[h.ledgerId]!;
    if (meta.state !== 'CLOSED') {
      meta.state = 'CLOSED';
      const holds = Object.fromEntries(
        meta.ensemble.map((b) => [b, bk.bookies[b]!.ledgers[h.ledgerId]?.entries ?? []]),
      );
      meta.lastEntryId = recoverForward(bk, meta.ensemble, holds, meta.currentFrom ?? 0).last;
    }
    entries = meta.lastEntryId + 1;
    ctx.events.push(
      ev(
        'log',
        topic.owner,
        `re-check of ledger ${h.ledgerId}: recovered with ${entries} entries`,
        [],
        { rule: 'ManagedLedgerImpl.addEntryFailedDueToConcurrentlyModified' },
      ),
    );
  }
  ml.state = 'CreatingLedger';
  ml.handle = null;
  if (entries === 0) {
    // `ledgerClosed` with `entriesInLedger` 0: "the last ledger was empty, so we can discard it" —
    // `ledgers.remove`, so the rollover's list write leaves it out. Since apache/pulsar #19444 it
    // is deleted only once that write succeeded (`updateLedgersIdsComplete`, ManagedLedgerRollover.ts);
    // before, `ledgerClosed` deleted it at once, even when the write then failed with BadVersion.
    ml.ledgers = ml.ledgers.filter((l) => l.id !== h.ledgerId);
    ctx.events.push(
      ev(
        'log',
        topic.owner,
        `ledgerClosed: ledger ${h.ledgerId} closed with no entries: removed from the list, creating a new ledger`,
        [],
        { rule: 'ManagedLedgerImpl.ledgerClosed:empty' },
      ),
    );
    return;
  }
  ml.ledgers.find((l) => l.id === h.ledgerId)!.entries = entries;
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `ledgerClosed: ledger ${h.ledgerId} recorded with ${entriesText(entries)}, creating a new ledger`,
      [],
      { rule: 'ManagedLedgerImpl.ledgerClosed' },
    ),
  );
}
