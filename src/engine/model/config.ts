// The static part of a run: the scenario after validation and defaulting. It never changes
// during a run, so the world holds it by reference and fingerprints ignore it.
// Its clusters are in clusterConfig.ts, its producers and workload in producerConfig.ts, its fixes
// in fixes.ts, its fault plan in faultPlan.ts, its replication links in replicationLinks.ts, the
// sizes a message is measured against in messageSize.ts. What stays here is the whole Config and
// the reader side: subscriptions, the consumer's options, the explorer's bounds.
import type { ClusterConfig } from './clusterConfig';
import type { FaultSpec } from './faultPlan';
import type { ExploreFaultKind } from './faultScope';
import type { FixId } from './fixes';
import type { ProducerConfig, WorkloadItem } from './producerConfig';
import type { ReplicationConfig } from './replicationLinks';

// Every importer has found these here since before they had files of their own.
export * from './clusterConfig';
export * from './messageSize';
export * from './producerConfig';
export * from './replicationLinks';

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
