// An individual ack with a hole before it (`subscriptions[].negativeAcknowledge`): a negatively
// acknowledged entry stays unacknowledged while later ones are acked, so
// `ManagedCursorImpl.asyncDelete` cannot move the mark-delete past it — it records the later entry
// as individually deleted (`individualDeletedMessages`), and the mark-delete jumps over those once
// the hole is acked. The dispatcher's reads skip individually deleted entries (ManagedCursor.ts,
// `next`). Used only where a subscription opts in, so acks in order keep session 19's rule.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, positionText } from '../sim/context';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
const pos = (p: Position) => positionText(p.ledgerId, p.entryId);

/**
 * The entries the consumer received after `from` and before `to` that are not acknowledged yet:
 * every entry the dispatcher read lies between, so only those can hold the mark-delete back.
 */
function unackedBetween(s: Subscription, from: Position, to: Position): string[] {
  const out: string[] = [];
  for (const r of s.received) {
    const p = r.position;
    if (cmp(p, from) <= 0 || cmp(p, to) >= 0) continue;
    if (s.individuallyDeleted.some((d) => cmp(d, p) === 0) || out.includes(pos(p))) continue;
    out.push(pos(p));
  }
  return out;
}

/** The CommandAck of `p` landed (`ManagedCursorImpl.asyncDelete`), with holes possible before it. */
export function asyncDeleteIndividually(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  p: Position,
  ids: string[],
): void {
  const a = s.acked!;
  const cluster = topic.cluster;
  const md = s.markDeletePosition;
  if (cmp(p, md) <= 0 || s.individuallyDeleted.some((d) => cmp(d, p) === 0)) {
    ctx.events.push(
      ev('log', s.broker, `cursor ${s.name}: ${pos(p)} is deleted already`, ids, {
        cluster,
        rule: 'ManagedCursorImpl.asyncDelete:already-deleted',
      }),
    );
    return;
  }
  const hole = unackedBetween(s, md, p);
  if (hole.length > 0) {
    s.individuallyDeleted = [...s.individuallyDeleted, p].sort(cmp);
    ctx.events.push(
      ev(
        'log',
        s.broker,
        `cursor ${s.name}: ${pos(p)} deleted individually; the mark-delete stays at ${pos(md)} — ${hole.join(', ')} not acknowledged`,
        ids,
        { cluster, rule: 'ManagedCursorImpl.asyncDelete:individual' },
      ),
    );
    return;
  }
  let to = p;
  const over: Position[] = [];
  for (const d of s.individuallyDeleted) {
    if (cmp(d, to) <= 0 || unackedBetween(s, to, d).length > 0) continue;
    over.push(d);
    to = d;
  }
  s.markDeletePosition = to;
  s.individuallyDeleted = s.individuallyDeleted.filter((d) => cmp(d, to) > 0);
  const jump =
    over.length > 0
      ? ` (${pos(p)} acknowledged, then over the individually deleted ${over.map(pos).join(', ')})`
      : '';
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: mark-delete ${pos(to)} in memory${jump}; the cursor ledger still holds ${pos(a.persisted)}`,
      ids,
      { cluster, rule: 'ManagedCursorImpl.asyncDelete' },
    ),
  );
}
