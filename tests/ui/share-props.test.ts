// @vitest-environment node
// The reliability properties on a small sample (the full 100,000 cases: `npm run fuzz`).
import { describe, expect, it } from 'vitest';
import { mutate, mutateLink, runAll } from '../fuzz/properties';

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
});
