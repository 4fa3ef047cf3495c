// @vitest-environment node
// The explorer on Go's early success (go-chunked-timeout-early-success) and the proposed
// go-timeout-all-chunks: pulsar-client-go's failTimeoutMessages fails a chunked message's first
// chunk alone and ReceivedSendReceipt lets that chunk's late receipt complete the last chunk's item
// by sequence id — the callback says "stored" with one chunk of two on the topic. With the proposal
// the timer fails the message's later chunks with it, so the callback fails and no receipt can
// complete the message. Searched with the plan's timeout at every step, then with a timeout and an
// unload anywhere, where the reload gap PR 20948 leaves (replay-last-chunk) shows up beside it.
import { describe, expect, it } from 'vitest';
import { applicableFixes, fixesToCompare, loadScenario } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { checkBuiltin, expectReplays } from './helpers';

const ID = 'go-chunked-timeout-early-success';
const FIX = 'go-timeout-all-chunks';
const EARLY = [
  'connect:p1',
  'send:p1:M1',
  'fault:send-timeout:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:broker-1->p1:M1',
];

describe(`${ID}: the planned send timeout, at any step once M1 is pending`, () => {
  it('as written (pr-20948): complete, no-silent-loss in 6 steps, and it replays', () => {
    const c = checkBuiltin(ID);
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'violated',
      liveness: 'not-applicable',
      states: 28,
    });
    expect(c.found).toEqual(['no-silent-loss']);
    expect(c.result.violations[0]!.trace).toEqual(EARLY);
    expect(c.result.violations[0]!.detail).toBe(
      'M1 was completed as a success at 10:0 for p1, but local does not store it',
    );
    expectReplays(c);
  });
  it(`with ${FIX}: holds, complete, the same 28 states`, () => {
    expect(checkBuiltin(ID, [FIX]).result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'holds',
      states: 28,
      violations: [],
    });
  });
  it('compare offers it here, and nowhere without a Go producer that chunks and a send timeout', () => {
    const config = (patch: Record<string, unknown>) => {
      const l = loadScenario({ ...BUILTINS.find((b) => b.id === ID)!, ...patch });
      if (!l.ok) throw new Error(JSON.stringify(l.errors));
      return l.config;
    };
    expect(fixesToCompare(config({}))).toContain(FIX);
    expect(applicableFixes(config({ faults: [] }))).not.toContain(FIX);
    expect(
      applicableFixes(
        config({ faults: [], explore: { faults: { kinds: ['send-timeout'], max: 1 } } }),
      ),
    ).toContain(FIX);
    expect(applicableFixes(config({ producers: [{ name: 'p1', chunking: true }] }))).not.toContain(
      FIX,
    );
    expect(
      applicableFixes(
        config({
          producers: [{ name: 'p1', client: 'go' }],
          workload: [{ send: 'M1', producer: 'p1' }],
        }),
      ),
    ).not.toContain(FIX);
  });
});

describe(`${ID}-explore: a send timeout and an unload anywhere (two faults), M1 chunked and M2 behind it`, () => {
  it('is the built-in with the plan taken out, M2 added and both kinds placed by the search', () => {
    const twin = BUILTINS.find((b) => b.id === `${ID}-explore`)!;
    expect(twin).toMatchObject({
      workload: [
        { send: 'M1', producer: 'p1', size: 6000000 },
        { send: 'M2', producer: 'p1' },
      ],
      fixes: ['pr-20948'],
      explore: { faults: { kinds: ['send-timeout', 'unload-topic'], max: 2 }, maxDepth: 80 },
    });
    expect(twin).not.toHaveProperty('faults');
  });
  const search = (fixes: string[]) => checkBuiltin(`${ID}-explore`, fixes);
  it('pr-20948 alone: the early success is the shortest loss', () => {
    const c = search([]);
    expect(c.result).toMatchObject({ complete: true, safety: 'violated' });
    const loss = c.result.violations.find((v) => v.invariant === 'no-silent-loss')!;
    expect(loss.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'fault:send-timeout:M1',
      'deliver:broker-1->p1:M1',
    ]);
    expectReplays(c);
  });
  it(`${FIX} alone: the early success is gone; the reload gap is the loss left (an unload between the chunks)`, () => {
    const c = search([FIX]);
    expect(c.result).toMatchObject({ complete: true, safety: 'violated' });
    const loss = c.result.violations.find((v) => v.invariant === 'no-silent-loss')!;
    expect(loss.trace.filter((k) => k.startsWith('fault:'))).toEqual(['fault:unload-topic:local']);
    expect(loss.detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    expectReplays(c);
  });
  it(`replay-last-chunk alone: the early success is still found`, () => {
    const c = search(['replay-last-chunk']);
    expect(c.result.violations.map((v) => [v.invariant, v.length])).toEqual([
      ['no-silent-loss', 6],
    ]);
  });
  it(`${FIX} with replay-last-chunk: holds, complete`, () => {
    expect(search([FIX, 'replay-last-chunk']).result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'holds',
      states: 2377,
      violations: [],
    });
  });
});
