// @vitest-environment node
// The reliability properties on a small sample (the full 100,000 cases: `npm run fuzz`).
import { describe, expect, it } from 'vitest';
import { loadScenario, parseScenarioText, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import {
  edit,
  extend,
  mutate,
  mutateLink,
  namesOf,
  PROTOTYPE_NAMES,
  rename,
  runAll,
} from '../fuzz/properties';

describe('reliability properties (fast-check sample)', () => {
  it('scenarios and links only ever fail as validation errors; links round-trip exactly', async () => {
    const results = await runAll(2_500);
    for (const r of results)
      expect({ name: r.name, failures: r.failures, examples: r.examples }).toEqual({
        name: r.name,
        failures: 0,
        examples: [],
      });
  }, 60_000);

  it('the mutators do mutate (the properties are not vacuous)', () => {
    const base = { a: [1, 2], b: { c: 'x' } };
    expect(mutate(base, [{ pick: 1, op: 'delete', key: '', value: null }])).not.toEqual(base);
    expect(mutate(base, [{ pick: 4, op: 'add', key: 'k', value: 1 }])).toEqual({
      a: [1, 2],
      b: { c: 'x', k: 1 },
    });
    expect(mutateLink('1.abcdef', { op: 'cut', at: 4, ch: '', garbage: '' })).toBe('1.ab');
  });

  it('every name a built-in declares or refers to, renamed to a prototype name everywhere: one error per field that holds it (quoting it, at a $. path), or a run; never a throw', () => {
    let refused = 0;
    BUILTINS.forEach((b, i) =>
      [...namesOf(b)].forEach((name, j) => {
        const to = PROTOTYPE_NAMES[(i + j) % PROTOTYPE_NAMES.length]!;
        // As the CLI and the app read it: JSON text, where a "__proto__" key is an own key.
        const r = parseScenarioText(JSON.stringify(rename(b, name, to)));
        if (r.ok) {
          // `prototype` is no member of a plain object, an id may be any kebab-case word: both load.
          expect(run(r.config, r.schedule, 50).scenario).toBeTypeOf('string');
          return;
        }
        refused++;
        for (const e of r.errors) {
          expect(e.path, `${b.id}: ${name} → ${to}`).toMatch(/^\$[.[]/);
          expect(`${e.path}: ${e.message}`, `${b.id}: ${name} → ${to}`).toContain(to);
        }
      }),
    );
    expect(refused).toBeGreaterThan(300); // 370 of the 34 built-ins' names today
  });

  it("the edits reach this session's fields and rename names consistently", () => {
    const geo = BUILTINS.find((b) => b.id === 'geo-v2-clean')!;
    expect((extend(geo, 0, 0) as { replication: unknown }).replication).toEqual([
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-west', to: 'us-east', dedup: 'v1' },
    ]);
    expect((extend(geo, 1, 1) as { faults: unknown }).faults).toEqual([
      { kind: 'expire-messages', cluster: 'us-west', after: { event: 'persisted', message: 'E4' } },
    ]);
    expect((extend(geo, 2, 0) as { faults: unknown }).faults).toEqual([
      { kind: 'set-deduplication', cluster: 'us-east', enabled: true, after: { step: 0 } },
    ]);
    expect(
      (extend(geo, 3, 1) as { topic: { maxEntriesPerLedger: unknown } }).topic.maxEntriesPerLedger,
    ).toEqual({ 'us-west': 2 });
    // A trim at us-east (its producers write it) and at us-west (the link writes it): both load.
    const trims = [0, 1].map((pick) => extend(geo, 13, pick) as { faults: unknown });
    expect(trims.map((t) => t.faults)).toEqual([
      [{ kind: 'trim-topic', cluster: 'us-east', after: { step: 0 } }],
      [{ kind: 'trim-topic', cluster: 'us-west', after: { event: 'persisted', message: 'E4' } }],
    ]);
    expect(trims.map((t) => loadScenario(t).ok)).toEqual([true, true]);
    expect((extend(geo, 5, 0) as { explore: unknown }).explore).toEqual({
      faults: { kinds: ['expire-messages', 'expire-messages'], max: 1 },
      maxDepth: 40,
      maxStates: 300,
    });
    // A cluster renamed everywhere: its map keys too, as own keys (even __proto__).
    const renamed = edit(geo, {
      extend: [],
      rename: {
        which: [...namesOf(geo)].indexOf('us-east'),
        to: PROTOTYPE_NAMES.indexOf('__proto__'),
      },
    }) as { topic: { deduplication: object } };
    expect(Object.keys(renamed.topic.deduplication)).toEqual(['__proto__', 'us-west']);
    expect(loadScenario(renamed)).toMatchObject({
      ok: false,
      errors: [{ path: '$.clusters[0].name' }],
    });
  });
});
