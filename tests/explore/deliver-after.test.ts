// @vitest-environment node
// The explorer on a delayed message that bypasses batching (pulsar-client-go#1407). Go writes it
// ahead of the open batch, so some order of the remaining steps — the shortest needs no fault —
// has dedup drop the batch as Dup with -1:-1 and M1 reported stored; the proposed
// go-flush-before-single (pulsar-client-dotnet#367, Java's processOpSendMsg) closes it in every
// order, a disconnect anywhere included. Java's twin holds.
import { describe, expect, it } from 'vitest';
import { checkBuiltin, expectReplays } from './helpers';

const LOSS = [
  'connect:p1',
  'send:p1:M1',
  'send:p1:M2',
  'deliver:p1->broker-1:M2',
  'persist:local:M2',
  'deliver:broker-1->p1:M2',
  'flush:p1',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->p1:M1',
];

describe('go-delayed-overtakes-batch searched', () => {
  it('without a fix: complete, no-silent-loss in 9 steps with no fault placed, and it replays', () => {
    const c = checkBuiltin('go-delayed-overtakes-batch');
    expect(c.result).toMatchObject({ complete: true, stopReason: null, safety: 'violated' });
    expect(c.found).toEqual(['no-silent-loss']);
    expect(c.result.violations[0]!.trace).toEqual(LOSS);
    expect(c.result.violations[0]!.detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    expect(c.result.states).toBe(330);
    expectReplays(c);
  });
  it('PR 1565 leaves it open (the same trace)', () => {
    const c = checkBuiltin('go-delayed-overtakes-batch', ['go-1565']);
    expect(c.found).toEqual(['no-silent-loss']);
    expect(c.result.violations[0]!.trace).toEqual(LOSS);
  });
  it('with go-flush-before-single: complete, safety holds in all 193 states', () => {
    const c = checkBuiltin('go-delayed-overtakes-batch', ['go-flush-before-single']);
    expect(c.result).toMatchObject({ complete: true, stopReason: null, safety: 'holds' });
    expect(c.result.violations).toEqual([]);
    expect(c.result.states).toBe(193);
  });
  it('the loss needs no fault: with none allowed it is still found, and the fix still holds', () => {
    expect(checkBuiltin('go-delayed-overtakes-batch', [], []).found).toEqual(['no-silent-loss']);
    expect(
      checkBuiltin('go-delayed-overtakes-batch', ['go-flush-before-single'], []).result,
    ).toMatchObject({ complete: true, safety: 'holds' });
  });
});

describe('java-delayed-flushes-batch searched', () => {
  it('complete; safety holds in all 193 states (the same state space as Go with the fix)', () => {
    const c = checkBuiltin('java-delayed-flushes-batch');
    expect(c.result).toMatchObject({ complete: true, stopReason: null, safety: 'holds' });
    expect(c.result.violations).toEqual([]);
    expect(c.result.states).toBe(193);
  });
});
