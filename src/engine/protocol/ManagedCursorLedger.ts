// What a subscription's cursor ledger holds (`acks: "in-flight"`): `ManagedCursorImpl.
// persistPositionToLedger` writes a `PositionInfo` with the mark-delete AND the individually deleted
// ranges (`buildIndividualDeletedMessageRanges`, the first `managedLedgerMaxUnackedRangesToPersist`
// of them — 10,000 by default, so every range a model run can make). `asyncDelete` persists after
// every individual ack, even one that leaves the mark-delete where it was, so a hole's later acks
// reach the ledger too; a graceful close writes both (`asyncClose` → `persistPositionWhenClosing`,
// to the cursor ledger or, with few ranges, into the cursor's metadata-store node). A broker that
// opens the cursor later (`recover` → `recoverFromLedger`, or the node's copy after a clean close)
// restores both (`recoverIndividualDeletedMessages`): entries deleted individually and persisted are
// skipped; those deleted only in the lost broker's memory are read and sent again.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, positionText } from '../sim/context';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
const pos = (p: Position) => positionText(p.ledgerId, p.entryId);
const has = (ps: readonly Position[], p: Position) => ps.some((d) => cmp(d, p) === 0);

/** The individually deleted entries the cursor ledger holds with its mark-delete (none: empty). */
export const persistedDeleted = (s: Subscription): readonly Position[] =>
  s.acked?.persistedDeleted ?? [];

/** The cursor ledger's words for its deleted ranges: '' when it holds none (texts as before). */
export const withDeletedText = (ps: readonly Position[]): string =>
  ps.length > 0 ? `, with the individually deleted ${ps.map(pos).join(', ')}` : '';

/**
 * The in-memory cursor differs from what its ledger holds — the mark-delete, or an individual ack
 * `asyncDelete` recorded since (`internalAsyncMarkDelete` runs for it too, behind the rate limiter).
 */
export function cursorLedgerBehind(s: Subscription): boolean {
  const a = s.acked;
  if (!a) return false;
  if (cmp(a.persisted, s.markDeletePosition) !== 0) return true;
  const held = persistedDeleted(s);
  const now = s.individuallyDeleted;
  return held.length !== now.length || now.some((p) => !has(held, p));
}

/**
 * `persistPositionToLedger` (and `persistPositionWhenClosing`): the ledger now holds the in-memory
 * mark-delete and individually deleted set. The field stays absent while the set is empty, so a
 * subscription that never acks out of order keeps its state (and hash) as before.
 */
export function writeCursorLedger(s: Subscription): readonly Position[] {
  const a = s.acked!;
  a.persisted = s.markDeletePosition;
  if (s.individuallyDeleted.length > 0) a.persistedDeleted = [...s.individuallyDeleted];
  else delete a.persistedDeleted;
  return s.individuallyDeleted;
}

/**
 * `recoverFromLedger` → `recoverIndividualDeletedMessages` + `recoveredCursor`: the mark-delete and
 * the individually deleted set come back as the ledger last held them. Returns the entries deleted
 * individually in the lost broker's memory only: the rewind sends them again.
 */
export function recoverCursorLedger(ctx: Ctx, topic: TopicState, s: Subscription): Position[] {
  const a = s.acked!;
  const held = persistedDeleted(s).filter((p) => cmp(p, a.persisted) > 0);
  const lost = s.individuallyDeleted.filter((p) => !has(held, p));
  s.markDeletePosition = a.persisted;
  s.individuallyDeleted = [...held];
  if (held.length > 0 || lost.length > 0) {
    const restored =
      held.length > 0
        ? `restores the individually deleted ${held.map(pos).join(', ')} from the cursor ledger (skipped on the rewind)`
        : 'restores no individually deleted entry from the cursor ledger';
    const gone =
      lost.length > 0
        ? `; ${lost.map(pos).join(', ')} ${lost.length === 1 ? 'was' : 'were'} deleted individually in memory only, not persisted`
        : '';
    ctx.events.push(
      ev('log', s.broker, `cursor ${s.name} ${restored}${gone}`, [], {
        cluster: topic.cluster,
        rule: 'ManagedCursorImpl.recoverIndividualDeletedMessages',
      }),
    );
  }
  return lost;
}
