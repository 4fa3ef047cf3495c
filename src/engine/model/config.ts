// The static part of a run: the scenario after validation and defaulting. It never changes
// during a run, so the world holds it by reference and fingerprints ignore it.
// Its fixes are in fixes.ts, its fault plan in faultPlan.ts, its replication links in
// replicationLinks.ts, the sizes a message is measured against in messageSize.ts.
import type { ExploreFaultKind, FaultSpec } from './faultPlan';
import type { FixId } from './fixes';
import type { ReplicationConfig } from './replicationLinks';

// Every importer has found these here since before they had files of their own.
export * from './messageSize';
export * from './replicationLinks';

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
  /**
   * `managedLedgerMaxUnackedRangesToPersist` in this cluster (`topic.maxUnackedRangesToPersist`):
   * how many individually deleted ranges a cursor write keeps (ManagedCursorLedger.ts). Absent:
   * Pulsar's 10,000, which no run here reaches.
   */
  readonly maxUnackedRangesToPersist?: number;
  /**
   * The broker's dedup snapshots and inactive-producer purge, where the scenario opts in
   * (`topic.deduplicationEntriesInterval`, `…SnapshotTimer`, `…InactivityPurge`,
   * `…MaxNumberOfProducers`; MessageDeduplicationSnapshot.ts, MessageDeduplicationPurge.ts).
   * Absent: none of them, as before.
   */
  readonly dedupHousekeeping?: DedupHousekeeping;
  /** Ledgers that exist before the run; the last one is the current (open) ledger. */
  readonly initialLedgers: readonly InitialLedger[];
  /** Present: BookKeeper is modelled under the managed ledger (ensemble, quorums, fencing). */
  readonly bookies: readonly string[];
  readonly ledger: {
    readonly ensemble: number;
    readonly writeQuorum: number;
    readonly ackQuorum: number;
  };
}

/**
 * `MessageDeduplication`'s housekeeping settings (broker.conf): `entriesInterval` —
 * `brokerDeduplicationEntriesInterval`, a snapshot every N recorded writes; `snapshotTimer` —
 * `brokerDeduplicationSnapshotIntervalSeconds` > 0, the timer's snapshot as an action
 * (`dedup-snapshot:<cluster>`); `inactivityPurge` — `brokerDeduplicationProducerInactivityTimeoutMinutes`,
 * the purge of a producer gone longer than it as an action (`dedup-purge:<cluster>:<name>`);
 * `maxNumberOfProducers` — `brokerDeduplicationMaxNumberOfProducers`, the names a snapshot keeps.
 */
export interface DedupHousekeeping {
  readonly entriesInterval?: number;
  readonly snapshotTimer?: true;
  readonly inactivityPurge?: true;
  readonly maxNumberOfProducers?: number;
}

export interface SubscriptionConfig {
  readonly name: string;
  readonly cluster: string;
  /** The broker whose topic instance serves the consumer (default: the first broker). */
  readonly broker: string;
  /**
   * Extension `acks: "in-flight"`: the consumer's acknowledgement travels to the broker as its own
   * CommandAck, and the broker persists the mark-delete as a step of its own (ConsumerAcks.ts).
   * Absent: received and acknowledged in one step, as before.
   */
  readonly acks?: 'in-flight';
  /** Extension: the opt-in invariants this subscription is judged by (`received-once`). */
  readonly invariants?: readonly 'received-once'[];
  /**
   * Extension (with `acks: "in-flight"`): the messages the application negatively acknowledges
   * (`Consumer.negativeAcknowledge`) the first time it receives them (NegativeAcksTracker.ts).
   */
  readonly negativeAcknowledge?: readonly string[];
  /**
   * Extension `ackTimeout: true` (with `acks: "in-flight"`): the application acknowledges each entry
   * in a step of its own (`acknowledge:`), and the UnAckedMessageTracker's timer (`ack-timeout:`) may
   * ask for what it has not acknowledged yet (UnAckedMessageTracker.ts).
   */
  readonly ackTimeout?: true;
}

/**
 * A ledger that exists before the run: `entries` anonymous entries (named by position), then one
 * entry per `messages` item (extension: a source backlog that pre-exists, so the explorer need not
 * interleave the writes that made it).
 */
export interface InitialLedger {
  readonly id: number;
  readonly entries: number;
  readonly messages?: readonly {
    readonly msg: string;
    readonly producer: string;
    readonly seq: number;
  }[];
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
  /**
   * Java `ProducerBuilder.enableChunking(true)` / Go `ProducerOptions.EnableChunking` (batching
   * off): a message over the broker's maxMessageSize is split into chunks (`ProducerImpl.sendAsync`,
   * Go `partitionProducer.internalSend`), each its own CommandSend and entry with the same sequence
   * id. Absent: off (every producer before this field existed).
   */
  readonly chunking?: true;
  /**
   * Java `ProducerBuilder.chunkMaxMessageSize` / Go `ProducerOptions.ChunkMaxMessageSize`: a cap on
   * one chunk's payload, taken only when it is smaller than what the connection allows (Java
   * `setChunkMaxMessageSize` keeps min(it, maxMessageSize), then `sendAsync` min(that, maxMessageSize
   * less the metadata); Go `updateChunkInfo` the same min). A message over it is chunked even when it
   * would fit one frame. Only with `chunking`. Absent: the broker's maxMessageSize less the metadata.
   */
  readonly chunkMaxMessageSize?: number;
  /**
   * Java `ProducerBuilder.maxPendingMessages` / Go `ProducerOptions.MaxPendingMessages`: the permits
   * of the producer's semaphore (Java `ProducerImpl.semaphore`, Go `partitionProducer
   * .publishSemaphore`). A message takes one when the application sends it (a chunked message one
   * per chunk) and gives it back when its send completes — a receipt, a failure or a timeout. Absent:
   * no count limit (Java's default since 2.10, PIP-120; Go's default is 1000, which no scenario here
   * comes near).
   */
  readonly maxPendingMessages?: number;
  /**
   * Java `ProducerBuilder.blockIfQueueFull` (default false) / Go `!ProducerOptions
   * .DisableBlockIfQueueFull` (default true): with the queue full, the application's send waits for
   * a permit instead of failing at once. Absent: the client's default (`blocksIfQueueFull`).
   */
  readonly blockIfQueueFull?: boolean;
  /**
   * The memory limit of the producer's client (Java `ClientBuilder.memoryLimit`, kept in
   * `ClientConfigurationData.memoryLimitBytes`; Go `ClientOptions.MemoryLimitBytes`), in bytes: one
   * budget of message payload bytes (`size`) shared by every producer of the client
   * (`MemoryLimitController`), taken when the application sends and given back when the send
   * completes. Every producer of one `pulsarClient` gives the same value (scenario/memoryLimit.ts).
   * Absent: no limit (the clients default to 64 MiB, which no scenario here comes near).
   */
  readonly memoryLimitBytes?: number;
}

/**
 * What Java `TypedMessageBuilderImpl.disableReplication()` and Go `partitionProducer.updateMetaData`
 * (for `DisableReplication`) put in `replicate_to`: a name no cluster has, so every replicator skips
 * the message.
 */
export const LOCAL_ONLY = '__local__';

export type WorkloadItem =
  | {
      readonly kind: 'send';
      readonly msg: string;
      readonly producer: string;
      readonly seq?: number;
      readonly size?: number;
      /**
       * The message's `MessageMetadata.replicate_to` (extension): Java
       * `TypedMessageBuilder.replicationClusters(List)`, Go `ProducerMessage.ReplicationClusters`,
       * or `[LOCAL_ONLY]` for `disableReplication()` / `DisableReplication`. Absent or empty: no
       * restriction (`MessageImpl.hasReplicateTo()` is false for an empty list).
       */
      readonly replicateTo?: readonly string[];
      /** The scenario said `disableReplication: true` (kept for the editor; `replicateTo` is `[LOCAL_ONLY]`). */
      readonly disableReplication?: true;
      /**
       * Delayed delivery (extension): Java `TypedMessageBuilder.deliverAfter`, Go
       * `ProducerMessage.DeliverAfter`, in ms. The metadata's `deliver_at_time` makes the message
       * bypass batching (Java `ProducerImpl.canAddToBatch`, Go `updateMetaData`'s sendAsBatch).
       */
      readonly deliverAfter?: number;
      /**
       * Go's synchronous `Send(ctx, …)` (extension, Go only): the application waits for the result
       * and its batch is flushed at once (`flushImmediately`); its context may end while it waits
       * (the `context-expired` fault). Absent: `SendAsync`.
       */
      readonly sync?: true;
    }
  | { readonly kind: 'flush'; readonly producer: string }
  | { readonly kind: 'await'; readonly producer: string };

/** The Java consumer options a run's readers have (`ConsumerConfigurationData`). */
export interface ConsumerConfig {
  readonly maxPendingChunkedMessage: number;
  readonly autoAckOldestChunkedMessageOnQueueFull: boolean;
  /**
   * `expireTimeOfIncompleteChunkedMessageMillis` as the scenario gives it (absent: the expiry is not
   * modelled). The model has no clock: above 0 the expiry timer is an action the schedule or the
   * explorer may take while an incomplete chunked message is open; 0 turns it off, as in Java.
   */
  readonly expireTimeOfIncompleteChunkedMessageMillis?: number;
}

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
  /** The one link of a scenario with a single `replication` object (or a one-element array). */
  readonly replication: ReplicationConfig | null;
  /**
   * Set only with two or more links (`replication` is then null): absent otherwise, so a one-link
   * run's config, world and trace stay byte-identical. Read both through `replicationLinks`.
   */
  readonly replications?: readonly ReplicationConfig[];
  readonly subscriptions: readonly SubscriptionConfig[];
  /** The scenario's `consumer` block: absent when it has none (see `readConsumer`). */
  readonly consumer?: ConsumerConfig;
  readonly fixes: readonly FixId[];
  readonly faults: readonly FaultSpec[];
  /** The scenario's `explore` block: bounds and the faults the explorer may place. */
  readonly explore: ExploreConfig | null;
  /** Set only by the explorer: fault kinds it places as actions, and how many per run. */
  readonly faultBudget: {
    readonly kinds: readonly ExploreFaultKind[];
    readonly max: number;
  } | null;
}
