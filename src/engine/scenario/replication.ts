// `replication` and `subscriptions`: the topic's readers besides the application — the
// geo-replicator (from → to, its dedup version, when it starts) and the subscriptions' cursors.
import type { ClusterConfig, ReplicationConfig, SubscriptionConfig } from '../model/config';
import { NAME } from './names';
import type { Reader } from './reader';

export function readReplication(
  r: Reader,
  v: unknown,
  clusters: string[],
): ReplicationConfig | null {
  if (v === undefined) return null;
  const o = r.obj(v, '$.replication');
  if (!o) return null;
  r.known(o, '$.replication', ['from', 'to', 'dedup', 'start']);
  const from = r.oneOf(o.from, '$.replication.from', clusters) ?? '';
  const to = r.oneOf(o.to, '$.replication.to', clusters) ?? '';
  if (from && from === to) r.fail('$.replication.to', 'a cluster other than "from"', to);
  const dedup =
    o.dedup === undefined
      ? 'v2'
      : (r.oneOf(o.dedup, '$.replication.dedup', ['v1', 'v2'] as const) ?? 'v2');
  const start =
    o.start === undefined
      ? 'immediately'
      : (r.oneOf(o.start, '$.replication.start', ['immediately', 'after-workload'] as const) ??
        'immediately');
  return { from, to, dedup, start, producerName: `pulsar.repl.${from}-->${to}` };
}

export function readSubscriptions(
  r: Reader,
  v: unknown,
  clusters: readonly ClusterConfig[],
): SubscriptionConfig[] {
  if (v === undefined) return [];
  const seen = new Set<string>();
  return (r.arr(v, '$.subscriptions') ?? []).flatMap((x, i) => {
    const path = `$.subscriptions[${i}]`;
    const o = r.obj(x, path);
    if (!o) return [];
    r.known(o, path, ['name', 'cluster', 'broker']);
    const name = r.str(o.name, `${path}.name`, NAME, 'a subscription name') ?? `sub-${i}`;
    const cluster =
      o.cluster === undefined && clusters.length === 1
        ? clusters[0]!.name
        : (r.oneOf(
            o.cluster,
            `${path}.cluster`,
            clusters.map((c) => c.name),
          ) ?? '');
    const brokers = clusters.find((c) => c.name === cluster)?.brokers ?? [];
    const broker =
      o.broker === undefined
        ? (brokers[0] ?? '')
        : (r.oneOf(o.broker, `${path}.broker`, brokers) ?? '');
    // A subscription is one cursor on its cluster's topic (`ManagedLedgerImpl.openCursor` by name),
    // with one consumer here: a second entry of that name would be a second consumer on it (under
    // the default Exclusive type, refused with ConsumerBusy), not a second cursor.
    if (seen.has(`${cluster}/${name}`))
      r.fail(`${path}.name`, `a subscription name not yet used on cluster "${cluster}"`, name);
    seen.add(`${cluster}/${name}`);
    return [{ name, cluster, broker }];
  });
}
