// The broker's topic: `ServerCnx.handleSend` → `Producer.checkAndStartPublish` →
// `PersistentTopic.publishMessage` → `MessageDeduplication.isDuplicate` → managed-ledger write.
// Immediate answers (errors, Dup, Unknown) go out at once and can overtake earlier receipts that
// are still waiting for their write (`PersistentTopic.addComplete`).
import {
  BROKER_MAX_MESSAGE_SIZE,
  FRAME_HEADER_BYTES,
  isRemoteProducerName,
  MIN_METADATA_BYTES,
} from '../model/config';
import { ev } from '../model/events';
import {
  answeredChunk,
  type Channel,
  type ResponseFrame,
  type SendFrame,
} from '../model/connection';
import type { StoredEntry, TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { type Ctx, idsOf, labelOf, ledgerActor, peek, seqText, tick } from '../sim/context';
import { hasFix } from '../model/fixes';
import {
  checkStatus,
  chunkUnchecked,
  isDuplicate,
  isDuplicateChunk,
  recordsPersisted,
  recoveryComplete,
  isDuplicateReplV1,
  isDuplicateReplV2,
  type MessageDupStatus,
  recordMessagePersisted,
  recordMessagePersistedRepl,
  resetHighestSequenceIdPushed,
} from './MessageDeduplication';
import { appendEntry, readableOf } from './ManagedLedger';
import { asyncAddEntry } from './ManagedLedgerImpl';
import { chunksNotReplayedLog, switchToNewOwner } from './OwnershipChange';

type Unborn<T> = T extends unknown ? Omit<T, 'born'> : never;

function respond(ctx: Ctx, ch: Channel, frame: Unborn<ResponseFrame>): void {
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

interface Classified {
  readonly status: MessageDupStatus;
  readonly method: 'isDuplicate' | 'isDuplicateReplV1' | 'isDuplicateReplV2';
  /** The producer name the write records on completion. */
  readonly key: string;
  /** What was compared, and the watermark before, for the note. */
  readonly subject: string;
  readonly before: string;
  readonly after: (t: TopicState) => string;
  /** The id fields a receipt for this send carries (V2: the source position). */
  readonly receiptIds: { sequenceId: number; highestSequenceId: number };
}

const mark = (t: TopicState, k: string) =>
  `pushed ${t.dedup.highestSequencedPushed[k] ?? 'none'}, persisted ${t.dedup.highestSequencedPersisted[k] ?? 'none'}`;

/**
 * `MessageDeduplication.isDuplicate`: a producer whose *name* starts with `pulsar.repl.`
 * (`Producer.isRemoteOrShadow` — the broker cannot tell who created it, so an application producer
 * named so is judged as a replicator too) is judged by V2 when its connection negotiated the PR
 * 23697 flag, else by V1 — the original producer's name from the metadata (an application's
 * message carries its own); everyone else by their own name.
 */
function classify(
  ctx: Ctx,
  topic: TopicState,
  ch: Channel,
  f: SendFrame,
  highest: number,
): Classified {
  // Only asked (its names and role): peeked, so a send does not copy its producer.
  const p = peek(ctx.w.producers)[ch.producer]!;
  const first = f.msgs[0]!;
  const ids = { sequenceId: f.sequenceId, highestSequenceId: highest };
  const remote = isRemoteProducerName(p.wireName);
  if (remote && ch.replDedupV2) {
    // isDuplicateReplV2: the watermark is the source position the replicator puts in the message's
    // properties (setContextPropsIfRepl); a message without one — an application's — is Unknown.
    const name = p.wireName;
    const src = first.sourcePosition;
    const wm = (m: Record<string, number>) =>
      `${m[`${name}_LID`] ?? '-'}:${m[`${name}_EID`] ?? '-'}`;
    const before = `pushed ${wm(topic.dedup.highestSequencedPushed)}, persisted ${wm(topic.dedup.highestSequencedPersisted)}`;
    const status = !topic.dedup.enabled
      ? 'NotDup'
      : src
        ? isDuplicateReplV2(topic.dedup, name, src.ledgerId, src.entryId)
        : 'Unknown';
    const at = src ? { sequenceId: src.ledgerId, highestSequenceId: src.entryId } : ids;
    return {
      status,
      method: 'isDuplicateReplV2',
      key: name,
      subject: src ? `source ${src.ledgerId}:${src.entryId}` : 'no source position',
      before,
      after: (t) => `pushed := ${wm(t.dedup.highestSequencedPushed)}`,
      receiptIds: at,
    };
  }
  const key = remote ? (first.originalProducer ?? p.wireName) : p.wireName;
  const before = mark(topic, key);
  // V1 keys on the original producer but takes the ids from the frame (isDuplicateNormal with
  // useOriginalProducerName): the replicator's has no highest_sequence_id, so pushed := the entry's
  // lowest id; an application's frame keeps its highest. The pending write keeps the metadata's
  // highest, which recordMessagePersistedNormal records.
  // `publishContext.isChunked()` is the frame's is_chunk, which `Commands.newSend` sets from the
  // metadata's total_chunk_msg_size — for the replicator's send of a chunk entry as for the producer
  // that chunked it — and V1's isDuplicateReplV1 runs the same isDuplicateNormal (with the original
  // producer's name), so a replicated chunk meets the same chunk rule. (V2 returned above: it judges
  // every entry, chunk or not, by its source position.)
  const chunk = f.msgs.length === 1 ? first.chunk : undefined;
  if (chunk) {
    // isDuplicateNormal for a chunk (see isDuplicateChunk): with PR 20948 a chunk other than the
    // last is written unchecked; before it, every chunk is judged by the shared sequence id.
    const fixed = hasFix(ctx.w.config, 'pr-20948');
    const unchecked = chunkUnchecked(topic.dedup, chunk, fixed);
    const status = isDuplicateChunk(topic.dedup, key, f.sequenceId, chunk, fixed);
    const method = remote ? 'isDuplicateReplV1' : 'isDuplicate';
    const what = `${remote ? `${key} ` : ''}seq ${f.sequenceId}, chunk ${chunk.id + 1}/${chunk.of}`;
    if (unchecked)
      return {
        status,
        method,
        key,
        subject: what,
        before: `${what} is not the last chunk: not checked (PR 20948)`,
        after: (t) => `pushed stays ${t.dedup.highestSequencedPushed[key] ?? 'none'}`,
        receiptIds: ids,
      };
    return {
      status,
      method,
      key,
      subject: what,
      before,
      after: (t) => `pushed := ${t.dedup.highestSequencedPushed[key]}`,
      receiptIds: ids,
    };
  }
  const status = remote
    ? isDuplicateReplV1(topic.dedup, key, f.sequenceId, p.role === 'replicator' ? -1 : highest)
    : isDuplicate(topic.dedup, key, f.sequenceId, highest);
  const method = remote ? 'isDuplicateReplV1' : 'isDuplicate';
  const who = remote ? `${key} seq ${f.sequenceId}` : `seq ${f.sequenceId}`;
  return {
    status,
    method,
    key,
    subject: who,
    before,
    after: (t) => `pushed := ${t.dedup.highestSequencedPushed[key]}`,
    receiptIds: ids,
  };
}

function note(ctx: Ctx, ch: Channel, text: string, msgs: readonly string[], rule: string): void {
  ctx.events.push(ev('log', ch.broker, text, msgs, { rule }));
}

/**
 * `PersistentTopic.addComplete`: the head write is stored; record it in dedup
 * (`recordMessagePersisted`) and send the receipt on the connection the send came on — lost if
 * that connection has closed since.
 */
export function addComplete(ctx: Ctx, topic: TopicState, written?: StoredEntry): void {
  const wr = topic.pendingWrites.shift();
  if (!wr) return;
  const entry = written ?? appendEntry(ctx.w, topic, wr);
  const src = wr.msgs[0]?.sourcePosition;
  if (wr.replV2 && src)
    recordMessagePersistedRepl(topic.dedup, wr.dedupKey, src.ledgerId, src.entryId);
  // PR 20948: only the last chunk's write records persisted (IS_LAST_CHUNK).
  else if (recordsPersisted(wr.msgs, hasFix(ctx.w.config, 'pr-20948')))
    recordMessagePersisted(topic.dedup, wr.dedupKey, wr.sequenceId, wr.highestSequenceId);
  // MessagePublishContext.sendSendReceiptResponseRepl: V2 receipts carry the source position.
  const ids =
    wr.replV2 && src
      ? { sequenceId: src.ledgerId, highestSequenceId: src.entryId }
      : { sequenceId: wr.sequenceId, highestSequenceId: wr.highestSequenceId };
  const msgIds = idsOf(wr.msgs);
  const ch = ctx.w.channels[wr.producer];
  ctx.events.push(
    ev(
      'persist',
      topic.owner,
      `add ${labelOf(wr.msgs)} → ${entry.ledgerId}:${entry.entryId}`,
      msgIds,
      {
        to: ledgerActor(topic.cluster),
        cluster: topic.cluster,
        rule: 'PersistentTopic.addComplete',
      },
    ),
  );
  if (ch && ch.open && ch.epoch === wr.epoch) {
    respond(ctx, ch, {
      kind: 'receipt',
      ...ids,
      ledgerId: entry.ledgerId,
      entryId: entry.entryId,
      msgs: msgIds,
      ...answeredChunk(wr.msgs),
    });
  } else {
    ctx.events.push(
      ev('log', topic.owner, `receipt for ${labelOf(wr.msgs)} has no connection to go to`, msgIds, {
        rule: 'PersistentTopic.addComplete:connection-gone',
      }),
    );
  }
}

/**
 * `PersistentTopic.addFailed` for a plain write failure: fence the topic, disconnect its producers;
 * the managed ledger fails the adds queued behind it too (`WriteFailed`). Once no write is pending,
 * `resetHighestSequenceIdPushed` and unfence, so the producers' resends are judged afresh.
 */
export function addFailed(
  ctx: Ctx,
  topic: TopicState,
  closeProducers: (cluster: string, reason: string) => void,
  exception = 'PersistenceException',
): void {
  const failed = topic.pendingWrites;
  topic.pendingWrites = [];
  topic.fenced = true;
  const current = topic.ledgers[topic.ledgers.length - 1];
  if (current) current.closed = true;
  const ids = failed.flatMap((w) => idsOf(w.msgs));
  ctx.events.push(
    ev(
      'persist-failed',
      topic.owner,
      `${exception} for ${ids.join(', ') || 'no pending write'}: topic fenced`,
      ids,
      { to: ledgerActor(topic.cluster), cluster: topic.cluster, rule: 'PersistentTopic.addFailed' },
    ),
  );
  if (exception === 'ManagedLedgerFencedException') {
    // addFailed with a fenced managed ledger closes the topic; clients look it up again.
    closeProducers(topic.cluster, 'topic closed: managed ledger fenced');
    switchToNewOwner(ctx, topic);
    return;
  }
  closeProducers(topic.cluster, 'topic fenced after a write failure');
  resetHighestSequenceIdPushed(topic.dedup);
  topic.fenced = false;
  ctx.events.push(
    ev('log', topic.owner, 'pending writes drained: pushed := persisted, topic unfenced', [], {
      rule: 'MessageDeduplication.resetHighestSequenceIdPushed',
    }),
  );
}

/**
 * `PersistentTopic.checkDeduplicationStatus` (called from `onPoliciesUpdate` when an operator sets
 * the namespace's or topic's deduplication policy) → `MessageDeduplication.checkStatus`. The topic
 * stays loaded and its producers stay connected: they are told nothing, and a producer connecting
 * later gets `last_sequence_id` from whatever the maps hold (`getLastPublishedSequenceId`). A
 * cursor opened now starts at the managed ledger's last confirmed entry — with bookies its
 * `lastConfirmedEntry`, on abstract storage the last entry stored — so what was written before the
 * switch (while dedup was off, or before an earlier switch off) is in no rebuilt map.
 */
export function checkDeduplicationStatus(ctx: Ctx, topic: TopicState, enabled: boolean): void {
  const entries = readableOf(topic);
  const last = entries[entries.length - 1];
  const lce = topic.bk
    ? topic.bk.ml.lastConfirmedEntry
    : last
      ? { ledgerId: last.ledgerId, entryId: last.entryId }
      : { ledgerId: -1, entryId: -1 };
  const change = checkStatus(topic.dedup, enabled, lce, tick(ctx.w));
  const text =
    change === 'unchanged'
      ? `deduplication already ${enabled ? 'on' : 'off'}: nothing to do`
      : change === 'disabled'
        ? 'deduplication off: dedup cursor deleted, sequence-id maps cleared (Removing → Disabled); every send is written'
        : `deduplication on: new dedup cursor at ${lce.ledgerId < 0 ? 'the start (nothing confirmed yet)' : `${positionText(lce)}, the last confirmed entry`} (Recovering: no send is checked until its replay)`;
  ctx.events.push(
    ev('log', topic.owner, text, [], {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.checkStatus',
    }),
  );
}

const positionText = (p: { ledgerId: number; entryId: number }) =>
  p.ledgerId < 0 ? 'the start' : `${p.ledgerId}:${p.entryId}`;

/**
 * The replay a runtime switch on started (`MessageDeduplication.replayCursor` from the new
 * cursor) completes: it reads what was confirmed after the cursor by now — writes that completed
 * while Recovering — and the status becomes Enabled. Its own step, so the explorer orders it
 * against the writes in flight and the sends that arrive meanwhile.
 */
export function completeDedupRecovery(ctx: Ctx, topic: TopicState): void {
  const read = recoveryComplete(topic.dedup, readableOf(topic));
  const c = topic.dedup.cursor;
  const from = c ? positionText(c) : 'the start';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `dedup cursor replayed from ${from}: ${read === 0 ? 'nothing after it' : `${read} ${read === 1 ? 'entry' : 'entries'} written while Recovering`} (Recovering → Enabled)`,
      [],
      { cluster: topic.cluster, rule: 'MessageDeduplication.replayCursor' },
    ),
  );
  chunksNotReplayedLog(ctx, topic, topic.owner);
}
