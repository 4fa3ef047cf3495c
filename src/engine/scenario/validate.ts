// Scenario format v1 (`dedup-lab/scenario@1`) → Config. Field-precise errors, never a throw.
// Defaults are Pulsar's: deduplication off, Java client, no batching, auto sequence ids.
import { type ClusterConfig, type Config, type SubscriptionConfig, EXPLORE_FAULT_KINDS, type InitialLedger, FAULT_KINDS, REPLICATOR, type ReplicationConfig, type FaultSpec, FIX_IDS, type FixId, kindFitsStorage, type ProducerConfig, type Trigger, type WorkloadItem } from '../model/config';
import { DEFAULT_MAX_STATES, MAX_EXPLORE_FAULTS } from '../explore/bounds';
import { SAFETY_INVARIANTS } from '../check/invariants';
import { Reader, type ValidationError } from './reader';

export const SCENARIO_FORMAT = 'dedup-lab/scenario@1';
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const TOP_KEYS = ['format', 'id', 'title', 'description', 'references', 'clusters', 'topic', 'producers', 'replication', 'subscriptions', 'workload', 'fixes', 'faults', 'schedule', 'explore', 'expect'];

export type LoadResult =
  | { ok: true; config: Config; schedule: 'auto' | string[] }
  | { ok: false; errors: ValidationError[] };

/** Parse scenario text (a file, a pasted draft): JSON syntax errors are reported like any other. */
export function parseScenarioText(text: string): LoadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [{ path: '$', message: `not valid JSON: ${(e as Error).message}` }] };
  }
  return loadScenario(json);
}

export function loadScenario(json: unknown, extraFixes: readonly string[] = []): LoadResult {
  const r = new Reader();
  const s = r.obj(json, '$');
  if (!s) return { ok: false, errors: r.errors };
  r.known(s, '$', TOP_KEYS);
  if (s.format !== SCENARIO_FORMAT) r.fail('$.format', JSON.stringify(SCENARIO_FORMAT), s.format);
  const id = r.str(s.id, '$.id', KEBAB, 'a kebab-case id') ?? 'scenario';
  if (s.title !== undefined) r.str(s.title, '$.title');
  const clusters = readClusters(r, s);
  const clusterNames = clusters.map((c) => c.name);
  const producers = readProducers(r, s.producers, clusterNames, clusters.some((c) => c.initialLedgers.some((l) => (l.messages?.length ?? 0) > 0)));
  const replication = readReplication(r, s.replication, clusterNames);
  const subscriptions = readSubscriptions(r, s.subscriptions, clusters);
  const workload = readWorkload(r, s.workload, producers);
  const fixes = readFixes(r, s.fixes, extraFixes);
  // The messages a fault or trigger may name: what the workload sends and what topic.ledgers holds.
  const messages = [...new Set([...workload.flatMap((w) => (w.kind === 'send' ? [w.msg] : [])), ...clusters.flatMap((c) => c.initialLedgers.flatMap((l) => (l.messages ?? []).map((m) => m.msg)))])];
  const appMessages = workload.flatMap((w) => (w.kind === 'send' ? [w.msg] : []));
  const faults = readFaults(r, s.faults, clusters, [...producers.map((p) => p.name), ...(replication ? [REPLICATOR] : [])], replication !== null, messages, appMessages);
  readExpect(r, s.expect, clusterNames);
  const schedule = readSchedule(r, s.schedule);
  const explore = readExplore(r, s.explore);
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  const title = typeof s.title === 'string' ? s.title : id;
  return { ok: true, config: { id, title, clusters, producers, workload, replication, subscriptions, fixes, faults, explore, faultBudget: null }, schedule };
}

function readClusters(r: Reader, s: Record<string, unknown>): ClusterConfig[] {
  const topic = s.topic === undefined ? {} : r.obj(s.topic, '$.topic') ?? {};
  r.known(topic, '$.topic', ['name', 'deduplication', 'ledger', 'ledgers', 'maxMessageSize']);
  const raw = s.clusters === undefined ? [{ name: 'local', brokers: ['broker-1'] }] : r.arr(s.clusters, '$.clusters') ?? [];
  if (raw.length === 0) r.fail('$.clusters', 'at least one cluster', raw);
  const brokersSeen = new Set<string>();
  const out: ClusterConfig[] = [];
  raw.forEach((c, i) => {
    const path = `$.clusters[${i}]`;
    const o = r.obj(c, path);
    if (!o) return;
    r.known(o, path, ['name', 'brokers', 'bookies']);
    const name = r.str(o.name, `${path}.name`, NAME, 'a cluster name') ?? `cluster-${i}`;
    if (out.some((x) => x.name === name)) r.fail(`${path}.name`, 'a name not used by another cluster', name);
    const brokers = (o.brokers === undefined ? ['broker-1'] : r.arr(o.brokers, `${path}.brokers`) ?? []).map((b, j) => r.str(b, `${path}.brokers[${j}]`, NAME, 'a broker name') ?? `broker-${j}`);
    if (brokers.length === 0) r.fail(`${path}.brokers`, 'at least one broker', o.brokers);
    for (const [j, b] of brokers.entries()) {
      if (brokersSeen.has(b)) r.fail(`${path}.brokers[${j}]`, 'a broker name unique across clusters', b);
      brokersSeen.add(b);
    }
    const bookies = (o.bookies === undefined ? [] : r.arr(o.bookies, `${path}.bookies`) ?? []).map((b, j) => r.str(b, `${path}.bookies[${j}]`, NAME, 'a bookie name') ?? `bookie-${j}`);
    if (o.bookies !== undefined && bookies.length === 0) r.fail(`${path}.bookies`, 'at least one bookie (omit the field for abstract storage)', o.bookies);
    out.push({ name, brokers, bookies, ledger: readLedgerConfig(r, topic.ledger, bookies.length), firstLedgerId: 10 * (i + 1), deduplication: false, maxMessageSize: null, initialLedgers: [] });
  });
  const names = out.map((c) => c.name);
  if (topic.ledger !== undefined && out.every((c) => c.bookies.length === 0)) r.fail('$.topic.ledger', 'ledger settings only where a cluster lists bookies (none does: remove topic.ledger or add bookies)', topic.ledger);
  const dedup = readPerCluster(r, topic.deduplication, '$.topic.deduplication', names, 'boolean', (x, p) => r.bool(x, p), 'true or false');
  const maxSize = readPerCluster(r, topic.maxMessageSize, '$.topic.maxMessageSize', names, 'number', (x, p) => r.int(x, p, 1), 'a size in bytes');
  const ledgers = topic.ledgers === undefined ? {} : r.obj(topic.ledgers, '$.topic.ledgers') ?? {};
  return out.map((c) => {
    const initial = readLedgers(r, ledgers[c.name], `$.topic.ledgers.${c.name}`);
    return { ...c, deduplication: dedup[c.name] ?? false, maxMessageSize: maxSize[c.name] ?? null, initialLedgers: initial };
  });
}

/** `managedLedgerDefaultEnsembleSize/WriteQuorum/AckQuorum`: E ≥ W ≥ A ≥ 1, E ≤ the bookies. */
function readLedgerConfig(r: Reader, v: unknown, bookies: number): ClusterConfig['ledger'] {
  const d = Math.min(2, Math.max(bookies, 1));
  if (v === undefined || bookies === 0) return { ensemble: d, writeQuorum: d, ackQuorum: d };
  const o = r.obj(v, '$.topic.ledger') ?? {};
  r.known(o, '$.topic.ledger', ['ensemble', 'writeQuorum', 'ackQuorum']);
  const ensemble = o.ensemble === undefined ? d : r.int(o.ensemble, '$.topic.ledger.ensemble', 1, bookies) ?? d;
  const writeQuorum = o.writeQuorum === undefined ? ensemble : r.int(o.writeQuorum, '$.topic.ledger.writeQuorum', 1, ensemble) ?? ensemble;
  const ackQuorum = o.ackQuorum === undefined ? writeQuorum : r.int(o.ackQuorum, '$.topic.ledger.ackQuorum', 1, writeQuorum) ?? writeQuorum;
  return { ensemble, writeQuorum, ackQuorum };
}

function readSubscriptions(r: Reader, v: unknown, clusters: readonly ClusterConfig[]): SubscriptionConfig[] {
  if (v === undefined) return [];
  return (r.arr(v, '$.subscriptions') ?? []).flatMap((x, i) => {
    const path = `$.subscriptions[${i}]`;
    const o = r.obj(x, path);
    if (!o) return [];
    r.known(o, path, ['name', 'cluster', 'broker']);
    const name = r.str(o.name, `${path}.name`, NAME, 'a subscription name') ?? `sub-${i}`;
    const cluster = o.cluster === undefined && clusters.length === 1 ? clusters[0]!.name : r.oneOf(o.cluster, `${path}.cluster`, clusters.map((c) => c.name)) ?? '';
    const brokers = clusters.find((c) => c.name === cluster)?.brokers ?? [];
    const broker = o.broker === undefined ? brokers[0] ?? '' : r.oneOf(o.broker, `${path}.broker`, brokers) ?? '';
    return [{ name, cluster, broker }];
  });
}

/**
 * A topic setting given once for every cluster (a `primitive`), or per cluster as
 * `{ "<cluster>": value }`: `read` checks one value, `what` names a value in the error.
 */
function readPerCluster<T>(r: Reader, v: unknown, path: string, names: string[], primitive: 'boolean' | 'number', read: (x: unknown, path: string) => T | null, what: string): Record<string, T> {
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
    if (!names.includes(k)) r.fail(`${path}.${k}`, `a cluster name (${names.join(', ')})`, k);
    const one = read(x, `${path}.${k}`);
    if (one !== null) out[k] = one;
  }
  return out;
}

function readLedgers(r: Reader, v: unknown, path: string): InitialLedger[] {
  if (v === undefined) return [];
  const nextSeq: Record<string, number> = {};
  return (r.arr(v, path) ?? []).map((l, i) => {
    const o = r.obj(l, `${path}[${i}]`) ?? {};
    r.known(o, `${path}[${i}]`, ['id', 'entries', 'messages']);
    const ledger = { id: r.int(o.id, `${path}[${i}].id`, 1) ?? 1, entries: o.entries === undefined && o.messages !== undefined ? 0 : r.int(o.entries, `${path}[${i}].entries`, 0, 10000) ?? 0 };
    if (o.messages === undefined) return ledger;
    // Extension: entries that carry message ids, `{ "id": "E3", "producer": "p1", "seq"?: n }`.
    const messages = (r.arr(o.messages, `${path}[${i}].messages`) ?? []).map((m, j) => {
      const mp = `${path}[${i}].messages[${j}]`;
      const mo = r.obj(m, mp) ?? {};
      r.known(mo, mp, ['id', 'producer', 'seq']);
      const producer = r.str(mo.producer, `${mp}.producer`, NAME, 'a producer name') ?? 'p';
      const seq = mo.seq === undefined ? nextSeq[producer] ?? 0 : r.int(mo.seq, `${mp}.seq`, 0) ?? 0;
      nextSeq[producer] = seq + 1;
      return { msg: r.str(mo.id, `${mp}.id`, NAME, 'a message id') ?? 'M', producer, seq };
    });
    return { ...ledger, messages };
  });
}

function readProducers(r: Reader, v: unknown, clusters: string[], allowEmpty: boolean): ProducerConfig[] {
  const raw = r.arr(v, '$.producers') ?? [];
  if (raw.length === 0 && Array.isArray(v) && !allowEmpty) r.fail('$.producers', 'at least one producer (an empty list is allowed only when topic.ledgers carries messages)', v);
  const out: ProducerConfig[] = [];
  raw.forEach((p, i) => {
    const path = `$.producers[${i}]`;
    const o = r.obj(p, path);
    if (!o) return;
    r.known(o, path, ['name', 'cluster', 'client', 'batching', 'sequenceIds']);
    const name = r.str(o.name, `${path}.name`, NAME, 'a producer name') ?? `p${i}`;
    if (out.some((x) => x.name === name)) r.fail(`${path}.name`, 'a name not used by another producer', name);
    const cluster = o.cluster === undefined ? clusters[0] ?? 'local' : r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? 'local';
    const client = o.client === undefined ? 'java' : r.oneOf(o.client, `${path}.client`, ['java', 'go'] as const) ?? 'java';
    let max = 0;
    if (o.batching !== undefined) {
      const b = r.obj(o.batching, `${path}.batching`) ?? {};
      r.known(b, `${path}.batching`, ['maxMessages']);
      max = b.maxMessages === undefined ? 1000 : r.int(b.maxMessages, `${path}.batching.maxMessages`, 1, 10000) ?? 1;
    }
    const sequenceIds = o.sequenceIds === undefined ? 'auto' : r.oneOf(o.sequenceIds, `${path}.sequenceIds`, ['auto', 'explicit'] as const) ?? 'auto';
    out.push({ name, cluster, client, batchingMaxMessages: max, sequenceIds });
  });
  return out;
}

function readWorkload(r: Reader, v: unknown, producers: ProducerConfig[]): WorkloadItem[] {
  const names = producers.map((p) => p.name);
  const raw = v === undefined ? [] : r.arr(v, '$.workload') ?? [];
  return raw.flatMap((item, i): WorkloadItem[] => {
    const path = `$.workload[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    if ('send' in o) {
      r.known(o, path, ['send', 'producer', 'seq', 'size']);
      const msg = r.str(o.send, `${path}.send`, NAME, 'a message id') ?? 'M';
      const producer = r.oneOf(o.producer, `${path}.producer`, names) ?? '';
      const pc = producers.find((p) => p.name === producer);
      if (o.seq === undefined && pc?.sequenceIds === 'explicit') r.fail(`${path}.seq`, `a sequence id (producer ${producer} uses explicit sequence ids)`);
      const seq = o.seq === undefined ? undefined : r.int(o.seq, `${path}.seq`, 0) ?? 0;
      const size = o.size === undefined ? undefined : r.int(o.size, `${path}.size`, 0) ?? undefined;
      return [{ kind: 'send', msg, producer, ...(seq === undefined ? {} : { seq }), ...(size === undefined ? {} : { size }) }];
    }
    for (const kind of ['flush', 'await'] as const) {
      if (kind in o) {
        r.known(o, path, [kind]);
        return [{ kind, producer: r.oneOf(o[kind], `${path}.${kind}`, names) ?? '' }];
      }
    }
    r.fail(path, 'one of {"send": …, "producer": …}, {"flush": producer}, {"await": producer}', item);
    return [];
  });
}

function readFixes(r: Reader, v: unknown, extra: readonly string[]): FixId[] {
  const raw = [...(v === undefined ? [] : r.arr(v, '$.fixes') ?? []), ...extra];
  const out: FixId[] = [];
  raw.forEach((f, i) => {
    const path = i < raw.length - extra.length ? `$.fixes[${i}]` : `--fix ${String(f)}`;
    const id = r.oneOf(f, path, FIX_IDS);
    if (id && !out.includes(id)) out.push(id);
  });
  return out;
}

function readSchedule(r: Reader, v: unknown): 'auto' | string[] {
  if (v === undefined || v === 'auto') return 'auto';
  const raw = r.arr(v, '$.schedule');
  if (!raw) return 'auto';
  return raw.map((k, i) => r.str(k, `$.schedule[${i}]`, undefined, 'an action key') ?? '');
}

function readExplore(r: Reader, v: unknown): Config['explore'] {
  if (v === undefined) return null;
  const o = r.obj(v, '$.explore') ?? {};
  r.known(o, '$.explore', ['faults', 'maxDepth', 'maxStates']);
  const f = o.faults === undefined ? {} : r.obj(o.faults, '$.explore.faults') ?? {};
  const kinds = (f.kinds === undefined ? [] : r.arr(f.kinds, '$.explore.faults.kinds') ?? []).map((k, i) => r.oneOf(k, `$.explore.faults.kinds[${i}]`, EXPLORE_FAULT_KINDS) ?? 'disconnect');
  return {
    kinds,
    max: f.max === undefined ? 1 : r.int(f.max, '$.explore.faults.max', 0, MAX_EXPLORE_FAULTS) ?? 1,
    maxDepth: o.maxDepth === undefined ? 80 : r.int(o.maxDepth, '$.explore.maxDepth', 1, 100000) ?? 80,
    maxStates: o.maxStates === undefined ? DEFAULT_MAX_STATES : r.int(o.maxStates, '$.explore.maxStates', 1, 1e9) ?? 1,
  };
}

function readReplication(r: Reader, v: unknown, clusters: string[]): ReplicationConfig | null {
  if (v === undefined) return null;
  const o = r.obj(v, '$.replication');
  if (!o) return null;
  r.known(o, '$.replication', ['from', 'to', 'dedup', 'start']);
  const from = r.oneOf(o.from, '$.replication.from', clusters) ?? '';
  const to = r.oneOf(o.to, '$.replication.to', clusters) ?? '';
  if (from && from === to) r.fail('$.replication.to', 'a cluster other than "from"', to);
  const dedup = o.dedup === undefined ? 'v2' : r.oneOf(o.dedup, '$.replication.dedup', ['v1', 'v2'] as const) ?? 'v2';
  const start = o.start === undefined ? 'immediately' : r.oneOf(o.start, '$.replication.start', ['immediately', 'after-workload'] as const) ?? 'immediately';
  return { from, to, dedup, start, producerName: `pulsar.repl.${from}-->${to}` };
}

function readFaults(r: Reader, v: unknown, clusterConfigs: readonly ClusterConfig[], names: string[], replicated: boolean, messages: readonly string[], appMessages: readonly string[]): FaultSpec[] {
  const raw = v === undefined ? [] : r.arr(v, '$.faults') ?? [];
  const clusters = clusterConfigs.map((c) => c.name);
  const allBrokers = (cluster: string) => clusterConfigs.find((c) => c.name === cluster)?.brokers ?? [];
  const allBookies = clusterConfigs.flatMap((c) => c.bookies);
  return raw.flatMap((item, i): FaultSpec[] => {
    const path = `$.faults[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    const kind = r.oneOf(o.kind, `${path}.kind`, FAULT_KINDS);
    // With replication a per-message fault must say which cluster's broker rejects the send.
    const cluster = () => (o.cluster === undefined && clusters.length === 1 && !replicated ? clusters[0]! : r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '');
    const message = () => sentMessage(r, o.message, `${path}.message`, messages);
    // A fault that could never fire is a mistake in the file, not a quiet no-op.
    const storage = (c: string, why: string): string => {
      const bk = (clusterConfigs.find((x) => x.name === c)?.bookies.length ?? 0) > 0;
      if (c !== '' && kind !== null && !kindFitsStorage(kind, bk)) r.fail(`${path}.cluster`, bk ? `a cluster with abstract storage, no bookies (${why})` : `a cluster that lists bookies (${why})`, c);
      return c;
    };
    switch (kind) {
      case null:
        return [];
      case 'lose-receipt':
        r.known(o, path, ['kind', 'message', 'cluster']);
        return [{ kind, message: message(), cluster: cluster() }];
      case 'persist-fails':
        r.known(o, path, ['kind', 'message', 'cluster']);
        return [{ kind, message: message(), cluster: storage(cluster(), 'persist-fails fails one append of abstract storage; with bookies use slow-bookie or ownership-change') }];
      case 'checksum-error':
        r.known(o, path, ['kind', 'message', 'cluster', 'localBufferCorrupted']);
        return [{ kind, message: message(), cluster: cluster(), localBufferCorrupted: o.localBufferCorrupted === undefined ? true : r.bool(o.localBufferCorrupted, `${path}.localBufferCorrupted`) ?? true }];
      case 'not-allowed':
        r.known(o, path, ['kind', 'message', 'cluster', 'times']);
        return [{ kind, message: message(), cluster: cluster(), times: o.times === undefined ? -1 : r.int(o.times, `${path}.times`, 1) ?? 1 }];
      case 'disconnect':
      case 'restart-producer':
        r.known(o, path, ['kind', 'producer', 'after']);
        return [{ kind, producer: r.oneOf(o.producer, `${path}.producer`, kind === 'disconnect' ? names : names.filter((n) => n !== REPLICATOR)) ?? '', after: readTrigger(r, o.after, `${path}.after`, clusters, messages) }];
      case 'ownership-change': {
        r.known(o, path, ['kind', 'cluster', 'to', 'after']);
        const c = storage(cluster(), 'ownership moves with the ledger its bookies hold');
        const to = r.oneOf(o.to, `${path}.to`, allBrokers(c)) ?? '';
        return [{ kind, cluster: c, to, after: readTrigger(r, o.after, `${path}.after`, clusters, messages) }];
      }
      case 'slow-bookie': {
        r.known(o, path, ['kind', 'bookie', 'message']);
        const bookie = r.oneOf(o.bookie, `${path}.bookie`, allBookies) ?? '';
        return [o.message === undefined ? { kind, bookie } : { kind, bookie, message: message() }];
      }
      case 'send-timeout':
        return [readSendTimeout(r, o, path, clusters, messages, appMessages)];
      case 'unload-topic':
        r.known(o, path, ['kind', 'cluster', 'after']);
        return [{ kind, cluster: storage(r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '', 'an unload with bookies is not modelled'), after: readTrigger(r, o.after, `${path}.after`, clusters, messages) }];
      case 'duplicate-frames': {
        r.known(o, path, ['kind', 'producer', 'atSend', 'frames']);
        const frames = (r.arr(o.frames, `${path}.frames`) ?? []).map((f, j) => sentMessage(r, f, `${path}.frames[${j}]`, messages));
        return [{ kind, producer: r.oneOf(o.producer, `${path}.producer`, names) ?? '', atSend: r.int(o.atSend, `${path}.atSend`, 1) ?? 1, frames }];
      }
    }
    return [];
  });
}

/**
 * `send-timeout`: the message whose send times out, and optionally when. Only an application
 * producer's send can: the replicator's producer runs with sendTimeout 0 (`AbstractReplicator`), so
 * a message only `topic.ledgers` holds (only the replicator sends it) is refused, and so is a
 * `producer` field (the message decides the producer).
 */
function readSendTimeout(r: Reader, o: Record<string, unknown>, path: string, clusters: string[], messages: readonly string[], appMessages: readonly string[]): FaultSpec {
  if (o.producer !== undefined) r.fail(`${path}.producer`, 'no producer: send-timeout names the "message" whose send times out (and the replicator\'s producer runs with sendTimeout 0, it never times out)', o.producer);
  r.known(o, path, ['kind', 'message', 'after', 'producer']);
  let message = sentMessage(r, o.message, `${path}.message`, messages);
  if (messages.includes(message) && !appMessages.includes(message)) {
    r.fail(`${path}.message`, `a message an application producer sends (${appMessages.join(', ') || 'the workload sends none'}); only the replicator sends ${message}, and its producer runs with sendTimeout 0`, message);
    message = '';
  }
  if (o.after === undefined) return { kind: 'send-timeout', message };
  return { kind: 'send-timeout', message, after: readTrigger(r, o.after, `${path}.after`, clusters, messages) };
}

/** A message id that exists in this scenario (sent by the workload, or held by topic.ledgers). */
function sentMessage(r: Reader, v: unknown, path: string, messages: readonly string[]): string {
  const m = r.str(v, path, NAME, 'a message id');
  if (m === null) return '';
  if (!messages.includes(m)) r.fail(path, messages.length > 0 ? `a message the workload sends or topic.ledgers holds (${messages.join(', ')})` : 'a message the workload sends, but it sends none', m);
  return m;
}

/** `expect`: the invariants a correct model violates, and per cluster the stored list. */
function readExpect(r: Reader, v: unknown, clusters: readonly string[]): void {
  if (v === undefined) return;
  const o = r.obj(v, '$.expect');
  if (!o) return;
  r.known(o, '$.expect', ['violations', 'stored']);
  if (o.violations !== undefined) (r.arr(o.violations, '$.expect.violations') ?? []).forEach((x, i) => r.oneOf(x, `$.expect.violations[${i}]`, [...SAFETY_INVARIANTS, 'replication-progress']));
  if (o.stored === undefined) return;
  for (const [c, list] of Object.entries(r.obj(o.stored, '$.expect.stored') ?? {})) {
    if (!clusters.includes(c)) r.fail(`$.expect.stored.${c}`, `a cluster name (${clusters.join(', ')})`, c);
    (r.arr(list, `$.expect.stored.${c}`) ?? []).forEach((m, i) => r.str(m, `$.expect.stored.${c}[${i}]`, undefined, 'a message id or a position'));
  }
}

function readTrigger(r: Reader, v: unknown, path: string, clusters: string[], messages: readonly string[]): Trigger {
  const o = r.obj(v, path);
  if (!o) return { step: 0 };
  if ('step' in o) {
    r.known(o, path, ['step']);
    return { step: r.int(o.step, `${path}.step`, 0) ?? 0 };
  }
  if ('when' in o) {
    r.known(o, path, ['when']);
    return { when: r.oneOf(o.when, `${path}.when`, ['quiescent'] as const) ?? 'quiescent' };
  }
  r.known(o, path, ['event', 'message', 'cluster']);
  const event = r.oneOf(o.event, `${path}.event`, ['sent', 'received', 'persisted', 'acked'] as const) ?? 'sent';
  const message = sentMessage(r, o.message, `${path}.message`, messages);
  if (o.cluster === undefined) return { event, message };
  return { event, message, cluster: r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '' };
}
