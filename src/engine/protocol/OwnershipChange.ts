// Another broker takes the topic (the metadata session flap of seed 001), or loads it after its
// broker crashed: it loads the topic with `ManagedLedgerImpl.initialize` while the old owner may
// still believe it owns it. Loading reads the ledger list (and its version), opens the last ledger
// *with recovery* (`LedgerOpenOp` → `LedgerRecoveryOp`: mark it IN_RECOVERY, fence it on every
// bookie of its ensemble, read what they hold, close it at the last entry found — the fencing read
// is in ReadLastConfirmedOp.ts), records that count, creates a new ledger and compare-and-sets the
// ledger list at the version it read (`initializeBookKeeper`, which leaves out and deletes a ledger
// recovered with no entries). BadVersion fails the load (not
// retried within a run). Then the clients move to the new owner (`switchToNewOwner`). The reload
// after an unload, which needs no recovery, is in BrokerService.ts and shares `serveTopic`.
import type { AckLoss } from './ConsumerAckLoss';
import { rewindOnReconnect } from './ManagedCursorRewind';
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import { frozen, type World } from '../model/world';
import { type Ctx, idsOf, labelOf, peek, tick } from '../sim/context';
import {
  chunksNotReplayed,
  replayCursor,
  replayReplNote,
} from './MessageDeduplicationReplayCursor';
import { replicationDedup } from '../model/fixes';
import { emptyLedgersDeleted, initializeBookKeeper, listText } from './ManagedLedgerInitialize';
import { openClosedLedger } from './LedgerHandle';
import { closeReplicatorProducer } from './AbstractReplicator';
import {
  replicatorCursorsOpenedAtLoad,
  replicatorTakesLoadedCursor,
} from './PersistentReplicatorCursorFencing';
import { readableEntries, readableOf } from './ManagedLedger';
import { replicationLinks } from '../model/config';
import { cursorsOpenedAtLoad } from './ManagedCursorFencing';

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

/**
 * No topic instance serves the topic: its broker crashed and the load that replaces it has not
 * completed, or an admin topic unload's close still waits for its replicators (`TopicState.closing`:
 * the fenced instance refuses every producer and consumer with ServiceNotReady, and they retry).
 * Clients' lookups wait for the load (no connect), consumers and the replicator of a source topic
 * wait too.
 */
export const topicDown = (topic: TopicState): boolean => {
  const t = peek(topic);
  return t.closing === true || t.bk?.takeover?.crashed !== undefined;
};

/** Why nothing can be done to a topic an admin unload is closing (`TopicState.closing`), in words. */
export const closingReason = (cluster: string): string =>
  `the topic at ${cluster} is closing: pulsar-admin topics unload waits for its replicator's producer close`;

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

/**
 * The old owner's topic closed (its managed ledger fenced): clients look the topic up again and
 * land on the new owner, whose instance now serves it, with dedup state rebuilt by replay.
 */
export function switchToNewOwner(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const t = bk.takeover;
  if (!t || t.state !== 'loaded') return;
  const before = topic.owner;
  serveTopic(topic, t.broker);
  bk.takeover = null;
  const current = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  ctx.events.push(
    ev('log', t.broker, `now serves the topic (current ledger ${current.id})`, [], {
      cluster: topic.cluster,
      rule: 'BrokerService.loadTopic',
    }),
  );
  // serveTopic replayed; said as an unload's load says it (BrokerService.dedupReplayed).
  const loaded =
    t.crashed !== undefined ? `after ${t.crashed} crashed` : `(taken over from ${before})`;
  ctx.events.push(
    ev('log', t.broker, `topic loaded ${loaded}: ${dedupReplayWords(ctx.w, topic)}`, [], {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.replayCursor',
    }),
  );
  chunksNotReplayedLog(ctx, topic, t.broker);
  consumersReconnect(
    ctx,
    topic,
    before,
    t.broker,
    // After a crash the cursor is recovered now; after a takeover it was opened at the load.
    t.crashed !== undefined ? 'recovered' : 'loaded',
    t.crashed !== undefined ? `${t.crashed} crashed` : `${t.broker} took the topic over`,
  );
  // The old owner's PersistentTopic.close stops its replicator (AbstractReplicator.terminate closes
  // its producer gracefully); the new owner's runs from the persisted cursor with a new producer
  // once that close is answered (a crash restarted it already, BrokerService.restartBroker). The
  // new owner opened the cursor at its load: with cursor writes in flight, what its ledger did not
  // hold then is gone (PersistentReplicatorCursorFencing.ts).
  if (t.crashed === undefined)
    for (const l of replicationLinks(ctx.w.config))
      if (l.cfg.from === topic.cluster) {
        replicatorTakesLoadedCursor(ctx, l, before);
        closeReplicatorProducer(ctx, l);
      }
}

/**
 * `PersistentTopic.close` on `from` disconnected the topic's consumers: each looks the topic up
 * again and resumes on `to` (the same broker after an unload, the new owner after a takeover) from
 * its cursor's mark-delete position.
 */
export function consumersReconnect(
  ctx: Ctx,
  topic: TopicState,
  from: string,
  to: string,
  how: AckLoss,
  cause: string,
): void {
  const where = from === to ? '' : ` on ${from}`;
  for (const s of Object.values(topic.subscriptions)) {
    if (s.broker !== from) continue;
    s.broker = to;
    // Acknowledgements in flight (opt-in): lost with the connection, the cursor rewound or recovered.
    if (s.acked) rewindOnReconnect(ctx, topic, s, how, cause);
    const md = s.markDeletePosition;
    ctx.events.push(
      ev(
        'log',
        `${s.name}-consumer`,
        `topic closed${where}: reconnects to ${to}, resumes after mark-delete ${md.ledgerId}:${md.entryId}`,
        [],
        { cluster: topic.cluster, rule: 'PersistentTopic.close:disconnect-consumers' },
      ),
    );
  }
}

/**
 * A topic instance on `broker` starts serving what the metadata store records (`BrokerService
 * .loadTopic` once `ManagedLedgerImpl.initialize` completed): a managed ledger writing the last
 * ledger of the list, nothing pending, not fenced, and dedup state rebuilt by replaying what a
 * reader can reach (`MessageDeduplication.replayCursor`).
 */
export function serveTopic(topic: TopicState, broker: string): void {
  const bk = topic.bk!;
  const current = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  topic.owner = broker;
  topic.fenced = false;
  topic.pendingWrites = [];
  bk.ml = {
    state: 'LedgerOpened',
    ledgers: bk.metadata.ledgers.map((l) => ({ ...l })),
    version: bk.metadata.version,
    handle: {
      ledgerId: current.id,
      ensemble: bk.ledgerMeta[current.id]!.ensemble,
      lac: -1,
      pending: [],
      closed: false,
    },
    currentLedgerEntries: 0,
    lastConfirmedEntry: lastRecorded(bk.metadata.ledgers),
    ops: [],
  };
  replayCursor(topic.dedup, readableEntries(topic));
}

/**
 * What a load's replay rebuilt, in words: from the dedup snapshot when one was taken, and whether
 * V2 replication's _LID/_EID watermarks came back (said only where a V2 link writes to the topic).
 */
export function dedupReplayWords(w: World, topic: TopicState): string {
  const v2Target = replicationLinks(w.config).some(
    (l) => l.cfg.to === topic.cluster && replicationDedup(w.config, l.cfg) === 'v2',
  );
  const snapshot = topic.dedup.snapshot
    ? ' from the dedup snapshot (the pulsar.dedup cursor’s properties) and the entries after its mark-delete'
    : '';
  return `dedup state rebuilt by replay${snapshot}${v2Target ? replayReplNote(topic.dedup) : ''}`;
}

function lastRecorded(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--)
    if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return { ledgerId: list[0]!.id, entryId: -1 };
}

/**
 * With the proposed `replay-last-chunk`: the chunks a replay read and recorded nothing for, named
 * after the replay's own line (a load's, or a runtime switch's). Nothing is said without the fix.
 */
export function chunksNotReplayedLog(ctx: Ctx, topic: TopicState, broker: string): void {
  const skipped = chunksNotReplayed(topic.dedup, readableOf(topic));
  if (skipped.length === 0) return;
  const what = skipped
    .map((e) => `${labelOf(e.msgs)} at ${e.ledgerId}:${e.entryId} (seq ${e.sequenceId})`)
    .join(', ');
  const text = `replay: ${what} not recorded — not its message's last chunk (replay-last-chunk)`;
  ctx.events.push(
    ev('log', broker, text, idsOf(skipped.flatMap((e) => e.msgs)), {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.replayCursor:not-last-chunk',
    }),
  );
}
