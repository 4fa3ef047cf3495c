// What the scenario's `clusters` say: each cluster's brokers, topic policies and broker settings
// (dedup and its housekeeping, max message size, ledger rollover, cursor ranges), the ledgers its
// topic has before the run, and the BookKeeper under its managed ledger. Apart from config.ts
// because these are the broker side, which the validator's clusters.ts, ledgers.ts and
// dedupHousekeeping.ts build and sim/init.ts lays out; config.ts re-exports them.

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
