// The broker's topic: `ServerCnx.handleSend` → `Producer.checkAndStartPublish` →
// `PersistentTopic.publishMessage` → `MessageDeduplication.isDuplicate` → managed-ledger write.
// Immediate answers (errors, Dup, Unknown) go out at once and can overtake earlier receipts that
// are still waiting for their write (`PersistentTopic.addComplete`).
// The write's answers are PersistentTopicAddEntry.ts; which dedup check a send meets,
// MessageDeduplicationIsDuplicate.ts.
import { BROKER_MAX_MESSAGE_SIZE, FRAME_HEADER_BYTES, MIN_METADATA_BYTES } from '../model/config';
import { ev } from '../model/events';
import {
  answeredChunk,
  type Channel,
  type ResponseFrame,
  type SendFrame,
} from '../model/connection';
import type { TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { type Ctx, idsOf, labelOf, seqText, tick } from '../sim/context';
import { asyncAddEntry } from './ManagedLedgerImpl';
import { classify } from './MessageDeduplicationIsDuplicate';
import { acceptedUnchecked } from './PersistentTopicDeduplicationStatus';

type Unborn<T> = T extends unknown ? Omit<T, 'born'> : never;

export function respond(ctx: Ctx, ch: Channel, frame: Unborn<ResponseFrame>): void {
  // A producer the broker removed (ServerCnx.closeProducer) gets nothing more: the client has
  // dropped it from the connection by the time anything behind CommandCloseProducer arrives.
  if (!ch.open || ch.removed) return;
  // Every caller builds the frame for this call: its stamp is added in place (the same keys in the
  // same order as a spread into a new object, without the spread's copy of a frame of any shape).
  (frame as { born?: number }).born = tick(ctx.w);
  ch.toClient.push(frozen(frame as ResponseFrame));
}

/**
 * What the frame's MessageMetadata asks beyond its ids, as the arrow that carries it says it:
 * `replicate_to [us-east]` and `deliver_at_time +5000 ms`. A batch's metadata is its first
 * message's (`Commands.initBatchMessageMetadata`); the replicator sends an entry's metadata on
 * (`GeoPersistentReplicator.replicateEntries` clears only the txn ids). Written on the wire arrow so
 * that a reader of the diagram alone sees which entry the replicator will skip, and why a send
 * went alone, at every resend — not only at its sendAsync note.
 */
function metadataText(f: SendFrame): string {
  const m = f.msgs[0];
  const to =
    m?.replicateTo && m.replicateTo.length > 0 ? ` replicate_to [${m.replicateTo.join(', ')}]` : '';
  return m?.deliverAfter === undefined ? to : `${to} deliver_at_time +${m.deliverAfter} ms`;
}

/** A CommandSend reached the owning broker on channel `ch`. */
export function handleSend(ctx: Ctx, topic: TopicState, ch: Channel, f: SendFrame): void {
  const ids = idsOf(f.msgs);
  const what = `${labelOf(f.msgs)} ${seqText(f.sequenceId, f.highestSequenceId)}${metadataText(f)}`;
  // ServerCnx.handleSend: the two-id path only when highest is present and ≥ the lowest.
  const highest = f.highestSequenceId >= f.sequenceId ? f.highestSequenceId : -1;
  const errSeq = Math.max(highest, f.sequenceId);
  // An answer to a lone chunk names it for the diagram (`AnsweredChunk`); the wire carries no chunk id.
  const answers = answeredChunk(f.msgs);
  const base = { sequenceId: errSeq, msgs: ids, ...answers };
  ctx.events.push(ev('receive', ch.producer, what, ids, { to: ch.broker, cluster: topic.cluster }));
  // ServerCnx.handleSend: no producer with this id any more. One closed by the broker moments ago
  // (recentlyClosedProducers) is expected to still have sends in flight: ignored, no answer, and
  // the connection stays.
  if (ch.removed) {
    note(
      ctx,
      ch,
      'producer recently closed by the broker: send ignored',
      ids,
      'ServerCnx.handleSend:recently-closed',
    );
    return;
  }

  // Producer.checkAndStartPublish: checksum before anything touches the topic or dedup state.
  if (f.corrupted) {
    note(
      ctx,
      ch,
      'ChecksumError before dedup (checksum failed on the broker)',
      ids,
      'Producer.checkAndStartPublish:checksum',
    );
    respond(ctx, ch, {
      kind: 'error',
      error: 'ChecksumError',
      message: 'Checksum failed on the broker',
      ...base,
    });
    return;
  }
  if (topic.fenced) {
    note(
      ctx,
      ch,
      'topic fenced: TopicFencedException',
      ids,
      'PersistentTopic.publishMessage:fenced',
    );
    respond(ctx, ch, {
      kind: 'error',
      error: 'PersistenceError',
      message: 'Topic is fenced',
      ...base,
    });
    return;
  }
  // PersistentTopic.publishMessage: policy checks before dedup. isExceedMaximumMessageSize judges
  // the entry's payload (a batch as a whole) against the topic's policy in this cluster, and skips
  // a policy at or above the broker's own maxMessageSize (the clients enforce that one) and a
  // policy of 0 ("invalid setting means this check is disabled").
  const max = ctx.w.config.clusters.find((c) => c.name === topic.cluster)?.maxMessageSize ?? null;
  // The size judged is headersAndPayload.readableBytes(): the payload with its metadata and the
  // 10 bytes before it ("broker setting does not contain message header" — a topic policy does),
  // so a payload exactly at the policy is refused (MIN_METADATA_BYTES: the metadata's least size).
  const bytes = f.msgs.reduce((n, m) => n + (m.size ?? 0), 0);
  const onWire = bytes + FRAME_HEADER_BYTES + MIN_METADATA_BYTES;
  // A chunk is never judged against the policy ("skip topic level max message check if it's chunk
  // message": `publishContext.isChunked()`).
  const chunked = f.msgs.some((m) => m.chunk !== undefined);
  if (!chunked && max !== null && max > 0 && max < BROKER_MAX_MESSAGE_SIZE && onWire > max) {
    const why =
      bytes > max
        ? `${bytes} bytes exceed`
        : `${bytes} bytes, ${onWire} or more with headers and metadata, exceed`;
    note(
      ctx,
      ch,
      `NotAllowedError before dedup: ${why} the topic's max message size ${max}`,
      ids,
      'PersistentTopic.isExceedMaximumMessageSize',
    );
    respond(ctx, ch, {
      kind: 'error',
      error: 'NotAllowedError',
      message: 'Exceed maximum message size',
      ...base,
    });
    return;
  }
  // A not-allowed fault: the same rejection, for a policy the scenario does not spell out.
  const blocked = f.msgs.find((m) => (ctx.w.notAllowed[`${m.msg}@${topic.cluster}`] ?? 0) !== 0);
  if (blocked) {
    const k = `${blocked.msg}@${topic.cluster}`;
    if (ctx.w.notAllowed[k]! > 0) ctx.w.notAllowed[k]! -= 1;
    note(
      ctx,
      ch,
      'NotAllowedError before dedup (exceeds a topic policy)',
      ids,
      'PersistentTopic.publishMessage:not-allowed',
    );
    respond(ctx, ch, {
      kind: 'error',
      error: 'NotAllowedError',
      message: 'Exceed maximum message size',
      ...base,
    });
    return;
  }
  const c = classify(ctx, topic, ch, f, highest);
  const rule = `MessageDeduplication.${c.method}:${c.status}`;
  if (c.status === 'NotDup') {
    // Recovering (a runtime switch on whose replay has not completed) is not "off": isEnabled() is
    // false all the same, but the write's completion may come once it is Enabled and be recorded.
    const unchecked =
      topic.dedup.recovering != null
        ? 'dedup Recovering (its replay has not completed): not checked, nothing pushed: write'
        : 'dedup off: write';
    note(
      ctx,
      ch,
      topic.dedup.enabled ? `NotDup (${c.before}): write, ${c.after(topic)}` : unchecked,
      ids,
      rule,
    );
    topic.pendingWrites.push({
      producer: ch.producer,
      dedupKey: c.key,
      sequenceId: f.sequenceId,
      highestSequenceId: highest,
      msgs: f.msgs,
      epoch: ch.epoch,
      replV2: c.method === 'isDuplicateReplV2',
      born: tick(ctx.w),
      ...(acceptedUnchecked(ctx.w.config, topic) && { unchecked: true }),
    });
    if (topic.bk) asyncAddEntry(ctx, topic);
  } else if (c.status === 'Dup') {
    note(ctx, ch, `Dup (${c.subject} ≤ ${c.before}): dropped, receipt -1:-1`, ids, rule);
    respond(ctx, ch, {
      kind: 'receipt',
      ...c.receiptIds,
      ledgerId: -1,
      entryId: -1,
      msgs: ids,
      ...answers,
    });
  } else {
    note(
      ctx,
      ch,
      `Unknown (${c.subject}, ${c.before}): cannot determine, PersistenceError`,
      ids,
      rule,
    );
    respond(ctx, ch, {
      kind: 'error',
      error: 'PersistenceError',
      message: 'Cannot determine whether the message is a duplicate at this time',
      ...base,
    });
  }
}

function note(ctx: Ctx, ch: Channel, text: string, msgs: readonly string[], rule: string): void {
  ctx.events.push(ev('log', ch.broker, text, msgs, { rule }));
}
