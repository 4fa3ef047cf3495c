// @vitest-environment node
// The explorer on the gap PR 20948 leaves (chunked-reload-pr-20948 and its neutral twin): with
// pr-20948 on, an unload after M1's first chunk is stored and before its last is judged makes the
// reload's replay record seq 0 from the lone first chunk, and the resent last chunk is Dup — a
// loss in 10 steps. With the proposed replay-last-chunk every order, and every unload placement, is
// safe; without pr-20948 the proposal alone changes nothing that matters (the live Dup comes first).
import { describe, expect, it } from 'vitest';
import { checkBuiltin, expectReplays } from './helpers';

const ID = 'chunked-reload-pr-20948';
const TWIN = 'chunked-reload-pr-20948-explore';
const FIX = 'replay-last-chunk';
const LOST = 'M1 was completed as a success with -1:-1 for p1, but local does not store it';
/** After connect, send and M1[1/2]'s delivery: it is stored, then the reload, the reconnect and the Dup last chunk. */
const RELOAD_TAIL = [
  'fault:unload-topic:local',
  'deliver:broker-1->p1:CloseProducer',
  'connect:p1',
  'deliver:p1->broker-1:M1[2/2]',
  'deliver:broker-1->p1:M1',
];

describe(`${ID}: the planned unload, at any step after M1[1/2] is stored`, () => {
  it('pr-20948 as written: complete, no-silent-loss in 10 steps, and it replays', () => {
    const c = checkBuiltin(ID);
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'violated',
      liveness: 'not-applicable',
      states: 56,
    });
    expect(c.found).toEqual(['no-silent-loss']);
    const v = c.result.violations[0]!;
    expect(v.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'fault:unload-topic:local',
      'deliver:broker-1->p1:M1',
      ...RELOAD_TAIL.slice(1),
    ]);
    expect(v.detail).toBe(LOST);
    expectReplays(c);
  });
  it('with replay-last-chunk: holds, complete, the same 56 states', () => {
    expect(checkBuiltin(ID, [FIX]).result).toMatchObject({
      complete: true,
      safety: 'holds',
      states: 56,
      violations: [],
    });
  });
});

describe(`${TWIN}: one unload anywhere`, () => {
  it('pr-20948 as written: complete, no-silent-loss in 10 steps (the unload after M1[1/2]’s receipt), and it replays', () => {
    const c = checkBuiltin(TWIN);
    expect(c.result).toMatchObject({
      complete: true,
      safety: 'violated',
      liveness: 'not-applicable',
      states: 77,
    });
    expect(c.found).toEqual(['no-silent-loss']);
    expect(c.result.violations[0]!.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      ...RELOAD_TAIL,
    ]);
    expectReplays(c);
  });
  it('with replay-last-chunk: holds, complete, 77 states', () => {
    expect(checkBuiltin(TWIN, [FIX]).result).toMatchObject({
      complete: true,
      safety: 'holds',
      states: 77,
      violations: [],
    });
  });
  it('replay-last-chunk without pr-20948: the live rule drops the last chunk first — the usual 7-step loss, no unload needed', () => {
    const c = checkBuiltin(TWIN, [FIX], undefined, { fixes: [] });
    expect(c.result).toMatchObject({ complete: true, safety: 'violated' });
    expect(
      c.result.violations.map((v) => [
        v.invariant,
        v.length,
        v.trace.some((k) => k.startsWith('fault:')),
      ]),
    ).toEqual([['no-silent-loss', 7, false]]);
    expectReplays(c);
  });
});
