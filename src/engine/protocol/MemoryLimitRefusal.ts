// Which check refuses a non-blocking send, the pending queue's permits or the client's memory, and
// the memory refusal itself: Java `ProducerImpl.canEnqueueRequest` (`tryAcquire`, then
// `MemoryLimitController.tryReserveMemory`, MemoryBufferIsFullError) and Go
// `partitionProducer.reserveResources` (`reserveSemaphore` for every chunk, then `reserveMem`,
// ErrMemoryBufferIsFull). docs/research/pending-queue.md ("The client's memory limit").
import type { ProducerConfig } from '../model/config';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { inUse, memoryExhausted, memoryUse, type MemoryUse } from './MemoryLimitController';
import { permitsHeld, type QueueFull, queueFull } from './ProducerSemaphore';
import { completeOpFailure, unsentOp } from './SendCallback';

export type Refusal =
  | { readonly kind: 'queue'; readonly full: QueueFull }
  | { readonly kind: 'memory'; readonly use: MemoryUse; readonly ownChunks: boolean };

/**
 * The first check a send of `needed` permits (one per chunk) and `size` bytes fails, in the order
 * the client runs them, or null. Java: `canEnqueueRequest(…, size)` — a permit, then the memory —
 * and, for a chunked message, `canEnqueueRequest(…, 0)` once per further chunk: a permit, then
 * `tryReserveMemory(0)`, which fails once the message's own reservation took the usage over the
 * limit. Go: all the chunk permits (`reserveSemaphore`), then the memory (`reserveMem`).
 */
export function refusalOf(
  w: World,
  cfg: ProducerConfig,
  p: ProducerState,
  needed: number,
  size: number,
): Refusal | null {
  const full = queueFull(cfg, p, needed);
  const use = memoryUse(w, cfg);
  const queue = full ? ({ kind: 'queue', full } as const) : null;
  if (!use) return queue;
  const memory = (ownChunks: boolean) => ({ kind: 'memory', use, ownChunks }) as const;
  if (p.client === 'go') return queue ?? (memoryExhausted(use) ? memory(false) : null);
  const avail =
    cfg.maxPendingMessages === undefined ? Infinity : cfg.maxPendingMessages - permitsHeld(p);
  if (avail < 1) return queue;
  if (memoryExhausted(use)) return memory(false);
  if (needed < 2) return queue;
  if (avail < 2) return queue;
  if (use.used + size > use.limit) return memory(true);
  return queue;
}

/**
 * The memory refusal: nothing is batched or written, the application's future fails at once. Java
 * refuses before `updateMessageMetadataSequenceId` (no id taken; a chunked message's reservation
 * and permits are all given back: `releaseMemory(uncompressedSize)`, `semaphoreRelease(i + 1)`).
 * Go took a non-batched message's id in `updateMetaData`, and `sendRequest.done` releases one
 * permit of the chunk permits `reserveSemaphore` took: with `maxPendingMessages`, the others stay
 * taken (as for a full queue, ProducerSemaphore.ts).
 */
export function refuseMemoryFull(
  ctx: Ctx,
  p: ProducerState,
  m: MsgRef,
  r: Extract<Refusal, { kind: 'memory' }>,
  needed: number,
  size: number,
  generated: boolean,
): void {
  const java = p.client === 'java';
  const rule = java ? 'ProducerImpl.canEnqueueRequest' : 'partitionProducer.reserveMem';
  const id = !generated
    ? m.seq >= 0
      ? `its own sequence id ${m.seq}`
      : 'no sequence id taken'
    : `sequence id ${m.seq} already taken (updateMetaData)`;
  const why = r.ownChunks
    ? `its own ${size} bytes took ${r.use.client}'s usage from ${r.use.used} to ${r.use.used + size}, over memoryLimitBytes ${r.use.limit}, so canEnqueueRequest(…, 0) for its second chunk finds the buffer full`
    : `${r.use.client}'s memory is over its limit (${inUse(r.use)})`;
  const mode = java ? 'blockIfQueueFull false' : 'DisableBlockIfQueueFull';
  ctx.events.push(
    ev('log', p.name, `${m.msg}: ${why}, ${mode}: refused, ${id}`, [m.msg], {
      cluster: p.cluster,
      rule: `${rule}:memory-full`,
    }),
  );
  const cfg = ctx.w.config.producers.find((c) => c.name === p.name)!;
  if (!java && needed >= 2 && cfg.maxPendingMessages !== undefined) {
    p.leakedPermits = (p.leakedPermits ?? 0) + needed - 1;
    ctx.events.push(
      ev(
        'log',
        p.name,
        `${m.msg} took its ${needed} chunk permits before reserveMem failed; sendRequest.done gives back 1: ${needed - 1} never come back`,
        [m.msg],
        { cluster: p.cluster, rule: 'sendRequest.done:one-release' },
      ),
    );
  }
  completeOpFailure(
    ctx,
    p,
    unsentOp(frozen([m]), m.seq),
    java ? 'MemoryBufferIsFullError' : 'ErrMemoryBufferIsFull',
    `${rule}:memory-full`,
  );
}
