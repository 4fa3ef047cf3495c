// Pulsar's `ManagedLedgerImpl` on BookKeeper, as the broker serving the topic runs it: queueing
// adds (`asyncAddEntry`), rolling over to a new ledger, fencing itself, closing on an unload. One
// add's own life is in OpAddEntry.ts. Read in apache/pulsar (see docs/research/bookkeeper-fencing.md):
// - after a failed add closed the ledger (OpAddEntry.ts), the new ledger is recorded by a
//   compare-and-set of the ledger list on the metadata store (`updateLedgersListAfterRollover`); a
//   BadVersion there fences the managed ledger (`handleBadVersion`), fails every queued add, and the
//   topic closes;
// - on a topic unload `asyncClose` closes the current ledger without waiting for pending adds: they
//   fail with no answer to the producer (docs/research/unload-bookkeeper.md).
import type { TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { ev } from '../model/events';
import { type Ctx, idsOf, ledgerActor } from '../sim/context';
import type { BkState } from '../model/bookkeeper';
import { asyncClose as closeLedgerHandle } from './LedgerHandle';
import { bookieHandleNotAvailable, delayedEnsembleChange } from './EnsembleChange';
import { failHandle, initiate } from './OpAddEntry';
import { addFailed } from './PersistentTopicAddEntry';
import { disconnectProducersOf } from './CommandCloseProducer';

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
 * `ManagedLedgerImpl.createComplete` → `updateLedgersListAfterRollover`: create the next ledger and
 * compare-and-set the ledger list at the version this managed ledger last read or wrote.
 */
export function rollover(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const ml = bk.ml;
  const md = bk.metadata;
  if (md.version !== ml.version) {
    ctx.events.push(
      ev(
        'log',
        topic.owner,
        `ledger list write at version ${ml.version}: BadVersion (store is at ${md.version})`,
        [],
        { rule: 'ManagedLedgerImpl.handleBadVersion' },
      ),
    );
    fenceManagedLedger(ctx, topic);
    return;
  }
  // The ledger the store lists that this managed ledger no longer holds: the one `ledgerClosed` removed as empty.
  const dropped = md.ledgers.filter((l) => !ml.ledgers.some((x) => x.id === l.id)).map((l) => l.id);
  ml.ledgers = createLedgerAndWriteList(bk, ml.ledgers);
  ml.version = md.version;
  const id = ml.ledgers[ml.ledgers.length - 1]!.id;
  ml.handle = {
    ledgerId: id,
    ensemble: bk.ledgerMeta[id]!.ensemble,
    lac: -1,
    pending: [],
    closed: false,
  };
  ml.currentLedgerEntries = 0;
  ml.state = 'LedgerOpened';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `ledger list [${listText(md.ledgers)}] written (version ${md.version}); re-sending ${ml.ops.length} queued adds into ledger ${id}`,
      [],
      { to: 'metadata-store', rule: 'ManagedLedgerImpl.updateLedgersListAfterRollover' },
    ),
  );
  // `updateLedgersIdsComplete` (apache/pulsar #19444): the previous current ledger, no longer in
  // `ledgers`, is deleted now that no list names it. The delete is this log line, as for a load's
  // (`initializeBookKeeper`): BookKeeper's metadata and bookie data of the ledger stay.
  if (dropped.length > 0)
    ctx.events.push(
      ev(
        'log',
        topic.owner,
        `empty ledger ${dropped.join(', ')} deleted (asyncDeleteLedger): the list written no longer names it`,
        [],
        { rule: 'ManagedLedgerImpl.updateLedgersIdsComplete:delete-empty' },
      ),
    );
  // `updateLedgersIdsComplete` re-sends the queued adds into the new ledger, and stops at the one
  // that fills it (closeWhenDone): the rest wait for the ledger after.
  for (let i = 0; i < ml.ops.length; i++) {
    initiate(ctx, topic, i);
    if (closeWhenDoneIfFull(ctx, topic)) break;
  }
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
function closeWhenDoneIfFull(ctx: Ctx, topic: TopicState): boolean {
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

/** `ManagedLedgerImpl.setFenced`: fail every queued add; the topic closes and its clients leave. */
export function fenceManagedLedger(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  bk.ml.state = 'Fenced';
  bk.ml.ops = [];
  bk.ml.handle = null;
  addFailed(
    ctx,
    topic,
    (cluster, reason) => disconnectProducersOf(ctx, cluster, reason, 'PersistentTopic.close'),
    'ManagedLedgerFencedException',
  );
}

/**
 * `ManagedLedgerImpl.asyncClose` on a topic unload (`PersistentTopic.close` calls it once the
 * clients are disconnected; it does not wait for pending writes): the state becomes Closed and the
 * current ledger is closed through `LedgerHandle.asyncClose`, which errors out its pending adds.
 * Each failed `OpAddEntry` goes `handleAddFailure` → `ledgerClosed`, which finds the managed ledger
 * Closed and fails every queued add with ManagedLedgerAlreadyClosedException (adds waiting for a
 * new ledger after a write failure fail the same way: that ledger is never used).
 * `PersistentTopic.addFailed` answers them with TopicClosedException, for which
 * `Producer.MessagePublishContext.completed` sends no SendError ("the client was already
 * notified"): the producer gets neither a receipt nor an error and resends after it reconnects.
 */
export function closeManagedLedger(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const h = bk.ml.handle;
  if (h && !h.closed) closeLedgerHandle(ctx, bk, topic.owner, h);
  bk.ml.ops = [];
  bk.ml.handle = null;
  failWritesOnClose(ctx, topic);
}

/**
 * The writes still pending when the managed ledger closes fail with
 * ManagedLedgerAlreadyClosedException, answered with nothing (TopicClosedException). Abstract
 * storage follows the same rule: an add not confirmed when its ledger closes is outside the ledger.
 */
export function failWritesOnClose(ctx: Ctx, topic: TopicState): void {
  const failed = topic.pendingWrites.flatMap((w) => idsOf(w.msgs));
  topic.pendingWrites = [];
  if (failed.length > 0)
    ctx.events.push(
      ev(
        'persist-failed',
        topic.owner,
        `ManagedLedgerAlreadyClosedException for ${failed.join(', ')}: TopicClosedException, no SendError (the producer was told to reconnect)`,
        failed,
        {
          to: ledgerActor(topic.cluster),
          cluster: topic.cluster,
          rule: 'ManagedLedgerImpl.ledgerClosed:already-closed',
        },
      ),
    );
}
