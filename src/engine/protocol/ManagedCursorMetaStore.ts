// The cursor's metadata-store node (`MetaStoreImpl.asyncUpdateCursorInfo`, a compare-and-set at
// the version the writer last saw) as an old owner leaves it after its cursor-ledger write was
// fenced (ManagedCursorFencing.ts): `persistPositionToMetaStore` writes the mark-delete and the
// ranges there (cursor ledger -1), later mark-deletes a new cursor ledger the node names. The new
// owner read the node at its load and reads it again only when its own write meets BadVersion;
// a broker that loads the topic after that write opens the cursor at the node's copy.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { differsFrom, withDeletedText } from './ManagedCursorLedger';
import { rangesToPersist } from './ManagedCursorUnackedRanges';
import { pos } from './ConsumerAcks';

/** The node now holds `s`'s in-memory cursor, as many ranges as the cap keeps. */
export function writeNode(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const { kept, cut } = rangesToPersist(ctx.w, topic, s);
  s.acked!.metaStore = {
    by: s.broker,
    markDelete: s.markDeletePosition,
    ...(kept.length > 0 ? { deleted: kept } : {}),
    ...(cut.length > 0 ? { cut } : {}),
  };
}

/** The old owner's cursor differs from the node it wrote (its later mark-deletes go there too). */
export function nodeBehind(s: Subscription): boolean {
  const n = s.acked?.metaStore;
  if (n?.by !== s.broker) return false;
  return differsFrom(s, n.markDelete, n.deleted ?? [], n.cut ?? []);
}

/**
 * An old owner wrote the node after the serving broker read it, and the serving broker has not
 * re-read its version since: the serving broker's next compare-and-set of the node (a mark-delete's
 * `switchToNewLedger`, or its close's `persistPositionMetaStore`) meets BadVersion.
 */
export function nodeMovedSinceRead(s: Subscription): boolean {
  const n = s.acked?.metaStore;
  return n !== undefined && n.by !== s.broker && n.refreshed !== true;
}

/**
 * The serving broker's first write after an old owner wrote the node: `switchToNewLedger`'s
 * compare-and-set meets BadVersion; the broker owns the topic, so it re-reads the node's version
 * and fails the mark-delete (`persistPositionMetaStore`). True when that is what happened.
 */
export function nodeVersionMoved(ctx: Ctx, topic: TopicState, s: Subscription): boolean {
  const n = s.acked?.metaStore;
  if (!n || !nodeMovedSinceRead(s)) return false;
  n.refreshed = true;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: persisting mark-delete ${pos(s.markDeletePosition)} fails — the metadata-store node's version moved since ${s.broker} read it (${n.by} wrote it after its fenced write): BadVersion; ${s.broker} owns the topic, re-reads the version, and the next write succeeds`,
      [],
      { cluster: topic.cluster, rule: 'ManagedCursorImpl.persistPositionMetaStore:bad-version' },
    ),
  );
  return true;
}

/**
 * `ManagedCursorImpl.recover` on a broker that loads the topic after an old owner wrote the node:
 * the node (cursor ledger -1, or the old owner's new cursor ledger) holds that copy, so the cursor
 * opens there, not at what the fenced cursor ledger held.
 */
export function readCursorNode(ctx: Ctx, topic: TopicState, s: Subscription, broker: string): void {
  const a = s.acked!;
  const n = a.metaStore;
  if (!n) return;
  a.persisted = n.markDelete;
  if (n.deleted) a.persistedDeleted = [...n.deleted];
  else delete a.persistedDeleted;
  if (n.cut) a.persistedCut = [...n.cut];
  else delete a.persistedCut;
  delete a.metaStore;
  ctx.events.push(
    ev(
      'log',
      broker,
      `cursor ${s.name}: its metadata-store node holds what ${n.by} wrote after its fenced write — mark-delete ${pos(n.markDelete)}${withDeletedText(n.deleted ?? [])}; the cursor opens there`,
      [],
      { cluster: topic.cluster, rule: 'ManagedCursorImpl.recover' },
    ),
  );
}
