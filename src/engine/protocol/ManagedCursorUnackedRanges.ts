// The range cap: `ManagedCursorImpl.buildIndividualDeletedMessageRanges` gives every cursor write
// (the cursor ledger's, a close's, the metadata-store node's) its individually deleted ranges, and
// stops at `managedLedgerMaxUnackedRangesToPersist` (10,000 by default;
// `topic.maxUnackedRangesToPersist`): it adds a range, then goes on while the list holds at most
// that many — so N + 1 ranges are written when more exist. A range is a run of consecutive deleted
// entries of one ledger (the range set keeps one bitmap per ledger). The ranges after those stay
// in memory only: they are sent again after a crash or an unload, although their acks landed.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { World } from '../model/world';
import type { Ctx } from '../sim/context';
import { pos } from './ConsumerAcks';

const has = (ps: readonly Position[], p: Position) =>
  ps.some((d) => d.ledgerId === p.ledgerId && d.entryId === p.entryId);

/** The runs of consecutive entries of one ledger in a sorted list: Pulsar's ranges. */
function rangesOf(ps: readonly Position[]): Position[][] {
  const out: Position[][] = [];
  for (const p of ps) {
    const last = out[out.length - 1]?.at(-1);
    if (last && last.ledgerId === p.ledgerId && last.entryId + 1 === p.entryId)
      out[out.length - 1]!.push(p);
    else out.push([p]);
  }
  return out;
}

/** `topic.maxUnackedRangesToPersist` of the topic's cluster, or Pulsar's default. */
export const maxUnackedRangesToPersist = (w: World, topic: TopicState): number =>
  w.config.clusters.find((c) => c.name === topic.cluster)?.maxUnackedRangesToPersist ?? 10_000;

/**
 * `buildIndividualDeletedMessageRanges`: what a write keeps of the in-memory set — every range up
 * to and including the one that makes the list longer than the cap — and what it leaves out.
 */
export function rangesToPersist(
  w: World,
  topic: TopicState,
  s: Subscription,
): { kept: Position[]; cut: Position[] } {
  const ranges = rangesOf(s.individuallyDeleted);
  const n = maxUnackedRangesToPersist(w, topic) + 1;
  return { kept: ranges.slice(0, n).flat(), cut: ranges.slice(n).flat() };
}

/** The last write left ranges out: said after that write's line (nothing when it kept them all). */
export function cutByTheCap(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const cut = s.acked?.persistedCut;
  if (!cut) return;
  const max = maxUnackedRangesToPersist(ctx.w, topic);
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: ${cut.map(pos).join(', ')} not persisted — managedLedgerMaxUnackedRangesToPersist is ${max}, so the write keeps the first ${max + 1} ranges of individually deleted entries; the rest stay in memory only`,
      [],
      {
        cluster: topic.cluster,
        rule: 'ManagedCursorImpl.buildIndividualDeletedMessageRanges:maxUnackedRangesToPersist',
      },
    ),
  );
}

/** Why an entry deleted individually in memory only comes again: cut by the cap, or not written yet. */
export const notPersistedReason = (s: Subscription, p: Position, cause: string): string =>
  has(s.acked?.persistedCut ?? [], p)
    ? `its ack landed (deleted individually), but the cursor ledger kept only the first ranges (managedLedgerMaxUnackedRangesToPersist), and ${cause}`
    : `its ack landed (deleted individually), but ${cause} before the cursor ledger held it`;
