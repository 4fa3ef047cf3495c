// The world is plain data: JSON-shaped, no classes, no functions, no Maps. `step` clones it and
// applies one action, so every step of a trace is an immutable snapshot the UI can show and the
// explorer can fingerprint. Names follow Pulsar's own (ProducerImpl, MessageDeduplication, …).
// Each component's state lives in the file named after it: producer.ts, connection.ts, topic.ts,
// replicator.ts, bookkeeper.ts.
import { type Config, REPLICATOR, type ReplicationLink } from './config';
import type { Channel } from './connection';
import type { Completion, ProducerState } from './producer';
import type { ReplicatorState } from './replicator';
import type { TopicState } from './topic';

/**
 * Values that never change once made (messages, frames, stored entries, completions) are frozen, so
 * a world copy shares them instead of copying them: `step` copies only what can still change.
 */
export const frozen = <T extends object>(v: T): T => Object.freeze(v);

export interface FaultRuntime {
  /** Index in the scenario's fault plan. */
  readonly index: number;
  /** A step trigger or event trigger has fired: the fault is the very next step. */
  armed: boolean;
  /** Done with (fired as many times as it may). */
  spent: boolean;
}

export interface World {
  readonly config: Config;
  /** Logical clock: increases by one for everything that is created, orders "oldest first". */
  tick: number;
  /** Steps taken so far (step 0 is the initial world). */
  stepCount: number;
  /** Index of the next workload item. */
  workloadPos: number;
  producers: Record<string, ProducerState>;
  channels: Record<string, Channel>;
  topics: Record<string, TopicState>;
  /** The geo-replicator of `config.replication`, if any. */
  replicator: ReplicatorState | null;
  /**
   * With several links (`config.replications`): each link's replicator, by its key
   * (`replicator:<from>-><to>`). Absent otherwise, so a one-link world is what it always was.
   */
  replicators?: Record<string, ReplicatorState>;
  /** Count of application sends so far, per message id. */
  sendsOf: Record<string, number>;
  completions: Completion[];
  plan: FaultRuntime[];
  /** Messages rejected with NotAllowedError at a cluster: remaining attempts (-1 = always). */
  notAllowed: Record<string, number>;
  /** Faults placed by the explorer so far (its budget is `config.explore.max`). */
  faultsUsed: number;
}

/** The replicator of one link (`PersistentTopic.replicators.get(remoteCluster)` on its source). */
export const replicatorOf = (
  w: Pick<World, 'replicator' | 'replicators'>,
  link: ReplicationLink,
): ReplicatorState | null =>
  link.key === REPLICATOR ? w.replicator : (w.replicators?.[link.key] ?? null);
