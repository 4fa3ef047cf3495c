// @vitest-environment node
// The explorer on a Go producer's chunked message (go-chunked-dedup-pr-20948): without a fault the
// shortest loss is the Dup second chunk, 7 steps; with pr-20948 every order is safe. PR 1565's
// halves do not touch a chunked send, so their verdicts are the unfixed one.
import { describe, expect, it } from 'vitest';
import { checkBuiltin, expectReplays } from './helpers';

const ID = 'go-chunked-dedup-pr-20948';

describe(`${ID} searched`, () => {
  it('without a fix: complete, no-silent-loss in 7 steps, and it replays', () => {
    const c = checkBuiltin(ID);
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'violated',
      states: 22,
    });
    expect(c.found).toEqual(['no-silent-loss']);
    expect(c.result.violations[0]!.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      'deliver:p1->broker-1:M1[2/2]',
      'deliver:broker-1->p1:M1',
    ]);
    expect(c.result.violations[0]!.detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    expectReplays(c);
  });
  it('with pr-20948: holds, complete, 13 states', () => {
    const c = checkBuiltin(ID, ['pr-20948']);
    expect(c.result).toMatchObject({ complete: true, safety: 'holds', states: 13, violations: [] });
  });
  it('go-1565 alone: still violated', () => {
    expect(checkBuiltin(ID, ['go-1565']).result).toMatchObject({
      complete: true,
      safety: 'violated',
    });
  });
});
