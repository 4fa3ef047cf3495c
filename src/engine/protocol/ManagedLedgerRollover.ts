// The managed ledger rolling over to a new ledger: `ManagedLedgerImpl.createComplete` →
// `updateLedgersListAfterRollover`, the compare-and-set of the ledger list on the metadata store
// after a failed add or a full ledger closed the current one. A BadVersion there fences the managed
// ledger (`handleBadVersion`); a write re-sends the queued adds into the new ledger
// (`updateLedgersIdsComplete`). Its own file: the one step the simulator runs for a rollover
// (sim/storage.ts), apart from the adds that lead to it (ManagedLedgerImpl.ts).
import type { TopicState } from '../model/topic';
import { ev } from '../model/events';
import type { Ctx } from '../sim/context';
import { initiate } from './OpAddEntry';
import { closeWhenDoneIfFull } from './ManagedLedgerImpl';
import { fenceManagedLedger } from './ManagedLedgerClose';
import { createLedgerAndWriteList, listText } from './ManagedLedgerInitialize';

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
