// @vitest-environment node
// Seed 000 (apache/pulsar #26113): a head-of-queue failure on the replicator's producer, a cursor
// rewind, and V2 dedup's single watermark turn E3 into a silent loss. Each proposed fix is judged
// by the same rules, on the default-policy run.
import { describe, expect, it } from 'vitest';
import { invariantsOf, runBuiltin, stepOf } from './helpers';

describe('seed 000: ChecksumError with a corrupted local buffer', () => {
  const r = runBuiltin('seed-000-checksum-corrupted');

  it('tells the seed story in order', () => {
    const order = [
      stepOf(r, 'read 10:3, 10:4, 10:5'),
      stepOf(r, 'ChecksumError before dedup'),
      stepOf(r, 'E3 failed: ChecksumException'),
      stepOf(r, 'rewind: read position 10:3'),
      stepOf(r, 'Case-3: lastPersisted := 10:5'),
      stepOf(r, 'asyncDelete(10:5), mark-delete stays 10:2'),
      stepOf(r, 'read 10:3 (E3)'),
      stepOf(r, 'Dup (source 10:3 ≤ pushed 10:5'),
      stepOf(r, 'Case-1: head 10:3 ≤ lastPersisted 10:5'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('reports no-silent-loss at the step the mark-delete jumps past E3, which us-west never stored', () => {
    expect(r.violations).toHaveLength(1);
    expect(r.violations[0]).toMatchObject({
      invariant: 'no-silent-loss',
      messages: ['E3'],
      step: stepOf(r, 'asyncDelete(10:3), mark-delete → 10:5'),
    });
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
  });
});

describe('the replicator cursor (ManagedCursorImpl.setAcknowledgedPosition)', () => {
  it('a rewound read position behind the new mark-delete moves past it: the cursor never points at a deleted entry', () => {
    const r = runBuiltin('seed-000-checksum-corrupted');
    const rewound = stepOf(r, 'rewind: read position 10:3');
    expect(r.steps[rewound]!.world.replicator!.cursor.readPosition).toEqual({
      ledgerId: 10,
      entryId: 3,
    });
    const c = r.steps.at(-1)!.world.replicator!.cursor;
    expect(c.markDeletePosition).toEqual({ ledgerId: 10, entryId: 5 });
    expect(c.readPosition).toEqual({ ledgerId: 10, entryId: 6 });
  });
});

describe('seed 000: the other branches', () => {
  it('intact local buffer: resend-all, Case-5 reconnect, the resent E3 is Dup and Case-3 completes it: E3 lost', () => {
    const r = runBuiltin('seed-000-checksum-intact');
    expect(stepOf(r, 'Case-5: receipt for 10:4, head is 10:3')).toBeLessThan(
      stepOf(r, 'Case-3: lastPersisted := 10:3'),
    );
    expect(invariantsOf(r)).toEqual(['no-silent-loss']);
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
  });

  it('NotAllowedError on every attempt: a rewind loop without progress, nothing silently lost', () => {
    const r = runBuiltin('seed-000-not-allowed');
    expect(r.endedBy).toBe('loop');
    expect(invariantsOf(r)).toEqual(['replication-progress']);
    expect(r.violations[0]!.messages).toEqual(['E3']);
    expect(r.steps[r.violations[0]!.step + 1]!.key).toBe('read:replicator');
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
  });
});

describe("seed 000's proposed fixes on the default-policy run", () => {
  for (const fix of ['guard-rewind', 'sentinel-not-confirmed', 'fail-on-corrupt-head']) {
    it(`${fix}, corrupted buffer: a visible stall, nothing lost`, () => {
      const r = runBuiltin('seed-000-checksum-corrupted', [fix]);
      expect(invariantsOf(r)).toEqual(['replication-progress']);
      expect(r.stored['us-west']).not.toContain('E3');
    });
    it(`${fix}, intact buffer: never triggers, E3 lost`, () => {
      const r = runBuiltin('seed-000-checksum-intact', [fix]);
      expect(invariantsOf(r)).toEqual(['no-silent-loss']);
      expect(r.violations[0]!.messages).toEqual(['E3']);
    });
  }

  it('guard-rewind and fail-on-corrupt-head stop the replicator for good; sentinel-not-confirmed loops', () => {
    expect(
      runBuiltin('seed-000-checksum-corrupted', ['guard-rewind']).steps.at(-1)!.world.replicator!
        .state,
    ).toBe('Terminated');
    expect(
      runBuiltin('seed-000-checksum-corrupted', ['fail-on-corrupt-head']).steps.at(-1)!.world
        .replicator!.reason,
    ).toContain('corrupted');
    expect(runBuiltin('seed-000-checksum-corrupted', ['sentinel-not-confirmed']).endedBy).toBe(
      'loop',
    );
  });
});

describe('geo-v2-clean', () => {
  it('E3, E4, E5 arrive once, in order; the mark-delete reaches 10:5', () => {
    const r = runBuiltin('geo-v2-clean');
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E5']);
    expect(r.steps.at(-1)!.world.replicator!.cursor.markDeletePosition).toEqual({
      ledgerId: 10,
      entryId: 5,
    });
  });
});
