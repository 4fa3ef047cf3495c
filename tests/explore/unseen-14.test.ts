// @vitest-environment node
// Review 14 (docs/research/review-14.md): the explorer's verdicts on scenarios no built-in covers —
// Java and Go producers, batching, V1/V2 and two-way replication, bookies with a slow or restarted
// bookie, a broker crash, an ownership change with ack quorum 1, send timeouts, the message TTL and
// deduplication switched at runtime — each predicted from Pulsar's, BookKeeper's and
// pulsar-client-go's sources, searched without and with the fixes that apply. Every row asserts
// safety/liveness, completeness, the state count, the invariants found, each trace's length and
// steps where they matter, and that every counterexample replays with `run` as the same violation.
import { describe, expect, it } from 'vitest';
import { scenario } from './unseen-14.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
/** A Dup answered -1:-1 for a message the broker never stored. */
const LOSS = 'no-silent-loss';
const DUP = 'no-duplicates';
const STALL = 'replication-progress';
/** #25861: the target's unload, its CloseProducer ahead of the receipt, the resend NotDup. */
const TARGET_UNLOAD_RESEND = [
  'fault:unload-topic:us-west',
  'deliver:broker-2->replicator:CloseProducer',
  'connect:replicator',
  'deliver:replicator->broker-2:M1',
  'persist:us-west:M1',
];

describe('review 14: holds where Pulsar keeps its promise', () => {
  it('01 Java batching (2), M1–M3, one drop or lost receipt: PR 6326 isolation and highest_sequence_id keep every resend Dup', () => {
    expectVerdict(check('u14-01-java-batch'), { ...HOLDS, ...NO_REPLICATION, states: 1272 });
  });
  it('02 Go batching (2), one drop: the item is resent byte for byte (first id only), Dup; with go-1565 the same', () => {
    expectVerdict(check('u14-02-go-batch'), { ...HOLDS, ...NO_REPLICATION, states: 1311 });
    expectVerdict(check('u14-02-go-batch', ['go-1565']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1311,
    });
  });
  it('03 Java send timeout + drop (max 2): a timed-out send is told failed, never success', () => {
    expectVerdict(check('u14-03-java-timeout'), { ...HOLDS, ...NO_REPLICATION, states: 364 });
  });
  it('05 V1, the target unloads or the replicator drops: the replay rebuilds (p1, seq) by original name', () => {
    expectVerdict(check('u14-05-v1-target-unload'), { ...HOLDS, liveness: 'holds', states: 8789 });
  });
  it('07 bookies E=W=A=2 of 3, a slow bookie or a bookie restart: ensemble change, each once (with pr-24722 the same)', () => {
    expectVerdict(check('u14-07-bookie-restart'), { ...HOLDS, ...NO_REPLICATION, states: 4279 });
    expectVerdict(check('u14-07-bookie-restart', ['pr-24722']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 4279,
    });
  });
  it('08 bookies, a broker crash (restart or takeover) with M1 in flight: recovery keeps it or not, the resend is Dup or new', () => {
    expectVerdict(check('u14-08-broker-crash'), { ...HOLDS, ...NO_REPLICATION, states: 2208 });
    expectVerdict(check('u14-08-broker-crash', ['pr-24722']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 2208,
    });
  });
  it('13 Java process restart + lost receipt (max 2): the new process is seeded from last_sequence_id', () => {
    expectVerdict(check('u14-13-java-restart-producer'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 267,
    });
  });
});

describe('review 14: the gaps Pulsar has', () => {
  it('04 Go explicit ids: a drop, M1 times out alone (failTimeoutMessages stops at M2), M2 stored, the application resends M1 → Dup -1:-1 "success"', () => {
    const r = check('u14-04-go-timeout-resend');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 815, found: { [LOSS]: 12 } });
    expect(traceOf(r, LOSS).trace.slice(3, 5)).toEqual([
      'fault:disconnect:p1',
      'fault:send-timeout:M1',
    ]);
    expect(traceOf(r, LOSS).detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    // go-1565 changes batching and seeding, not explicit ids going backwards.
    expectVerdict(check('u14-04-go-timeout-resend', ['go-1565']), {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 815,
      found: { [LOSS]: 12 },
    });
  });
  it('05 with pr-23697 (V2 in place of V1): #25861 — the watermark is not rebuilt by the target replay', () => {
    const r = check('u14-05-v1-target-unload', ['pr-23697']);
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 8815, found: { [DUP]: 13 } });
    expect(traceOf(r, DUP).trace.slice(8)).toEqual(TARGET_UNLOAD_RESEND);
  });
  it('06 two-way V2, one entry each side: #25861 on a link; pr-25860 closes it; no loop, no stall', () => {
    const r = check('u14-06-two-way-v2');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 3679, found: { [DUP]: 9 } });
    expect(traceOf(r, DUP).detail).toBe(
      'E1 (replicated from source 10:0) is stored twice at us-west: 20:1 and 21:0',
    );
    expectVerdict(check('u14-06-two-way-v2', ['pr-25860']), {
      ...HOLDS,
      liveness: 'holds',
      states: 3313,
    });
  });
  it('09 ack quorum 1 of 2, ownership change: holds; with pr-24722 the fenced add recovery keeps is written again (pr-24722-ambiguous-add)', () => {
    expectVerdict(check('u14-09-ack1-ownership'), { ...HOLDS, ...NO_REPLICATION, states: 5064 });
    const r = check('u14-09-ack1-ownership', ['pr-24722']);
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 6414, found: { [DUP]: 11 } });
    expect(traceOf(r, DUP).detail).toBe(
      "M1 (p1, seq 0) is stored twice at local: 10:0 and 11:0 — 11:0 is ledger 10's add 10:0 re-sent into ledger 11 by the managed ledger after LedgerFencedException, below deduplication: no publish made this copy; ledger 10's recovery kept 10:0",
    );
  });
  // Since review 21 x05 (session 20) a resend accepted while dedup was off is not judged, even when
  // it is written after the switch's cursor (772 states before, the shortest trace that one): the
  // search finds the resend accepted once Enabled instead — checked, NotDup, written again.
  it('10 dedup switched on before the resend of a stored M1 arrives: the resend is checked, NotDup (M1 is behind the cursor) and written again', () => {
    const r = check('u14-10-dedup-toggle');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 1457, found: { [DUP]: 10 } });
    expect(traceOf(r, DUP).trace.slice(6)).toEqual([
      'fault:set-deduplication:local:on',
      'replay:local:dedup-cursor',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
    ]);
  });
  it('11 V2 behind the workload, the TTL or a drop: the TTL expires M1; no fix closes it', () => {
    for (const fixes of [[], ['guard-rewind'], ['sentinel-not-confirmed']]) {
      const r = check('u14-11-v2-ttl', fixes);
      expectVerdict(r, {
        safety: 'violated',
        liveness: 'holds',
        states: 721,
        found: { [LOSS]: 5 },
      });
      expect(traceOf(r, LOSS).trace.at(-1)).toBe('fault:expire-messages:us-east');
    }
  });
  it('12 V1, a checksum error on E1 with E2 pipelined: seed 000 under V1 — E1 Dup -1:-1 after E2, deleted, lost', () => {
    const r = check('u14-12-v1-checksum');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 179, found: { [LOSS]: 11 } });
    expect(traceOf(r, LOSS).detail).toBe(
      'E1 (us-east 10:0) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
    );
  });
  // The stall's trace: 5 steps before review 18; now the stop's producer close runs first (E2's send
  // arrives and is answered: 9 with guard-rewind, which dropped E1; 8 with fail-on-corrupt-head,
  // where E2's receipt meets E1 still at the head and Case-5 closes the connection).
  // With fail-on-corrupt-head the close failed E2's send although us-west stores it: the cursor owes
  // it, the remote has it, and the stall says both (review 18's "Left open").
  const e2 = 'E1 not replicated; E2 stored at us-west but still in the source backlog';
  for (const [fix, stall, owed] of [
    ['guard-rewind', 9, 'E1 not replicated'],
    ['fail-on-corrupt-head', 8, e2],
  ] as const) {
    it(`12 with ${fix}: the corrupted head stalls, and the stall says the replicator terminated; the intact head's loss stays`, () => {
      const r = check('u14-12-v1-checksum', [fix]);
      // 143 (was 141): since review 18 the stop closes its producer as AbstractReplicator.terminate does, so E2's send in flight is still answered.
      expectVerdict(r, {
        safety: 'violated',
        liveness: 'violated',
        states: 143,
        found: { [STALL]: stall, [LOSS]: 11 },
      });
      expect(traceOf(r, STALL).trace[2]).toBe('fault:checksum-error:E1@us-west:corrupted');
      expect(
        traceOf(r, STALL).detail.startsWith(
          `a reachable state where nothing can happen while entries are still to be replicated (a stall): ${owed}: the replicator terminated (${fix}: `,
        ),
      ).toBe(true);
      expect(traceOf(r, LOSS).trace[2]).toBe('fault:checksum-error:E1@us-west:intact');
    });
  }
  // As 10: the resend delivered before the switch (86,420 states before session 20) is not judged.
  it('14 V2 target switched on while the replicator reconnects (max 2): its resend, checked once Enabled, is written again after the cursor; liveness holds', () => {
    const r = check('u14-14-v2-target-dedup-on');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 109852,
      found: { [DUP]: 14 },
    });
    expect(traceOf(r, DUP).trace.slice(8)).toEqual([
      'fault:disconnect:replicator',
      'connect:replicator',
      'fault:set-deduplication:us-west:on',
      'replay:us-west:dedup-cursor',
      'deliver:replicator->broker-2:M1',
      'persist:us-west:M1',
    ]);
  }, 60_000);
});
