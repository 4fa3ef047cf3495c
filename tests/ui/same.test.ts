// The panels skip a render only when their view-model is equal in value (Panels/same.ts): equality
// must be exact, or a panel would keep showing a previous step.
import { describe, expect, it } from 'vitest';
import { panelsOf } from '../../src/engine';
import { sameData } from '../../src/ui/components/Panels/same';
import { handleRequest } from '../../src/worker/handle';
import seed from '../../src/scenarios/seed-003-a-go.json';

describe('sameData', () => {
  it('compares plain data deeply', () => {
    expect(sameData({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData({ changed: true }, { changed: false })).toBe(false);
    expect(sameData(NaN, NaN)).toBe(true);
    expect(sameData(null, {})).toBe(false);
    const f = () => 1;
    expect(sameData({ f }, { f })).toBe(true);
    expect(sameData({ f }, { f: () => 1 })).toBe(false);
  });

  it('tells the panels of two steps apart exactly when their text would differ', () => {
    const reply = handleRequest({ type: 'run', scenario: seed, fixes: [] });
    if (!reply.ok) throw new Error('seed-003-a-go did not load');
    const steps = reply.result.steps;
    const at = (i: number) => panelsOf(steps[i]!.world, steps[i - 1]?.world, steps.slice(0, i + 1));
    for (let i = 1; i < steps.length; i++) {
      const [a, b] = [at(i - 1), at(i)];
      for (const key of ['producers', 'topics', 'channels'] as const)
        expect(sameData(a[key], b[key])).toBe(JSON.stringify(a[key]) === JSON.stringify(b[key]));
      // The same step twice: fresh objects, equal values.
      expect(sameData(at(i), at(i))).toBe(true);
    }
  });
});
