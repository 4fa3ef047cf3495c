// Subscriptions: a `ManagedCursorImpl` per subscription and a consumer on one broker that receives
// what that broker's topic instance can read and acknowledges it at once (a chunk goes through the
// consumer's assembly first, ConsumerImplReceive.ts; a discarded one as ConsumerImplUnexpectedChunk.ts says) —
// unless the subscription opts into acknowledgements in flight (`acks: "in-flight"`), where the
// CommandAck and the cursor ledger's write are steps of their own (the CommandAck leaving:
// PersistentAcknowledgmentsGroupingTracker.ts; landing and the write: ManagedCursorAsyncDelete.ts).
// Reads trust the serving managed ledger's own view (closed ledgers up to the entry counts it
// holds, the current ledger up to its last add confirmed), which is how an acknowledgement can land
// on a position the ledger list does not record (PR 24722's symptom). Backlog is computed as Pulsar
// computes it.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { type Ctx, peek } from '../sim/context';
import { topicDown } from './PersistentTopicServing';
import { walkWithin } from './ManagedLedger';
import { messageReceived } from './ConsumerImplReceive';
import { readFrom } from './ConsumerAcks';
import { receivedWithAckInFlight } from './PersistentAcknowledgmentsGroupingTracker';
import { incompleteChunkOf } from './ConsumerChunkAcks';
import { atOnceAck, unexpectedChunkRule } from './ConsumerImplUnexpectedChunk';
import { droppedOldEpoch, nackedNow, receivedNegativelyAcked } from './NegativeAcksTracker';
import { receivedForProcessing } from './UnAckedMessageTracker';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * The first entry a cursor on the serving broker can read that `wanted` accepts, in order
 * (`ManagedCursorImpl` reads up to the managed ledger's last confirmed entry): with BookKeeper, an
 * add that was only started — or that the bookies may yet refuse — is not there, nor is an entry of
 * a ledger the managed ledger closed on recovery past what it confirmed. The closed ledgers count as
 * the serving managed ledger records them (`entriesWithin`). A walk, not a list: subscriptions ask
 * for their next entry in every state the explorer reaches.
 */
export function findReadable(
  topic: TopicState,
  wanted: (e: StoredEntry) => boolean,
): StoredEntry | undefined {
  // Only read (a consume's step writes the subscription, never the managed ledger): peeked, not copied.
  const bk = peek(topic).bk;
  if (!bk) {
    for (const l of peek(topic).ledgers) for (const e of l.entries) if (wanted(e)) return e;
    return undefined;
  }
  const lce = bk.ml.lastConfirmedEntry;
  let past = false;
  const e = walkWithin(topic, bk.ml.ledgers, (x) => (past = cmp(x, lce) > 0) || wanted(x));
  return past ? undefined : e;
}

/** Everything a cursor on the serving broker can read, in order (see `findReadable`). */
export function cursorView(topic: TopicState): readonly StoredEntry[] {
  // One ledger without BookKeeper (the common case): its frozen entry list is the answer, no copy.
  if (!topic.bk && topic.ledgers.length === 1) return topic.ledgers[0]!.entries;
  const out: StoredEntry[] = [];
  findReadable(topic, (e) => (out.push(e), false));
  return out;
}

/**
 * The subscription's next entry: after its mark-delete (or, with acks in flight, its read position),
 * not individually deleted, on its broker.
 */
function next(topic: TopicState, s: Subscription): StoredEntry | undefined {
  if (topic.owner !== s.broker || topicDown(topic)) return undefined;
  return findReadable(
    topic,
    (x) => cmp(x, readFrom(s)) > 0 && !s.individuallyDeleted.some((d) => cmp(d, x) === 0),
  );
}

export function nextReadable(topic: TopicState, s: Subscription): Position | null {
  const e = next(topic, s);
  return e ? { ledgerId: e.ledgerId, entryId: e.entryId } : null;
}

/** Dispatch the next entry and acknowledge it (`ManagedCursorImpl.asyncMarkDelete`, in order). */
export function consumeNext(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const e = next(topic, s);
  if (!e) return;
  const p = { ledgerId: e.ledgerId, entryId: e.entryId };
  // A redelivery request on its way: the entry carries the old consumer epoch (NegativeAcksTracker.ts).
  if (s.acked?.nack?.command) return droppedOldEpoch(ctx, topic, s, p);
  const receipt = messageReceived(topic, s, e, ctx.w.config.consumer);
  // Acknowledgements in flight (opt-in): the ack leaves as its own CommandAck
  // (PersistentAcknowledgmentsGroupingTracker.ts),
  // unless the application negatively acknowledges the message.
  const nacked = nackedNow(ctx, topic, s, receipt);
  // A chunk of a message not whole yet gives the application nothing to nack: its ack is held
  // (ConsumerChunkAcks.ts) and the nack comes with the last chunk.
  if (nacked.length > 0 && incompleteChunkOf(s, receipt) === undefined)
    return receivedNegativelyAcked(ctx, topic, s, receipt, nacked);
  // With an ack timeout the application acknowledges in a step of its own (UnAckedMessageTracker.ts);
  // a discarded chunk the client acknowledges itself, and a chunk of a message not whole yet reaches
  // no application: its ack is held (ConsumerChunkAckTimeout.ts).
  if (
    s.acked?.nack?.processing &&
    !receipt.discarded &&
    incompleteChunkOf(s, receipt) === undefined
  )
    return receivedForProcessing(ctx, topic, s, receipt);
  if (s.acked) return receivedWithAckInFlight(ctx, topic, s, receipt);
  s.received.push(receipt);
  s.markDeletePosition = p;
  const ids = e.msgs.map((m) => m.msg);
  const mark = `mark-delete ${p.ledgerId}:${p.entryId}`;
  const others = receipt.othersLost ? `; ${receipt.othersLost}` : '';
  // A discarded chunk: its ack is the unexpected-chunk rule's (ConsumerImplUnexpectedChunk.ts).
  const d = receipt.discardAck;
  const text = receipt.discarded
    ? `received ${p.ledgerId}:${p.entryId} from ${s.broker}: ${receipt.discarded}${others}; ${atOnceAck(d, mark)}`
    : `received ${p.ledgerId}:${p.entryId}${ids.length ? ` (${ids.join(', ')})` : ''} from ${s.broker}${others}${others ? ';' : ','} acknowledged: ${mark}`;
  ctx.events.push(
    ev('log', `${s.name}-consumer`, text, ids, {
      cluster: topic.cluster,
      rule: d
        ? unexpectedChunkRule(d)
        : receipt.discarded || receipt.othersLost
          ? 'ConsumerImpl.processMessageChunk'
          : 'ManagedCursorImpl.asyncMarkDelete',
    }),
  );
}

/**
 * `ManagedCursorImpl.getNumberOfEntriesInBacklog(true)`: 0 when the mark-delete is at or past the
 * last confirmed entry, else `ManagedLedgerImpl.getNumberOfEntries((markDelete, lastConfirmed])`,
 * which trusts the recorded entry count of every ledger it spans.
 */
export function backlogOf(
  ledgers: readonly { id: number; entries: number }[],
  last: Position | null,
  s: Subscription,
): number {
  const from = s.markDeletePosition;
  if (!last || cmp(from, last) >= 0) return 0;
  if (from.ledgerId === last.ledgerId) return last.entryId - from.entryId;
  let n = last.entryId + 1;
  const fromLedger = ledgers.find((l) => l.id === from.ledgerId);
  if (fromLedger) n += fromLedger.entries - (from.entryId + 1);
  for (const l of ledgers) if (l.id > from.ledgerId && l.id < last.ledgerId) n += l.entries;
  return n;
}
