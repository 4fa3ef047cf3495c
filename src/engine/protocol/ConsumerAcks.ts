// A subscription's acknowledgements in flight (`subscriptions[].acks: "in-flight"`,
// docs/research/consumer-acks.md). Pulsar's consumer is at-least-once: the dispatcher sends an entry,
// the application acknowledges it, and the CommandAck travels back on the consumer's connection
// (`PersistentAcknowledgmentsGroupingTracker.flush`) to `ServerCnx.handleAck` → `Consumer.messageAcked`
// → `ManagedCursorImpl.asyncDelete`, which moves the mark-delete in memory; the cursor ledger gets
// it later (`ManagedCursorImpl.persistPositionToLedger`, rate-limited). A connection that closes with
// an ack on its way, or a broker that recovers the cursor from a ledger older than the acks it
// took, sends the entry again: deduplication stored it once, the consumer receives it twice.
import { ev } from '../model/events';
import type { AckState, Subscription, SubscriptionReceipt } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import { type Ctx, peek, positionText, tick } from '../sim/context';
import { asyncDeleteAll, asyncDeleteIndividually } from './ManagedCursorIndividualDelete';
import {
  forgetHeldChunks,
  holdChunkAck,
  incompleteChunkOf,
  releasedChunkAcks,
} from './ConsumerChunkAcks';
import { leftUnacknowledged, UNEXPECTED_CHUNK_ACKED } from './ConsumerImplUnexpectedChunk';
import { recoverCursorLedger, withDeletedText, writeCursorLedger } from './ManagedCursorLedger';
import { asyncClose } from './ManagedCursorClose';
import { cutByTheCap, notPersistedReason } from './ManagedCursorUnackedRanges';
import { cursorLedgerFencedBy, fencedWriteReason, persistFenced } from './ManagedCursorFencing';
import { nodeVersionMoved } from './ManagedCursorMetaStore';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
const pos = (p: Position) => positionText(p.ledgerId, p.entryId);
const consumer = (s: Subscription) => `${s.name}-consumer`;

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

/**
 * The consumer received `receipt` (already built by `ConsumerImpl.messageReceived`): the dispatcher's
 * read position moves past it, and the application's acknowledgement leaves as a CommandAck. The
 * grouping tracker's wait (acknowledgementGroupTime) is folded into the ack's delivery step.
 */
export function receivedWithAckInFlight(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  receipt: SubscriptionReceipt,
): void {
  const a = s.acked!;
  const p = receipt.position;
  const { key, why } = messageReceived(s, receipt);
  const ids = receipt.msgs.map((m) => m.msg);
  const what = receipt.discarded
    ? `: ${receipt.discarded}`
    : ids.length
      ? ` (${ids.join(', ')})`
      : '';
  const again =
    (why === undefined ? '' : ` again — redelivered: ${why}`) +
    (receipt.othersLost ? `; ${receipt.othersLost}` : '');
  const rule =
    why === undefined
      ? 'PersistentAcknowledgmentsGroupingTracker.addAcknowledgment'
      : 'PersistentDispatcherSingleActiveConsumer.readMoreEntries:redelivery';
  // A chunk of a message not yet whole: no ack leaves until the message does (ConsumerChunkAcks.ts).
  const uuid = incompleteChunkOf(s, receipt);
  if (uuid !== undefined) {
    holdChunkAck(s, receipt, uuid);
    // Chunks held for a message this entry made the consumer drop leave now: the limit's eviction
    // (with its auto-ack) and the timer acknowledge them (`removeChunkMessage`).
    const due = releasedChunkAcks(s);
    if (due.length > 0) a.inFlight.push({ positions: due, born: tick(ctx.w) });
    const leave =
      due.length > 0
        ? `; CommandAck ${due.map(pos).join(', ')} (the chunks it held of the message dropped) on its way`
        : '';
    ctx.events.push(
      ev(
        'log',
        consumer(s),
        `received ${key}${what} from ${s.broker}${again}${leave}; ${ids.join(', ')} is not complete yet: no CommandAck until the application has it whole`,
        ids,
        {
          cluster: topic.cluster,
          rule: 'ConsumerImpl.processMessageChunk:unAckedChunkedMessageIdSequenceMap',
        },
      ),
    );
    return;
  }
  // A discarded chunk Pulsar does not acknowledge (ConsumerImplUnexpectedChunk.ts): an ack hole.
  const d = receipt.discardAck;
  if (d && !d.acknowledged)
    return leftUnacknowledged(ctx, topic, s, receipt, `${key}${what}`, again);
  // The held chunks leave with it in one CommandAck (`newMultiMessageAck`: one frame, one step).
  const acks = [...releasedChunkAcks(s), p];
  a.inFlight.push({ positions: acks, born: tick(ctx.w) });
  ctx.events.push(
    ev(
      'log',
      consumer(s),
      `received ${key}${what} from ${s.broker}${again}; ${d ? d.why : 'acknowledges it'}: CommandAck ${acks.map(pos).join(', ')} on its way`,
      ids,
      {
        cluster: topic.cluster,
        rule: d
          ? UNEXPECTED_CHUNK_ACKED
          : acks.length > 1 && why === undefined
            ? 'PersistentAcknowledgmentsGroupingTracker.flush:unAckedChunkedMessageIdSequenceMap'
            : rule,
      },
    ),
  );
}

/**
 * The head CommandAck reaches the broker (`ServerCnx.handleAck` → `Consumer.messageAcked` →
 * `ManagedCursorImpl.asyncDelete`). Acks leave in the order the consumer received the entries and
 * a lost one closes the connection they share, so a landing ack is always the next position after
 * the mark-delete (or one a TTL already passed): the mark-delete moves to it, in memory only. A
 * chunked message's CommandAck carries all its chunks: they land together
 * (`Consumer.individualAckNormal` hands the cursor every position of the command at once).
 */
export function ackArrives(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const head = a.inFlight.shift()!;
  const [p] = head.positions as [Position];
  const key = head.positions.map(pos).join(', ');
  const ids = [...new Set(head.positions.flatMap(msgsAt(topic)))];
  ctx.events.push(
    ev('receive', consumer(s), `CommandAck ${key}`, ids, {
      to: s.broker,
      cluster: topic.cluster,
      rule: 'ServerCnx.handleAck',
    }),
  );
  // A consumer that negatively acknowledges leaves holes: the mark-delete waits for them
  // (ManagedCursorIndividualDelete.ts); its redelivery request lands once the acks ahead of it did.
  // So does a consumer that held a chunk's ack back for its message (ConsumerChunkAcks.ts).
  if (a.nack || a.chunkAcks || head.positions.length > 1) {
    if (a.nack?.command && a.nack.command.behind > 0) a.nack.command.behind -= 1;
    return head.positions.length > 1
      ? asyncDeleteAll(ctx, topic, s, head.positions, ids)
      : asyncDeleteIndividually(ctx, topic, s, p, ids);
  }
  const moved = cmp(p, s.markDeletePosition) > 0;
  if (moved) s.markDeletePosition = p;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      moved
        ? `cursor ${s.name}: mark-delete ${key} in memory; the cursor ledger still holds ${pos(a.persisted)}`
        : `cursor ${s.name}: ${key} is at or before the mark-delete ${pos(s.markDeletePosition)} already`,
      ids,
      {
        cluster: topic.cluster,
        rule: moved
          ? 'ManagedCursorImpl.asyncDelete'
          : 'ManagedCursorImpl.asyncDelete:already-deleted',
      },
    ),
  );
}

/**
 * The mark-delete, and the individually deleted entries with it, reach the cursor ledger
 * (`ManagedCursorImpl.persistPositionToLedger`, ManagedCursorLedger.ts).
 */
export function persistCursor(ctx: Ctx, topic: TopicState, s: Subscription): void {
  const a = s.acked!;
  const fencedBy = cursorLedgerFencedBy(topic, s);
  if (fencedBy !== undefined) return persistFenced(ctx, topic, s, fencedBy);
  if (nodeVersionMoved(ctx, topic, s)) return;
  const deleted = writeCursorLedger(ctx, topic, s);
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name}: mark-delete ${pos(a.persisted)}${withDeletedText(deleted)} persisted to the cursor ledger`,
      [],
      {
        cluster: topic.cluster,
        rule: 'ManagedCursorImpl.persistPositionToLedger',
      },
    ),
  );
  cutByTheCap(ctx, topic, s);
}

/** The message ids of the entry at `p` (read only: peeked); none once trimmed. */
export const msgsAt =
  (topic: TopicState) =>
  (p: Position): string[] =>
    peek(topic)
      .ledgers.find((l) => l.id === p.ledgerId)
      ?.entries[p.entryId]?.msgs.map((m) => m.msg) ?? [];

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

/**
 * What moved the mark-delete past an entry that comes again: its ack — or, for an entry the message
 * TTL expired unacknowledged (`Subscription.expired`: the expiry only moves past what is not deleted
 * yet), the expiry's `asyncMarkDelete`, as rate-limited and as unwritten as an ack's (review 25, row
 * t05: a nacked M1 read "its ack landed"; its left-open item: the same after an ownership change).
 */
const movedBy = (s: Subscription, p: Position, landed: Position): string =>
  s.expired?.some((x) => cmp(x, p) === 0)
    ? `the message TTL expired it (mark-delete ${pos(landed)} in memory)`
    : 'its ack landed';

/** Why an entry at or below the lost in-memory mark-delete comes again. */
const landedReason = (s: Subscription, p: Position, landed: Position, cause: string): string =>
  s.expired?.some((x) => cmp(x, p) === 0)
    ? `${movedBy(s, p, landed)}, but ${cause} before the cursor ledger held it`
    : `${movedBy(s, p, landed)}, but ${cause} before the cursor ledger held mark-delete ${pos(p)}`;

/**
 * Nothing more to send again — unless an earlier rewind (a redelivery request) already set entries to
 * come again, which this one keeps: "nothing to deliver again" read as if they would not come
 * (review 25, n01's crash after a negative ack's rewind).
 */
const stillAgain = (redeliver: Record<string, string>, md: Position): string => {
  // As RedeliveryRequests reads it: an entry at or below the mark-delete is not sent again.
  const pending = Object.keys(redeliver).filter((k) => {
    const [ledgerId, entryId] = k.split(':').map(Number);
    return cmp({ ledgerId: ledgerId!, entryId: entryId! }, md) > 0;
  });
  return pending.length > 0
    ? `nothing more to deliver again (${pending.join(', ')} still to be delivered again, from the earlier rewind)`
    : 'nothing to deliver again';
};

/**
 * The consumer comes back (`ConsumerImpl.connectionOpened`) and the dispatcher rewinds its read
 * position to the mark-delete (`PersistentDispatcherSingleActiveConsumer` on a new active consumer:
 * `ManagedCursorImpl.rewind`): every entry it sent after the mark-delete is sent again, and each
 * says why — its ack lost with the connection, or landed but not persisted before the crash.
 */
export function rewindOnReconnect(
  ctx: Ctx,
  topic: TopicState,
  s: Subscription,
  how: AckLoss,
  cause: string,
): void {
  const a = s.acked;
  if (!a) return;
  const idsAt = msgsAt(topic);
  const lost = a.inFlight.flatMap((f) => f.positions);
  a.inFlight = [];
  forgetHeldChunks(s);
  // A redelivery request on the connection is lost with it; the rewind below does its work.
  const request = a.nack?.command !== undefined;
  if (a.nack) {
    a.nack.command = undefined;
    delete a.nack.queued;
  }
  const landed = s.markDeletePosition;
  // The old owner's write after the new owner's load failed (ManagedCursorFencing.ts).
  const fenced = how === 'loaded' ? fencedWriteReason(s) : undefined;
  // A close writes the in-memory cursor, deleted ranges too — as many as the cap keeps: the reloaded
  // topic opens what was written, so a range past it is forgotten as after a crash. A close that
  // meets BadVersion writes nothing: the reload opens the node's copy (ManagedCursorClose.ts).
  const closed = how === 'closed' ? asyncClose(ctx, topic, s) : undefined;
  const forgotten =
    how === 'recovered' || how === 'loaded'
      ? recoverCursorLedger(ctx, topic, s, how === 'loaded')
      : (closed?.forgotten ?? []);
  const md = s.markDeletePosition;
  const resent = unacknowledgedSent(s);
  for (const p of resent) {
    a.redeliver[pos(p)] = lost.some((x) => cmp(x, p) === 0)
      ? `the ack of ${pos(p)} was lost (${cause})`
      : cmp(p, landed) <= 0
        ? fenced !== undefined || closed?.failed !== undefined
          ? `${movedBy(s, p, landed)}, but ${fenced ?? closed!.failed}`
          : landedReason(s, p, landed, cause)
        : forgotten.some((x) => cmp(x, p) === 0)
          ? notPersistedReason(s, p, closed?.failed ?? cause)
          : `it was not acknowledged before ${cause}`;
  }
  a.readPosition = md;
  const again = resent.map(pos);
  if (lost.length > 0)
    ctx.events.push(
      ev(
        'log',
        consumer(s),
        `CommandAck ${lost.map(pos).join(', ')} lost: ${cause}`,
        lost.flatMap(idsAt),
        { cluster: topic.cluster, rule: 'ClientCnx.channelInactive:acks-lost' },
      ),
    );
  if (request)
    ctx.events.push(
      ev('log', consumer(s), `CommandRedeliverUnacknowledgedMessages lost: ${cause}`, [], {
        cluster: topic.cluster,
        rule: 'ClientCnx.channelInactive:acks-lost',
      }),
    );
  const where =
    how === 'recovered'
      ? `recovered from the cursor ledger at mark-delete ${pos(md)}`
      : how === 'loaded'
        ? `(opened at ${s.broker}'s load, mark-delete ${pos(md)}) reads from after it for the moved consumer`
        : closed?.failed !== undefined
          ? `(opened at the reload from its metadata-store node, mark-delete ${pos(md)}) reads from after it for the reconnected consumer`
          : closed
            ? `persisted mark-delete ${pos(md)}${withDeletedText(closed.kept)} on close; the new instance reads on after it`
            : `rewinds to mark-delete ${pos(md)} for the reconnected consumer`;
  ctx.events.push(
    ev(
      'log',
      s.broker,
      `cursor ${s.name} ${where}: ${again.length > 0 ? `${again.join(', ')} will be delivered again` : stillAgain(a.redeliver, md)}`,
      resent.flatMap(idsAt),
      {
        cluster: topic.cluster,
        rule:
          how === 'recovered'
            ? 'ManagedCursorImpl.recoverFromLedger'
            : how === 'loaded' || closed?.failed !== undefined
              ? 'ManagedCursorImpl.recoveredCursor:readPosition'
              : how === 'closed'
                ? 'ManagedCursorImpl.asyncClose'
                : 'PersistentDispatcherSingleActiveConsumer.scheduleReadOnActiveConsumer:rewind',
      },
    ),
  );
  if (closed && closed.failed === undefined) cutByTheCap(ctx, topic, s);
  // The cursor now holds only what was written: nothing is cut any more.
  if (how !== 'lost') delete a.persistedCut;
}
