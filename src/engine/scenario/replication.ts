// `replication` and `subscriptions`: the topic's readers besides the application — the
// geo-replicator (from → to, its dedup version, when it starts) and the subscriptions' cursors.
import { readSubscriptionAcks } from './loseAck';
import { readAckTimeout, readNegativeAcknowledge } from './negativeAck';
import type { ClusterConfig, ReplicationConfig, SubscriptionConfig } from '../model/config';
import { NAME } from './names';
import type { Reader } from './reader';

/**
 * `replication`: one link `{ from, to, dedup, start }` (what it always meant), or an array of such
 * links — a namespace replicating both ways or to several clusters, where each source topic runs one
 * `GeoPersistentReplicator` per remote cluster. A one-element array means exactly the single object.
 */
export function readReplication(
  r: Reader,
  v: unknown,
  clusters: string[],
): { replication: ReplicationConfig | null; replications?: ReplicationConfig[] } {
  if (v === undefined) return { replication: null };
  // Neither a link nor a list: say both shapes are accepted (the reader's "an object" hid the list).
  const shapes = 'an object { from, to } or a non-empty array of them';
  if (!Array.isArray(v) && (v === null || typeof v !== 'object')) {
    r.fail('$.replication', shapes, v);
    return { replication: null };
  }
  if (!Array.isArray(v)) return { replication: readLink(r, v, '$.replication', clusters) };
  if (v.length === 0) {
    r.fail('$.replication', shapes, v);
    return { replication: null };
  }
  const links = v.flatMap((x, i) => {
    const l = readLink(r, x, `$.replication[${i}]`, clusters);
    return l ? [l] : [];
  });
  // One replicator per (source topic, remote cluster): `PersistentTopic.replicators` is keyed by
  // the remote cluster, so a second link with the same from and to would be the same replicator.
  const seen = new Set<string>();
  links.forEach((l, i) => {
    const k = `${l.from}->${l.to}`;
    if (l.from && l.to && seen.has(k))
      r.fail(`$.replication[${i}]`, `a link not yet listed (${k} is already replicated)`, k);
    seen.add(k);
  });
  if (v.length === 1) return { replication: links[0] ?? null };
  return { replication: null, replications: links };
}

function readLink(
  r: Reader,
  v: unknown,
  path: string,
  clusters: string[],
): ReplicationConfig | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    r.fail(path, 'a link: an object { from, to }', v);
    return null;
  }
  const o = v as Record<string, unknown>;
  r.known(o, path, ['from', 'to', 'dedup', 'start', 'cursorWrites']);
  const from = r.oneOf(o.from, `${path}.from`, clusters) ?? '';
  const to = r.oneOf(o.to, `${path}.to`, clusters) ?? '';
  if (from && from === to) r.fail(`${path}.to`, 'a cluster other than "from"', to);
  const dedup = r.oneOfOr(o.dedup, `${path}.dedup`, ['v1', 'v2'] as const, 'v2');
  const start = r.oneOfOr(
    o.start,
    `${path}.start`,
    ['immediately', 'after-workload'] as const,
    'immediately',
  );
  // Opt-in, and absent when not chosen, so a link without it is the config (and state) it was.
  const writes = r.oneOfOr(
    o.cursorWrites,
    `${path}.cursorWrites`,
    ['at-once', 'in-flight'] as const,
    'at-once',
  );
  return {
    from,
    to,
    dedup,
    start,
    producerName: `pulsar.repl.${from}-->${to}`,
    ...(writes === 'in-flight' ? { cursorWrites: writes } : {}),
  };
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
    r.known(o, path, [
      'name',
      'cluster',
      'broker',
      'acks',
      'invariants',
      'negativeAcknowledge',
      'ackTimeout',
    ]);
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
    return [
      {
        name,
        cluster,
        broker,
        ...readSubscriptionAcks(r, o, path),
        ...readNegativeAcknowledge(r, o, path),
        ...readAckTimeout(r, o, path),
      },
    ];
  });
}
