// Which fault kinds can ever act on a scenario: the kinds the explorer may place (a plan's kind or
// one variant of it), the storage each kind acts on, and the scenario's parts that decide it
// (FaultScope). Apart from faultPlan.ts because these judge a kind against a whole scenario — the
// validator, the explorer and the app's fault menus ask them — where that file holds what a plan
// writes.
import { FAULT_KINDS, type FaultKind } from './faultPlan';

/**
 * What the explorer may place: a fault kind, or one variant of a kind (extension:
 * `checksum-error:corrupted` / `checksum-error:intact` try only that buffer state;
 * `unload-topic:topic` places `pulsar-admin topics unload`, whose close waits for its clients, where
 * `unload-topic` places a bundle unload).
 */
export type ExploreFaultKind =
  FaultKind | 'checksum-error:corrupted' | 'checksum-error:intact' | 'unload-topic:topic';
export const EXPLORE_FAULT_KINDS: readonly ExploreFaultKind[] = [
  ...FAULT_KINDS,
  'checksum-error:corrupted',
  'checksum-error:intact',
  'unload-topic:topic',
];

/**
 * The storage a fault kind acts on (`applies` in sim/faults.ts): persist-fails only on abstract
 * storage (with bookies a write fails through BookKeeper's answers), slow-bookie and
 * ownership-change only on BookKeeper; the rest — unload-topic included — on either.
 */
const STORAGE_OF: Readonly<Record<string, 'abstract' | 'bookies'>> = {
  'persist-fails': 'abstract',
  'slow-bookie': 'bookies',
  'ownership-change': 'bookies',
  'restart-bookie': 'bookies',
};

/** Whether a fault of this kind (any of its names: a plan's, the explorer's, a menu's) can act on a cluster with (or without) bookies. */
export const kindFitsStorage = (kind: string, bookies: boolean): boolean => {
  const s = STORAGE_OF[kind];
  return s === undefined || (s === 'bookies') === bookies;
};

/** What decides whether a fault kind can ever apply: the scenario's clusters and senders. */
export interface FaultScope {
  readonly clusters: readonly {
    readonly brokers: readonly string[];
    readonly bookies: readonly string[];
  }[];
  readonly producers: readonly unknown[];
  readonly replication: unknown;
  /** Replication as a list of links (`replication: [...]`; then `replication` is null). */
  readonly replications?: readonly unknown[];
  /** The workload (absent: none): a Go `Send(ctx)` (`sync`) can see its context end. */
  readonly workload?: readonly unknown[];
  /** Subscriptions (absent: none): a message TTL expires theirs too. */
  readonly subscriptions?: readonly unknown[];
}

/**
 * Whether a fault of this kind could ever act in the scenario (the validator's and `applies`'
 * conditions): a cluster whose storage fits it (ownership-change also needs another broker to move
 * to), and, except for the bookie-side kinds, something that sends — restart-producer and
 * send-timeout an application producer (the replicator's runs with sendTimeout 0).
 */
export const faultKindApplies = (kind: ExploreFaultKind, scope: FaultScope): boolean =>
  faultKindBlocker(kind, scope) === null;

/** Why a fault of this kind can never act in the scenario, in words (null when it can): the same conditions. */
export function faultKindBlocker(kind: ExploreFaultKind, scope: FaultScope): string | null {
  if (kind === 'restart-producer' || kind === 'send-timeout')
    return scope.producers.length > 0
      ? null
      : kind === 'send-timeout'
        ? "no application producer; the replicator's runs with sendTimeout 0"
        : 'no application producer to restart';
  // Only a Go producer that blocks on a limit, or a Go Send(ctx), has a send that waits with a context.
  if (kind === 'context-expired')
    return scope.producers.some((p) => canWaitWithContext(p as ContextScope)) ||
      (scope.workload ?? []).some((i) => (i as { sync?: unknown }).sync === true)
      ? null
      : 'no Go producer that blocks on maxPendingMessages or memoryLimitBytes, and no Go Send(ctx) ("sync": true)';
  const storage = STORAGE_OF[kind];
  if (!scope.clusters.some((c) => kindFitsStorage(kind, c.bookies.length > 0)))
    return storage === 'abstract'
      ? 'every cluster has bookies, and it acts only on abstract storage'
      : 'no cluster has bookies';
  if (
    kind === 'ownership-change' &&
    !scope.clusters.some((c) => c.bookies.length > 0 && c.brokers.length > 1)
  )
    return 'no cluster with bookies has a second broker to move to';
  // Replication as one link or as a list (where `replication` is null): a replicator reads and sends either way.
  const replicated = scope.replication != null || (scope.replications?.length ?? 0) > 0;
  // A message TTL acts on cursors: a subscription's or a replicator's.
  if (kind === 'expire-messages')
    return replicated || (scope.subscriptions?.length ?? 0) > 0
      ? null
      : 'no subscription and no replication: no cursor to expire';
  // An ack in flight needs a consumer that sends its acks on their own.
  if (kind === 'lose-ack')
    return (scope.subscriptions ?? []).some((s) => (s as { acks?: string }).acks === 'in-flight')
      ? null
      : 'no subscription sends its acknowledgements in flight: none has "acks": "in-flight"';
  // A trim deletes ledgers a write closed: a topic nothing writes to never has one before its current.
  if (kind === 'trim-topic')
    return scope.producers.length > 0 || replicated
      ? null
      : 'nothing is written: no ledger ever closes for a trim to delete';
  const bookieSide =
    kind === 'slow-bookie' || kind === 'ownership-change' || kind === 'restart-bookie';
  return bookieSide || scope.producers.length > 0 || replicated ? null : 'nothing sends';
}

/** The producer options that decide whether a send can wait in Go's `reserveResources`. */
interface ContextScope {
  readonly client?: string;
  readonly maxPendingMessages?: number;
  readonly memoryLimitBytes?: number;
  readonly blockIfQueueFull?: boolean;
}

/**
 * Whether a producer's send can wait with a context that may end: a Go producer (Java's blocking
 * `sendAsync` has no deadline) that blocks (`DisableBlockIfQueueFull` false, Go's default) on a
 * limit the model counts — `maxPendingMessages` or its client's `memoryLimitBytes`.
 */
export const canWaitWithContext = (p: ContextScope): boolean =>
  p.client === 'go' &&
  p.blockIfQueueFull !== false &&
  (p.maxPendingMessages !== undefined || p.memoryLimitBytes !== undefined);
