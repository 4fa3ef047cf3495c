// @vitest-environment node
// The explorer's visited set stores 53-bit state hashes in flat arrays. Two hashes that differ only
// above bit 32 (the same slot to start probing from) are still two states, and nothing is lost when
// the table grows.
import { describe, expect, it } from 'vitest';
import { StateTable } from '../../src/engine/explore/stateTable';

describe('StateTable: hash → state id', () => {
  it('answers -1 for a hash never stored, and the id of one stored', () => {
    const t = new StateTable();
    expect(t.get(12345)).toBe(-1);
    t.set(12345, 7);
    expect(t.get(12345)).toBe(7);
    expect(t.size).toBe(1);
  });

  it('keeps hashes apart that share their low 32 bits', () => {
    const t = new StateTable();
    const low = 0xdeadbeef;
    const hashes = [low, low + 2 ** 32, low + 2 ** 40, low + 2 ** 52];
    hashes.forEach((h, i) => t.set(h, i));
    expect(hashes.map((h) => t.get(h))).toEqual([0, 1, 2, 3]);
    expect(t.get(low + 2 ** 33)).toBe(-1);
  });

  it('keeps every entry through many growths, 0 included', () => {
    const t = new StateTable(4);
    const n = 50_000;
    for (let i = 0; i < n; i++) t.set(i * 2_654_435_761 + (i % 3) * 2 ** 45, i);
    expect(t.size).toBe(n);
    let wrong = 0;
    for (let i = 0; i < n; i++) if (t.get(i * 2_654_435_761 + (i % 3) * 2 ** 45) !== i) wrong++;
    expect(wrong).toBe(0);
    expect(t.get(1)).toBe(-1);
  });
});
