// The managed-ledger invariants of PR 24722, over the metadata store and BookKeeper's own ledger
// metadata: what the managed ledger recorded must be what BookKeeper closed, cursors may only
// acknowledge positions that exist (a subscription's, the replicator's, the dedup cursor), and the
// backlog Pulsar computes must not go negative.
import { entriesText } from '../model/events';
import type { BkState, Subscription } from '../model/bookkeeper';
import type { DedupState, Position } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { replicationLinks } from '../model/config';
import { backlogOf } from '../protocol/ManagedCursor';
import type { Finding } from './invariants';

/**
 * How the invariants below judge one cursor against the metadata store's ledger list (the UI's
 * storage view shows the same): the last confirmed entry the backlog counts up to, the backlog,
 * and, when the mark-delete lies beyond what the list records, what the list records for it.
 */
export function cursorJudgement(
  bk: BkState,
  s: Subscription,
  trimmed?: readonly { readonly id: number }[],
): {
  lastConfirmed: Position | null;
  backlog: number;
  missing: { readonly ledger: boolean; readonly recorded: number } | null;
} {
  const list = bk.metadata.ledgers;
  const last = list[list.length - 1];
  const lac = lastConfirmedIn(bk);
  const missing = missingIn(bk, s.markDeletePosition, trimmed);
  const lastConfirmed =
    lac >= 0 ? { ledgerId: last!.id, entryId: lac } : lastClosedEntry(list.slice(0, -1));
  return { lastConfirmed, backlog: backlogOf(list, lastConfirmed, s), missing };
}

/** The current ledger's bound: its count is 0 in the list until it closes, so the last confirmed entry. */
function lastConfirmedIn(bk: BkState): number {
  const list = bk.metadata.ledgers;
  const last = list[list.length - 1];
  const lce = bk.ml.lastConfirmedEntry;
  return last && lce.ledgerId === last.id ? lce.entryId : last ? last.entries - 1 : -1;
}

/**
 * Whether an acknowledged position lies beyond what the ledger list records, and what it records.
 * A position in a ledger a trim deleted existed (`trimmed`): a cursor may stay on it, as in Pulsar.
 */
function missingIn(
  bk: BkState,
  at: Position,
  trimmed?: readonly { readonly id: number }[],
): { readonly ledger: boolean; readonly recorded: number } | null {
  if (trimmed?.some((l) => l.id === at.ledgerId)) return null;
  const list = bk.metadata.ledgers;
  const l = list.find((x) => x.id === at.ledgerId);
  const limit = l === list[list.length - 1] ? lastConfirmedIn(bk) : (l?.entries ?? 0) - 1;
  return at.entryId >= 0 && (!l || at.entryId > limit)
    ? { ledger: l !== undefined, recorded: limit + 1 }
    : null;
}

/** `PersistentTopic.DEDUPLICATION_CURSOR_NAME`. */
const DEDUP_CURSOR = 'pulsar.dedup';

/** What the ledger list records for an acknowledged position it does not hold. */
const recordsText = (
  at: Position,
  missing: { readonly ledger: boolean; readonly recorded: number },
): string =>
  missing.ledger
    ? `${entriesText(missing.recorded)} for ledger ${at.ledgerId}`
    : `no ledger ${at.ledgerId}`;

/**
 * acked-positions-exist for the replicator's cursor (`pulsar.repl.<remote>`), a durable cursor of
 * the source's managed ledger like a subscription's: its mark-delete and each individually deleted
 * position (review 19: only subscriptions were judged, narrower than "every position a cursor
 * acknowledged").
 */
function replicatorAcks(w: World, cluster: string, bk: BkState): Finding[] {
  const links = replicationLinks(w.config);
  const out: Finding[] = [];
  for (const link of links) {
    const r = link.cfg.from === cluster ? replicatorOf(w, link) : null;
    if (!r) continue;
    const which = links.length > 1 ? ` ${link.cfg.from}->${link.cfg.to}` : '';
    for (const at of [r.cursor.markDeletePosition, ...r.cursor.individuallyDeleted]) {
      const missing = missingIn(bk, at, w.topics[cluster]!.trimmed);
      if (!missing) continue;
      out.push({
        invariant: 'acked-positions-exist',
        key: `acked-positions-exist:${cluster}:${link.cursor}:${at.ledgerId}:${at.entryId}`,
        messages: [],
        detail: `the replicator's cursor${which} acknowledged ${at.ledgerId}:${at.entryId}, but the ledger list records ${recordsText(at, missing)}`,
      });
    }
  }
  return out;
}

/**
 * acked-positions-exist for the dedup cursor (`pulsar.dedup`, `MessageDeduplication`'s snapshot
 * cursor): a durable cursor of the same managed ledger, whose mark-delete is where its snapshots
 * acknowledged up to. One from before the run (absent) is read from the start and acknowledged
 * nothing the run can judge; a deleted one (null, switched off) acknowledges nothing; one a runtime
 * switch opened stands at the last confirmed entry it was created at (review 19: not judged before).
 */
function dedupCursorAcks(
  cluster: string,
  dedup: DedupState,
  bk: BkState,
  trimmed?: readonly { readonly id: number }[],
): Finding[] {
  // A snapshot's mark-delete, else where a runtime switch opened it.
  const at = dedup.snapshot?.position ?? dedup.cursor;
  const missing = at ? missingIn(bk, at, trimmed) : null;
  if (!at || !missing) return [];
  return [
    {
      invariant: 'acked-positions-exist',
      key: `acked-positions-exist:${cluster}:${DEDUP_CURSOR}:${at.ledgerId}:${at.entryId}`,
      messages: [],
      detail: `the dedup cursor acknowledged ${at.ledgerId}:${at.entryId}, but the ledger list records ${recordsText(at, missing)}`,
    },
  ];
}

export function ledgerInvariants(w: World): Finding[] {
  const out: Finding[] = [];
  for (const topic of Object.values(w.topics)) {
    const bk = topic.bk;
    if (!bk) continue;
    const list = bk.metadata.ledgers;
    // ledger-entries-match: every closed ledger's recorded count = BookKeeper's lastEntryId + 1.
    for (const l of list) {
      const meta = bk.ledgerMeta[l.id];
      if (!meta || meta.state !== 'CLOSED' || l === list[list.length - 1]) continue;
      if (l.entries === meta.lastEntryId + 1) continue;
      out.push({
        invariant: 'ledger-entries-match',
        key: `ledger-entries-match:${topic.cluster}:${l.id}`,
        messages: [],
        detail: `ledger ${l.id} is recorded with ${entriesText(l.entries)} but BookKeeper closed it with ${meta.lastEntryId + 1} (last entry ${l.id}:${meta.lastEntryId})`,
      });
    }
    for (const s of Object.values(topic.subscriptions)) {
      const md = s.markDeletePosition;
      const { backlog, missing } = cursorJudgement(bk, s, topic.trimmed);
      // acked-positions-exist: the mark-delete lies within what the ledger list records.
      if (missing) {
        out.push({
          invariant: 'acked-positions-exist',
          key: `acked-positions-exist:${topic.cluster}:${s.name}:${md.ledgerId}:${md.entryId}`,
          messages: [],
          detail: `subscription ${s.name} acknowledged ${md.ledgerId}:${md.entryId}, but the ledger list records ${recordsText(md, missing)}`,
        });
      }
      // non-negative-backlog, computed from the recorded counts up to the last confirmed entry.
      if (backlog < 0)
        out.push({
          invariant: 'non-negative-backlog',
          key: `non-negative-backlog:${topic.cluster}:${s.name}`,
          messages: [],
          detail: `subscription ${s.name} has a backlog of ${backlog} (mark-delete ${md.ledgerId}:${md.entryId})`,
        });
    }
    out.push(...replicatorAcks(w, topic.cluster, bk));
    out.push(...dedupCursorAcks(topic.cluster, topic.dedup, bk, topic.trimmed));
  }
  return out;
}

function lastClosedEntry(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--)
    if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return null;
}
