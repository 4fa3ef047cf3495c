// The Producers panel's pending-queue row: the permits of a producer's semaphore (Java
// `ProducerImpl.semaphore`, Go `partitionProducer.publishSemaphore`) in Pulsar's words, so a
// reader sees why a blocking send waits (every permit held, and by whom) and, for Go, the permits a
// refused chunked send never gave back. Only for a producer with `maxPendingMessages`: without a
// count limit there is no semaphore to show. The permits are read exactly as the rules read them
// (protocol/ProducerSemaphore.ts), so the row cannot disagree with a refusal or a wait.
import { sendAsyncCall } from '../model/clientCalls';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { nextWorkloadItem, permitsNeeded } from '../protocol/application';
import {
  blocksIfQueueFull,
  permitCounts,
  permitsHeld,
  queueFullError,
  sendWaits,
} from '../protocol/ProducerSemaphore';

export interface PendingQueueView {
  /** `maxPendingMessages`: the semaphore's permits. */
  readonly max: number;
  /** Permits taken: the open batch's messages, each pending op's, and any never given back. */
  readonly held: number;
  /** The messages holding them, in queue order; `×k` after one holding k (a chunk op holds one each). */
  readonly holders: readonly string[];
  /** Go: permits a refused chunked send took and `sendRequest.done` never released (0 otherwise). */
  readonly leaked: number;
  readonly blocks: boolean;
  /** e.g. "permits 1 of 1 held (N1) — blocks when full". */
  readonly permits: string;
  /** e.g. "2 of 3 never given back (sendRequest.done releases one)"; null when none were kept. */
  readonly leak: string | null;
  /**
   * The application's next send, when it is this producer's and waits for permits (the producer
   * blocks on a full queue): "N2 waits in sendAsync for a permit" (Go: SendAsync). Null otherwise.
   * Before UX review 19 only the end notes said so, once the run was over: at steps 8–10 of
   * pending-queue-full-blocks N2 was in no panel, and Next actions did not offer it.
   */
  readonly waiting: string | null;
  /** The held permits, their holders or the kept ones differ from the previous step's. */
  readonly changed: boolean;
}

/** Each holder once, in queue order, `×k` after one holding k permits. */
const holdersOf = (p: ProducerState): string[] =>
  permitCounts(p).map(([msg, n]) => (n > 1 ? `${msg} ×${n}` : msg));

/**
 * The row's view, or null for a producer with no count limit (the replicator's producer has no
 * scenario config and no limit). `prev` is the same producer at the previous step, if any.
 */
export function pendingQueueView(
  world: World,
  p: ProducerState,
  prev: ProducerState | undefined,
  hasPrev: boolean,
): PendingQueueView | null {
  const cfg = world.config.producers.find((c) => c.name === p.name);
  const max = cfg?.maxPendingMessages;
  if (cfg === undefined || max === undefined) return null;
  const held = permitsHeld(p);
  const holders = holdersOf(p);
  const leaked = p.leakedPermits ?? 0;
  const blocks = blocksIfQueueFull(cfg);
  const by = holders.length > 0 ? ` (${holders.join(', ')})` : '';
  // The same judgement the run and the end notes make (application.ts, check/quiet.ts).
  const next = nextWorkloadItem(world)?.item;
  const full =
    next?.kind === 'send' && next.producer === p.name
      ? sendWaits(world, next, permitsNeeded)
      : null;
  const sendAsync = sendAsyncCall(p.client);
  const waiting =
    next?.kind !== 'send' || full === null
      ? null
      : full.needed === 1
        ? `${next.msg} waits in ${sendAsync} for a permit`
        : `${next.msg} waits in ${sendAsync} for ${full.needed} permits (one per chunk)${full.needed > full.max ? `, more than the queue's ${full.max}` : ''}`;
  const whenFull = blocks ? 'blocks when full' : `refuses when full (${queueFullError(p.client)})`;
  const same =
    prev !== undefined &&
    permitsHeld(prev) === held &&
    (prev.leakedPermits ?? 0) === leaked &&
    holdersOf(prev).join() === holders.join();
  return {
    max,
    held,
    holders,
    leaked,
    blocks,
    permits: `permits ${held} of ${max} held${by} — ${whenFull}`,
    // Only Go keeps permits (Java's canEnqueueRequest releases every one it took, #13454).
    leak:
      leaked > 0 ? `${leaked} of ${max} never given back (sendRequest.done releases one)` : null,
    waiting,
    changed: hasPrev && !same,
  };
}
