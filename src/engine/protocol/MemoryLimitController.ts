// The client's memory limit: Java `MemoryLimitController` (`ClientBuilder.memoryLimit`), which
// `ProducerImpl.canEnqueueRequest` reserves from and `releaseSemaphoreForSendOp` gives back to, and
// Go's `memoryLimitController` (`partitionProducer.reserveMem`, `sendRequest.done`). One budget of
// payload bytes for every producer of one client (`producers[].pulsarClient`). Like the pending
// queue's permits (ProducerSemaphore.ts), the bytes in use are read from the world — each message of
// an open batch or a pending op holds its `size`, a chunk its own payload — but for what no
// completion accounts for: Java gives back a chunked message's whole size at every chunk
// (`ProducerState.memoryOverReleased`). docs/research/pending-queue.md ("The client's memory limit").
import type { Config, ProducerConfig, WorkloadItem } from '../model/config';
import { ev } from '../model/events';
import type { OpSendMsg, ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { type Ctx, labelOf } from '../sim/context';
import { blocksIfQueueFull } from './ProducerSemaphore';

/** The producers of `cfg`'s client: those naming the same `pulsarClient`, or `cfg` alone. */
export const clientPeers = (config: Config, cfg: ProducerConfig): ProducerConfig[] =>
  cfg.pulsarClient === undefined
    ? [cfg]
    : config.producers.filter((x) => x.pulsarClient === cfg.pulsarClient);

/** A client's memory as its `MemoryLimitController` counts it. */
export interface MemoryUse {
  readonly limit: number;
  /** `currentUsage`: may fall below zero (Java's chunk release, below). */
  readonly used: number;
  /** Who holds the bytes, in producer then queue order: each message once, with its bytes. */
  readonly holders: readonly (readonly [msg: string, bytes: number])[];
  /** How the client is named in the notes: `client app`, or the producer's own client. */
  readonly client: string;
}

/** The memory of `cfg`'s client, or null when it has no limit. A send without `size` holds 0 bytes. */
export function memoryUse(w: World, cfg: ProducerConfig): MemoryUse | null {
  const limit = cfg.memoryLimitBytes;
  if (limit === undefined) return null;
  const held = new Map<string, number>();
  let overReleased = 0;
  for (const peer of clientPeers(w.config, cfg)) {
    const p = w.producers[peer.name];
    if (!p) continue;
    overReleased += p.memoryOverReleased ?? 0;
    for (const m of [...p.pendingMessages.flatMap((op) => op.msgs), ...p.batch])
      held.set(m.msg, (held.get(m.msg) ?? 0) + (m.size ?? 0));
  }
  const holders = [...held];
  const used = holders.reduce((n, [, b]) => n + b, 0) - overReleased;
  const client =
    cfg.pulsarClient === undefined ? `${cfg.name}'s client` : `client ${cfg.pulsarClient}`;
  return { limit, used, holders, client };
}

/**
 * `tryReserveMemory` fails only once the usage is already over the limit: "We allow one request to
 * go over the limit" (Java and Go alike), so a send of any size passes while usage ≤ limit.
 */
export const memoryExhausted = (use: MemoryUse): boolean => use.used > use.limit;

/** `1100 bytes in use by N1 (600), M1 (500)` — the words the refusal and the quiet end share. */
export function inUse(use: MemoryUse): string {
  const by = use.holders.filter(([, b]) => b > 0);
  const who = by.length > 0 ? ` by ${by.map(([m, b]) => `${m} (${b})`).join(', ')}` : '';
  return `memoryLimitBytes ${use.limit}: ${use.used} bytes in use${who}`;
}

/**
 * A blocking producer's send waits for memory (Java `canEnqueueRequest` →
 * `MemoryLimitController.reserveMemory`, Go `reserveMem` → `ReserveMemory`): not enabled while its
 * client's usage is over the limit. `bytesFor` is the caller's count of the send's bytes, or null
 * for a send that fails before it reserves anything (ProducerImplChunking.ts `permitsNeeded`).
 */
export function memoryWaits(
  w: World,
  item: WorkloadItem,
  reserves: (cfg: ProducerConfig, item: Extract<WorkloadItem, { kind: 'send' }>) => unknown,
): MemoryUse | null {
  if (item.kind !== 'send') return null;
  const cfg = w.config.producers.find((c) => c.name === item.producer)!;
  if (cfg.memoryLimitBytes === undefined || !blocksIfQueueFull(cfg)) return null;
  if (w.producers[item.producer]!.state === 'Failed' || reserves(cfg, item) === null) return null;
  const use = memoryUse(w, cfg);
  return use && memoryExhausted(use) ? use : null;
}

/**
 * Java `ProducerImpl.releaseSemaphoreForSendOp` gives back `op.uncompressedSize`, which
 * `OpSendMsg.create` takes from the `MessageImpl` — the whole message, for every chunk's op, while
 * `sendAsync` reserved it once (`canEnqueueRequest(…, uncompressedSize)`, then 0 per further chunk).
 * So each chunk's completion gives back the message's size less the chunk's own share too much, and
 * the client's usage ends below zero: the limit is that much larger for the client's life. Go gives
 * each chunk's request its slice (`reservedMem`, since pulsar-client-go#1055): exact. Called for
 * every op an app producer completes (SendCallback.ts), before its callback.
 */
export function releaseChunkMemory(ctx: Ctx, p: ProducerState, op: OpSendMsg): void {
  const m = op.msgs.length === 1 ? op.msgs[0]! : undefined;
  if (p.role !== 'app' || p.client !== 'java' || op.opId < 0 || !m?.chunk) return;
  const cfg = ctx.w.config.producers.find((c) => c.name === p.name);
  if (cfg?.memoryLimitBytes === undefined) return;
  const whole = messageSize(ctx.w.config, m.msg, m.sendIndex);
  const extra = whole - (m.size ?? 0);
  if (extra <= 0) return;
  p.memoryOverReleased = (p.memoryOverReleased ?? 0) + extra;
  const use = memoryUse(ctx.w, cfg)!;
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${labelOf(op.msgs)} gives back ${whole} bytes, ${m.msg}'s whole size, though it held ${m.size ?? 0}: ${use.client}'s usage is now ${use.used} bytes of ${use.limit}`,
      [m.msg],
      { cluster: p.cluster, rule: 'ProducerImpl.releaseSemaphoreForSendOp:chunk-whole-size' },
    ),
  );
}

/** The payload size the application gave its `sendIndex`-th send of `msg` (workload order). */
function messageSize(config: Config, msg: string, sendIndex: number): number {
  const sends = config.workload.filter((i) => i.kind === 'send' && i.msg === msg);
  const item = sends[sendIndex];
  return item?.kind === 'send' ? (item.size ?? 0) : 0;
}
