// @vitest-environment node
// Review 19 (docs/research/review-19.md): the explorer at the invariants' edges — lost receipts and
// drops with deduplication on and off (no false alarm where nothing is promised), a dedup switch, a
// message TTL at a replication source, the replicator dropped under V2, V1 copies of one (producer,
// seq) from two source entries, a takeover over two bookies with a consumer and at a replication
// source (ledger-entries-match found without a slow bookie; no cursor acknowledges a missing
// position), and a NotAllowedError loop under weak fairness. Each verdict was predicted from the
// definitions and the sources; every row asserts safety/liveness, completeness, the state count,
// each trace's length and that every counterexample replays with `run` as the same violation.
// Scenarios: tests/scenarios/unseen-19.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-19.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string) => checkScenario(scenario(id));
const LOSS = 'no-silent-loss';
const STALL = 'replication-progress';
const LEDGER = 'ledger-entries-match';

describe('review 19: deduplication promises, searched', () => {
  it('x01 dedup on, a drop or a lost receipt anywhere: every resend is Dup and its original stored — holds', () => {
    expectVerdict(check('u19-x01-dedup-on-drops'), { ...HOLDS, ...NO_REPLICATION, states: 145 });
  });
  it('x02 the same with dedup off: copies are written, but nothing promised them away — holds (no false alarm)', () => {
    expectVerdict(check('u19-x02-dedup-off-drops'), { ...HOLDS, ...NO_REPLICATION, states: 103 });
  });
  it('x03 dedup on, switched off and a lost receipt anywhere (2): a copy written while off is never judged — holds', () => {
    expectVerdict(check('u19-x03-dedup-toggle-lose-receipt'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 460, // 341 before session 20 (review 21 x05: a write accepted while off carries that)
    });
  });
  it('x07 V1 with us-east not deduplicating, a lost receipt and a replicator drop anywhere (2): us-west drops every second copy of (p1, seq) — holds', () => {
    expectVerdict(check('u19-x07-v1-source-copies'), { ...HOLDS, liveness: 'holds', states: 7946 });
  });
});

describe('review 19: replication edges, searched', () => {
  it("x04 a message TTL anywhere at us-east: expired before any read, E1 is reported lost with the TTL's words; nothing is owed after it, so liveness holds", () => {
    const r = check('u19-x04-geo-ttl');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 158, found: { [LOSS]: 5 } });
    expect(traceOf(r, LOSS).trace[4]).toBe('fault:expire-messages:us-east');
    expect(traceOf(r, LOSS).detail).toBe(
      "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });
  it('x05 V2, both clusters deduplicating, the replicator dropped anywhere: resends are Dup by position — holds', () => {
    expectVerdict(check('u19-x05-geo-replicator-drop'), {
      ...HOLDS,
      liveness: 'holds',
      states: 641,
    });
  });
  it('x09 NotAllowedError for ever on E1, start immediately, no fault placed: a fair loop (liveness) and, with E2 pipelined, the Case-1 loss review 18 found (x03)', () => {
    const r = check('u19-x09-not-allowed-loop-fair');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'violated',
      states: 734,
      found: { [LOSS]: 20, [STALL]: 20 },
    });
    // The loop is reported once p1 has nothing left to send: a cycle starving its send is not fair.
    expect(traceOf(r, STALL).trace.slice(0, 10)).toContain('deliver:broker-1->p1:E2');
  });
});

describe('review 19: the managed-ledger invariants, searched', () => {
  it('x06 two bookies, a consumer, dedup on, a takeover anywhere: the search orders the bookies itself, so seed 001 needs no slow bookie — ledger-entries-match in 11; no acked position is missing', () => {
    const r = check('u19-x06-takeover-consumer');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'not-applicable',
      states: 8235,
      found: { [LEDGER]: 11 },
    });
    expect(traceOf(r, LEDGER).detail).toBe(
      'ledger 3 is recorded with 1 entry but BookKeeper closed it with 2 (last entry 3:1)',
    );
  });
  it("x08 the same race at a replication source: the replicator reads only confirmed entries, which recovery keeps — ledger-entries-match, and its cursor's acks always exist", () => {
    const r = check('u19-x08-takeover-at-source');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 13625,
      found: { [LEDGER]: 11 },
    });
    expect(traceOf(r, LEDGER).trace[4]).toBe('fault:ownership-change:us-east:broker-3');
  });
});
