// Another broker takes the topic (the metadata session flap of seed 001), or loads it after its
// broker crashed: it loads the topic with `ManagedLedgerImpl.initialize` while the old owner may
// still believe it owns it. Loading reads the ledger list (and its version), opens the last ledger
// *with recovery* (`LedgerOpenOp` → `LedgerRecoveryOp`: mark it IN_RECOVERY, fence it on every
// bookie of its ensemble, read what they hold, close it at the last entry found — the fencing read
// is in ReadLastConfirmedOp.ts), records that count, creates a new ledger and compare-and-sets the
// ledger list at the version it read (`initializeBookKeeper`, which leaves out and deletes a ledger
// recovered with no entries). BadVersion fails the load (not
// retried within a run). Then the clients move to the new owner (`switchToNewOwner`,
// OwnershipChangeSwitch.ts). The instance the new owner starts, and the reload after an unload,
// which needs no recovery (BrokerService.ts), share `serveTopic` (BrokerServiceLoadTopic.ts).
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { type Ctx, tick } from '../sim/context';
import { emptyLedgersDeleted, initializeBookKeeper, listText } from './ManagedLedgerInitialize';
import { openClosedLedger } from './LedgerHandle';
import { replicatorCursorsOpenedAtLoad } from './PersistentReplicatorCursorFencing';
import { cursorsOpenedAtLoad } from './ManagedCursorFencing';
import { switchToNewOwner } from './OwnershipChangeSwitch';

/**
 * `broker` loads the topic (`ManagedLedgerImpl.initialize`): the metadata store names it owner and
 * it opens the last ledger with recovery. `crashed`: the broker whose process died (restart-broker)
 * — then no old owner still believes it owns the topic, and nothing it started will complete.
 */
export function startTakeover(ctx: Ctx, topic: TopicState, broker: string, crashed?: string): void {
  const bk = topic.bk!;
  bk.metadata.owner = broker;
  const last = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  const meta = bk.ledgerMeta[last.id]!;
  if (meta.state === 'OPEN') meta.state = 'IN_RECOVERY';
  bk.takeover = {
    broker,
    state: 'recovering',
    readVersion: bk.metadata.version,
    ledgers: bk.metadata.ledgers.map((l) => ({ ...l })),
    recovering: last.id,
    answered: [],
    holds: {},
    recoveredLast: -1,
    reason: '',
    ...(crashed === undefined ? {} : { crashed }),
  };
  if (crashed === undefined)
    ctx.events.push(
      ev(
        'fault',
        'metadata-store',
        `ownership of the topic moves to ${broker}; ${topic.owner} still believes it owns it`,
        [],
        { cluster: topic.cluster, rule: 'NamespaceService.ownership' },
      ),
    );
  else
    ctx.events.push(
      ev(
        'log',
        'metadata-store',
        `${crashed}'s ownership ended with its session: ${broker === crashed ? `${broker}, restarted,` : broker} acquires the topic on the next lookup`,
        [],
        { cluster: topic.cluster, rule: 'NamespaceService.ownership' },
      ),
    );
  // `LedgerHandle.recover` on a ledger whose metadata is already CLOSED — the old owner closed it
  // (full, or after a failed add) and had not yet written the list with the next one — completes at
  // once ("We are already closed, nothing to do"): no fencing read, its entries are the metadata's.
  if (meta.state === 'CLOSED') {
    ctx.events.push(
      ev('log', broker, `load topic: ledger list read at version ${bk.metadata.version}`, [], {
        rule: 'ManagedLedgerImpl.initialize',
      }),
    );
    bk.takeover.ledgers.find((l) => l.id === last.id)!.entries = openClosedLedger(
      ctx,
      bk,
      broker,
      last.id,
    );
    bk.takeover.state = 'writing-metadata';
    return;
  }
  const why = crashed === undefined ? '' : ' (never closed: its writer died)';
  ctx.events.push(
    ev(
      'log',
      broker,
      `load topic: ledger list read at version ${bk.metadata.version}; open ledger ${last.id} with recovery${why}`,
      [],
      { rule: 'ManagedLedgerImpl.initialize' },
    ),
  );
  for (const b of meta.ensemble)
    bk.requests.push(
      frozen({
        from: broker,
        to: b,
        kind: 'fence',
        ledgerId: last.id,
        entryId: -1,
        born: tick(ctx.w),
      }),
    );
}

/** `initializeBookKeeper`: new ledger + CAS of the ledger list at the version read on load. */
export function takeoverWrite(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const t = bk.takeover!;
  const md = bk.metadata;
  if (md.version !== t.readVersion) {
    t.state = 'failed';
    t.reason = `BadVersion: read at ${t.readVersion}, store at ${md.version}`;
    ctx.events.push(
      ev(
        'log',
        t.broker,
        `ledger list write: BadVersion (read at ${t.readVersion}, store at ${md.version}): topic load fails`,
        [],
        { to: 'metadata-store', rule: 'ManagedLedgerImpl.initializeBookKeeper:bad-version' },
      ),
    );
    return;
  }
  // A ledger recovered with no entries (its writer confirmed none) is left out and deleted.
  const { written, deleted } = initializeBookKeeper(bk, t.ledgers);
  t.ledgers = written;
  t.state = 'loaded';
  ctx.events.push(
    ev(
      'log',
      t.broker,
      `ledger list [${listText(bk.metadata.ledgers)}] written (version ${md.version}): topic loaded`,
      [],
      { to: 'metadata-store', rule: 'ManagedLedgerImpl.initializeBookKeeper' },
    ),
  );
  emptyLedgersDeleted(ctx, t.broker, deleted, topic.cluster);
  // The cursors are opened (their ledgers fenced) now, at the load (ManagedCursorFencing.ts).
  if (t.crashed === undefined) {
    cursorsOpenedAtLoad(ctx, topic, t.broker);
    replicatorCursorsOpenedAtLoad(ctx, topic, t.broker);
  }
  // The old owner's managed ledger may already have fenced itself, or its broker crashed: either
  // way no old instance holds the clients, and they come over now.
  if (bk.ml.state === 'Fenced' || t.crashed !== undefined) switchToNewOwner(ctx, topic);
}
