// The replicator's cursor across an ownership change (`replication.cursorWrites: "in-flight"`). It is
// a managed cursor like a subscription's (ManagedCursorFencing.ts), so the new owner opens it while
// it loads the topic, not when the clients move: `ManagedLedgerImpl.initializeCursors` →
// `ManagedCursorImpl.recover` → `recoverFromLedger` opens the cursor ledger with recovery (fencing
// it), and `PersistentTopic.initialize` hands each recovered `pulsar.repl.*` cursor to the new
// replicator (`addReplicationCluster`). The old owner's replicator goes on deleting until its topic
// closes; its next `persistPositionToLedger` fails (LedgerFencedException), the cursor turns
// NoLedger and `persistPositionToMetaStore` writes the metadata-store node instead, which the new
// owner only read at its load; later writes create a new cursor ledger the node names
// (`createNewMetadataLedger`). None of it reaches the cursor the new owner holds: its replicator
// reads after what it loaded, and sends again what the old owner deleted after the load.
import type { ReplicationLink } from '../model/config';
import { replicationLinks } from '../model/config';
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import { replicatorOf } from '../model/world';
import type { Ctx } from '../sim/context';
import {
  backToPersisted,
  copyOf,
  heldText,
  persistReplicatorCursor,
} from './PersistentReplicatorCursor';

const name = (link: ReplicationLink) => `cursor pulsar.repl.${link.cfg.to}`;

/**
 * The end of the new owner's load (not a crash's: the clients move in the same step and the
 * recovery says it): the cursor is what its ledger holds now, and that ledger is fenced.
 */
export function replicatorCursorsOpenedAtLoad(ctx: Ctx, topic: TopicState, broker: string): void {
  for (const l of replicationLinks(ctx.w.config)) {
    const c = l.cfg.from === topic.cluster ? replicatorOf(ctx.w, l)?.cursor : undefined;
    if (!c?.persisted) continue;
    c.loadedBy = broker;
    ctx.events.push(
      ev(
        'log',
        l.cursor,
        `${name(l)} opened by ${broker} from its cursor ledger with recovery (fenced): ${heldText(c.persisted)}; ${topic.owner} can no longer write it`,
        [],
        { cluster: topic.cluster, rule: 'ManagedCursorImpl.recoverFromLedger' },
      ),
    );
  }
}

/** The `persist-replicator-cursor:` step: the serving broker's write, or the old owner's fenced one. */
export function writeReplicatorCursor(ctx: Ctx, link: ReplicationLink): void {
  const c = replicatorOf(ctx.w, link)!.cursor;
  const by = c.loadedBy;
  if (by === undefined) return persistReplicatorCursor(ctx, link);
  const old = ctx.w.topics[link.cfg.from]!.owner;
  const cluster = link.cfg.from;
  // A later write: the cursor is NoLedger, so it creates a new cursor ledger the node names.
  if (c.metaStore) {
    c.metaStore = copyOf(c);
    ctx.events.push(
      ev(
        'log',
        link.cursor,
        `${name(link)}: ${heldText(c)} written by ${old} to a new cursor ledger, and the metadata-store node now names it — ${by} does not read the node again`,
        [],
        { cluster, rule: 'ManagedCursorImpl.createNewMetadataLedger' },
      ),
    );
    return;
  }
  c.metaStore = copyOf(c);
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `${name(link)}: ${old} persisting ${heldText(c)} fails — ${by} opened the cursor ledger with recovery when it loaded the topic (fenced; its cursor holds ${heldText(c.persisted!)})`,
      [],
      { cluster, rule: 'ManagedCursorImpl.persistPositionToLedger:fenced' },
    ),
    ev(
      'log',
      link.cursor,
      `${name(link)}: ${heldText(c)} written to the cursor's metadata-store node instead (cursor ledger -1) — ${by} read the node at its load and keeps the cursor it loaded`,
      [],
      { cluster, rule: 'ManagedCursorImpl.persistPositionToMetaStore' },
    ),
  );
}

/**
 * The clients move to the new owner: its replicator reads after the cursor it loaded
 * (`recoveredCursor` set the read position), so what the old owner deleted in memory only, or wrote
 * after the fence, is read and sent again.
 */
export function replicatorTakesLoadedCursor(ctx: Ctx, link: ReplicationLink, old: string): void {
  const c = replicatorOf(ctx.w, link)?.cursor;
  const by = c?.loadedBy;
  if (!c || by === undefined) return;
  const why = c.metaStore
    ? `${old}'s writes after the load reached only the metadata-store node`
    : `${old} had not written it when ${by} loaded the cursor`;
  delete c.loadedBy;
  delete c.metaStore;
  const what = backToPersisted(c);
  if (what === '') return;
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `${name(link)} (opened at ${by}'s load, ${heldText(c)}) is the one ${by}'s replicator reads after: ${what} never reached it (${why})`,
      [],
      { cluster: link.cfg.from, rule: 'ManagedCursorImpl.recoveredCursor:readPosition' },
    ),
  );
}
