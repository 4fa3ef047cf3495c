// The reliability properties, shared by the vitest sample (tests/ui/share-props.test.ts) and
// `npm run fuzz` (tests/fuzz/run.ts, 100,000 cases): untrusted scenarios and links only ever come
// back as validation errors, never as a throw, and links round-trip exactly.
import fc from 'fast-check';
import { loadScenario, parseScenarioText, run } from '../../src/engine';
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

/** A built-in with a few random edits: values replaced, keys deleted or added anywhere. */
export function mutate(base: Json, mutations: readonly Mutation[]): Json {
  let root = structuredClone(base);
  for (const mutation of mutations) {
    // Generated values may be shared instances (constantFrom): copy, or an add could make a cycle.
    const m = { ...mutation, value: structuredClone(mutation.value) };
    const paths = pathsOf(root);
    const path = paths[m.pick % paths.length]!;
    if (path.length === 0) {
      if (m.op === 'replace') root = m.value;
      continue;
    }
    let parent = root as Record<string | number, Json>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
    const last = path[path.length - 1]!;
    if (m.op === 'replace') parent[last] = m.value;
    else if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      if (Array.isArray(target)) target.push(m.value);
      else if (target !== null && typeof target === 'object')
        (target as Record<string, Json>)[m.key] = m.value;
      else parent[last] = m.value;
    }
  }
  return root;
}

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
    ),
  ),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-1, 0, 1, 1e9, 131072, 5242881, '', 'p1', 'M1', 'us-west', 'broker-1', true, null, [], {}),
  ),
});

export const mutatedScenario = fc
  .record({
    base: fc.constantFrom(...BUILTINS),
    mutations: fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
  })
  .map(({ base, mutations }) => mutate(base, mutations));

/** A mutated scenario that still validates must also run (a bounded prefix) without an engine throw. */
export function loadsAndRuns(json: Json): boolean {
  const r = loadScenario(json);
  if (!r.ok) return loadsOrExplains(json);
  run(r.config, r.schedule, 200);
  return true;
}

/** loadScenario's contract: a result, never a throw; errors name a `$` path and say what was expected. */
export function loadsOrExplains(json: Json): boolean {
  const r = loadScenario(json);
  if (r.ok) return true;
  return (
    r.errors.length > 0 &&
    r.errors.every(
      (e) =>
        typeof e.path === 'string' &&
        e.path.startsWith('$') &&
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
