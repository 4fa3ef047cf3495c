// @vitest-environment node
// Review 17 (docs/research/review-17.md): the explorer's verdicts on what review 17 mixed — a bundle
// unload of a source whose remote does not deduplicate, one producerName on two producers with a
// process restart placed anywhere, an ownership takeover and a dedup switch, the message TTL with a
// replicator drop, one producerName in two clusters under V1, and Java's Unknown answer after a drop or
// a lost receipt. Each verdict was predicted from the sources; every row asserts safety/liveness,
// completeness, the state count, each trace's length and that every counterexample replays with
// `run` as the same violation. Scenarios: tests/scenarios/unseen-17.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-17.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const LOSS = 'no-silent-loss';

describe('review 17: holds where Pulsar keeps its promise', () => {
  it('x01 a bundle unload anywhere, us-west not deduplicating: a second copy there is no violation (dedup off promises nothing), and replication finishes', () => {
    expectVerdict(check('u17-x01-bundle-unload-remote-dedup-off'), {
      ...HOLDS,
      liveness: 'holds',
      states: 480,
    });
  });
  it("x07 the explorer's new kind unload-topic:topic (pulsar-admin topics unload, whose close waits for the replicator) or a drop, placed anywhere over M1, M2: holds, replication finishes", () => {
    expectVerdict(check('u17-x07-topic-unload-explored'), {
      ...HOLDS,
      liveness: 'holds',
      // 7,883 while the topic loaded in the unload's own step: now p1 cannot reconnect before the
      // replicator's close is answered (tests/scenarios/topic-unload-reload.test.ts), so fewer orders.
      states: 7049,
    });
  });
  it("x02 pa and pb share a producerName, a process restart anywhere: pb's first create is refused or pa's name is free — never a false success", () => {
    expectVerdict(check('u17-x02-busy-restart'), { ...HOLDS, ...NO_REPLICATION, states: 200 });
  });
  it('x03 one bookie, two brokers, a takeover and a dedup switch placed anywhere: M1 is stored once or, with dedup switched off, told as stored', () => {
    expectVerdict(check('u17-x03-switch-and-takeover'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 390, // 353 before session 20 (review 21 x05: a write accepted while off carries that)
    });
  });
  it("x06 Java, a drop or a lost receipt (two): the Unknown answer's reconnect and every resend end Dup", () => {
    expectVerdict(check('u17-x06-java-unknown'), { ...HOLDS, ...NO_REPLICATION, states: 194 });
  });
});

describe('review 17: the gaps Pulsar has', () => {
  it("x04 the TTL and a replicator drop: the TTL alone, before the replicator reads M1, is the loss — named as the TTL's", () => {
    const r = check('u17-x04-ttl-replicator-drop');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 858, found: { [LOSS]: 5 } });
    expect(traceOf(r, LOSS).trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:us-east:M1',
      'fault:expire-messages:us-east',
    ]);
    expect(traceOf(r, LOSS).detail).toBe(
      "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });
  it('x05 one producerName in two clusters under V1: with no fault at all, E1 (app, 0) replicated first makes W1 (app, 0) Dup at us-west — told success with -1:-1', () => {
    const r = check('u17-x05-same-name-two-clusters-v1');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 9982,
      found: { [LOSS]: 12 },
    });
    expect(traceOf(r, LOSS).trace.some((k) => k.startsWith('fault:'))).toBe(false);
    expect(traceOf(r, LOSS).detail).toBe(
      'W1 was completed as a success with -1:-1 for pw, but us-west does not store it',
    );
  });
});
