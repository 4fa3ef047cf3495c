// @vitest-environment node
// A consumer's history is fingerprinted as its rules read it (subscriptionAbstraction.ts): two runs
// that reach the same cursor, acks in flight and application queue by different routes — the ack
// timeout's redelivery and a broker crash, in either order — are one state. Counts are outcomes:
// the merge halves this search, and its verdict and shortest counterexample stay the same.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, explorerConfig, loadScenario } from '../../src/engine';
import { canonical } from '../../src/engine/explore/subscriptionAbstraction';
import { BUILTINS } from '../../src/scenarios';
import { hashPerFingerprint } from './helpers';

const ackTimeout = BUILTINS.find((b) => b.id === 'consumer-ack-timeout-explore') as unknown as {
  workload: unknown[];
};
/** consumer-ack-timeout-explore with M1 alone and one broker crash placed anywhere. */
const withCrash = {
  ...ackTimeout,
  id: 'ack-timeout-and-restart-broker',
  workload: ackTimeout.workload.slice(0, 1),
  explore: { faults: { kinds: ['restart-broker'], max: 1 } },
};

function load(s: unknown) {
  const l = loadScenario(s);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return l.config;
}

describe('a consumer history is one state however it was reached', () => {
  it('the ack timeout and a broker crash: 815 states (1,607 when every history was its own), the same 9-step counterexample', () => {
    const config = load(withCrash);
    const r = explore(config, explorerBounds(config));
    expect(r).toMatchObject({ states: 815, complete: true, safety: 'violated' });
    expect(r.violations.map((v) => [v.invariant, v.trace])).toEqual([
      [
        'received-once',
        [
          'connect:p1',
          'send:p1:M1',
          'deliver:p1->broker-1:M1',
          'deliver:broker-1->bookie-1:10:0',
          'deliver:bookie-1->broker-1:10:0',
          'consume:sub:10:0',
          'ack-timeout:sub',
          'redeliver:sub',
          'consume:sub:10:0',
        ],
      ],
    ]);
  });

  it('keeps what the rules read: receipts in order, one copy per entry received again, keys and sets', () => {
    const at = (e: number, redelivered?: string) => ({
      position: { ledgerId: 10, entryId: e },
      producerName: 'p1',
      msgs: [],
      ...(redelivered ? { redelivered } : {}),
    });
    const once = [at(0), at(1)];
    expect(canonical('received', once)).toBe(once);
    expect(
      canonical('received', [at(0), at(1), at(0, 'the ack timeout'), at(0, 'a crash')]),
    ).toEqual([at(0), at(1), at(0)]);
    expect(canonical('redeliver', { '10:1': 'a crash', '10:0': 'the ack timeout' })).toEqual([
      '10:0',
      '10:1',
    ]);
    expect(canonical('timedOutOnce', ['10:1', '10:0', '10:1'])).toEqual(['10:0', '10:1']);
  });

  it('stateHash draws the line fingerprint draws over the crash search', () => {
    const config = explorerConfig(load(withCrash), explorerBounds(load(withCrash)));
    const byPrint = hashPerFingerprint(config);
    expect(byPrint.size).toBe(815);
    expect(new Set(byPrint.values()).size).toBe(815);
  });
});
