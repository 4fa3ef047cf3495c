// @vitest-environment node
// Why a search of the chunked built-ins with pr-20948 and one `disconnect` or `lose-receipt` never
// completes: while the last chunk's first write is still in flight, each reconnect writes the first
// chunk again (a non-last chunk is NotDup unchecked) and the resent last chunk is Unknown, whose
// PersistenceError sends p1 round once more. Every lap leaves one more first-chunk add pending, so
// no state repeats until the explorer lets the first write persist — which it may postpone forever.
// Only a clock bounds the laps in Pulsar (an add takes milliseconds, a reconnect's backoff 100 ms or
// more); the model has none, so the bound is the search depth (docs/research/chunking.md).
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf } from '../scenarios/helpers';
import { BUILTINS } from '../../src/scenarios';
import { checkBuiltin } from './helpers';

const LAP = [
  'connect:p1',
  'deliver:p1->broker-1:M1[1/2]',
  'deliver:p1->broker-1:M1[2/2]',
  'deliver:broker-1->p1:M1',
];
const LOOP = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:p1->broker-1:M1[2/2]',
  'fault:disconnect:p1',
  ...LAP,
  ...LAP,
  ...LAP,
];

describe('the PersistenceError lap (chunked-dedup-pr-20948 with pr-20948 and a disconnect)', () => {
  const s = (): Json => {
    const { expect: _x, ...rest } = BUILTINS.find(
      (b) => b.id === 'chunked-dedup-pr-20948',
    )! as Json;
    return { ...rest, fixes: ['pr-20948'], explore: { faults: { kinds: ['disconnect'], max: 1 } } };
  };
  it('three laps leave three more first-chunk adds behind the last chunk’s write, each answered PersistenceError', () => {
    const r = runOf(s(), LOOP);
    expect(r.error).toBeNull();
    const texts = r.steps.flatMap((x) => x.events.map((e) => e.text));
    expect(
      texts.filter((t) => t.startsWith('Unknown (seq 0, chunk 2/2, pushed 0, persisted none)')),
    ).toHaveLength(3);
    // The run goes on to quiescence after the schedule: read the world at the schedule's end.
    const local = r.steps[LOOP.length]!.world.topics.local!;
    expect(
      local.pendingWrites.map((w) => w.msgs.map((m) => `${m.msg}[${m.chunk!.id + 1}/2]`).join()),
    ).toEqual(['M1[2/2]', 'M1[1/2]', 'M1[1/2]', 'M1[1/2]']);
  });
  it('once they persist, the next resend of the last chunk is Dup and M1 is read once: the extra first chunks open messages that never complete', () => {
    const r = runOf(s(), [
      ...LOOP,
      'persist:local:M1[2/2]',
      'persist:local:M1[1/2]',
      'persist:local:M1[1/2]',
      'persist:local:M1[1/2]',
      ...LAP,
      'persist:local:M1[1/2]',
    ]);
    expect(r.error).toBeNull();
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
    // The last chunk's Dup answer (-1:-1) is taken for the head op, the resent first chunk (both seq 0,
    // `ProducerImpl.ackReceived:other-chunk`); that chunk's own receipt then completes M1 at 10:5.
    expect(r.outcomes.M1).toEqual(['stored at 10:5']);
    expect(rulesOf(r)).toContain('ProducerImpl.ackReceived:other-chunk');
  });
});

describe('the search is exhaustive only to its depth', () => {
  for (const [kind, states] of [
    ['disconnect', 178],
    ['lose-receipt', 134],
  ] as const)
    it(`${kind}, depth 24: every interleaving holds, and the search stops at the depth, never complete`, () => {
      const c = checkBuiltin('chunked-dedup-pr-20948', ['pr-20948'], undefined, {
        explore: { faults: { kinds: [kind], max: 1 }, maxDepth: 24 },
      });
      expect(c.result).toMatchObject({
        complete: false,
        stopReason: 'max-depth',
        safety: 'holds',
        states,
        violations: [],
      });
    });
});
