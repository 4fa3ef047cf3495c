// How the panels and the topology write a frame and a sequence-id range: one wording, so the In
// flight panel, the Topic panel and the topology's edges read alike.
import {
  answeredLabel,
  receiptIdsText,
  type Channel,
  type ResponseFrame,
  type SendFrame,
} from '../model/connection';
import type { MsgRef } from '../model/producer';
import type { World } from '../model/world';

export function sequenceRange(
  sequenceId: number,
  highestSequenceId: number,
  count: number,
): string {
  if (highestSequenceId > sequenceId) return `${sequenceId}..${highestSequenceId}`;
  // A batch of several messages without highest_sequence_id is exactly the Go bug (seed 003).
  if (count > 1 && highestSequenceId < 0) return `${sequenceId} (no highest_sequence_id)`;
  return `${sequenceId}`;
}

/** A message's name, a chunk's with its place (`M1[2/3]`, as `labelOf` writes it). */
const nameOf = (m: MsgRef): string =>
  m.chunk ? `${m.msg}[${m.chunk.id + 1}/${m.chunk.of}]` : m.msg;
export const names = (msgs: readonly MsgRef[]): string[] => msgs.map(nameOf);
const join = (msgs: readonly MsgRef[] | readonly string[]): string =>
  msgs.map((m) => (typeof m === 'string' ? m : nameOf(m))).join('+');

export function sendLabel(f: SendFrame): string {
  const corrupted = f.corrupted ? ' (corrupted)' : '';
  return `send ${join(f.msgs)} seq ${sequenceRange(f.sequenceId, f.highestSequenceId, f.msgs.length)}${corrupted}`;
}

/**
 * A frame to the client. `bySource`: the replicator's producer on a V2 connection, which reads a
 * receipt's ids as its source position — written as the diagram writes that receipt ("source
 * 10:4"), not "seq 10" (UX review 14: the In flight panel and the topology read "receipt E4 seq
 * 10 at 20:0" beside the diagram's "receipt E4 source 10:4 at 20:0").
 */
export function responseLabel(f: ResponseFrame, bySource = false): string {
  if (f.kind === 'error') return `${f.error} seq ${f.sequenceId} (${answeredLabel(f)})`;
  if (f.kind === 'close-producer') return 'CloseProducer';
  return `receipt ${answeredLabel(f)} ${receiptIdsText(f, bySource)} at ${f.ledgerId}:${f.entryId}`;
}

/** Whether `ch`'s receipts are read by source position (the replicator's, on a V2 connection). */
export const receiptsBySource = (w: World, ch: Channel): boolean =>
  ch.replDedupV2 && w.producers[ch.producer]?.role === 'replicator';
