// `MessageDeduplication.isDuplicate(publishContext, …)`: which of the checks a send meets — by the
// producer's name (`Producer.isRemoteOrShadow`), the connection's PR 23697 flag and whether the frame
// is a chunk — before the check itself (MessageDeduplication.ts) runs. Its own file because it is
// the hand-off between the topic's publish path (PersistentTopic.ts) and dedup's watermarks: what a
// reader looks up to learn why a send was judged by V1, V2 or its own name.
import { isRemoteProducerName } from '../model/config';
import type { Channel, SendFrame } from '../model/connection';
import type { TopicState } from '../model/topic';
import { type Ctx, peek } from '../sim/context';
import { hasFix } from '../model/fixes';
import {
  chunkUnchecked,
  isDuplicate,
  isDuplicateChunk,
  isDuplicateReplV1,
  type MessageDupStatus,
} from './MessageDeduplication';
import { isDuplicateReplV2 } from './MessageDeduplicationReplV2';

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
export function classify(
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
