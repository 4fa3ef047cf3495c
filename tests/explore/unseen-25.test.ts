// @vitest-environment node
// Review 25 (docs/research/review-25.md): the explorer on what sessions 19–22 added — a Go Send(ctx)
// with its context ending or a receipt lost anywhere, a chunked message with the consumer's expiry
// of incomplete messages and a drop anywhere, a shared Java client blocked on its memory limit with
// a drop or a lost receipt anywhere, and a nacked message under the ack timeout with a crash
// anywhere. Each verdict was predicted from Pulsar's sources before the search ran; every row
// asserts safety / liveness, completeness, the state count, each trace's length and that every
// counterexample replays with `run` as the same violation. Scenarios:
// tests/scenarios/unseen-25.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-25.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string) => checkScenario(scenario(id));

describe('review 25: the consumer, chunks and the Go producer, searched', () => {
  it('x01 Go Send(ctx) of M1 and M2, dedup on, a context expiry or a lost receipt anywhere (1): an expired Send keeps its write, a resend is Dup — holds', () => {
    expectVerdict(check('u25-x01-go-sync-search'), { ...HOLDS, ...NO_REPLICATION, states: 43 });
  });
  it('x02 a chunked M1 (pr-20948), the consumer’s expiry on, a drop anywhere (1): the expiry between the chunks loses M1 to every reader after p1 was told it is stored — no-silent-loss, with no fault', () => {
    const r = check('u25-x02-chunk-expiry-search');
    expectVerdict(r, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 159,
      found: { 'no-silent-loss': 9 },
    });
    const trace = traceOf(r, 'no-silent-loss').trace;
    expect(trace[6]).toBe('chunk-expiry:local');
    expect(trace.some((k) => k.startsWith('fault:'))).toBe(false);
  });
  it('x03 a shared Java client blocked on its memory limit, a drop or a lost receipt anywhere (1): every resend is Dup and the waiting send goes — holds', () => {
    expectVerdict(check('u25-x03-java-shared-memory-search'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 181,
    });
  });
  it('x04 M1 nacked under the ack timeout, no received-once, a crash anywhere (1): redeliveries only, the stored side holds', () => {
    expectVerdict(check('u25-x04-nack-timeout-restart-search'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1158,
    });
  });
});
