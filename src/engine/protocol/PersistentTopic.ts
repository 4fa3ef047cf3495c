// The broker's topic: `ServerCnx.handleSend` → `Producer.checkAndStartPublish` →
// `PersistentTopic.publishMessage` → `MessageDeduplication.isDuplicate` → managed-ledger write.
// Immediate answers (errors, Dup, Unknown) go out at once and can overtake earlier receipts that
// are still waiting for their write (`PersistentTopic.addComplete`).
import { ev } from '../model/events';
import type { Channel, ResponseFrame, SendFrame, TopicState } from '../model/world';
import { type Ctx, idsOf, labelOf, ledgerActor, seqText, tick } from '../sim/context';
import { isDuplicate, recordMessagePersisted, resetHighestSequenceIdPushed } from './MessageDeduplication';
import { appendEntry } from './ManagedLedger';

type Unborn<T> = T extends unknown ? Omit<T, 'born'> : never;

function respond(ctx: Ctx, ch: Channel, frame: Unborn<ResponseFrame>): void {
  if (!ch.open) return;
  ch.toClient.push({ ...frame, born: tick(ctx.w) });
}

/** The producer name the broker deduplicates by (normal producers: their own name). */
export function dedupKeyOf(ch: Channel): string {
  return ch.producer;
}

/** A CommandSend reached the owning broker on channel `ch`. */
export function handleSend(ctx: Ctx, topic: TopicState, ch: Channel, f: SendFrame): void {
  const ids = idsOf(f.msgs);
  const what = `${labelOf(f.msgs)} ${seqText(f.sequenceId, f.highestSequenceId)}`;
  // ServerCnx.handleSend: the two-id path only when highest is present and ≥ the lowest.
  const highest = f.highestSequenceId >= f.sequenceId ? f.highestSequenceId : -1;
  const errSeq = Math.max(highest, f.sequenceId);
  const base = { sequenceId: errSeq, msgs: ids };
  ctx.events.push(ev('receive', ch.producer, what, ids, { to: ch.broker, cluster: topic.cluster }));

  // Producer.checkAndStartPublish: checksum before anything touches the topic or dedup state.
  if (f.corrupted) {
    note(ctx, ch, 'ChecksumError before dedup (checksum failed on the broker)', ids, 'Producer.checkAndStartPublish:checksum');
    respond(ctx, ch, { kind: 'error', error: 'ChecksumError', message: 'Checksum failed on the broker', ...base });
    return;
  }
  if (topic.fenced) {
    note(ctx, ch, 'topic fenced: TopicFencedException', ids, 'PersistentTopic.publishMessage:fenced');
    respond(ctx, ch, { kind: 'error', error: 'PersistenceError', message: 'Topic is fenced', ...base });
    return;
  }
  // PersistentTopic.publishMessage: policy checks (max message size…) before dedup.
  const blocked = f.msgs.find((m) => (ctx.w.notAllowed[`${m.msg}@${topic.cluster}`] ?? 0) !== 0);
  if (blocked) {
    const k = `${blocked.msg}@${topic.cluster}`;
    if (ctx.w.notAllowed[k]! > 0) ctx.w.notAllowed[k]! -= 1;
    note(ctx, ch, 'NotAllowedError before dedup (exceeds a topic policy)', ids, 'PersistentTopic.publishMessage:not-allowed');
    respond(ctx, ch, { kind: 'error', error: 'NotAllowedError', message: 'Exceed maximum message size', ...base });
    return;
  }
  const key = dedupKeyOf(ch);
  const d = topic.dedup;
  const before = d.enabled ? `pushed ${d.highestSequencedPushed[key] ?? 'none'}, persisted ${d.highestSequencedPersisted[key] ?? 'none'}` : 'dedup off';
  const status = isDuplicate(d, key, f.sequenceId, highest);
  const rule = `MessageDeduplication.isDuplicate:${status}`;
  if (status === 'NotDup') {
    note(ctx, ch, d.enabled ? `NotDup (${before}): write, pushed := ${d.highestSequencedPushed[key]}` : 'dedup off: write', ids, rule);
    topic.pendingWrites.push({
      producer: ch.producer,
      dedupKey: key,
      sequenceId: f.sequenceId,
      highestSequenceId: highest,
      msgs: f.msgs,
      epoch: ch.epoch,
      born: tick(ctx.w),
    });
  } else if (status === 'Dup') {
    note(ctx, ch, `Dup (seq ${f.sequenceId} ≤ ${before}): dropped, receipt -1:-1`, ids, rule);
    respond(ctx, ch, { kind: 'receipt', sequenceId: f.sequenceId, highestSequenceId: highest, ledgerId: -1, entryId: -1, msgs: ids });
  } else {
    note(ctx, ch, `Unknown (seq ${f.sequenceId}, ${before}): cannot determine, PersistenceError`, ids, rule);
    respond(ctx, ch, { kind: 'error', error: 'PersistenceError', message: 'Cannot determine whether the message is a duplicate at this time', ...base });
  }
}

function note(ctx: Ctx, ch: Channel, text: string, msgs: readonly string[], rule: string): void {
  ctx.events.push(ev('log', ch.broker, text, msgs, { rule }));
}

/**
 * `PersistentTopic.addComplete`: the head write is stored; record it in dedup
 * (`recordMessagePersisted`) and send the receipt on the connection the send came on — lost if
 * that connection has closed since.
 */
export function addComplete(ctx: Ctx, topic: TopicState): void {
  const wr = topic.pendingWrites.shift();
  if (!wr) return;
  const entry = appendEntry(topic, wr.producer, wr.sequenceId, wr.highestSequenceId, wr.msgs);
  recordMessagePersisted(topic.dedup, wr.dedupKey, wr.sequenceId, wr.highestSequenceId);
  const ids = idsOf(wr.msgs);
  const ch = ctx.w.channels[wr.producer];
  ctx.events.push(ev('persist', topic.owner, `add ${labelOf(wr.msgs)} → ${entry.ledgerId}:${entry.entryId}`, ids, { to: ledgerActor(topic.cluster), cluster: topic.cluster, rule: 'PersistentTopic.addComplete' }));
  if (ch && ch.open && ch.epoch === wr.epoch) {
    respond(ctx, ch, { kind: 'receipt', sequenceId: wr.sequenceId, highestSequenceId: wr.highestSequenceId, ledgerId: entry.ledgerId, entryId: entry.entryId, msgs: ids });
  } else {
    ctx.events.push(ev('log', topic.owner, `receipt for ${labelOf(wr.msgs)} has no connection to go to`, ids, { rule: 'PersistentTopic.addComplete:connection-gone' }));
  }
}

/**
 * `PersistentTopic.addFailed` for a plain write failure: fence the topic, disconnect its producers;
 * the managed ledger fails the adds queued behind it too (`WriteFailed`). Once no write is pending,
 * `resetHighestSequenceIdPushed` and unfence, so the producers' resends are judged afresh.
 */
export function addFailed(ctx: Ctx, topic: TopicState, closeProducers: (cluster: string, reason: string) => void): void {
  const failed = topic.pendingWrites;
  topic.pendingWrites = [];
  topic.fenced = true;
  const current = topic.ledgers[topic.ledgers.length - 1];
  if (current) current.closed = true;
  const ids = failed.flatMap((w) => idsOf(w.msgs));
  ctx.events.push(ev('persist-failed', topic.owner, `ledger write failed for ${ids.join(', ')}: topic fenced`, ids, { to: ledgerActor(topic.cluster), cluster: topic.cluster, rule: 'PersistentTopic.addFailed' }));
  closeProducers(topic.cluster, 'topic fenced after a write failure');
  resetHighestSequenceIdPushed(topic.dedup);
  topic.fenced = false;
  ctx.events.push(ev('log', topic.owner, 'pending writes drained: pushed := persisted, topic unfenced', [], { rule: 'MessageDeduplication.resetHighestSequenceIdPushed' }));
}
