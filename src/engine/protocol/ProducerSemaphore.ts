// The producer's pending-queue permits: Java `ProducerImpl.semaphore` (`maxPendingMessages`,
// `canEnqueueRequest`) and Go `partitionProducer.publishSemaphore` (`MaxPendingMessages`,
// `reserveSemaphore`). A message takes its permits when the application sends it and gives them
// back when its send completes (a receipt, a failure, a timeout, a close), so the permits held are
// read from the world — the messages of the open batch and of every op still pending — and need no
// counter of their own, but for the ones no completion gives back: Go's refused chunked send keeps
// all but one it took (`ProducerState.leakedPermits`, `goChunkPermitsLost` below).
// docs/research/pending-queue.md.
import type { ProducerConfig, WorkloadItem } from '../model/config';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { completeOpFailure, unsentOp } from './SendCallback';

/** Java's `blockIfQueueFull` is false by default; Go blocks unless `DisableBlockIfQueueFull`. */
export const blocksIfQueueFull = (cfg: ProducerConfig): boolean =>
  cfg.blockIfQueueFull ?? cfg.client === 'go';

/**
 * Permits held: one per message in the open batch (Java `canEnqueueRequest` runs before the batch
 * container's `add`; Go's sendRequest reserves before `dataChan`) and one per message of each
 * pending op — a batch op holds its messages' permits (`releaseSemaphoreForSendOp` releases
 * numMessagesInBatch), a chunk's op its own — and, for Go, those a refused chunked send kept.
 */
export const permitsHeld = (p: ProducerState): number =>
  p.batch.length +
  p.pendingMessages.reduce((n, op) => n + op.msgs.length, 0) +
  (p.leakedPermits ?? 0);

/**
 * Who holds the permits and how many each: each message once, in queue order (pending ops, then
 * the open batch); a chunked message's ops hold one permit per chunk.
 */
export function permitCounts(p: ProducerState): [msg: string, permits: number][] {
  const counts = new Map<string, number>();
  for (const op of p.pendingMessages)
    for (const m of op.msgs) counts.set(m.msg, (counts.get(m.msg) ?? 0) + 1);
  for (const m of p.batch) counts.set(m.msg, (counts.get(m.msg) ?? 0) + 1);
  return [...counts];
}

/** Who holds the permits, for the notes: each message once, in queue order. */
export const permitHolders = (p: ProducerState): string[] => permitCounts(p).map(([msg]) => msg);

/** The queue is full for a send that needs `needed` permits (a chunked message one per chunk). */
export interface QueueFull {
  readonly max: number;
  readonly held: number;
  readonly needed: number;
}

/**
 * Would this send find the queue full? `needed` is 1, or the chunk count of a message a chunking
 * producer splits (Java `sendAsync` acquires `totalChunks - 1` more after the first; Go
 * `reserveSemaphore` one per chunk). Null when there is no limit or the permits are there.
 */
export function queueFull(cfg: ProducerConfig, p: ProducerState, needed: number): QueueFull | null {
  const max = cfg.maxPendingMessages;
  if (max === undefined) return null;
  const held = permitsHeld(p);
  return held + needed <= max ? null : { max, held, needed };
}

/**
 * A send that waits for permits: the producer blocks on a full queue, so the application's
 * `sendAsync` / `SendAsync` does not return (Java `semaphore.acquire()`, Go `publishSemaphore
 * .Acquire`) until receipts, failures or timeouts free enough of them. `neededFor` is the caller's
 * (ProducerImplChunking.ts `permitsNeeded`) count for this send, or null for a send that fails before it reserves anything.
 */
export function sendWaits(
  w: World,
  item: WorkloadItem,
  neededFor: (cfg: ProducerConfig, item: Extract<WorkloadItem, { kind: 'send' }>) => number | null,
): QueueFull | null {
  if (item.kind !== 'send') return null;
  const p = w.producers[item.producer]!;
  const cfg = w.config.producers.find((c) => c.name === item.producer)!;
  if (cfg.maxPendingMessages === undefined || !blocksIfQueueFull(cfg) || p.state === 'Failed')
    return null;
  const needed = neededFor(cfg, item);
  return needed === null ? null : queueFull(cfg, p, needed);
}

/** The client's words for the refusal: Java's exception, Go's error variable. */
export const queueFullError = (client: 'java' | 'go'): string =>
  client === 'java' ? 'ProducerQueueIsFullError' : 'ErrSendQueueIsFull';

/** The rule that refuses (or blocks) the send, per client. */
const queueFullRule = (client: 'java' | 'go'): string =>
  client === 'java' ? 'ProducerImpl.canEnqueueRequest' : 'partitionProducer.reserveSemaphore';

/**
 * A non-blocking producer's refusal: Java `canEnqueueRequest` (`semaphore.tryAcquire()` fails, the
 * callback completes with ProducerQueueIsFullError carrying the message's own sequence id, -1 when
 * the application gave none) and Go `reserveSemaphore` (`TryAcquire` fails, `sr.done` with
 * ErrSendQueueIsFull). Nothing is batched or written; the application's future fails at once.
 */
export function refuseQueueFull(
  ctx: Ctx,
  p: ProducerState,
  m: MsgRef,
  full: QueueFull,
  generated: boolean,
): void {
  const holders = permitHolders(p);
  const lost = p.leakedPermits
    ? `, ${p.leakedPermits} of them never given back after a refused chunked send`
    : '';
  const by = `${holders.length > 0 ? ` by ${holders.join(', ')}` : ''}${lost}`;
  const needs = full.needed > 1 ? `; ${m.msg} needs ${full.needed} (one per chunk)` : '';
  const id = !generated
    ? m.seq >= 0
      ? `its own sequence id ${m.seq}`
      : 'no sequence id taken'
    : `sequence id ${m.seq} already taken (updateMetaData)`;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${m.msg}: pending queue full (maxPendingMessages ${full.max}: ${full.held} ${full.held === 1 ? 'permit' : 'permits'} held${by}${needs}), ${p.client === 'java' ? 'blockIfQueueFull false' : 'DisableBlockIfQueueFull'}: refused, ${id}`,
      [m.msg],
      { cluster: p.cluster, rule: `${queueFullRule(p.client)}:queue-full` },
    ),
  );
  goChunkPermitsLost(ctx, p, m, full);
  completeOpFailure(
    ctx,
    p,
    unsentOp(frozen([m]), m.seq),
    queueFullError(p.client),
    `${queueFullRule(p.client)}:queue-full`,
  );
}

/**
 * Go `reserveSemaphore` takes a chunked message's permits one by one and stops at the first
 * `TryAcquire` that fails, having counted the ones it got in `sr.reservedSemaphore` — which nothing
 * reads: `sendRequest.done` calls `sr.semaphore.Release()` once. Of k ≥ 2 permits taken, k − 1 are
 * never given back, and the queue is that much smaller for the producer's life. Java releases
 * every one it took (`semaphoreRelease(i + 1)`, apache/pulsar#13454).
 */
function goChunkPermitsLost(ctx: Ctx, p: ProducerState, m: MsgRef, full: QueueFull): void {
  const taken = full.max - full.held;
  if (p.client !== 'go' || full.needed < 2 || taken < 2) return;
  p.leakedPermits = (p.leakedPermits ?? 0) + taken - 1;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${m.msg} took ${taken} of its ${full.needed} chunk permits before TryAcquire failed; sendRequest.done gives back 1: ${taken - 1} never come back`,
      [m.msg],
      { cluster: p.cluster, rule: 'sendRequest.done:one-release' },
    ),
  );
}
