// @vitest-environment node
// Review 21 (docs/research/review-21.md): the explorer on the replication and storage side — a
// bookie restart at the remote, a broker restart at either cluster (with and without PR 25860's
// replay of the V2 watermark), an ownership change of the source on bookies, a runtime dedup switch
// at a V1 remote with a drop, and a message TTL with a broker restart. Each verdict was predicted from
// Pulsar's sources before the search; every row asserts safety/liveness, completeness, the state
// count, each trace's length and that every counterexample replays with `run` as the same violation.
// Scenarios: tests/scenarios/unseen-21.scenarios.ts (x01, two-way with a drop: 309,799 states in
// 105 s, and x06, a shared client: 29,740 in 20 s, both hold — in the doc only).
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-21.scenarios';
import { checkScenario, expectVerdict, HOLDS, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);

describe('review 21: ledgers and topology, searched', () => {
  it('x02 a bookie restart anywhere at a remote on two bookies (1): the managed ledger re-writes what a closed ledger lost — holds', () => {
    expectVerdict(check('u21-x02-remote-restart-bookie'), {
      ...HOLDS,
      liveness: 'holds',
      states: 497,
    });
  });
  it("x03 a broker restart anywhere (1): a crash of us-west after E1's write, before the replicator's receipt — the load's replay does not rebuild the V2 watermark (apache/pulsar#25861), the resend is stored again", () => {
    const r = check('u21-x03-restart-broker');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 467,
      found: { 'no-duplicates': 12 },
    });
    expect(traceOf(r, 'no-duplicates').trace[8]).toBe('fault:restart-broker:us-west');
    expect(traceOf(r, 'no-duplicates').detail).toBe(
      'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
    );
  });
  it('x03f the same search with pr-25860: the replay restores the watermark — holds', () => {
    expectVerdict(check('u21-x03-restart-broker', ['pr-25860']), {
      ...HOLDS,
      liveness: 'holds',
      states: 459,
    });
  });
  it('x04 an ownership change of the source on bookies anywhere (1): recovery keeps what was confirmed, the new owner’s replicator restarts from the cursor — holds', () => {
    expectVerdict(check('u21-x04-ownership-source'), {
      ...HOLDS,
      liveness: 'holds',
      states: 13625,
    });
  });
});

describe('review 21: switches and expiry, searched', () => {
  // Decided in session 20: the resend accepted while off and persisted after the cursor (2,502
  // states before; dedup-unchecked-copy.test.ts replays it) is no longer judged; what the search
  // finds is f03's case — the resend arrives once the replay enabled dedup, is checked, and E1 at
  // 20:0 is behind the cursor, so it is NotDup and written again (as `dedup-enabled-at-runtime`).
  it("x05 V1 remote off, a switch on and a drop anywhere (2): a resend accepted while off is not judged; one accepted once Enabled is written again behind the cursor (f03's case) — liveness holds", () => {
    const r = check('u21-x05-remote-toggle-drop');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 2998,
      found: { 'no-duplicates': 14 },
    });
    expect(traceOf(r, 'no-duplicates').trace.slice(10)).toEqual([
      'fault:set-deduplication:us-west:on',
      'replay:us-west:dedup-cursor',
      'deliver:replicator->broker-2:E1',
      'persist:us-west:E1',
    ]);
    expect(traceOf(r, 'no-duplicates').detail).toBe(
      'E1 (p1, seq 0) is stored twice at us-west: 20:0 and 20:1',
    );
  });
  it('x07 a message TTL and a broker restart anywhere (2): the TTL loss and #25861’s duplicate — liveness holds', () => {
    const r = check('u21-x07-ttl-restart');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 2516,
      found: { 'no-silent-loss': 5, 'no-duplicates': 12 },
    });
    expect(traceOf(r, 'no-silent-loss').detail).toBe(
      "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });
});
