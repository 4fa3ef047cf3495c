// The reliability properties, shared by the vitest sample (tests/ui/share-props.test.ts) and
// `npm run fuzz` (tests/fuzz/run.ts, 100,000 cases): untrusted scenarios and links only ever come
// back as validation errors, never as a throw, and links round-trip exactly.
import fc from 'fast-check';
import { explore, explorerBounds, loadScenario, parseScenarioText, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { decodeRecipe, encodeRecipe, type ShareRecipe } from '../../src/ui/share/codec';

type Json = unknown;

/** Every path into a JSON value (arrays by index, objects by key), the root included. */
function pathsOf(
  v: Json,
  at: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

export interface Mutation {
  readonly pick: number;
  readonly op: 'replace' | 'delete' | 'add';
  readonly key: string;
  readonly value: Json;
}

/**
 * A JSON-faithful copy: `structuredClone` or an assignment would turn a `__proto__` key into the
 * object's prototype, where JSON.parse (what the CLI and the app read) makes it an own key.
 */
const jsonCopy = (v: Json): Json => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

/** Sets `key` as an own data property, as JSON.parse would (`o.__proto__ = v` would not). */
function setOwn(o: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A built-in with a few random edits: values replaced, keys deleted or added anywhere. */
export function mutate(base: Json, mutations: readonly Mutation[]): Json {
  let root = jsonCopy(base);
  for (const mutation of mutations) {
    // Generated values may be shared instances (constantFrom): copy, or an add could make a cycle.
    const m = { ...mutation, value: jsonCopy(mutation.value) };
    const paths = pathsOf(root);
    const path = paths[m.pick % paths.length]!;
    if (path.length === 0) {
      if (m.op === 'replace') root = m.value;
      continue;
    }
    let parent = root as Record<string | number, Json>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
    const last = path[path.length - 1]!;
    if (m.op === 'replace') setOwn(parent as Record<string, Json>, String(last), m.value);
    else if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      if (Array.isArray(target)) target.push(m.value);
      else if (target !== null && typeof target === 'object')
        setOwn(target as Record<string, Json>, m.key, m.value);
      else setOwn(parent as Record<string, Json>, String(last), m.value);
    }
  }
  return root;
}

/**
 * The names every JavaScript object answers to (`Object.prototype`'s members, `__proto__` among
 * them): a model that keys a plain object by a scenario's name must never mistake one for a name
 * the scenario declared (a cluster named `constructor` once crashed the loader, 5ae32ca).
 */
export const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  'prototype',
] as const;

/**
 * The names a scenario declares or refers to: its string values, except prose (title,
 * description, references) and the format tag. Map keys (topic.deduplication, topic.ledgers,
 * expect.stored) are cluster names, so they are among them.
 */
export function namesOf(v: Json, out = new Set<string>(), key = ''): Set<string> {
  if (['format', 'title', 'description', 'references'].includes(key)) return out;
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => namesOf(x, out));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) namesOf(x, out, k);
  return out;
}

/**
 * Renames `from` to `to` everywhere it is a whole string or an object key — a cluster, broker,
 * bookie, producer, pulsarClient, subscription or message id, with every reference to it (the
 * topic.deduplication, topic.ledgers and expect.stored keys, faults, triggers) — and inside the
 * schedule's action keys. A consistent rename passes every cross-reference check, so only the
 * name itself can be refused.
 */
export function rename(v: Json, from: string, to: string): Json {
  if (typeof v === 'string') {
    if (v === from) return to;
    return v.includes(':')
      ? v
          .split(':')
          .map((p) => (p === from ? to : p))
          .join(':')
      : v;
  }
  if (Array.isArray(v)) return v.map((x) => rename(x, from, to));
  if (v !== null && typeof v === 'object') {
    const o: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) setOwn(o, k === from ? to : k, rename(x, from, to));
    return o;
  }
  return v;
}

type Scenario = Record<string, Json>;
const clustersOf = (s: Scenario): string[] =>
  Array.isArray(s.clusters)
    ? s.clusters
        .map((c) => (c as { name?: Json })?.name)
        .filter((n): n is string => typeof n === 'string')
    : ['local'];
const messagesOf = (s: Scenario): string[] =>
  Array.isArray(s.workload)
    ? s.workload
        .map((w) => (w as { send?: Json })?.send)
        .filter((n): n is string => typeof n === 'string')
    : [];

/**
 * This session's fields, written as a scenario would (mostly valid, so the run and the explorer
 * get to them): `replication` as a list, the `set-deduplication`, `expire-messages` and
 * `trim-topic` faults (planned, and as explorer kinds), `topic.maxEntriesPerLedger`,
 * subscriptions for the TTL to expire, a send's `replicateTo` / `disableReplication` /
 * `deliverAfter`, a chunking producer with a send over 5 MiB. `pick` chooses the edit and its
 * values.
 */
export function extend(base: Json, which: number, pick: number): Json {
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return base;
  const s = jsonCopy(base) as Scenario;
  const cs = clustersOf(s);
  const c = cs[pick % Math.max(cs.length, 1)] ?? 'local';
  const other = cs.find((x) => x !== c) ?? c;
  const ms = messagesOf(s);
  const m = ms[pick % Math.max(ms.length, 1)] ?? 'M1';
  const after = [
    { step: pick % 30 },
    { event: 'persisted', message: m },
    { when: 'quiescent' },
    { event: 'acked', message: m, cluster: c },
  ][pick % 4];
  const topic = (
    s.topic !== null && typeof s.topic === 'object' && !Array.isArray(s.topic)
      ? s.topic
      : (s.topic = {})
  ) as Scenario;
  const faults = Array.isArray(s.faults) ? s.faults : (s.faults = []);
  const kinds = [
    'expire-messages',
    'set-deduplication',
    'trim-topic',
    'disconnect',
    'unload-topic',
  ];
  switch (which % 14) {
    case 0: // replication as a list: both ways, or the existing link listed alone
      s.replication =
        pick % 2 === 0
          ? [
              { from: c, to: other, dedup: 'v2' },
              { from: other, to: c, dedup: pick % 3 === 0 ? 'v1' : 'v2' },
            ]
          : [s.replication ?? { from: c, to: other }];
      break;
    case 1:
      faults.push({ kind: 'expire-messages', cluster: c, after });
      break;
    case 2:
      faults.push({ kind: 'set-deduplication', cluster: c, enabled: pick % 2 === 0, after });
      break;
    case 3:
      topic.maxEntriesPerLedger = pick % 2 === 0 ? 1 + (pick % 3) : { [c]: 1 + (pick % 3) };
      break;
    case 4: // a cursor for the TTL to expire
      s.subscriptions = [
        ...(Array.isArray(s.subscriptions) ? s.subscriptions : []),
        { name: `sub${pick % 3}`, cluster: c },
      ];
      break;
    case 5:
      s.explore = {
        faults: {
          kinds: [kinds[pick % kinds.length]!, kinds[(pick >> 2) % kinds.length]!],
          max: 1 + (pick % 2),
        },
        maxDepth: 40,
        maxStates: 300,
      };
      break;
    case 6: // a plan fault the explorer's key names (what the app writes into a link's schedule)
      s.schedule = [
        ...(Array.isArray(s.schedule) ? s.schedule : []),
        `fault:expire-messages:${c}`,
        `fault:set-deduplication:${c}:${pick % 2 === 0 ? 'on' : 'off'}`,
        `fault:trim-topic:${c}`,
      ];
      break;
    case 7:
      topic.deduplication = { [c]: pick % 2 === 0, ...(pick % 3 === 0 ? { [other]: true } : {}) };
      break;
    case 9: // a send's own replication clusters, disabled replication, or delayed delivery
    case 10:
    case 11: {
      const sends = Array.isArray(s.workload)
        ? s.workload.filter(
            (w): w is Scenario =>
              w !== null && typeof w === 'object' && !Array.isArray(w) && 'send' in w,
          )
        : [];
      const w = sends[pick % Math.max(sends.length, 1)];
      if (!w) break;
      if (which % 14 === 9) w.replicateTo = pick % 3 === 0 ? [] : [c];
      else if (which % 14 === 10) w.disableReplication = true;
      else w.deliverAfter = 1 + (pick % 5000);
      break;
    }
    case 12: {
      // a chunking producer (valid only without batching, Java or Go) and a send over 5 MiB
      const ps = Array.isArray(s.producers) ? s.producers : [];
      const p = ps[pick % Math.max(ps.length, 1)];
      if (p === null || typeof p !== 'object' || Array.isArray(p)) break;
      p.chunking = pick % 4 !== 0;
      const send = Array.isArray(s.workload)
        ? s.workload.find(
            (w) => w !== null && typeof w === 'object' && !Array.isArray(w) && 'send' in w,
          )
        : undefined;
      if (send && typeof send === 'object' && !Array.isArray(send))
        send.size = 5242880 + (pick % 7) * 1000000;
      break;
    }
    case 13: // a trim (valid where the topic at c is written to; which % 14 === 8 stays `expect`)
      faults.push({ kind: 'trim-topic', cluster: c, after });
      break;
    default:
      s.expect = { stored: { [c]: ms.slice(0, 1 + (pick % 3)) } };
  }
  return s;
}

export interface Edit {
  readonly extend: readonly { which: number; pick: number }[];
  /** Rename a name (an index into the scenario's strings and keys) to a prototype name. */
  readonly rename: { readonly which: number; readonly to: number } | null;
}

export function edit(base: Json, e: Edit): Json {
  let s = base;
  for (const x of e.extend) s = extend(s, x.which, x.pick);
  if (e.rename) {
    const names = [...namesOf(s)].filter((n) => n.length > 0 && n.length < 40);
    const from = names[e.rename.which % Math.max(names.length, 1)];
    if (from !== undefined)
      s = rename(s, from, PROTOTYPE_NAMES[e.rename.to % PROTOTYPE_NAMES.length]!);
  }
  return s;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  extend: fc.array(fc.record({ which: fc.nat(), pick: fc.nat() }), { maxLength: 3 }),
  rename: fc.option(fc.record({ which: fc.nat(), to: fc.nat() }), { freq: 2 }),
});

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'add'),
  key: fc.oneof(
    fc.string(),
    fc.constantFrom(
      'kind',
      'message',
      'producer',
      'cluster',
      'seq',
      'after',
      'step',
      'bookies',
      'ledgers',
      'send',
      'flush',
      'await',
      'schedule',
      'size',
      'batching',
      'maxBytes',
      'maxMessages',
      'replication',
      'subscriptions',
      'enabled',
      'maxEntriesPerLedger',
      'deduplication',
      'stored',
      'explore',
      'replicateTo',
      'disableReplication',
      'deliverAfter',
      'chunking',
      ...PROTOTYPE_NAMES,
    ),
  ),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(
      -1,
      0,
      1,
      1e9,
      131072,
      5242881,
      '',
      'p1',
      'M1',
      'us-west',
      'broker-1',
      true,
      null,
      [],
      {},
    ),
    fc.constantFrom(
      ...PROTOTYPE_NAMES,
      'expire-messages',
      'set-deduplication',
      'trim-topic',
      'sub',
    ),
  ),
});

export const mutatedScenario = fc
  .record({
    base: fc.constantFrom(...BUILTINS),
    edit: editArb,
    // A third without random edits: those mostly validate, so the run and the explorer see them.
    mutations: fc.oneof(
      fc.constant([]),
      fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
      fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
    ),
  })
  .map(({ base, edit: e, mutations }) => mutate(edit(base, e), mutations));

/**
 * A mutated scenario that still validates must also run (a bounded prefix) without an engine throw,
 * and one with an explore block must also be searched (a few hundred states) without one.
 */
export function loadsAndRuns(json: Json): boolean {
  const r = loadScenario(json);
  if (!r.ok) return loadsOrExplains(json);
  run(r.config, r.schedule, 200);
  if (r.config.explore && r.config.explore.kinds.length > 0) {
    const b = explorerBounds(r.config, { maxStates: 300, maxDepth: 40 });
    explore(r.config, b);
  }
  return true;
}

/** loadScenario's contract: a result, never a throw; errors name a `$` path (`$`, `$.field…`) and say what was expected. */
export function loadsOrExplains(json: Json): boolean {
  const r = loadScenario(json);
  if (r.ok) return true;
  return (
    r.errors.length > 0 &&
    r.errors.every(
      (e) =>
        typeof e.path === 'string' &&
        /^\$(?:$|\.|\[)/.test(e.path) &&
        typeof e.message === 'string' &&
        e.message.length > 0,
    )
  );
}

export const parsesOrExplains = (text: string): boolean => {
  const r = parseScenarioText(text);
  return r.ok || r.errors.length > 0;
};

const key = fc.stringMatching(/^[a-z]+:[a-z0-9->:@.]+$/);
/** How the explorer found a run (the link's `g`, session 26): names as the app writes them. */
const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
const foundArb = fc
  .record(
    {
      invariant: name,
      states: fc.nat(),
      complete: fc.boolean(),
      fixes: fc.array(name, { maxLength: 4 }),
      beside: fc.record({ open: fc.boolean(), fixes: fc.array(name, { maxLength: 3 }) }),
      compare: fc.constant(true as const),
    },
    { requiredKeys: ['invariant', 'states', 'complete', 'fixes'] },
  )
  // In the order a decoded link lists them (roundTrips compares JSON text).
  .map(({ invariant, states, complete, fixes, ...rest }) => ({
    invariant,
    states,
    complete,
    ...(complete ? {} : { stopReason: 'max-states' }),
    fixes,
    ...rest,
  }));
export const recipeArb: fc.Arbitrary<ShareRecipe> = fc.record(
  {
    scenario: fc.oneof(
      fc.record({ builtin: fc.string() }),
      fc.record({ json: fc.jsonValue({ maxDepth: 3 }) }),
      mutatedScenario.map((json) => ({ json })),
    ),
    fixes: fc.array(fc.string(), { maxLength: 4 }),
    faults: fc.array(
      fc
        .dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))
        .map((d) => ({ ...d, kind: 'lose-receipt' })),
      { maxLength: 3 },
    ),
    schedule: fc.array(key, { maxLength: 30 }),
    step: fc.nat({ max: 5000 }),
    check: fc.record({ at: fc.string(), trail: fc.string() }),
    found: foundArb,
  },
  { requiredKeys: ['scenario', 'fixes', 'faults', 'schedule', 'step'] },
);

/** JSON equality (-0 and 0 are the same number in a link). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function roundTrips(r: ShareRecipe): Promise<boolean> {
  const d = await decodeRecipe(await encodeRecipe(r));
  return d.ok && same(d.recipe, JSON.parse(JSON.stringify(r)));
}

/** A link mutation: cut, a character changed, inserted or removed, or another version tag. */
export const linkMutation = fc.record({
  op: fc.constantFrom('cut', 'change', 'insert', 'remove', 'version', 'garbage'),
  at: fc.nat(),
  ch: fc.oneof(
    fc.constantFrom('-', '_', 'A', '.', '=', '%', '+', '/', ' '),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  garbage: fc.string(),
});

export function mutateLink(
  link: string,
  m: { op: string; at: number; ch: string; garbage: string },
): string {
  const i = m.at % (link.length + 1);
  switch (m.op) {
    case 'cut':
      return link.slice(0, i);
    case 'change':
      return link.slice(0, i) + m.ch + link.slice(i + 1);
    case 'insert':
      return link.slice(0, i) + m.ch + link.slice(i);
    case 'remove':
      return link.slice(0, i) + link.slice(i + 1);
    case 'version':
      return `${m.at % 20}${link.slice(link.indexOf('.'))}`;
    default:
      return m.garbage;
  }
}

/** decodeRecipe's contract: it resolves (ok, or an error with a kind, message and advice). */
export async function decodesOrExplains(text: string): Promise<boolean> {
  const d = await decodeRecipe(text);
  return d.ok || (d.error.message.length > 0 && d.error.advice.length > 0);
}

export interface PropertyRun {
  readonly name: string;
  readonly failures: number;
  readonly examples: string[];
}

/** Runs a property `runs` times and counts failures (a throw counts), instead of stopping at the first. */
export async function count<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  prop: (v: T) => boolean | Promise<boolean>,
  runs: number,
  seed?: number,
): Promise<PropertyRun> {
  let failures = 0;
  const examples: string[] = [];
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      let ok: boolean;
      let why = '';
      try {
        ok = await prop(v);
      } catch (e) {
        ok = false;
        why = ` threw ${e instanceof Error ? e.stack : String(e)}`;
      }
      if (!ok) {
        failures++;
        if (examples.length < 3) examples.push(JSON.stringify(v).slice(0, 400) + why);
      }
      return true;
    }),
    { numRuns: runs, ...(seed !== undefined ? { seed } : {}) },
  );
  return { name, failures, examples };
}

/** The suite: four properties splitting `total` runs. */
export async function runAll(total: number, seed?: number): Promise<PropertyRun[]> {
  const each = Math.ceil(total / 5);
  const valid = await encodeRecipe({
    scenario: { builtin: 'seed-000-checksum-corrupted' },
    fixes: [],
    faults: [],
    schedule: ['a:b'],
    step: 3,
    check: { at: 'abc', trail: 'abcdefghi' },
  });
  return [
    await count(
      'loadScenario(random JSON) returns errors, never throws',
      fc.jsonValue({ maxDepth: 4 }),
      loadsOrExplains,
      each,
      seed,
    ),
    await count(
      'loadScenario(mutated built-in) returns errors or runs, never throws',
      mutatedScenario,
      loadsAndRuns,
      each,
      seed,
    ),
    await count(
      'parseScenarioText(random or mutated text) never throws',
      fc.oneof(
        fc.string(),
        mutatedScenario
          .map((j) => JSON.stringify(j) ?? '')
          .chain((t) => fc.nat({ max: t.length }).map((n) => t.slice(0, n))),
      ),
      parsesOrExplains,
      each,
      seed,
    ),
    await count(
      'decodeRecipe(random or mutated link) never throws',
      fc.oneof(
        fc.string(),
        fc.string().map((s) => `1.${s}`),
        linkMutation.map((m) => mutateLink(valid, m)),
      ),
      decodesOrExplains,
      each,
      seed,
    ),
    await count('decodeRecipe(encodeRecipe(r)) equals r', recipeArb, roundTrips, each, seed),
  ];
}
