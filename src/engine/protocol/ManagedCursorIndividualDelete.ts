// An individual ack with a hole before it (`subscriptions[].negativeAcknowledge`): a negatively
// acknowledged entry stays unacknowledged while later ones are acked, so
// `ManagedCursorImpl.asyncDelete` cannot move the mark-delete past it — it records the later entry
// as individually deleted (`individualDeletedMessages`), and the mark-delete jumps over those once
// the hole is acked. The dispatcher's reads skip individually deleted entries (ManagedCursor.ts,
// `next`). Used only where a subscription opts in, so acks in order keep session 19's rule.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { pos } from './ConsumerAcks';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

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

/**
 * One CommandAck that carries several positions landed — a chunked message's chunks
 * (`Consumer.individualAckNormal` → `ManagedCursorImpl.asyncDelete(Iterable<Position>)`): the cursor
 * adds every one not deleted yet to its individually deleted set, then moves the mark-delete once,
 * to the end of the range that starts right after it. So the chunks land together: never one of
 * them without the others.
 */
export function asyncDeleteAll(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  positions: readonly Position[],
  ids: string[],
): void {
  const a = s.acked!;
  const md = s.markDeletePosition;
  const deleted = (p: Position) => s.individuallyDeleted.some((d) => cmp(d, p) === 0);
  const already = positions.filter((p) => cmp(p, md) <= 0 || deleted(p));
  const fresh = positions.filter((p) => !already.includes(p));
  const list = (ps: readonly Position[]) => ps.map(pos).join(', ');
  const alreadyText = already.length > 0 ? `; ${list(already)} deleted already` : '';
  const log = (text: string, rule: string): void => {
    ctx.events.push(ev('log', s.broker, text, ids, { cluster: topic.cluster, rule }));
  };
  if (fresh.length === 0)
    return log(
      `cursor ${s.name}: ${list(positions)} deleted already`,
      'ManagedCursorImpl.asyncDelete:already-deleted',
    );
  const before = s.individuallyDeleted;
  s.individuallyDeleted = [...before, ...fresh].sort(cmp);
  // The range after the mark-delete: every deleted entry with nothing unacknowledged before it.
  let to = md;
  for (const d of s.individuallyDeleted) {
    if (unackedBetween(s, to, d).length > 0) break;
    to = d;
  }
  s.individuallyDeleted = s.individuallyDeleted.filter((d) => cmp(d, to) > 0);
  const left = fresh.filter((p) => cmp(p, to) > 0);
  const hole = left.length > 0 ? unackedBetween(s, to, left[0]!) : [];
  const together = `${list(positions)} acknowledged in one CommandAck`;
  if (cmp(to, md) === 0)
    return log(
      `cursor ${s.name}: ${list(left)} deleted individually (${together}${alreadyText}); the mark-delete stays at ${pos(md)} — ${hole.join(', ')} not acknowledged`,
      'ManagedCursorImpl.asyncDelete:individual',
    );
  s.markDeletePosition = to;
  const over = before.filter((d) => cmp(d, to) <= 0);
  const overText = over.length > 0 ? `, then over the individually deleted ${list(over)}` : '';
  const leftText =
    left.length > 0
      ? `; ${list(left)} deleted individually — ${hole.join(', ')} not acknowledged`
      : '';
  log(
    `cursor ${s.name}: mark-delete ${pos(to)} in memory (${together}${overText}${alreadyText})${leftText}; the cursor ledger still holds ${pos(a.persisted)}`,
    'ManagedCursorImpl.asyncDelete',
  );
}
