// @vitest-environment node
// A scenario built in code (the editor's form, the fuzzer, a test) rather than read from JSON text
// can hold values JSON has no text for. The error names the value as the caller wrote it: a size of
// NaN read "got null" (JSON.stringify's text for it; review 15, UX review 12 left), and a BigInt
// made the reader throw.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';

const withSize = (size: unknown) => ({
  format: 'dedup-lab/scenario@1',
  id: 'sizes',
  producers: [{ name: 'p1' }],
  workload: [{ send: 'M1', producer: 'p1', size }],
});

const errorOf = (size: unknown): string => {
  const l = loadScenario(withSize(size));
  if (l.ok) throw new Error(`size ${String(size)} was accepted`);
  return l.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
};

describe('the scenario reader names a value JSON cannot write as the caller wrote it', () => {
  it.each([
    [NaN, 'an integer from 0, got NaN'],
    // Past the largest exact integer, the upper end is said too.
    [Infinity, 'an integer from 0 to 9007199254740991, got Infinity'],
    [-Infinity, 'an integer from 0, got -Infinity'],
    [1.5, 'an integer from 0, got 1.5'],
    [-1, 'an integer from 0, got -1'],
    [10n, 'an integer from 0, got 10n'],
    ['64', 'an integer from 0, got "64"'],
  ])('size %s: expected %s', (size, expected) => {
    expect(errorOf(size)).toBe(`$.workload[0].size: expected ${expected}`);
  });

  it('a chunking producer’s NaN size is named the same way', () => {
    const l = loadScenario({ ...withSize(NaN), producers: [{ name: 'p1', chunking: true }] });
    expect(l.ok ? [] : l.errors.map((e) => e.message)).toContain(
      'expected an integer from 0, got NaN',
    );
  });
});
