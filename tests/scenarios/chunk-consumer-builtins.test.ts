// @vitest-environment node
// The consumer's chunk assembly as built-ins (docs/research/chunking.md, "What the model does"):
// chunked-consumer-drops-repeat (before PR 20948 a repeated first chunk drops the message at the
// reader; pr-20948 reads it), its -explore twin, and chunked-consumer-pending-limit (the limit with
// autoAckOldestChunkedMessageOnQueueFull acknowledges the older message away).
import { describe, expect, it } from 'vitest';
import { outcomeRows } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { exploreOf, runBuiltin } from './helpers';

const chunksAt = (r: ReturnType<typeof runBuiltin>): string[] =>
  r.steps[r.steps.length - 1]!.world.topics.local!.ledgers.flatMap((l) =>
    l.entries.flatMap((e) =>
      e.msgs.map((m) => `${l.id}:${e.entryId} ${m.msg}[${m.chunk!.id + 1}/${m.chunk!.of}]`),
    ),
  );

describe('chunked-consumer-drops-repeat', () => {
  it('the topic holds M1[1/2] twice and M1[2/2]; the reader drops M1 at the repeat: no-silent-loss at step 12', () => {
    const r = runBuiltin('chunked-consumer-drops-repeat');
    expect(chunksAt(r)).toEqual(['10:0 M1[1/2]', '10:1 M1[1/2]', '10:2 M1[2/2]']);
    expect(r.outcomes.M1).toEqual(['stored at 10:2']);
    expect(r.stored.local).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        12,
        'M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
      ],
    ]);
  });
  it('with pr-20948 the same topic is read: M1 from 10:1 to 10:2, nothing violated', () => {
    const r = runBuiltin('chunked-consumer-drops-repeat', ['pr-20948']);
    expect(chunksAt(r)).toEqual(['10:0 M1[1/2]', '10:1 M1[1/2]', '10:2 M1[2/2]']);
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
    const rows = outcomeRows(r.steps[r.steps.length - 1]!.world);
    expect(rows.find((x) => x.msg === 'M1')?.stored).toEqual(['local 10:1–10:2']);
  });
});

describe('chunked-consumer-drops-repeat-explore', () => {
  const search = (fixes: string[]) => {
    return exploreOf(
      BUILTINS.find((b) => b.id === 'chunked-consumer-drops-repeat-explore')!,
      fixes,
    );
  };
  it('finds the repeat in 12 steps over 73 states, complete; with pr-20948 every placement holds', () => {
    const before = search([]);
    expect(before.complete).toBe(true);
    expect(before.states).toBe(73);
    expect(before.violations.map((v) => [v.invariant, v.trace.length])).toEqual([
      ['no-silent-loss', 12],
    ]);
    expect(before.violations[0]!.trace).toContain('fault:disconnect:p1');
    const fixed = search(['pr-20948']);
    expect(fixed.complete).toBe(true);
    expect(fixed.violations).toEqual([]);
    expect(search(['replay-last-chunk']).violations.map((v) => v.invariant)).toEqual([
      'no-silent-loss',
    ]);
  });
});

describe('chunked-consumer-pending-limit', () => {
  it('M2[1/2] at 10:1 evicts M1 and acknowledges its chunks: both stored whole, M1 lost to the reader', () => {
    const r = runBuiltin('chunked-consumer-pending-limit');
    expect(chunksAt(r)).toEqual(['10:0 M1[1/2]', '10:1 M2[1/2]', '10:2 M1[2/2]', '10:3 M2[2/2]']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:2'], M2: ['stored at 10:3'] });
    expect(r.stored.local).toEqual(['M2']);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        13,
        "M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      ],
    ]);
  });
  it('without the auto-ack, or at a limit of 2, both are read', () => {
    for (const consumer of [
      { maxPendingChunkedMessage: 1 },
      { maxPendingChunkedMessage: 2, autoAckOldestChunkedMessageOnQueueFull: true },
    ]) {
      const r = runBuiltin('chunked-consumer-pending-limit', [], { consumer });
      expect(r.stored.local, JSON.stringify(consumer)).toEqual(['M1', 'M2']);
      expect(r.violations).toEqual([]);
    }
  });
});
