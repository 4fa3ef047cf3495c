// @vitest-environment node
// Review 18 (docs/research/review-18.md): the explorer on contract-only variations of the seeds —
// seed 000 with two entries and a checksum error anywhere (us-west deduplicating or not), a
// NotAllowedError anywhere (the loss the seed says cannot happen, and a stall), seed 003's row (a)
// on Java with a drop or a lost receipt and on Go with go-1565, and a takeover anywhere with
// deduplication and PR 24722. Each verdict was predicted from the sources; every row asserts
// safety/liveness, completeness, the state count, each trace's length and that every counterexample
// replays with `run` as the same violation. Scenarios: tests/scenarios/unseen-18.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-18.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const LOSS = 'no-silent-loss';
const STALL = 'replication-progress';

describe('review 18: seed 000 searched from the contract alone', () => {
  it("x01 two entries, a checksum error anywhere (depth 30): the corrupted head's loss in 20 steps — E3 fails, E4 persists, the rewind's E3 is Dup and Case-1 completes it", () => {
    const r = check('u18-x01-two-entries-checksum');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 12097,
      found: { [LOSS]: 20 },
      complete: false,
    });
    expect(traceOf(r, LOSS).trace.slice(10, 12)).toEqual([
      'read:replicator',
      'fault:checksum-error:E3@us-west:corrupted',
    ]);
    expect(traceOf(r, LOSS).detail).toBe(
      'E3 (us-east 10:3) was deleted by the replicator (mark-delete 10:4) but us-west does not store it',
    );
  });
  it('x02 the same with us-west not deduplicating: nothing is dropped as Dup, so nothing is lost and replication finishes (depth 30)', () => {
    expectVerdict(check('u18-x02-remote-dedup-off-checksum'), {
      ...HOLDS,
      liveness: 'holds',
      states: 12969,
      complete: false,
    });
  });
  it("x03 a NotAllowedError anywhere: E4 rejected at us-west while E3 is the head stalls (ignored, never answered); E3' rejected again behind E4's second copy is lost through Case-1 — the loss the seed calls impossible", () => {
    const r = check('u18-x03-not-allowed');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'violated',
      states: 320,
      found: { [STALL]: 17, [LOSS]: 22 },
    });
    expect(traceOf(r, STALL).trace).toContain('fault:not-allowed:E4@us-west');
    expect(traceOf(r, STALL).detail).toBe(
      'a reachable state where nothing can happen while entries are still to be replicated (a stall): E4 not replicated: nothing more can happen',
    );
    // No stall is blamed on replication for an application send stuck at the source (review 18's after-workload rule).
    expect(traceOf(r, STALL).trace.some((k) => k.endsWith('@us-east'))).toBe(false);
    expect(traceOf(r, LOSS).trace).toContain('fault:not-allowed:E3@us-west');
  });
});

describe('review 18: seeds 001 and 003 searched from the contract alone', () => {
  it('x04 row (a) on Java, a drop or a lost receipt anywhere: the resend goes alone and is Dup — holds', () => {
    expectVerdict(check('u18-x04-row-a-java-disconnect'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 951,
    });
  });
  it('x05 row (a) on Go with go-1565, a drop anywhere: holds', () => {
    expectVerdict(check('u18-x05-row-a-go-1565-disconnect'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 704,
    });
  });
  it('x06 one bookie, two brokers, dedup on, a takeover anywhere, pr-24722: holds', () => {
    expectVerdict(check('u18-x06-takeover-dedup-pr-24722'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1911,
    });
  });
});
