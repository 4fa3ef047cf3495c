// The Go producer's send timeout: pulsar-client-go `pulsar/producer_partition.go`'s
// `failTimeoutMessages` goroutine (SendTimeout > 0), which fails pending items from the oldest while
// they have expired, and the proposed `go-timeout-all-chunks` that fails a chunked message's later
// chunks with its first. Apart from partitionProducer.ts because it is the client's other
// goroutine: it acts on the pending queue on its own clock, never on a frame.
import { ev } from '../model/events';
import { hasFix } from '../model/fixes';
import type { OpSendMsg, ProducerState } from '../model/producer';
import { type Ctx, labelOf } from '../sim/context';
import { completeOpFailure } from './SendCallback';

/**
 * Index of the `nth` pending item holding `msg` (-1: fewer): the item whose expiry a Go
 * send-timeout names (`fault:send-timeout:<msg>#<nth>`; the first without `#`).
 */
export function expiredItem(
  pending: readonly { readonly msgs: readonly { readonly msg: string }[] }[],
  msg: string,
  nth = 1,
): number {
  let seen = 0;
  for (let i = 0; i < pending.length; i++)
    if (pending[i]!.msgs.some((m) => m.msg === msg) && ++seen === nth) return i;
  return -1;
}

/**
 * The proposed `go-timeout-all-chunks` (no pulsar-client-go PR): once `failTimeoutMessages` polls a
 * chunk other than its message's last, it goes on polling the items that follow while they hold the
 * same message's next chunks (one `chunkRecorder`; `internalSend` writes them back to back), whatever
 * their `createdAt`, and fails them too — the last one's `sendRequest.done` runs the callback with
 * ErrSendTimeout. Without it the last chunk's item stays pending and the first chunk's late receipt,
 * matched by sequence id alone in `ReceivedSendReceipt`, completes it. Returns the index of the last
 * item to fail: `at` itself when that item is not a non-last chunk.
 */
function lastChunkItem(pending: readonly OpSendMsg[], at: number): number {
  let last = at;
  for (;;) {
    const c = soleChunk(pending[last]);
    const next = soleChunk(pending[last + 1]);
    if (
      !c ||
      !next ||
      c.id === c.of - 1 ||
      next.msg !== c.msg ||
      next.sendIndex !== c.sendIndex ||
      next.id !== c.id + 1
    )
      return last;
    last += 1;
  }
}

const soleChunk = (op: OpSendMsg | undefined) => {
  const m = op && op.msgs.length === 1 ? op.msgs[0]! : undefined;
  return m?.chunk
    ? { msg: m.msg, sendIndex: m.sendIndex, id: m.chunk.id, of: m.chunk.of }
    : undefined;
};

/**
 * `partitionProducer.failTimeoutMessages`, the send-timeout goroutine (SendTimeout > 0; the
 * replicator is Java and runs with sendTimeout 0): it polls pendingQueue items from the oldest
 * *while* they have expired and stops at the first that has not. `msg` has expired, so its item
 * and every older one fail with ErrSendTimeout; younger items stay pending and the batch builder
 * is not touched. No connection close, the sequence id generator keeps its value. `nth`: which of
 * the items holding `msg` expired (an application's second send of M1 while the first is pending).
 */
export function failTimeoutMessages(ctx: Ctx, p: ProducerState, msg: string, nth = 1): void {
  const expired = expiredItem(p.pendingMessages, msg, nth);
  const upTo = hasFix(ctx.w.config, 'go-timeout-all-chunks')
    ? lastChunkItem(p.pendingMessages, expired)
    : expired;
  if (upTo > expired) {
    const rest = p.pendingMessages
      .slice(expired + 1, upTo + 1)
      .map((op) => labelOf(op.msgs))
      .join(', ');
    const text = `${labelOf(p.pendingMessages[expired]!.msgs)} expired: its message's later chunks fail with it though younger (${rest}), so no receipt can complete the message`;
    ctx.events.push(
      ev(
        'log',
        p.name,
        text,
        p.pendingMessages[expired]!.msgs.map((m) => m.msg),
        { cluster: p.cluster, rule: 'partitionProducer.failTimeoutMessages:all-chunks' },
      ),
    );
  }
  const failed = p.pendingMessages.slice(0, upTo + 1);
  p.pendingMessages = p.pendingMessages.slice(upTo + 1);
  ctx.events.push(
    ev(
      'log',
      p.name,
      `Failing ${failed.length} messages on timeout`,
      failed.flatMap((op) => op.msgs.map((m) => m.msg)),
      { cluster: p.cluster, rule: 'partitionProducer.failTimeoutMessages' },
    ),
  );
  for (const op of failed)
    completeOpFailure(ctx, p, op, 'ErrSendTimeout', 'partitionProducer.failTimeoutMessages:done');
}
