// @vitest-environment node
// Review 20 (docs/research/review-20.md): the explorer on the newest rules — a trim placed anywhere
// with a lost receipt, a replicator drop, a runtime dedup switch or a message TTL; a fan-out with a
// drop; a topic unload with a drop at a remote that does not deduplicate; a chunked message
// replicated with a drop. Each verdict was predicted from Pulsar's sources: a trim deletes only what
// every durable cursor consumed, so it hides nothing and loses nothing by itself; only the TTL's
// mark-delete loses an entry. Every row asserts safety/liveness, completeness, the state count, each
// trace's length and that every counterexample replays with `run` as the same violation.
// Scenarios: tests/scenarios/unseen-20.scenarios.ts (the geo searches send one message: two pass
// 200,000 states, which the comments there give).
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-20.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string) => checkScenario(scenario(id));

describe('review 20: a trim anywhere', () => {
  it('x01 dedup on, a trim and a lost receipt anywhere (2): pulsar.dedup holds every ledger, each resend is Dup — holds', () => {
    expectVerdict(check('u20-x01-trim-lose-receipt'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1225,
    });
  });
  it('x02 geo, a ledger per entry, a trim at either cluster and a drop anywhere (2): the replicator’s cursor holds what it has not consumed — holds', () => {
    expectVerdict(check('u20-x02-geo-trim-disconnect'), {
      ...HOLDS,
      liveness: 'holds',
      states: 1839,
    });
  });
  it('x03 a dedup switch and a trim anywhere (2): the switch’s cursor holds from the LAC on, the copies before it are not judged — holds', () => {
    expectVerdict(check('u20-x03-toggle-trim'), { ...HOLDS, ...NO_REPLICATION, states: 4569 }); // 2,297 before session 20 (review 21 x05)
  });
  it("x07 a message TTL and a trim anywhere (2): the TTL loses E1 before the replicator reads it (the TTL's words); a trim adds nothing — liveness holds", () => {
    const r = check('u20-x07-ttl-trim');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 81,
      found: { 'no-silent-loss': 5 },
    });
    expect(traceOf(r, 'no-silent-loss').detail).toBe(
      "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });
});

describe('review 20: links, unloads and chunks, searched', () => {
  it('x04 fan-out, a drop of either replicator anywhere (1): V2 by position on each link — holds', () => {
    expectVerdict(check('u20-x04-fanout-disconnect'), {
      ...HOLDS,
      liveness: 'holds',
      states: 5946,
    });
  });
  it('x05 topics unload and a drop anywhere (2), the remote not deduplicating: a copy there breaks no promise — holds', () => {
    expectVerdict(check('u20-x05-topic-unload-disconnect'), {
      ...HOLDS,
      liveness: 'holds',
      states: 4094,
    });
  });
  it("x06 a chunked message replicated (V2), a drop anywhere (1): the replicator's chunks are judged by source position, but p1's own drop stores chunk 1 twice at us-east (not deduplicating) and a consumer before PR 20948 drops M1 at the repeat — the loss the consumer's half of the fix closes", () => {
    const r = check('u20-x06-geo-chunked-disconnect');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 8136,
      found: { 'no-silent-loss': 12 },
    });
    expect(traceOf(r, 'no-silent-loss').trace[4]).toBe('fault:disconnect:p1');
    expect(traceOf(r, 'no-silent-loss').detail).toBe(
      'M1 was completed as a success at 10:2 for p1, but us-east does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
    );
  });
  it('x06f the same search with pr-20948: the consumer skips the repeated chunk — holds', () => {
    expectVerdict(checkScenario(scenario('u20-x06-geo-chunked-disconnect'), ['pr-20948']), {
      ...HOLDS,
      liveness: 'holds',
      states: 8136,
    });
  });
});
