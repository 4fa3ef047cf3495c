// Pulsar's `ManagedLedgerImpl` on BookKeeper, as the broker serving the topic runs it: queueing
// adds (`asyncAddEntry`), rolling over to a new ledger, fencing itself, closing on an unload. One
// add's own life is in OpAddEntry.ts. Read in apache/pulsar (see docs/research/bookkeeper-fencing.md):
// - after a failed add closed the ledger (OpAddEntry.ts), the new ledger is recorded by a
//   compare-and-set of the ledger list on the metadata store (`updateLedgersListAfterRollover`); a
//   BadVersion there fences the managed ledger (`handleBadVersion`), fails every queued add, and the
//   topic closes;
// - on a topic unload `asyncClose` closes the current ledger without waiting for pending adds: they
//   fail with no answer to the producer (docs/research/unload-bookkeeper.md).
// The rollover is ManagedLedgerRollover.ts, the ledger list a load writes ManagedLedgerInitialize.ts,
// the close and the fence ManagedLedgerClose.ts.
import type { TopicState } from '../model/topic';
import { ev } from '../model/events';
import type { Ctx } from '../sim/context';
import { asyncClose as closeLedgerHandle } from './LedgerHandle';
import { bookieHandleNotAvailable, delayedEnsembleChange } from './EnsembleChange';
import { failHandle, initiate } from './OpAddEntry';

/** `ManagedLedgerImpl.asyncAddEntry` for the head of `pendingWrites` that was just queued. */
export function asyncAddEntry(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const wr = topic.pendingWrites[topic.pendingWrites.length - 1]!;
  const op = { write: wr.born, position: null };
  bk.ml.ops.push(op);
  if (bk.ml.state !== 'LedgerOpened') return;
  initiate(ctx, topic, bk.ml.ops.length - 1);
  closeWhenDoneIfFull(ctx, topic);
  const h = bk.ml.handle!;
  // The ensemble change replaces the bookies noted, or fails: LedgerFencedException (in recovery),
  // LedgerClosedException, BKNotEnoughBookiesException.
  const error = delayedEnsembleChange(ctx, bk, topic.owner, h);
  if (error !== null) failHandle(ctx, topic, h, error);
}

/**
 * `bookie`'s process died: the serving broker's ledger handle sees its connection close
 * (`bookieHandleNotAvailable` in EnsembleChange.ts — the ensemble change, or a bookie noted for the
 * next add). When that fails — no bookie to replace it, or the ledger recovered by another client —
 * the handle is closed and the managed ledger rolls over (`OpAddEntry.handleAddFailure`).
 */
export function bookieConnectionClosed(ctx: Ctx, topic: TopicState, bookie: string): void {
  const bk = topic.bk!;
  const h = bk.ml.handle;
  if ((bk.ml.state !== 'LedgerOpened' && bk.ml.state !== 'ClosingLedger') || !h || h.closed) return;
  const error = bookieHandleNotAvailable(ctx, bk, topic.owner, h, bookie);
  if (error !== null) failHandle(ctx, topic, h, error);
}

/**
 * The maximum entries per ledger the topic's cluster configures (`topic.maxEntriesPerLedger`,
 * `ManagedLedgerConfig.maxEntriesPerLedger`), or null: Pulsar's default 50000, never reached here.
 */
export const maxEntriesPerLedger = (ctx: Ctx, topic: TopicState): number | null =>
  ctx.w.config.clusters.find((c) => c.name === topic.cluster)?.maxEntriesPerLedger ?? null;

/**
 * `ManagedLedgerImpl.internalAsyncAddEntry` / `updateLedgersIdsComplete`: after an add was bound to
 * the current ledger (`++currentLedgerEntries`), `currentLedgerIsFull` — entries ≥
 * `maxEntriesPerLedger` (the size and time limits are not modelled) — makes it the ledger's last:
 * `setCloseWhenDone(true)` and state `ClosingLedger`, so later adds queue. Here the op that closes is
 * the last one initiated into the ledger (`currentLedgerEntries - 1`). Returns whether it was full.
 */
export function closeWhenDoneIfFull(ctx: Ctx, topic: TopicState): boolean {
  const ml = topic.bk!.ml;
  const max = maxEntriesPerLedger(ctx, topic);
  if (max === null || ml.currentLedgerEntries < max || ml.state === 'Fenced' || ml.handle === null)
    return false;
  ml.state = 'ClosingLedger';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `ledger ${ml.handle.ledgerId} full (${ml.currentLedgerEntries} of ${max} entries): ${ml.handle.ledgerId}:${ml.currentLedgerEntries - 1} closes it when done, later adds wait for the next ledger`,
      [],
      { rule: 'ManagedLedgerImpl.currentLedgerIsFull' },
    ),
  );
  return true;
}

/**
 * `OpAddEntry.run` for the add marked closeWhenDone: once it completed, the managed ledger closes
 * its ledger (`LedgerHandle.asyncClose` — nothing is pending past it), and `closeComplete` →
 * `ManagedLedgerImpl.ledgerClosed` records the ledger with LAC + 1 entries and creates the next
 * (`createLedgerAfterClosed`, state `CreatingLedger`): the list write is the rollover's step.
 */
export function closeFullLedger(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const ml = bk.ml;
  const h = ml.handle!;
  closeLedgerHandle(ctx, bk, topic.owner, h);
  ml.ledgers.find((l) => l.id === h.ledgerId)!.entries = h.lac + 1;
  ml.state = 'CreatingLedger';
  ml.handle = null;
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `ledgerClosed: ledger ${h.ledgerId} closed for being full, recorded with ${h.lac + 1} entries, creating a new ledger`,
      [],
      { rule: 'ManagedLedgerImpl.ledgerClosed:full' },
    ),
  );
}
