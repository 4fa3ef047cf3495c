// What the application sees: the future (Java `SendCallback`) or callback (Go) of each message
// in a completed op. A `-1:-1` receipt completes it as a *success*: the message id is -1:-1.
import { answeredLabel, type ResponseFrame } from '../model/connection';
import { ev } from '../model/events';
import type { Completion, MsgRef, OpSendMsg, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import { type Ctx, labelOf } from '../sim/context';
import { releaseChunkMemory } from './MemoryLimitController';
import { sendComplete } from './PersistentReplicatorSendCallback';
import { sendAlreadyReturned } from './partitionProducerSend';

export function completeOpSuccess(
  ctx: Ctx,
  p: ProducerState,
  op: OpSendMsg,
  ledgerId: number,
  entryId: number,
  rule: string,
): void {
  const dup = ledgerId === -1 && entryId === -1;
  const ids = op.msgs.map((m) => m.msg);
  releaseChunkMemory(ctx, p, op);
  if (notLastChunk(op) && p.role !== 'replicator') {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `${labelOf(op.msgs)} acknowledged ${dup ? 'with -1:-1' : `at ${ledgerId}:${entryId}`}: the callback waits for the last chunk`,
        ids,
        {
          cluster: p.cluster,
          rule: p.client === 'java' ? 'ProducerImpl.ackReceived:chunk' : 'sendRequest.done:chunk',
        },
      ),
    );
    return;
  }
  if (
    chunkFutureDone(
      ctx,
      p,
      op,
      dup ? 'acknowledged with -1:-1' : `acknowledged at ${ledgerId}:${entryId}`,
    )
  )
    return;
  // The replicator's producer completes each replicated chunk entry on its own: it is named as the
  // chunk it is (`M1[1/2] completed`), or the diagram read M1 completed twice at the replicator.
  const names =
    p.role === 'replicator' ? op.msgs.map((m) => labelOf([m])).join(', ') : ids.join(', ');
  const text = dup
    ? `${names} completed as success with -1:-1 (not stored by this send)`
    : `${names} completed: stored at ${ledgerId}:${entryId}`;
  ctx.events.push(ev('complete', p.name, text, ids, { cluster: p.cluster, rule }));
  // The replicator's producer completes into `ProducerSendCallback.sendComplete`, not an application.
  if (p.role === 'replicator') return sendComplete(ctx, p, op.msgs, null);
  record(ctx, p, op, { result: dup ? 'dup' : 'stored', ledgerId, entryId });
}

/**
 * A receipt matched to the head op of another chunk. Both clients match by sequence id alone (Java
 * `ProducerImpl.ackReceived`, Go `partitionProducer.ReceivedSendReceipt`) and `CommandSendReceipt`
 * carries no chunk id, so every chunk of a message, all with its one id, fits any of its chunks'
 * items: a Go first chunk's item failed by the send timer leaves the last chunk's at the head, and
 * the first chunk's late receipt completes it. Said for the reader only (the frame's `shownChunk` is
 * display data); the match itself is the caller's, unchanged.
 */
export function otherChunkMatched(
  ctx: Ctx,
  p: ProducerState,
  r: Extract<ResponseFrame, { kind: 'receipt' }>,
  op: OpSendMsg,
  rule: string,
): void {
  // Only chunks share an id across frames; everything else returns before any text is built.
  if (!r.shownChunk && !op.msgs.some((m) => m.chunk)) return;
  const answered = answeredLabel(r);
  const head = labelOf(op.msgs);
  if (answered === head) return;
  const text = `receipt of ${answered} taken for the head item ${head}: both seq ${r.sequenceId}, and a receipt names no chunk`;
  ctx.events.push(
    ev(
      'log',
      p.name,
      text,
      op.msgs.map((m) => m.msg),
      { cluster: p.cluster, rule: `${rule}:other-chunk` },
    ),
  );
}

function record(
  ctx: Ctx,
  p: ProducerState,
  op: OpSendMsg,
  how: Pick<Completion, 'result' | 'ledgerId' | 'entryId' | 'error'>,
): void {
  for (const m of op.msgs) {
    const result = how.result === 'failed' ? `failed: ${how.error}` : 'completed';
    if (sendAlreadyReturned(ctx, p, m.msg, m.sendIndex, result)) continue;
    ctx.w.completions.push(
      frozen({ msg: m.msg, sendIndex: m.sendIndex, producer: p.name, cluster: p.cluster, ...how }),
    );
  }
}

/**
 * Messages that fail without an op of their own in pendingMessages (the open batch, a message
 * refused before it was sent), wrapped so they complete through the same callback. `opId` -1: no
 * frame of theirs was ever written.
 */
export const unsentOp = (msgs: readonly MsgRef[], sequenceId = -1): OpSendMsg => ({
  opId: -1,
  msgs,
  sequenceId,
  highestSequenceId: -1,
  localBufferCorrupted: false,
});

/**
 * A chunk other than its message's last (Java `ProducerImpl.ackReceived` and `failPendingMessages`:
 * "if message is chunked then call callback only on last chunk"; Go `sendRequest.done`, reached
 * from `ReceivedSendReceipt`, `failTimeoutMessages` and `failPendingMessages`, runs the callback
 * only for the last chunk, once per message through the shared callbackOnce): its op leaves
 * pendingMessages, and the application hears nothing until the last chunk's op completes. A `-1:-1`
 * receipt is not special-cased by either: Go's `ReceivedSendReceipt` records it in the
 * chunkRecorder as the first or last chunk's id like any other. Only a producer that
 * chunked the message sets the op's totalChunks: the replicator's producer (chunking off) sends a
 * replicated chunk entry as an op of its own (`ProducerImpl.sendAsync`: totalChunks 1), so its
 * `ProducerSendCallback.sendComplete` runs for every chunk — the callers exclude it.
 */
const notLastChunk = (op: OpSendMsg): boolean => {
  const c = op.msgs.length === 1 ? op.msgs[0]!.chunk : undefined;
  return c !== undefined && c.id !== c.of - 1;
};

/**
 * A chunk's op completing after its message's future already completed. Every chunk's `OpSendMsg`
 * holds the same `SendCallback`, and Java's `recoverNotAllowedError` / `recoverChecksumError` call
 * `OpSendMsg.sendComplete` on the head op with no last-chunk guard, so a refused first chunk fails
 * the application's future at once; the `CompletableFuture` completes once, so the last chunk's
 * later receipt (or error) reaches a callback whose future is done and changes nothing.
 */
function chunkFutureDone(ctx: Ctx, p: ProducerState, op: OpSendMsg, how: string): boolean {
  const m = op.msgs.length === 1 && op.msgs[0]!.chunk ? op.msgs[0]! : undefined;
  // Java only: Go's chunks complete through `sendRequest.done`, whose own last-chunk rule stands.
  if (!m || p.role === 'replicator' || p.client !== 'java') return false;
  const done = ctx.w.completions.find(
    (c) => c.producer === p.name && c.msg === m.msg && c.sendIndex === m.sendIndex,
  );
  if (!done) return false;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${labelOf(op.msgs)} ${how}: ${m.msg}'s future already completed (${done.result === 'failed' ? `failed: ${done.error}` : done.result}); a CompletableFuture completes once`,
      [m.msg],
      { cluster: p.cluster, rule: 'ProducerImpl.OpSendMsg.sendComplete:future-done' },
    ),
  );
  return true;
}

/**
 * `everyChunk`: the caller completes the op through `OpSendMsg.sendComplete` directly, as
 * `recoverNotAllowedError` and `recoverChecksumError` do — not through `ackReceived` or
 * `failPendingMessages`, which call the callback only for a message's last chunk.
 */
export function completeOpFailure(
  ctx: Ctx,
  p: ProducerState,
  op: OpSendMsg,
  error: string,
  rule: string,
  everyChunk = false,
): void {
  const ids = op.msgs.map((m) => m.msg);
  releaseChunkMemory(ctx, p, op);
  if (!everyChunk && notLastChunk(op) && p.role !== 'replicator') {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `${labelOf(op.msgs)} failed: ${error} (the callback waits for the last chunk)`,
        ids,
        { cluster: p.cluster, rule },
      ),
    );
    return;
  }
  if (chunkFutureDone(ctx, p, op, `failed: ${error}`)) return;
  ctx.events.push(
    ev('complete', p.name, `${ids.join(', ')} failed: ${error}`, ids, { cluster: p.cluster, rule }),
  );
  if (p.role === 'replicator') return sendComplete(ctx, p, op.msgs, error);
  record(ctx, p, op, { result: 'failed', ledgerId: -1, entryId: -1, error });
}
