// `clusters` and `topic`: each cluster's brokers and bookies, and the topic's settings per cluster
// (deduplication, maxMessageSize, the ledger's ensemble and quorums, the ledgers it starts with).
import { BROKER_MAX_MESSAGE_SIZE, type ClusterConfig } from '../model/config';
import { readLedgers } from './ledgers';
import { NAME } from './names';
import { asWritten, own, type Reader } from './reader';
import { DEDUP_HOUSEKEEPING_KEYS, readDedupHousekeeping } from './dedupHousekeeping';

export function readClusters(r: Reader, s: Record<string, unknown>): ClusterConfig[] {
  const topic = s.topic === undefined ? {} : (r.obj(s.topic, '$.topic') ?? {});
  r.known(topic, '$.topic', [
    'name',
    'deduplication',
    'ledger',
    'ledgers',
    'maxMessageSize',
    'maxEntriesPerLedger',
    'maxUnackedRangesToPersist',
    ...DEDUP_HOUSEKEEPING_KEYS,
  ]);
  const raw =
    s.clusters === undefined
      ? [{ name: 'local', brokers: ['broker-1'] }]
      : (r.arr(s.clusters, '$.clusters') ?? []);
  if (raw.length === 0) r.fail('$.clusters', 'at least one cluster', raw);
  const brokersSeen = new Set<string>();
  // A cluster that names no brokers gets one. `broker-1` as the contract says, unless another
  // cluster already has or names that broker: then `<cluster>-broker-1`, so two clusters written
  // without brokers are still a valid geo-replication scenario (broker names are unique across
  // clusters because action keys such as `deliver:p1->broker-1:M1` name a broker alone).
  const named = new Set(
    raw.flatMap((c) => {
      const b = (c as { brokers?: unknown } | null)?.brokers;
      return Array.isArray(b) ? b.filter((x): x is string => typeof x === 'string') : [];
    }),
  );
  const defaultBroker = (cluster: string): string =>
    named.has('broker-1') || brokersSeen.has('broker-1') ? `${cluster}-broker-1` : 'broker-1';
  const out: ClusterConfig[] = [];
  raw.forEach((c, i) => {
    const path = `$.clusters[${i}]`;
    const o = r.obj(c, path);
    if (!o) return;
    r.known(o, path, ['name', 'brokers', 'bookies']);
    const name =
      r.str(o.name, `${path}.name`, NAME, 'a cluster name') ?? asWritten(o.name, `cluster-${i}`);
    if (out.some((x) => x.name === name))
      r.fail(`${path}.name`, 'a name not used by another cluster', name);
    const brokers = (
      o.brokers === undefined ? [defaultBroker(name)] : (r.arr(o.brokers, `${path}.brokers`) ?? [])
    ).map(
      (b, j) =>
        r.str(b, `${path}.brokers[${j}]`, NAME, 'a broker name') ?? asWritten(b, `broker-${j}`),
    );
    if (brokers.length === 0) r.fail(`${path}.brokers`, 'at least one broker', o.brokers);
    for (const [j, b] of brokers.entries()) {
      if (brokersSeen.has(b))
        r.fail(`${path}.brokers[${j}]`, 'a broker name unique across clusters', b);
      brokersSeen.add(b);
    }
    const bookies = (
      o.bookies === undefined ? [] : (r.arr(o.bookies, `${path}.bookies`) ?? [])
    ).map(
      (b, j) =>
        r.str(b, `${path}.bookies[${j}]`, NAME, 'a bookie name') ?? asWritten(b, `bookie-${j}`),
    );
    if (o.bookies !== undefined && bookies.length === 0)
      r.fail(
        `${path}.bookies`,
        'at least one bookie (omit the field for abstract storage)',
        o.bookies,
      );
    out.push({
      name,
      brokers,
      bookies,
      ledger: readLedgerConfig(r, topic.ledger, bookies.length),
      firstLedgerId: 10 * (i + 1),
      deduplication: false,
      maxMessageSize: null,
      initialLedgers: [],
    });
  });
  const names = out.map((c) => c.name);
  if (topic.ledger !== undefined && out.every((c) => c.bookies.length === 0))
    r.fail(
      '$.topic.ledger',
      'ledger settings only where a cluster lists bookies (none does: remove topic.ledger or add bookies)',
      topic.ledger,
    );
  const dedup = readPerCluster(
    r,
    topic.deduplication,
    '$.topic.deduplication',
    names,
    'boolean',
    (x, p) => r.bool(x, p),
    'true or false',
  );
  const maxSize = readPerCluster(
    r,
    topic.maxMessageSize,
    '$.topic.maxMessageSize',
    names,
    'number',
    // 0 is a valid policy: `AbstractTopic.isExceedMaximumMessageSize` skips the check for ≤ 0.
    // Above the broker's maxMessageSize it is not: `PersistentTopicsBase.internalSetMaxMessageSize`
    // answers 412 (PRECONDITION_FAILED) to a topic policy below 0 or above
    // `ServiceConfiguration.maxMessageSize`, so no topic can have one (review 8 left it accepted).
    (x, p) => {
      if (typeof x !== 'number' || !Number.isInteger(x) || x <= BROKER_MAX_MESSAGE_SIZE)
        return r.int(x, p, 0);
      r.fail(
        p,
        `an integer from 0 to ${BROKER_MAX_MESSAGE_SIZE} (the broker's maxMessageSize: Pulsar's admin API refuses a bigger topic policy)`,
        x,
      );
      return null;
    },
    'a size in bytes',
  );
  // `managedLedgerMaxEntriesPerLedger`: a ledger holds at least one entry before it is full.
  const maxEntries = readPerCluster(
    r,
    topic.maxEntriesPerLedger,
    '$.topic.maxEntriesPerLedger',
    names,
    'number',
    (x, p) => r.int(x, p, 1),
    'a number of entries',
  );
  // `managedLedgerMaxUnackedRangesToPersist`: 0 is valid in Pulsar (the first range is still
  // written: buildIndividualDeletedMessageRanges checks the count after adding a range).
  const maxRanges = readPerCluster(
    r,
    topic.maxUnackedRangesToPersist,
    '$.topic.maxUnackedRangesToPersist',
    names,
    'number',
    (x, p) => r.int(x, p, 0),
    'a number of ranges',
  );
  const housekeeping = readDedupHousekeeping(r, topic, names);
  const ledgers =
    topic.ledgers === undefined ? {} : (r.obj(topic.ledgers, '$.topic.ledgers') ?? {});
  // Ledgers listed for a cluster the scenario does not have would be silently dropped.
  for (const k of Object.keys(ledgers))
    if (!names.includes(k))
      r.fail(`$.topic.ledgers.${k}`, `a cluster name (${names.join(', ')})`, k);
  return out.map((c) => {
    // Own keys only: a refused name such as "constructor" stays as written (asWritten), and every
    // object has a member of that name.
    const initial = readLedgers(r, own(ledgers, c.name), `$.topic.ledgers.${c.name}`);
    return {
      ...c,
      deduplication: own(dedup, c.name) ?? false,
      maxMessageSize: own(maxSize, c.name) ?? null,
      ...(own(maxEntries, c.name) === undefined
        ? {}
        : { maxEntriesPerLedger: own(maxEntries, c.name) }),
      ...(own(maxRanges, c.name) === undefined
        ? {}
        : { maxUnackedRangesToPersist: own(maxRanges, c.name) }),
      initialLedgers: initial,
      ...(own(housekeeping, c.name) === undefined
        ? {}
        : { dedupHousekeeping: own(housekeeping, c.name) }),
    };
  });
}

/** `managedLedgerDefaultEnsembleSize/WriteQuorum/AckQuorum`: E ≥ W ≥ A ≥ 1, E ≤ the bookies. */
function readLedgerConfig(r: Reader, v: unknown, bookies: number): ClusterConfig['ledger'] {
  const d = Math.min(2, Math.max(bookies, 1));
  if (v === undefined || bookies === 0) return { ensemble: d, writeQuorum: d, ackQuorum: d };
  const o = r.obj(v, '$.topic.ledger') ?? {};
  r.known(o, '$.topic.ledger', ['ensemble', 'writeQuorum', 'ackQuorum']);
  const ensemble =
    o.ensemble === undefined ? d : (r.int(o.ensemble, '$.topic.ledger.ensemble', 1, bookies) ?? d);
  const writeQuorum =
    o.writeQuorum === undefined
      ? ensemble
      : (r.int(o.writeQuorum, '$.topic.ledger.writeQuorum', 1, ensemble) ?? ensemble);
  const ackQuorum =
    o.ackQuorum === undefined
      ? writeQuorum
      : (r.int(o.ackQuorum, '$.topic.ledger.ackQuorum', 1, writeQuorum) ?? writeQuorum);
  return { ensemble, writeQuorum, ackQuorum };
}

/**
 * A topic setting given once for every cluster (a `primitive`), or per cluster as
 * `{ "<cluster>": value }`: `read` checks one value, `what` names a value in the error.
 */
export function readPerCluster<T>(
  r: Reader,
  v: unknown,
  path: string,
  names: string[],
  primitive: 'boolean' | 'number',
  read: (x: unknown, path: string) => T | null,
  what: string,
): Record<string, T> {
  if (v === undefined) return {};
  if (typeof v === primitive) {
    const one = read(v, path);
    return one === null ? {} : Object.fromEntries(names.map((n) => [n, one]));
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    r.fail(path, `${what}, or an object with one per cluster (${names.join(', ')})`, v);
    return {};
  }
  const out: Record<string, T> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    // An unknown cluster is the one error there: its value would apply nowhere.
    if (!names.includes(k)) {
      r.fail(`${path}.${k}`, `a cluster name (${names.join(', ')})`, k);
      continue;
    }
    const one = read(x, `${path}.${k}`);
    if (one !== null) out[k] = one;
  }
  return out;
}
