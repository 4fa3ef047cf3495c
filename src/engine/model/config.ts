// The static part of a run: the scenario after validation and defaulting. It never changes
// during a run, so the world holds it by reference and fingerprints ignore it.

export type FixId =
  | 'go-1565'
  | 'go-highest-sequence-id'
  | 'go-isolate-resends'
  | 'guard-rewind'
  | 'sentinel-not-confirmed'
  | 'fail-on-corrupt-head'
  | 'pr-24722'
  | 'pr-23697'
  | 'pr-25860';
export const FIX_IDS: readonly FixId[] = [
  'go-1565',
  'go-highest-sequence-id',
  'go-isolate-resends',
  'guard-rewind',
  'sentinel-not-confirmed',
  'fail-on-corrupt-head',
  'pr-24722',
  'pr-23697',
  'pr-25860',
];

/** One-way geo-replication of the topic (`GeoPersistentReplicator`). */
export interface ReplicationConfig {
  readonly from: string;
  readonly to: string;
  /** v2: PR 23697, dedup by source ledgerId:entryId; v1: by original producer name + sequence id. */
  readonly dedup: 'v1' | 'v2';
  /** `after-workload`: the replicator starts reading once the workload is done and idle. */
  readonly start: 'immediately' | 'after-workload';
  /** The replicator's producer name: `pulsar.repl.<from>--><to>` (`GeoPersistentReplicator`). */
  readonly producerName: string;
}

/**
 * The broker's `maxMessageSize` (ServiceConfiguration, default 5 MiB), which it announces in
 * `CommandConnected.max_message_size`. The clients refuse a bigger message themselves, before it
 * is sent (Java `ProducerImpl.sendAsync`, Go `partitionProducer.updateChunkInfo`), and a topic
 * policy at or above it is not checked by the broker ("already handled in client and
 * frameDecoder", `AbstractTopic.isExceedMaximumMessageSize`).
 */
export const BROKER_MAX_MESSAGE_SIZE = 5 * 1024 * 1024;

/** `ProducerConfigurationData.batchingMaxBytes` and Go's `defaultMaxBatchSize`: 128 KiB. */
export const DEFAULT_BATCHING_MAX_BYTES = 128 * 1024;

/**
 * `ServiceConfiguration.replicatorPrefix` ("pulsar.repl") and the dot after it: the broker treats a
 * producer whose name starts with it as a replicator (`Producer.isRemote`,
 * `Producer.isRemoteOrShadow`), whoever created it — an application producer named so included.
 */
export const REPLICATOR_PREFIX = 'pulsar.repl.';
export const isRemoteProducerName = (name: string): boolean => name.startsWith(REPLICATOR_PREFIX);

/** The key faults and the UI use for the replicator's producer. */
export const REPLICATOR = 'replicator';

export interface ClusterConfig {
  readonly name: string;
  readonly brokers: readonly string[];
  /** First ledger id of this cluster's topic: never 0 (see the scenario contract). */
  readonly firstLedgerId: number;
  readonly deduplication: boolean;
  /**
   * The topic's max message size policy in this cluster, in bytes (`topic.maxMessageSize`), or
   * null: `PersistentTopic.isExceedMaximumMessageSize` rejects a bigger entry with NotAllowedError
   * — only while the policy is below the broker's own `BROKER_MAX_MESSAGE_SIZE`.
   */
  readonly maxMessageSize: number | null;
  /**
   * `managedLedgerMaxEntriesPerLedger` (`ManagedLedgerConfig.maxEntriesPerLedger`) in this cluster
   * (`topic.maxEntriesPerLedger`): once the current ledger holds this many adds it is full
   * (`ManagedLedgerImpl.currentLedgerIsFull`) and rolls over. Absent: Pulsar's 50000, which no run
   * here reaches.
   */
  readonly maxEntriesPerLedger?: number;
  /** Ledgers that exist before the run; the last one is the current (open) ledger. */
  readonly initialLedgers: readonly InitialLedger[];
  /** Present: BookKeeper is modelled under the managed ledger (ensemble, quorums, fencing). */
  readonly bookies: readonly string[];
  readonly ledger: { readonly ensemble: number; readonly writeQuorum: number; readonly ackQuorum: number };
}

export interface SubscriptionConfig {
  readonly name: string;
  readonly cluster: string;
  /** The broker whose topic instance serves the consumer (default: the first broker). */
  readonly broker: string;
}

/**
 * A ledger that exists before the run: `entries` anonymous entries (named by position), then one
 * entry per `messages` item (extension: a source backlog that pre-exists, so the explorer need not
 * interleave the writes that made it).
 */
export interface InitialLedger {
  readonly id: number;
  readonly entries: number;
  readonly messages?: readonly { readonly msg: string; readonly producer: string; readonly seq: number }[];
}

export interface ProducerConfig {
  /** The producer's key in the scenario (workload, faults, action keys): unique. */
  readonly name: string;
  /**
   * The name it registers with the broker (`CommandProducer.producer_name`; Java `producerName`,
   * Go `ProducerOptions.Name`), which dedup keys by; default `name`. Two producers may share it:
   * on one topic the broker then refuses the second (`AbstractTopic.internalAddProducer`).
   */
  readonly producerName: string;
  readonly cluster: string;
  readonly client: 'java' | 'go';
  /** `batchingMaxMessages`; 0 = batching off. */
  readonly batchingMaxMessages: number;
  /**
   * `batchingMaxBytes` (Java) / `BatchingMaxSize` (Go): the payload bytes a batch may hold, default
   * 128 KiB. 0 means the broker's max message size in Java, and Go's default 128 KiB.
   */
  readonly batchingMaxBytes: number;
  readonly sequenceIds: 'auto' | 'explicit';
  /**
   * The `PulsarClient` (Java) / `pulsar.Client` (Go) that created it. Producers naming the same
   * client share its connection pool: one `ClientCnx` per broker (`ConnectionPool`, one connection
   * per broker by default), so a network drop closes every one of them at once. Absent: a client
   * of its own (every producer before this field existed).
   */
  readonly pulsarClient?: string;
}

export type WorkloadItem =
  | { readonly kind: 'send'; readonly msg: string; readonly producer: string; readonly seq?: number; readonly size?: number }
  | { readonly kind: 'flush'; readonly producer: string }
  | { readonly kind: 'await'; readonly producer: string };

export type Trigger =
  | { readonly step: number }
  /** Extension: fires once nothing but faults is enabled (the run would otherwise end). */
  | { readonly when: 'quiescent' }
  | {
      readonly event: 'sent' | 'received' | 'persisted' | 'acked';
      readonly message: string;
      readonly cluster?: string;
    };

export type FaultSpec =
  | { readonly kind: 'lose-receipt'; readonly message: string; readonly cluster: string }
  | { readonly kind: 'persist-fails'; readonly message: string; readonly cluster: string }
  | {
      readonly kind: 'checksum-error';
      readonly message: string;
      readonly cluster: string;
      readonly localBufferCorrupted: boolean;
    }
  | { readonly kind: 'not-allowed'; readonly message: string; readonly cluster: string; readonly times: number }
  | { readonly kind: 'disconnect'; readonly producer: string; readonly after: Trigger }
  | { readonly kind: 'restart-producer'; readonly producer: string; readonly after: Trigger }
  | { readonly kind: 'unload-topic'; readonly cluster: string; readonly after: Trigger }
  /**
   * An operator switches the topic's deduplication policy on or off while it runs
   * (`pulsar-admin topics set-deduplication`, or the namespace's): the broker's
   * `PersistentTopic.checkDeduplicationStatus` → `MessageDeduplication.checkStatus`.
   */
  | { readonly kind: 'set-deduplication'; readonly cluster: string; readonly enabled: boolean; readonly after: Trigger }
  | { readonly kind: 'ownership-change'; readonly cluster: string; readonly to: string; readonly after: Trigger }
  /**
   * The process of the broker serving the topic dies; `to` loads the topic after it (null: the
   * same broker, once it has restarted). Unlike ownership-change, the old owner never acts again.
   */
  | { readonly kind: 'restart-broker'; readonly cluster: string; readonly to: string | null; readonly after: Trigger }
  | { readonly kind: 'slow-bookie'; readonly bookie: string; readonly message?: string }
  /**
   * The bookie's process dies and comes back (one step): requests in flight to it and its answers
   * in flight are lost, what it journaled (entries, fenced flags) stays, and the writer's adds still
   * waiting for it fail (BookieHandleNotAvailable) into an ensemble change or a rollover.
   */
  | { readonly kind: 'restart-bookie'; readonly bookie: string; readonly after: Trigger }
  /**
   * The application producer's send timer fires while `message` is pending (it has waited longer
   * than sendTimeoutMs); optionally only once `after` fired. The replicator's producer has
   * sendTimeout 0, so it never applies to it.
   */
  | { readonly kind: 'send-timeout'; readonly message: string; readonly after?: Trigger }
  | {
      readonly kind: 'duplicate-frames';
      readonly producer: string;
      readonly atSend: number;
      readonly frames: readonly string[];
    };

export type FaultKind = FaultSpec['kind'];
export const FAULT_KINDS: readonly FaultKind[] = [
  'lose-receipt',
  'persist-fails',
  'checksum-error',
  'not-allowed',
  'disconnect',
  'restart-producer',
  'send-timeout',
  'unload-topic',
  'duplicate-frames',
  'ownership-change',
  'slow-bookie',
  'restart-broker',
  'restart-bookie',
  'set-deduplication',
];

/**
 * What the explorer may place: a fault kind, or one variant of a kind (extension:
 * `checksum-error:corrupted` / `checksum-error:intact` try only that buffer state).
 */
export type ExploreFaultKind = FaultKind | 'checksum-error:corrupted' | 'checksum-error:intact';
export const EXPLORE_FAULT_KINDS: readonly ExploreFaultKind[] = [...FAULT_KINDS, 'checksum-error:corrupted', 'checksum-error:intact'];

export interface ExploreConfig {
  readonly kinds: readonly ExploreFaultKind[];
  readonly max: number;
  readonly maxDepth: number;
  readonly maxStates: number;
}

export interface Config {
  readonly id: string;
  readonly title: string;
  readonly clusters: readonly ClusterConfig[];
  readonly producers: readonly ProducerConfig[];
  readonly workload: readonly WorkloadItem[];
  readonly replication: ReplicationConfig | null;
  readonly subscriptions: readonly SubscriptionConfig[];
  readonly fixes: readonly FixId[];
  readonly faults: readonly FaultSpec[];
  /** The scenario's `explore` block: bounds and the faults the explorer may place. */
  readonly explore: ExploreConfig | null;
  /** Set only by the explorer: fault kinds it places as actions, and how many per run. */
  readonly faultBudget: { readonly kinds: readonly ExploreFaultKind[]; readonly max: number } | null;
}

export const hasFix = (config: Config, fix: FixId): boolean => config.fixes.includes(fix);

/** The replicator's dedup as it runs: `replication.dedup`, or V2 with the `pr-23697` toggle on. */
export const replicationDedup = (config: Config): 'v1' | 'v2' | null =>
  config.replication === null ? null : hasFix(config, 'pr-23697') ? 'v2' : config.replication.dedup;

/**
 * Whether a fix can change anything in this model: the class it changes is modelled here. Go
 * `partitionProducer` fixes need a Go producer; seed 000's proposals change the replicator
 * (`PersistentReplicator`, `ProducerImpl.recoverChecksumError` of its producer) and, for the
 * sentinel, the V2 `GeoReplicationProducerImpl`; PR 24722 changes `ManagedLedgerImpl` over bookies;
 * PR 25860 changes how the target's `MessageDeduplication` replays V2 watermarks.
 */
export function fixApplies(config: Config, fix: FixId): boolean {
  switch (fix) {
    case 'go-1565':
    case 'go-highest-sequence-id':
    case 'go-isolate-resends':
      return config.producers.some((p) => p.client === 'go');
    case 'guard-rewind':
    case 'fail-on-corrupt-head':
      return config.replication !== null;
    case 'sentinel-not-confirmed':
      return replicationDedup(config) === 'v2';
    case 'pr-24722':
      return config.clusters.some((c) => c.bookies.length > 0);
    case 'pr-23697':
      // The toggle of a V1 replication's `replication.dedup` (V2 already is this fix).
      return config.replication?.dedup === 'v1';
    case 'pr-25860':
      // Only the V2 `_LID`/`_EID` watermarks change, and only a target that deduplicates keeps them.
      return replicationDedup(config) === 'v2' && config.clusters.some((c) => c.name === config.replication!.to && c.deduplication);
  }
}

export const applicableFixes = (config: Config): FixId[] => FIX_IDS.filter((f) => fixApplies(config, f));

/** The fixes a comparison adds one at a time: those that apply and are not on already. */
export const fixesToCompare = (config: Config): FixId[] => applicableFixes(config).filter((f) => !config.fixes.includes(f));

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
  readonly clusters: readonly { readonly brokers: readonly string[]; readonly bookies: readonly string[] }[];
  readonly producers: readonly unknown[];
  readonly replication: unknown;
}

/**
 * Whether a fault of this kind could ever act in the scenario (the validator's and `applies`'
 * conditions): a cluster whose storage fits it (ownership-change also needs another broker to move
 * to), and, except for the bookie-side kinds, something that sends — restart-producer and
 * send-timeout an application producer (the replicator's runs with sendTimeout 0).
 */
export const faultKindApplies = (kind: ExploreFaultKind, scope: FaultScope): boolean => faultKindBlocker(kind, scope) === null;

/** Why a fault of this kind can never act in the scenario, in words (null when it can): the same conditions. */
export function faultKindBlocker(kind: ExploreFaultKind, scope: FaultScope): string | null {
  if (kind === 'restart-producer' || kind === 'send-timeout')
    return scope.producers.length > 0 ? null : kind === 'send-timeout' ? "no application producer; the replicator's runs with sendTimeout 0" : 'no application producer to restart';
  const storage = STORAGE_OF[kind];
  if (!scope.clusters.some((c) => kindFitsStorage(kind, c.bookies.length > 0)))
    return storage === 'abstract' ? 'every cluster has bookies, and it acts only on abstract storage' : 'no cluster has bookies';
  if (kind === 'ownership-change' && !scope.clusters.some((c) => c.bookies.length > 0 && c.brokers.length > 1)) return 'no cluster with bookies has a second broker to move to';
  const bookieSide = kind === 'slow-bookie' || kind === 'ownership-change' || kind === 'restart-bookie';
  return bookieSide || scope.producers.length > 0 || scope.replication != null ? null : 'nothing sends';
}
