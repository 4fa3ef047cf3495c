// The faults an operator or the broker's own schedule applies to one cluster's topic: an unload
// (`unload-topic`), the message TTL passing (`expire-messages`), a trim (`trim-topic`), and the
// deduplication policy switched (`set-deduplication`). Each is refused where it could never act.
import type { ClusterConfig } from '../model/config';
import type { FaultSpec } from '../model/faultPlan';
import type { FaultItem } from './faultItem';

/** `scope` "topic": pulsar-admin topics unload (its close waits for its clients); "bundle", the default: a bundle unload. */
export function readUnloadTopic(f: FaultItem): FaultSpec[] {
  const { r, o, path, clusters } = f;
  r.known(o, path, ['kind', 'cluster', 'scope', 'after']);
  const cluster = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
  const scope =
    o.scope === undefined ? 'bundle' : r.oneOf(o.scope, `${path}.scope`, ['topic', 'bundle']);
  const after = f.after();
  const kind = 'unload-topic';
  return [scope === 'topic' ? { kind, cluster, scope, after } : { kind, cluster, after }];
}

/** The TTL expires cursors: a topic with none (no subscription, no replicator) has nothing to expire. */
export function readExpireMessages(
  f: FaultItem,
  /** Clusters whose topic has a cursor a message TTL can expire: a subscription, or a replication link from it. */
  cursorClusters: readonly string[],
): FaultSpec[] {
  const { r, o, path, clusters } = f;
  r.known(o, path, ['kind', 'cluster', 'after']);
  const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
  if (c !== '' && !cursorClusters.includes(c))
    r.fail(
      `${path}.cluster`,
      `a cluster with a subscription or a replication link from it (the message TTL expires their cursors; ${c} has neither)`,
      c,
    );
  return [{ kind: 'expire-messages', cluster: c, after: f.after() }];
}

/** A trim deletes ledgers before the current one: a topic nothing writes to never has one. */
export function readTrimTopic(
  f: FaultItem,
  /** Clusters whose topic is written to (a producer there, a replication link into it) or starts with two ledgers or more. */
  writtenClusters: readonly string[],
): FaultSpec[] {
  const { r, o, path, clusters } = f;
  r.known(o, path, ['kind', 'cluster', 'after']);
  const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
  if (c !== '' && !writtenClusters.includes(c))
    r.fail(
      `${path}.cluster`,
      `a cluster whose topic is written to — a producer there or a replication link into it (a trim deletes ledgers a write closed; ${c}'s topic is never written and starts with one ledger)`,
      c,
    );
  return [{ kind: 'trim-topic', cluster: c, after: f.after() }];
}

/**
 * `set-deduplication` (`PersistentTopic.checkDeduplicationStatus` → `MessageDeduplication.checkStatus`
 * when it fires): `raw` is the plan as written and `i` this entry, to find another switch of the cluster.
 */
export function readSetDeduplication(
  f: FaultItem,
  i: number,
  raw: readonly unknown[],
  clusterConfigs: readonly ClusterConfig[],
): FaultSpec[] {
  const { r, o, path, clusters } = f;
  r.known(o, path, ['kind', 'cluster', 'enabled', 'after']);
  const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
  const enabled = r.bool(o.enabled, `${path}.enabled`) ?? false;
  // A switch to what the topic already has, with no other switch of the plan in between, is a no-op.
  const start = clusterConfigs.find((x) => x.name === c)?.deduplication;
  const others = raw.some(
    (x, j) =>
      j !== i &&
      typeof x === 'object' &&
      x !== null &&
      (x as Record<string, unknown>).kind === 'set-deduplication' &&
      (x as Record<string, unknown>).cluster === c,
  );
  if (c !== '' && typeof o.enabled === 'boolean' && enabled === start && !others)
    r.fail(
      `${path}.enabled`,
      `${!start}: cluster ${c} starts with deduplication ${start ? 'on' : 'off'} and no other fault of the plan switches it`,
      enabled,
    );
  return [
    {
      kind: 'set-deduplication',
      cluster: c,
      enabled,
      after: f.after(),
    },
  ];
}
