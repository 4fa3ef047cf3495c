// Why an entry comes again after a consumer's reconnect with acks in flight (ManagedCursorRewind.ts):
// its CommandAck was lost with the connection; or it landed and moved the mark-delete in memory,
// and the cursor the next broker opened never held it (a crash, a fenced write, a close that met
// BadVersion); or the cursor ledger dropped its individually deleted range (the cap); or it was
// never acknowledged. Each reason names what moved the mark-delete — an ack, or the message TTL.
import type { Subscription } from '../model/bookkeeper';
import type { Position } from '../model/topic';
import { notPersistedReason } from './ManagedCursorUnackedRanges';
import { stillToResend } from './RedeliveryRequests';
import { pos } from './ConsumerAcks';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * How a consumer's connection to its topic ended: `lost` — the connection dropped with acks on it,
 * the same broker still serves the cursor (a `lose-ack` fault); `closed` — the topic closed
 * gracefully and the cursor's close persisted its mark-delete (`ManagedCursorImpl.asyncClose`: an
 * unload); `recovered` — the broker that serves the topic next opens the cursor from its ledger
 * (`ManagedCursorImpl.recoverFromLedger`: a crash, or an ownership change whose old owner never
 * closed it), so acks that landed but were not persisted are lost with it; `loaded` — the same,
 * but the new owner opened the cursor at its topic load, before the consumer moved (an ownership
 * change: ManagedCursorFencing.ts), so the move itself recovers nothing: the consumer reads from
 * the read position that load set (`ManagedCursorImpl.recoveredCursor`), once.
 */
export type AckLoss = 'lost' | 'closed' | 'recovered' | 'loaded';

/** Whether the message TTL expired `p` unacknowledged on `s`'s cursor (`Subscription.expired`). */
const expiredByTtl = (s: Subscription, p: Position): boolean =>
  s.expired?.some((x) => cmp(x, p) === 0) === true;

/**
 * What moved the mark-delete past an entry that comes again: its ack — or, for an entry the message
 * TTL expired unacknowledged (`ttl`: the expiry only moves past what is not deleted yet), the
 * expiry's `asyncMarkDelete`, as rate-limited and as unwritten as an ack's (review 25, row t05: a
 * nacked M1 read "its ack landed"; its left-open item: the same after an ownership change).
 */
const movedBy = (ttl: boolean, landed: Position): string =>
  ttl ? `the message TTL expired it (mark-delete ${pos(landed)} in memory)` : 'its ack landed';

/** Why an entry at or below the lost in-memory mark-delete comes again. */
const landedReason = (ttl: boolean, p: Position, landed: Position, cause: string): string =>
  `${movedBy(ttl, landed)}, but ${cause} before the cursor ledger held ${ttl ? 'it' : `mark-delete ${pos(p)}`}`;

/**
 * Nothing more to send again — unless an earlier rewind (a redelivery request) already set entries to
 * come again, which this one keeps: "nothing to deliver again" read as if they would not come
 * (review 25, n01's crash after a negative ack's rewind). Those are the entries a request's rewind
 * would send again for the same reason (RedeliveryRequests.ts: after the mark-delete, not deleted).
 */
export const stillAgain = (s: Subscription): string => {
  const pending = stillToResend(s, []).map(pos);
  return pending.length > 0
    ? `nothing more to deliver again (${pending.join(', ')} still to be delivered again, from the earlier rewind)`
    : 'nothing to deliver again';
};

/**
 * What a reconnect lost, as `rewindOnReconnect` found it: the acks on the connection, the
 * in-memory mark-delete before the cursor was opened again, the cause's words, the failed write
 * that kept the old mark-delete (an ownership change's fenced write, a close's BadVersion), and the
 * individually deleted entries the reopened cursor forgot.
 */
export interface LostWith {
  readonly lost: readonly Position[];
  readonly landed: Position;
  readonly cause: string;
  readonly fenced: string | undefined;
  readonly closeFailed: string | undefined;
  readonly forgotten: readonly Position[];
}

/**
 * Why the entry at `p`, which the rewind sends again, comes again. An ack lost with the connection
 * is the reason unless the message TTL had already moved the mark-delete past `p` (review 27, a01):
 * then the ack was not needed, and what failed is the expiry's unwritten mark-delete.
 */
export function whyAgain(s: Subscription, p: Position, w: LostWith): string {
  const { lost, landed, cause, fenced, closeFailed, forgotten } = w;
  const ttl = expiredByTtl(s, p);
  const expiredPast = cmp(p, landed) <= 0 && ttl;
  return lost.some((x) => cmp(x, p) === 0) && !expiredPast
    ? `the ack of ${pos(p)} was lost (${cause})`
    : cmp(p, landed) <= 0
      ? fenced !== undefined || closeFailed !== undefined
        ? `${movedBy(ttl, landed)}, but ${fenced ?? closeFailed!}`
        : landedReason(ttl, p, landed, cause)
      : forgotten.some((x) => cmp(x, p) === 0)
        ? notPersistedReason(s, p, closeFailed ?? cause)
        : `it was not acknowledged before ${cause}`;
}
