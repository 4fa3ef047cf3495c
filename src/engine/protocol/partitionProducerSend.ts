// Go's synchronous `partitionProducer.Send(ctx, msg)`: it calls `internalSendAsync(ctx, msg, cb,
// flushImmediately = true)` and then selects on `ctx.Done()` and the callback's `doneCh`. Once the
// send request is on `dataChan` the application's context is read by no one else: `internalSend`,
// the batch flush and `writeData` (whose pendingItem gets a context of its own,
// `context.WithCancel(context.Background())`, pulsar-client-go#1338) never look at it. So when the
// context ends after the hand-over, `Send` returns `ctx.Err()` (pulsar-client-go#1053, v0.12.0) while
// the message travels on, is stored, and its receipt completes the callback that nobody reads.
// docs/research/pending-queue.md, "Send(ctx) after the hand-over".
import type { WorkloadItem } from '../model/config';
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import { frozen, type World } from '../model/world';
import type { Ctx } from '../sim/context';

/** What `Send` returns when its context ends: `context.DeadlineExceeded`'s text. */
export const CONTEXT_ERR = 'context deadline exceeded';

/** A Go application waiting in `Send(ctx, …)` for its result: the send, and where its message is. */
export interface WaitingSend {
  readonly p: ProducerState;
  readonly msg: string;
  readonly sendIndex: number;
}

/**
 * The workload's `Send` whose result the application still waits for: the item run last is a
 * `sync` send and no callback has completed that send yet (the workload is one thread, so no later
 * send of the same message has run: its index is the latest). A refused or expired send completed
 * at once, so it waits for nothing.
 */
export function waitingSend(w: World): WaitingSend | null {
  const item: WorkloadItem | undefined = w.config.workload[w.workloadPos - 1];
  if (!item || item.kind !== 'send' || !item.sync) return null;
  const sendIndex = (w.sendsOf[item.msg] ?? 0) - 1;
  if (sendIndex < 0 || completionOf(w, item.msg, sendIndex)) return null;
  return { p: w.producers[item.producer]!, msg: item.msg, sendIndex };
}

const completionOf = (w: World, msg: string, sendIndex: number) =>
  w.completions.find((c) => c.msg === msg && c.sendIndex === sendIndex);

/** Where the waiting send's message is, in words: in the pending queue, or (not yet flushed) the batch. */
function whereWords(s: WaitingSend): string {
  const { p, msg, sendIndex } = s;
  const mine = (m: { msg: string; sendIndex: number }) =>
    m.msg === msg && m.sendIndex === sendIndex;
  const op = p.pendingMessages.find((o) => o.msgs.some(mine));
  if (op)
    return `${msg} stays in ${p.name}'s pending queue with seq ${op.sequenceId}: the broker may store it, and its receipt still completes the callback`;
  if (p.batch.some(mine))
    return `${msg} stays in the open batch and is written with it: nothing drops it`;
  return `${msg} goes on as it was`;
}

/**
 * The context of the waiting `Send` ends: `Send` returns `ctx.Err()` to the application, which goes
 * on with its next workload item. Nothing else changes: the message keeps its place, its sequence
 * id and its permit and memory (given back by `sendRequest.done` when its receipt or the send
 * timeout completes it). The application's outcome is this error; a later result reaches no one.
 */
export function sendReturnsContextErr(ctx: Ctx, s: WaitingSend): void {
  const { p, msg, sendIndex } = s;
  ctx.events.push(
    ev(
      'complete',
      p.name,
      `Send ${msg} returns ${CONTEXT_ERR} (ctx.Err()); ${whereWords(s)}`,
      [msg],
      { cluster: p.cluster, rule: 'partitionProducer.Send:context-done' },
    ),
  );
  ctx.w.completions.push(
    frozen({
      msg,
      sendIndex,
      producer: p.name,
      cluster: p.cluster,
      result: 'failed' as const,
      ledgerId: -1,
      entryId: -1,
      error: CONTEXT_ERR,
    }),
  );
}

/**
 * A Go callback's result for a send whose `Send` already returned `ctx.Err()`: the callback sets the
 * variables `Send` no longer reads and closes `doneCh` no one waits on. True (and said) when that is
 * the case, so the caller records nothing: the application keeps the error it was given.
 */
export function sendAlreadyReturned(
  ctx: Ctx,
  p: ProducerState,
  msg: string,
  sendIndex: number,
  result: string,
): boolean {
  if (p.client !== 'go' || p.role === 'replicator') return false;
  const c = completionOf(ctx.w, msg, sendIndex);
  if (c?.error !== CONTEXT_ERR) return false;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${msg} ${result}, but Send returned ${CONTEXT_ERR} already: the result reaches no one`,
      [msg],
      { cluster: p.cluster, rule: 'partitionProducer.Send:result-unread' },
    ),
  );
  return true;
}
