// Scenario format v1 (`dedup-lab/scenario@1`) → Config. Field-precise errors, never a throw.
// Defaults are Pulsar's: deduplication off, Java client, no batching, auto sequence ids.
// Each section has its reader beside this file; this one reads the top level and puts them together.
import { type Config, replicationLinks } from '../model/config';
import { hasExpirableCursor, isTrimmable } from '../model/topicFaultPlaces';
import { readClusters } from './clusters';
import { readFaults } from './faults';
import { contextExpiryBlocker } from './contextExpired';
import { parseJsonText } from './jsonText';
import { KEBAB } from './names';
import { readConsumer } from './consumer';
import { readProducers } from './producers';
import { readWorkload } from './workload';
import { Reader, type ValidationError } from './reader';
import { readReplication, readSubscriptions } from './replication';
import { checkNegativeAcknowledge } from './negativeAck';
import { readExpect, readExplore, readFixes, readSchedule } from './runSettings';

export { jsonSyntaxError, parseJsonText } from './jsonText';

export const SCENARIO_FORMAT = 'dedup-lab/scenario@1';
const TOP_KEYS = [
  'format',
  'id',
  'title',
  'description',
  'references',
  'clusters',
  'topic',
  'producers',
  'replication',
  'subscriptions',
  'consumer',
  'workload',
  'fixes',
  'faults',
  'schedule',
  'explore',
  'expect',
];

export type LoadResult =
  | { ok: true; config: Config; schedule: 'auto' | string[] }
  | { ok: false; errors: ValidationError[] };

/**
 * Parse scenario text (a file, a pasted draft): a leading byte order mark is dropped, and a JSON
 * syntax error is reported like any other, at `$`, ending with its line and column (jsonText.ts).
 */
export function parseScenarioText(text: string): LoadResult {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    return { ok: false, errors: [{ path: '$', message: `not valid JSON: ${parsed.error}` }] };
  return loadScenario(parsed.json);
}

export function loadScenario(json: unknown, extraFixes: readonly string[] = []): LoadResult {
  const r = new Reader();
  const s = r.obj(json, '$');
  if (!s) return { ok: false, errors: r.errors };
  r.known(s, '$', TOP_KEYS);
  if (s.format !== SCENARIO_FORMAT) r.fail('$.format', JSON.stringify(SCENARIO_FORMAT), s.format);
  const id = r.str(s.id, '$.id', KEBAB, 'a kebab-case id') ?? 'scenario';
  if (s.title !== undefined) r.str(s.title, '$.title');
  // Not used by a run, but the contract types them: a number or a lone string is a mistake to name.
  if (s.description !== undefined && typeof s.description !== 'string')
    r.fail('$.description', 'a string (markdown)', s.description);
  if (s.references !== undefined)
    (r.arr(s.references, '$.references') ?? []).forEach((x, i) =>
      r.str(x, `$.references[${i}]`, undefined, 'a reference such as "apache/pulsar#26113"'),
    );
  const clusters = readClusters(r, s);
  const clusterNames = clusters.map((c) => c.name);
  const producers = readProducers(
    r,
    s.producers,
    clusterNames,
    clusters.some((c) => c.initialLedgers.some((l) => (l.messages?.length ?? 0) > 0)),
  );
  const repl = readReplication(r, s.replication, clusterNames);
  const links = replicationLinks(repl);
  const subscriptions = readSubscriptions(r, s.subscriptions, clusters);
  const consumer = readConsumer(r, s.consumer);
  const workload = readWorkload(r, s.workload, producers, clusterNames);
  const fixes = readFixes(r, s.fixes, extraFixes);
  // The messages a fault or trigger may name: what the workload sends and what topic.ledgers holds.
  const messages = [
    ...new Set([
      ...workload.flatMap((w) => (w.kind === 'send' ? [w.msg] : [])),
      ...clusters.flatMap((c) =>
        c.initialLedgers.flatMap((l) => (l.messages ?? []).map((m) => m.msg)),
      ),
    ]),
  ];
  const appMessages = workload.flatMap((w) => (w.kind === 'send' ? [w.msg] : []));
  checkNegativeAcknowledge(r, s.subscriptions, messages);
  const faults = readFaults(
    r,
    s.faults,
    clusters,
    [...producers.map((p) => p.name), ...links.map((l) => l.key)],
    links.length > 0,
    messages,
    appMessages,
    (cluster, first) => movedElsewhere(s, clusterNames, cluster, first),
    clusterNames.filter((c) => hasExpirableCursor(c, { producers, subscriptions, links })),
    clusters.filter((c) => isTrimmable(c, { producers, subscriptions, links })).map((c) => c.name),
    subscriptions.filter((x) => x.acks === 'in-flight'),
    contextExpiryBlocker(producers, workload),
  );
  readExpect(r, s.expect, clusterNames);
  const schedule = readSchedule(r, s.schedule);
  const explore = readExplore(r, s.explore);
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  const title = typeof s.title === 'string' ? s.title : id;
  return {
    ok: true,
    config: {
      id,
      title,
      clusters,
      producers,
      workload,
      ...repl,
      subscriptions,
      ...(consumer ? { consumer } : {}),
      fixes,
      faults,
      explore,
      faultBudget: null,
    },
    schedule,
  };
}

/**
 * Whether the scenario can move `cluster`'s topic away from `first`: a plan fault (an ownership
 * change, or a crash load on another broker), a schedule key that places one (a recipe the app or
 * the explorer wrote), or an explore block whose search may place either kind.
 */
function movedElsewhere(
  s: Record<string, unknown>,
  clusterNames: readonly string[],
  cluster: string,
  first: string,
): boolean {
  const plan = Array.isArray(s.faults) ? s.faults : [];
  const byPlan = plan.some((x) => {
    const f = x as Record<string, unknown> | null;
    return (
      typeof f === 'object' &&
      f !== null &&
      (f.kind === 'ownership-change' || f.kind === 'restart-broker') &&
      (f.cluster ?? (clusterNames.length === 1 ? clusterNames[0] : undefined)) === cluster &&
      typeof f.to === 'string' &&
      f.to !== first
    );
  });
  const keys = Array.isArray(s.schedule) ? s.schedule : [];
  const byKey = keys.some((k) => {
    const m =
      typeof k === 'string'
        ? /^fault:(?:ownership-change|restart-broker):([^:]+):(.+)$/.exec(k)
        : null;
    return m !== null && m[1] === cluster && m[2] !== first;
  });
  const explore = s.explore as { faults?: { kinds?: unknown } } | undefined;
  const kinds = Array.isArray(explore?.faults?.kinds) ? explore.faults.kinds : [];
  return byPlan || byKey || kinds.some((k) => k === 'ownership-change' || k === 'restart-broker');
}
