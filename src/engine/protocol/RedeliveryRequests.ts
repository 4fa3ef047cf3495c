// Several CommandRedeliverUnacknowledgedMessages on their way at once. `ConsumerImpl.
// redeliverUnacknowledgedMessages` (Exclusive, no ids) has no guard against a request already sent:
// each call moves the consumer to a new epoch and writes a new command on the connection. So when
// the UnAckedMessageTracker asks while the NegativeAcksTracker still holds an entry, the latter's
// timer asks again: two requests travel, in order, behind the CommandAcks sent before each. The
// broker handles each as it lands (rewind, take its epoch); entries it sends between them carry an
// epoch older than the client's and are dropped (`ConsumerBase.isValidConsumerEpoch`), so only the
// last request's rewind reaches the application.
import type { NegativeAcks, RedeliveryRequest, Subscription } from '../model/bookkeeper';
import type { Position } from '../model/topic';
import { positionText } from '../sim/context';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/** The requests on their way, oldest first. */
export const requestsOnTheWay = (n: NegativeAcks): readonly RedeliveryRequest[] =>
  n.command ? [n.command, ...(n.queued ?? [])] : [];

/** The head request landed: the next one becomes the head (the field stays absent when none). */
export function nextRequest(n: NegativeAcks): void {
  const [next, ...rest] = n.queued ?? [];
  n.command = next;
  if (rest.length > 0) n.queued = rest;
  else delete n.queued;
}

/**
 * What a request's rewind sends again: the entries sent and not acknowledged (`unacknowledged`), and
 * those an earlier request's rewind was still to send — its read position went back to the
 * mark-delete, and nothing read them since — so a later request renames why they come again.
 */
export function stillToResend(s: Subscription, unacknowledged: readonly Position[]): Position[] {
  const a = s.acked!;
  const md = s.markDeletePosition;
  const out = [...unacknowledged];
  for (const r of s.received) {
    const p = r.position;
    if (a.redeliver[positionText(p.ledgerId, p.entryId)] === undefined || cmp(p, md) <= 0) continue;
    if (s.individuallyDeleted.some((d) => cmp(d, p) === 0) || out.some((x) => cmp(x, p) === 0))
      continue;
    out.push(p);
  }
  return out.sort(cmp);
}
