// Go's blocked send whose context ends: `SendAsync(ctx, …)` runs `internalSendAsync` on the
// application's goroutine, and a producer that blocks (`DisableBlockIfQueueFull` false, Go's default)
// waits there in `reserveSemaphore` (`publishSemaphore.Acquire(sr.ctx)`) or `reserveMem`
// (`memLimit.ReserveMemory(sr.ctx, …)`), both of which give up when the context is done and return
// ErrContextExpired ("message send context expired"), which `sendRequest.done` hands to the callback
// (pulsar-client-go#534). Java's blocking `sendAsync` takes no context and waits without a deadline.
// The model has no clock: the expiry is the `context-expired` fault. docs/research/pending-queue.md.
import type { ProducerConfig, WorkloadItem } from '../model/config';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { nextWorkloadItem, permitsNeeded } from './application';
import { bypassesBatching } from './ProducerImplCanAddToBatch';
import { inUse, memoryWaits, type MemoryUse } from './MemoryLimitController';
import { permitHolders, type QueueFull, sendWaits } from './ProducerSemaphore';
import { completeOpFailure, unsentOp } from './SendCallback';
import { waitingSend } from './partitionProducerSend';

/** The application's send that waits in Go's `reserveResources`, and on what. */
export interface BlockedSend {
  readonly p: ProducerState;
  readonly cfg: ProducerConfig;
  readonly item: Extract<WorkloadItem, { kind: 'send' }>;
  readonly pos: number;
  /** Waiting for permits (`reserveSemaphore` runs first), else for memory (`reserveMem`). */
  readonly on: { readonly permits: QueueFull } | { readonly memory: MemoryUse };
}

/**
 * The workload's next send, when it is a Go producer's and the application waits in it: the
 * producer exists (`CreateProducer` returned), is not being closed, and its queue or its client's
 * memory is full (the same reads that keep the workload's send from being enabled, enabled.ts).
 */
export function blockedSend(w: World): BlockedSend | null {
  const next = nextWorkloadItem(w);
  if (!next || next.item.kind !== 'send') return null;
  const item = next.item;
  const p = w.producers[item.producer]!;
  if (p.client !== 'go' || w.channels[p.name] === undefined || p.state === 'Closing') return null;
  const cfg = w.config.producers.find((c) => c.name === p.name)!;
  const permits = sendWaits(w, item, permitsNeeded);
  if (permits) return { p, cfg, item, pos: next.pos, on: { permits } };
  const memory = memoryWaits(w, item, permitsNeeded);
  return memory ? { p, cfg, item, pos: next.pos, on: { memory } } : null;
}

/**
 * The send a context-expired fault can act on now, and whose it is: the app's Producers panel puts
 * its ⚡ beside that send's "waits in SendAsync" text (the send is in no pending queue yet). At
 * most one, the workload's next item; `contextExpiryReason` is null exactly for its message.
 */
export function contextExpiryTarget(
  w: World,
): { message: string; producer: string; written?: true } | null {
  const b = blockedSend(w);
  if (b) return { message: b.item.msg, producer: b.p.name };
  // Or a Go Send(ctx) handed over and waiting for its result (partitionProducerSend.ts).
  const s = waitingSend(w);
  return s ? { message: s.msg, producer: s.p.name, written: true } : null;
}

/** Why a context-expired fault on `msg` cannot act now (null when it can), for the menus. */
export function contextExpiryReason(w: World, msg: string): string | null {
  const b = blockedSend(w);
  if (b?.item.msg === msg || waitingSend(w)?.msg === msg) return null;
  const handed = Object.values(w.producers).find(
    (p) =>
      p.client === 'go' &&
      p.role === 'app' &&
      (p.batch.some((m) => m.msg === msg) ||
        p.pendingMessages.some((op) => op.msgs.some((m) => m.msg === msg))),
  );
  // pulsar-client-go#1422 reads SendAsync's context only up to the hand-over to the event loop.
  if (handed)
    return `${msg}'s SendAsync has returned: nothing reads its context after the hand-over (its callback will report the receipt); only a Send(ctx) ("sync": true) still waiting can see its context end`;
  return `no Go application is blocked in SendAsync of ${msg} (waiting for a permit or for memory)`;
}

/**
 * The context of the blocked `SendAsync` is done: `Acquire` / `ReserveMemory` return false, the
 * send fails with ErrContextExpired through `sr.done`, and the application goes on with its next
 * workload item. `updateMetaData` ran before the wait, so a non-batched message has taken its id
 * (the next send skips it); a batched one has none yet. What `sr.done` gives back: one permit if the
 * send took any (`sr.semaphore` is set by the first `Acquire`), and no memory (`sr.memLimit` is set
 * only once `reserveMem` succeeded). So a chunked message that took k ≥ 2 permits keeps k − 1 for
 * the producer's life, as a refused one does (ProducerSemaphore.ts).
 */
export function expireContext(ctx: Ctx, b: BlockedSend): void {
  const { p, cfg, item } = b;
  ctx.w.workloadPos = b.pos + 1;
  const sendIndex = ctx.w.sendsOf[item.msg] ?? 0;
  ctx.w.sendsOf[item.msg] = sendIndex + 1;
  const batched = cfg.batchingMaxMessages > 0 && !bypassesBatching(p.client, item);
  const seq = item.seq ?? (batched ? -1 : p.msgIdGenerator++);
  const m: MsgRef = frozen({
    msg: item.msg,
    seq,
    sendIndex,
    ...(item.size === undefined ? {} : { size: item.size }),
  });
  const again = sendIndex > 0 ? ' (resend)' : '';
  ctx.events.push(
    ev(
      'app',
      p.name,
      `${item.sync ? 'Send' : 'SendAsync'} ${item.msg}${seq >= 0 ? ` seq ${seq}` : ''}${again}`,
      [item.msg],
      {
        cluster: p.cluster,
        rule: 'partitionProducer.internalSendAsync',
      },
    ),
  );
  const id =
    item.seq !== undefined
      ? `its own sequence id ${item.seq}`
      : batched
        ? 'no sequence id taken (a batched message gets its id in the batch builder)'
        : `sequence id ${seq} taken (updateMetaData ran before the wait)`;
  const rule =
    'permits' in b.on
      ? 'partitionProducer.reserveSemaphore:context-expired'
      : 'partitionProducer.reserveMem:context-expired';
  const why =
    'permits' in b.on
      ? `publishSemaphore.Acquire(ctx) gives up: the pending queue is full (${queueWords(p, b.on.permits)})`
      : `memLimit.ReserveMemory(ctx, …) gives up: ${b.on.memory.client}'s memory is over its limit (${inUse(b.on.memory)})`;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${item.msg}: ${why}, the context is done: ErrContextExpired, ${id}`,
      [m.msg],
      {
        cluster: p.cluster,
        rule,
      },
    ),
  );
  keptPermits(ctx, b);
  completeOpFailure(ctx, p, unsentOp(frozen([m]), m.seq), 'ErrContextExpired', rule);
}

/** `maxPendingMessages 1: 1 permit held by M1` — as the refusal and the quiet end say it. */
function queueWords(p: ProducerState, full: QueueFull): string {
  const holders = permitHolders(p);
  const by = holders.length > 0 ? ` by ${holders.join(', ')}` : '';
  const lost = p.leakedPermits
    ? `, ${p.leakedPermits} of them never given back after a chunked send failed`
    : '';
  const needs = full.needed > 1 ? `; it needs ${full.needed}, one per chunk` : '';
  return `maxPendingMessages ${full.max}: ${full.held} ${full.held === 1 ? 'permit' : 'permits'} held${by}${lost}${needs}`;
}

/**
 * The chunk permits the expired send took and `sr.done` does not give back (it releases one).
 * Waiting for permits, it took those that were free (`Acquire` blocks on the first that is not);
 * waiting for memory, all of them (`reserveSemaphore` had succeeded). Only counted where the model
 * counts permits, with `maxPendingMessages` (Go's default 1000 is never reached here).
 */
function keptPermits(ctx: Ctx, b: BlockedSend): void {
  const needed = permitsNeeded(b.cfg, b.item) ?? 1;
  if (needed < 2 || b.cfg.maxPendingMessages === undefined) return;
  const taken = 'permits' in b.on ? b.on.permits.max - b.on.permits.held : needed;
  if (taken < 2) return;
  b.p.leakedPermits = (b.p.leakedPermits ?? 0) + taken - 1;
  ctx.events.push(
    ev(
      'log',
      b.p.name,
      `${b.item.msg} took ${taken} of its ${needed} chunk permits before its context ended; sendRequest.done gives back 1: ${taken - 1} never ${taken - 1 === 1 ? 'comes' : 'come'} back`,
      [b.item.msg],
      { cluster: b.p.cluster, rule: 'sendRequest.done:one-release' },
    ),
  );
}
