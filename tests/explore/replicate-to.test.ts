// @vitest-environment node
// The explorer on per-message replication clusters. geo-replicate-to-local (M1 for us-east only, M2
// for every cluster) with its own explore block (a disconnect anywhere): no interleaving loses or
// owes M1 at us-west. The same workload from a Java producer that batches M1 and M2 together: the
// batch's entry carries M1's replicate_to, so the search finds M2 skipped — a real loss; with M2
// first, the entry carries no list and M1 reaches us-west (replicate-to-respected).
import { describe, expect, it } from 'vitest';
import { checkBuiltin, expectReplays } from './helpers';

describe('geo-replicate-to-local searched', () => {
  it('complete; safety and liveness hold in all 949 states', () => {
    const c = checkBuiltin('geo-replicate-to-local');
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'holds',
      liveness: 'holds',
    });
    expect(c.result.violations).toEqual([]);
    expect(c.result.states).toBe(949);
  });

  it('Java batching M1 (us-east only) with M2: no-silent-loss, M2 skipped with its batch', () => {
    const c = checkBuiltin('geo-replicate-to-local', [], [], {
      producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    });
    expect(c.found).toEqual(['no-silent-loss']);
    const v = c.result.violations[0]!;
    expect(v.trace).toEqual([
      'connect:p1',
      'connect:replicator',
      'send:p1:M1',
      'send:p1:M2',
      'deliver:p1->broker-1:M1+M2',
      'persist:us-east:M1+M2',
      'read:replicator',
    ]);
    expect(v.detail).toBe(
      "M2 (us-east 10:0) was skipped by the replicator (mark-delete 10:0): the entry's replicate_to [us-east] (its batch's first message's, M1) excludes us-west, but M2 was sent for us-west",
    );
    // kinds [] (no fault placed): 174 states, every one reached without a fault.
    expect(c.result.states).toBe(174);
    expectReplays(c);
  });

  it('Java batching M2 (for every cluster) ahead of M1 (us-east only): replicate-to-respected, M1 reaches us-west in its batch', () => {
    const c = checkBuiltin('geo-replicate-to-local', [], [], {
      producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
      workload: [
        { send: 'M2', producer: 'p1' },
        { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
      ],
    });
    expect(c.found).toEqual(['replicate-to-respected']);
    const v = c.result.violations[0]!;
    expect(v.trace.slice(-3)).toEqual([
      'read:replicator',
      'deliver:replicator->broker-2:M2+M1',
      'persist:us-west:M2+M1',
    ]);
    expect(v.detail).toMatch(
      /^M1 was sent with replicate_to \[us-east\], but us-west stores a copy replicated from us-east/,
    );
    expectReplays(c);
  });
});
