// What a subscription's cursor ledger holds (`acks: "in-flight"`): `ManagedCursorImpl.
// persistPositionToLedger` writes a `PositionInfo` with the mark-delete AND the individually deleted
// ranges (`buildIndividualDeletedMessageRanges`). `asyncDelete` persists after every individual ack,
// even one that leaves the mark-delete where it was, so a hole's later acks reach the ledger too; a
// graceful close writes both (`asyncClose` → `persistPositionWhenClosing`, to the cursor ledger or,
// with few ranges, into the cursor's metadata-store node — either way through the same builder). A
// broker that opens the cursor later (`recover` → `recoverFromLedger`, or the node's copy after a
// clean close) restores both (`recoverIndividualDeletedMessages`): entries deleted individually and
// persisted are skipped; those deleted only in the lost broker's memory are read and sent again.
// How many ranges a write keeps: ManagedCursorUnackedRanges.ts.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { readCursorNode } from './ManagedCursorMetaStore';
import { rangesToPersist } from './ManagedCursorUnackedRanges';
import { pos } from './ConsumerAcks';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
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
 * Ranges the last write left out past the cap count as seen (`persistedCut`): a new individual ack
 * past the cap still triggers a write, which keeps the same ranges; the same set does not again.
 */
export function cursorLedgerBehind(s: Subscription): boolean {
  const a = s.acked;
  if (!a) return false;
  return differsFrom(s, a.persisted, persistedDeleted(s), a.persistedCut ?? []);
}

/** The in-memory cursor differs from a written copy (its mark-delete, kept and cut ranges). */
export function differsFrom(
  s: Subscription,
  mark: Position,
  held: readonly Position[],
  cut: readonly Position[],
): boolean {
  if (cmp(mark, s.markDeletePosition) !== 0) return true;
  const seen = [...held, ...cut];
  const now = s.individuallyDeleted;
  return seen.length !== now.length || now.some((p) => !has(seen, p));
}

/**
 * `persistPositionToLedger` (and `persistPositionWhenClosing`): the ledger now holds the in-memory
 * mark-delete and the individually deleted ranges the cap keeps (`persistedCut`: the others). The
 * fields stay absent while empty, so a subscription that never acks out of order keeps its state
 * (and hash) as before. Returns what was written.
 */
export function writeCursorLedger(ctx: Ctx, topic: TopicState, s: Subscription): Position[] {
  const a = s.acked!;
  const { kept, cut } = rangesToPersist(ctx.w, topic, s);
  a.persisted = s.markDeletePosition;
  if (kept.length > 0) a.persistedDeleted = kept;
  else delete a.persistedDeleted;
  if (cut.length > 0) a.persistedCut = cut;
  else delete a.persistedCut;
  // The serving broker's write supersedes a copy an old owner left in the metadata-store node.
  delete a.metaStore;
  return kept;
}

/**
 * `recoverFromLedger` → `recoverIndividualDeletedMessages` + `recoveredCursor`: the mark-delete and
 * the individually deleted set come back as the ledger last held them. Returns the entries deleted
 * individually in the lost broker's memory only: the rewind sends them again.
 */
export function recoverCursorLedger(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  openedAtLoad = false,
): Position[] {
  const a = s.acked!;
  // A crash's load reads the node an old owner wrote after its fenced write, if any.
  if (!openedAtLoad) readCursorNode(ctx, topic, s, s.broker);
  const held = persistedDeleted(s).filter((p) => cmp(p, a.persisted) > 0);
  const lost = s.individuallyDeleted.filter((p) => !has(held, p));
  s.markDeletePosition = a.persisted;
  s.individuallyDeleted = [...held];
  // Opened at the new owner's load, whose line named what it restored (ManagedCursorFencing.ts).
  if (!openedAtLoad && (held.length > 0 || lost.length > 0)) {
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
