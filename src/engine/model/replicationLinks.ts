// The run's replication links: each one-way `GeoPersistentReplicator` the scenario declares, the
// name prefix that makes a producer a replicator, and the keys the run addresses a link's producer
// and cursor by.
import type { Config } from './config';

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
  /**
   * `in-flight` (opt-in; absent is `at-once`, what the model always did): each delete of the
   * replicator's cursor reaches the cursor ledger in a step of its own
   * (`ManagedCursorImpl.internalAsyncMarkDelete` → `persistPositionToLedger`, rate-limited), so a
   * crash of the source's broker before it loses the delete (PersistentReplicatorCursor.ts).
   */
  readonly cursorWrites?: 'in-flight';
}

/**
 * `ServiceConfiguration.replicatorPrefix` ("pulsar.repl") and the dot after it: the broker treats a
 * producer whose name starts with it as a replicator (`Producer.isRemote`,
 * `Producer.isRemoteOrShadow`), whoever created it — an application producer named so included.
 */
export const REPLICATOR_PREFIX = 'pulsar.repl.';
export const isRemoteProducerName = (name: string): boolean => name.startsWith(REPLICATOR_PREFIX);

/** The key faults and the UI use for the replicator's producer (the only link's). */
export const REPLICATOR = 'replicator';

/**
 * One replication link as the run addresses it: its config, the key of its replicator's producer
 * (in `world.producers`, faults, action keys) and its cursor's actor in the trace. With one link
 * they are today's `replicator` / `replicator-cursor`; with several (a namespace replicating to
 * several clusters: `PersistentTopic.startReplicator` runs one `GeoPersistentReplicator` per remote
 * cluster, each with its cursor `pulsar.repl.<remote>`) each is suffixed with `:<from>-><to>`.
 */
export interface ReplicationLink {
  readonly cfg: ReplicationConfig;
  readonly key: string;
  readonly cursor: string;
}

export const linkSuffix = (l: ReplicationConfig): string => `${l.from}->${l.to}`;

/** Every replication link of the run, in the scenario's order. */
export function replicationLinks(
  config: Pick<Config, 'replication' | 'replications'>,
): readonly ReplicationLink[] {
  // Asked for by `enabledActions` in every state the explorer expands: built once per config
  // (configs are never changed), not as new objects and key strings on every call.
  let links = linksOf.get(config);
  if (!links) {
    if (config.replications)
      links = config.replications.map((cfg) => ({
        cfg,
        key: `${REPLICATOR}:${linkSuffix(cfg)}`,
        cursor: `replicator-cursor:${linkSuffix(cfg)}`,
      }));
    else
      links = config.replication
        ? [{ cfg: config.replication, key: REPLICATOR, cursor: 'replicator-cursor' }]
        : [];
    linksOf.set(config, links);
  }
  return links;
}
const linksOf = new WeakMap<object, readonly ReplicationLink[]>();

/** The link whose replicator owns producer `name`, if it is a replicator's producer. */
export const linkOfProducer = (
  config: Pick<Config, 'replication' | 'replications'>,
  name: string,
): ReplicationLink | undefined => replicationLinks(config).find((l) => l.key === name);

/** Does the run replicate at all (one link or several)? */
export const replicates = (config: Pick<Config, 'replication' | 'replications'>): boolean =>
  config.replication !== null || (config.replications?.length ?? 0) > 0;

/** Stable producer order: the scenario's, then each replicator's producer. */
export const producerNames = (
  config: Pick<Config, 'producers' | 'replication' | 'replications'>,
): string[] => [
  ...config.producers.map((p) => p.name),
  ...replicationLinks(config).map((l) => l.key),
];
