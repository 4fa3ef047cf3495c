// @vitest-environment node
// Review 22 (docs/research/review-22.md): the explorer on the producer side — a Java and a Go batch
// with a drop or a lost receipt anywhere, a Java chunked message with PR 20948, a Go chunked message
// on a topic without deduplication, a Java batch with a ChecksumError or NotAllowedError anywhere, a
// full pending queue with a drop or a send timeout, duplicate-frames with a drop. Each verdict was
// predicted from Pulsar's sources; x05 was not: it found Pulsar's own loss of a message whose
// ChecksumError let a later id pass the watermark (rows e07, e08). Every row asserts safety /
// liveness, completeness, the state count, each trace's length and that every counterexample replays
// with `run` as the same violation. Scenarios: tests/scenarios/unseen-22.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-22.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);

describe('review 22: batches and chunks, searched', () => {
  it('x01 a Java batch of two, dedup on, a drop or a lost receipt anywhere (1): the resend is byte-identical, Dup for what was persisted — holds', () => {
    expectVerdict(check('u22-x01-java-batch-search'), { ...HOLDS, ...NO_REPLICATION, states: 197 });
  });
  it('x02 a Go batch of two, auto ids, the same faults: grabCnx rewrites the same bytes — holds', () => {
    expectVerdict(check('u22-x02-go-batch-search'), { ...HOLDS, ...NO_REPLICATION, states: 201 });
  });
  it('x03 a Java chunked message, dedup on, pr-20948, a drop or a lost receipt anywhere (1): holds to depth 80; the space has no bound — while chunk 2’s first write is slow, each resend of it is Unknown, a reconnect, and one more copy of chunk 1', () => {
    expectVerdict(check('u22-x03-java-chunk-search-pr20948'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1194,
      complete: false,
    });
  });
  it('x04 a Go chunked message, dedup off, a drop anywhere (1): chunk 1 stored twice and a consumer before PR 20948 drops M1 at the repeat — no-silent-loss', () => {
    const r = check('u22-x04-go-chunk-search-no-dedup');
    expectVerdict(r, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 73,
      found: { 'no-silent-loss': 12 },
    });
    expect(traceOf(r, 'no-silent-loss').trace[4]).toBe('fault:disconnect:p1');
  });
  it('x04f the same search with pr-20948: the consumer skips the repeated chunk — holds', () => {
    expectVerdict(check('u22-x04-go-chunk-search-no-dedup', ['pr-20948']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 73,
    });
  });
});

describe('review 22: errors, the pending queue and broken channels, searched', () => {
  it('x05 Java, dedup on, a ChecksumError (either buffer) or a NotAllowedError anywhere (1): predicted to hold; M1 rejected while M2 is on the wire lets seq 1 pass the watermark, and M1’s resend is Dup — no-silent-loss, as Pulsar does', () => {
    const r = check('u22-x05-java-batch-errors-search');
    expectVerdict(r, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 288,
      found: { 'no-silent-loss': 14 },
    });
    expect(traceOf(r, 'no-silent-loss').trace[5]).toBe('fault:checksum-error:M1@local:intact');
  });
  it('x08 a Java chunked message, dedup on, pr-20948, an intact ChecksumError anywhere (1): a receipt of a first chunk completes the last chunk’s op before that chunk is stored — no-silent-loss (rows e09–e11); not complete, for chunking.md’s lap', () => {
    const r = check('u22-x08-java-chunk-checksum-search');
    expectVerdict(r, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 703,
      found: { 'no-silent-loss': 11 },
      complete: false,
    });
    expect(traceOf(r, 'no-silent-loss').trace[3]).toBe('fault:checksum-error:M1@local:intact');
  });
  it('x06 Java, maxPendingMessages 1 not blocking, a drop or a send timeout anywhere (1): refused and timed-out sends are failures, never promises — holds', () => {
    expectVerdict(check('u22-x06-java-pending-queue-search'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 87,
    });
  });
  it('x07 Java, dedup on, duplicate-frames or a drop anywhere (2): every re-written frame is Dup — holds', () => {
    expectVerdict(check('u22-x07-java-duplicate-frames-search'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 243,
    });
  });
});
