// Where a topic-wide fault can ever act, read from the scenario's parts. The validator refuses a
// plan's fault anywhere else, and the app offers it only here: one rule with two readers, so a
// menu never offers what the reader would refuse (the app read its own copy of each test).
import type { ReplicationLink } from './replicationLinks';

interface Parts {
  readonly producers: readonly { readonly cluster: string }[];
  readonly subscriptions: readonly { readonly cluster: string }[];
  readonly links: readonly ReplicationLink[];
}

/**
 * `expire-messages` (PersistentTopic.checkMessageExpiry) needs a cursor to expire: a subscription
 * on the cluster's topic, or a replicator reading it towards another cluster.
 */
export const hasExpirableCursor = (cluster: string, parts: Parts): boolean =>
  parts.subscriptions.some((s) => s.cluster === cluster) ||
  parts.links.some((l) => l.cfg.from === cluster);

/**
 * `trim-topic` (ManagedLedgerImpl.internalTrimLedgers) deletes ledgers before the current one: the
 * topic must be written to — a producer there, a replication link into it — or start with two
 * ledgers or more.
 */
export const isTrimmable = (
  cluster: { readonly name: string; readonly initialLedgers: readonly unknown[] },
  parts: Parts,
): boolean =>
  parts.producers.some((p) => p.cluster === cluster.name) ||
  parts.links.some((l) => l.cfg.to === cluster.name) ||
  cluster.initialLedgers.length > 1;
