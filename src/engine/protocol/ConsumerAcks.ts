// A subscription's acknowledgements in flight (`subscriptions[].acks: "in-flight"`,
// docs/research/consumer-acks.md). Pulsar's consumer is at-least-once: the dispatcher sends an entry,
// the application acknowledges it, and the CommandAck travels back on the consumer's connection
// (`PersistentAcknowledgmentsGroupingTracker.flush`) to `ServerCnx.handleAck` → `Consumer.messageAcked`
// → `ManagedCursorImpl.asyncDelete`, which moves the mark-delete in memory; the cursor ledger gets
// it later (`ManagedCursorImpl.persistPositionToLedger`, rate-limited). A connection that closes with
// an ack on its way, or a broker that recovers the cursor from a ledger older than the acks it
// took, sends the entry again: deduplication stored it once, the consumer receives it twice.
//
// This file keeps what the consumer and the dispatcher share: where the dispatcher reads on, the
// receipt, and what a rewind sends again. The ack's way out is PersistentAcknowledgmentsGroupingTracker.ts,
// its landing and the cursor ledger's write ManagedCursorAsyncDelete.ts, the rewind on a reconnect
// ManagedCursorRewind.ts and the words of why an entry comes again ConsumerAckLoss.ts.
import type { AckState, Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { peek, positionText } from '../sim/context';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
/** A position as the trace writes it (`10:1`); shared by the files the ack steps moved to. */
export const pos = (p: Position) => positionText(p.ledgerId, p.entryId);
/** The actor a subscription's consumer is in the trace (`sub-consumer`). */
export const consumer = (s: Subscription) => `${s.name}-consumer`;

export const initialAcks = (start: Position): AckState => ({
  readPosition: start,
  inFlight: [],
  persisted: start,
  redeliver: {},
});

/**
 * Where the dispatcher reads on from: its read position, ahead of the mark-delete while acks are on
 * their way (`ManagedCursorImpl.readPosition`); without acks in flight, the mark-delete.
 */
export const readFrom = (s: Subscription): Position =>
  s.acked && cmp(s.acked.readPosition, s.markDeletePosition) > 0
    ? s.acked.readPosition
    : s.markDeletePosition;

/**
 * `ConsumerImpl.messageReceived` with the dispatcher behind it: the application gets `receipt` — a
 * copy sent again says why — and the dispatcher's read position moves past it. Returns its position's text and why it came again.
 */
export function messageReceived(
  s: Subscription,
  receipt: SubscriptionReceipt,
): { key: string; why: string | undefined } {
  const a = s.acked!;
  const key = pos(receipt.position);
  const why = a.redeliver[key];
  if (why !== undefined) delete a.redeliver[key];
  s.received.push(why === undefined ? receipt : { ...receipt, redelivered: why });
  a.readPosition = receipt.position;
  return { key, why };
}

/**
 * The entries a rewind sends again (`ManagedCursorImpl.rewind`): after the mark-delete, up to the
 * read position, once each, and not those deleted individually (only a consumer that negatively
 * acknowledges leaves them).
 */
export function unacknowledgedSent(s: Subscription): Position[] {
  const md = s.markDeletePosition;
  const read = s.acked!.readPosition;
  const again: Position[] = [];
  for (const r of s.received) {
    const p = r.position;
    if (cmp(p, md) <= 0 || cmp(p, read) > 0 || again.some((x) => cmp(x, p) === 0)) continue;
    if (s.individuallyDeleted.some((d) => cmp(d, p) === 0)) continue;
    again.push(p);
  }
  return again;
}

/** The message ids of the entry at `p` (read only: peeked); none once trimmed. */
export const msgsAt =
  (topic: TopicState) =>
  (p: Position): string[] =>
    peek(topic)
      .ledgers.find((l) => l.id === p.ledgerId)
      ?.entries[p.entryId]?.msgs.map((m) => m.msg) ?? [];
