// @vitest-environment node
// Review 27 (docs/research/review-27.md): the explorer on the newest rules crossed — a chunked
// message on a topic that moves to another broker anywhere, without and with the proposed
// replay-last-chunk; a shared Go client over its memory limit with a chunked message, a context
// expiry or a drop anywhere; a batching Go producer's Send(ctx), a context expiry or a drop anywhere,
// without and with go-1565; a chunked message replicated under V1, a drop anywhere, without and with
// pr-20948. Each verdict was predicted from Pulsar's sources before the search ran; every row asserts
// safety / liveness, completeness, the state count, each trace's length and the fault it places, and
// (checkScenario) that every counterexample replays with `run` as the same violation. Scenarios:
// tests/scenarios/unseen-27.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-27.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const faultsIn = (trace: readonly string[]) => trace.filter((k) => k.startsWith('fault:'));

describe('review 27: the newest rules crossed, searched', () => {
  it('x01 a chunked M1 (pr-20948, dedup on), the topic moving anywhere (1): the move between the chunks loses M1 (the replay records the lone first chunk) — no-silent-loss', () => {
    const r = check('u27-x01-chunk-move-search');
    expectVerdict(r, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 1372,
      found: { 'no-silent-loss': 18 },
    });
    expect(faultsIn(traceOf(r, 'no-silent-loss').trace)).toEqual([
      'fault:ownership-change:local:broker-2',
    ]);
  });
  it('x01 with replay-last-chunk: the resent last chunk is NotDup wherever the move falls — holds', () => {
    expectVerdict(check('u27-x01-chunk-move-search', ['replay-last-chunk']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1385,
    });
  });
  it('x02 a shared Go client over its limit by a chunked M1, a context expiry or a drop anywhere (1): holds to the depth', () => {
    expectVerdict(check('u27-x02-go-chunk-memory-search'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 10264,
      complete: false,
    });
  });
  it('x03 a batching Go producer, Send(ctx) of M2, a context expiry or a drop anywhere (1): every resend is Dup — holds, and the same with go-1565', () => {
    const verdict = { ...HOLDS, ...NO_REPLICATION, states: 178 };
    expectVerdict(check('u27-x03-go-batch-sync-search'), verdict);
    expectVerdict(check('u27-x03-go-batch-sync-search', ['go-1565']), verdict);
  });
  it('x04 a chunked M1 replicated under V1, a drop anywhere (1): without pr-20948 us-west drops the last chunk as Dup — no-silent-loss', () => {
    const r = check('u27-x04-v1-chunk-replicator-drop-search');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 11728,
      found: { 'no-silent-loss': 12 },
    });
  });
  it('x04 with pr-20948: holds to the depth (a resent first chunk is written, the last is Dup)', () => {
    expectVerdict(check('u27-x04-v1-chunk-replicator-drop-search', ['pr-20948']), {
      ...HOLDS,
      liveness: 'holds',
      states: 17174,
      complete: false,
    });
  });
});
