// The Producers panel's memory row: the client's `MemoryLimitController` (Java
// `ClientBuilder.memoryLimit`, Go `ClientOptions.MemoryLimitBytes`) as the rules count it — bytes
// in use against the limit, who holds them, and the application's send that waits for them. The
// budget is the client's, shared by every producer of one `pulsarClient`, so each of their cards
// shows the same usage: a reader of pa's card must see that pb's N1 holds the bytes pa waits for.
// Only for a producer with `memoryLimitBytes` (without it there is no controller to show). Read
// through protocol/MemoryLimitController.ts, so the row cannot disagree with a wait, a refusal or
// the quiet end's note.
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { nextWorkloadItem, permitsNeeded } from '../protocol/application';
import {
  clientPeers,
  memoryExhausted,
  memoryUse,
  memoryWaits,
  type MemoryUse,
} from '../protocol/MemoryLimitController';
import { blocksIfQueueFull } from '../protocol/ProducerSemaphore';

export interface MemoryLimitView {
  /** How the client is named: `client app` (a shared `pulsarClient`) or `pa's client`. */
  readonly client: string;
  /** The producers of that client, this one included (config order). */
  readonly producers: readonly string[];
  /** `currentUsage` in bytes (may be below zero: Java's chunk release). */
  readonly used: number;
  readonly limit: number;
  /** e.g. "1,100 of 1,000 bytes in use (N1 1,100) — over the limit: pa's next send waits for bytes to come back". */
  readonly usage: string;
  /** The usage is above the limit: `tryReserveMemory` fails for the next send. */
  readonly over: boolean;
  /**
   * The application's next send, when a producer of this client makes it and it waits for memory
   * (blocking): "pa's send of M1 waits in sendAsync for memory". Null otherwise.
   */
  readonly waiting: string | null;
  /** The usage or its holders differ from the previous step's. */
  readonly changed: boolean;
}

const n = (x: number) => x.toLocaleString('en-US');

function usageText(use: MemoryUse, blocks: boolean, p: ProducerState): string {
  const by = use.holders.filter(([, b]) => b > 0);
  const who = by.length > 0 ? ` (${by.map(([m, b]) => `${m} ${n(b)}`).join(', ')})` : '';
  const base = `${n(use.used)} of ${n(use.limit)} bytes in use${who}`;
  if (!memoryExhausted(use)) return base;
  // Java MemoryBufferIsFullError (canEnqueueRequest), Go ErrMemoryBufferIsFull (reserveMem).
  const refused = p.client === 'java' ? 'MemoryBufferIsFullError' : 'ErrMemoryBufferIsFull';
  return `${base} — over the limit: ${p.name}'s next send ${blocks ? 'waits for bytes to come back' : `is refused (${refused})`}`;
}

/** The row's view, or null for a producer whose client has no memory limit. */
export function memoryLimitView(
  world: World,
  p: ProducerState,
  prevWorld: World | undefined,
): MemoryLimitView | null {
  const cfg = world.config.producers.find((c) => c.name === p.name);
  const use = cfg ? memoryUse(world, cfg) : null;
  if (!cfg || !use) return null;
  const next = nextWorkloadItem(world)?.item;
  const peers = clientPeers(world.config, cfg).map((c) => c.name);
  // The same judgement the run (enabled.ts) and the quiet end (check/quiet.ts) make.
  const waits =
    next?.kind === 'send' &&
    peers.includes(next.producer) &&
    memoryWaits(world, next, permitsNeeded);
  const prev = prevWorld ? memoryUse(prevWorld, cfg) : null;
  return {
    client: use.client,
    producers: peers,
    used: use.used,
    limit: use.limit,
    usage: usageText(use, blocksIfQueueFull(cfg), p),
    over: memoryExhausted(use),
    waiting:
      waits && next?.kind === 'send'
        ? `${next.producer}'s send of ${next.msg} waits in ${world.producers[next.producer]?.client === 'go' ? 'SendAsync' : 'sendAsync'} for memory`
        : null,
    changed:
      prevWorld !== undefined &&
      (prev === null ||
        prev.used !== use.used ||
        prev.holders.map((h) => h.join()).join() !== use.holders.map((h) => h.join()).join()),
  };
}
