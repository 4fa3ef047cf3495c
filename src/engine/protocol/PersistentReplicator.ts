// The source side of geo-replication: `PersistentReplicator` / `GeoPersistentReplicator` reading
// the source topic through its cursor (`ManagedCursorImpl`) and handing entries to its producer.
// A failed send rewinds the cursor; a successful one deletes the entry, and the mark-delete moves
// over every contiguous deleted entry.
// This file: the replicator's cursor — what it can read, its backlog, its deletes. The read loop is
// PersistentReplicatorRead.ts, the send's callback PersistentReplicatorSendCallback.ts, the start
// and stop AbstractReplicator.ts.
import type { ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { type Ctx, peek } from '../sim/context';
import { cursorView } from './ManagedCursor';

export const cmpPos = (a: Position, b: Position): number =>
  a.ledgerId - b.ledgerId || a.entryId - b.entryId;
export const posText = (p: Position): string => `${p.ledgerId}:${p.entryId}`;
/** The (only) replicator's cursor as an actor of the trace (its own lane in the diagram); each link's is `link.cursor`. */
export const CURSOR = 'replicator-cursor';

/**
 * Entries of the source topic the replicator's cursor can read, in order: what the source's
 * managed ledger has confirmed (an add still waiting for its bookies is not replicated yet).
 */
export function sourceEntries(w: World, link: ReplicationLink): readonly StoredEntry[] {
  // A read: the source topic peeked, so asking what it holds does not copy it.
  return cursorView(peek(w.topics)[link.cfg.from]! as TopicState);
}

const isDeleted = (w: World, link: ReplicationLink, p: Position): boolean => {
  const c = replicatorOf(w, link)!.cursor;
  return (
    cmpPos(p, c.markDeletePosition) <= 0 || c.individuallyDeleted.some((d) => cmpPos(d, p) === 0)
  );
};

/** What a read from the cursor's read position would return: entries not yet deleted. */
export function readableEntries(w: World, link: ReplicationLink): StoredEntry[] {
  const r = replicatorOf(w, link);
  if (!r || r.state !== 'Started') return [];
  const read = r.cursor.readPosition;
  return sourceEntries(w, link).filter((e) => cmpPos(e, read) >= 0 && !isDeleted(w, link, e));
}

/**
 * Whether a read would return anything (`readableEntries` is not empty), without listing it: the
 * explorer asks this of every state it expands (`enabledActions`).
 */
export function anyReadable(w: World, link: ReplicationLink): boolean {
  const r = replicatorOf(w, link);
  if (!r || r.state !== 'Started') return false;
  const read = r.cursor.readPosition;
  for (const e of sourceEntries(w, link))
    if (cmpPos(e, read) >= 0 && !isDeleted(w, link, e)) return true;
  return false;
}

/** An entry written during the run that the replicator has not deleted yet: part of its backlog. */
export const inBacklog = (w: World, link: ReplicationLink, e: StoredEntry): boolean =>
  e.msgs.length > 0 && !isDeleted(w, link, e);

/** Entries written during the run that the replicator has not deleted yet: its backlog. */
export const backlog = (w: World, link: ReplicationLink): StoredEntry[] =>
  sourceEntries(w, link).filter((e) => inBacklog(w, link, e));

/**
 * `ManagedCursorImpl.asyncDelete`: record the individual delete, then move the mark-delete over
 * every entry right after it that is deleted too (`setAcknowledgedPosition`).
 */
export function asyncDelete(ctx: Ctx, link: ReplicationLink, p: Position): void {
  const w = ctx.w;
  const c = replicatorOf(w, link)!.cursor;
  if (isDeleted(w, link, p)) return;
  c.individuallyDeleted = [
    ...c.individuallyDeleted,
    { ledgerId: p.ledgerId, entryId: p.entryId },
  ].sort(cmpPos);
  const before = c.markDeletePosition;
  for (const e of sourceEntries(w, link)) {
    if (cmpPos(e, c.markDeletePosition) <= 0) continue;
    const i = c.individuallyDeleted.findIndex((d) => cmpPos(d, e) === 0);
    if (i < 0) break;
    c.markDeletePosition = { ledgerId: e.ledgerId, entryId: e.entryId };
    c.individuallyDeleted.splice(i, 1);
  }
  // ManagedCursorImpl.setAcknowledgedPosition: a read position at or behind the new mark-delete
  // moves to the position after it (a rewound cursor never points at a deleted entry).
  if (cmpPos(c.readPosition, c.markDeletePosition) <= 0)
    c.readPosition = {
      ledgerId: c.markDeletePosition.ledgerId,
      entryId: c.markDeletePosition.entryId + 1,
    };
  const moved =
    cmpPos(c.markDeletePosition, before) !== 0
      ? `, mark-delete → ${posText(c.markDeletePosition)}`
      : `, mark-delete stays ${posText(before)}`;
  const msgs =
    sourceEntries(w, link)
      .find((e) => cmpPos(e, p) === 0)
      ?.msgs.map((m) => m.msg) ?? [];
  ctx.events.push(
    ev('log', link.cursor, `asyncDelete(${posText(p)})${moved}`, msgs, {
      cluster: link.cfg.from,
      rule: 'ManagedCursorImpl.asyncDelete',
    }),
  );
}
