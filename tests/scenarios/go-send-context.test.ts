// @vitest-environment node
// Go's synchronous Send(ctx) whose context ends after the hand-over (docs/research/pending-queue.md,
// "Send(ctx) after the hand-over"): Send returns ctx.Err() — "context deadline exceeded" — while the
// message, already on its way, is stored and its receipt completes a callback no one reads. The
// application, told "failed", retries: a new sequence id, stored twice even with dedup on; with its
// own sequence id dedup drops the retry. SendAsync's context is not read after the hand-over. And a
// review row of session 21: BIG's expiry while M1 holds a permit lets M3 be sent chunked, and before
// PR 20948 its last chunk is answered Dup.
import { describe, expect, it } from 'vitest';
import { faultReason, loadScenario, run, withExploreFaults } from '../../src/engine';
import { type Json, runBuiltin, runOf, rulesOf, stepOf, textsOf } from './helpers';

const ID = 'go-send-context-retry-stored-twice';

/** p1 (Go) sends M1 with Send(ctx), retries it, then sends M2; M1's context ends once it is sent. */
const retry = (extra: Json = {}, topic: Json = { deduplication: true }): Json => ({
  id: 'go-send-context',
  topic,
  producers: [{ name: 'p1', client: 'go', ...extra }],
  workload: [
    { send: 'M1', producer: 'p1', sync: true },
    { send: 'M1', producer: 'p1', sync: true },
    { send: 'M2', producer: 'p1', sync: true },
  ],
  faults: [{ kind: 'context-expired', message: 'M1', after: { event: 'sent', message: 'M1' } }],
});

describe(`${ID}: Send returned an error, the application retried, M1 is stored twice`, () => {
  const r = runBuiltin(ID);
  it('M1 failed with context deadline exceeded but is stored, and the retry is stored again', () => {
    expect(r.violations).toEqual([]);
    expect(r.outcomes).toEqual({
      M1: ['failed: context deadline exceeded, but stored at 10:0', 'stored at 10:1'],
      M2: ['stored at 10:2'],
    });
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
  });
  it('Send returns ctx.Err() with M1 written and pending; its receipt completes a callback no one reads', () => {
    const texts = textsOf(r, 'p1');
    expect(texts).toContain('Send M1 seq 0');
    expect(texts).toContain(
      "Send M1 returns context deadline exceeded (ctx.Err()); M1 stays in p1's pending queue with seq 0: the broker may store it, and its receipt still completes the callback",
    );
    expect(texts).toContain(
      'M1 completed, but Send returned context deadline exceeded already: the result reaches no one',
    );
    expect(stepOf(r, 'returns context deadline exceeded')).toBeLessThan(
      stepOf(r, 'M1 completed: stored at 10:0'),
    );
    expect(rulesOf(r)).toContain('partitionProducer.Send:context-done');
    expect(rulesOf(r)).toContain('partitionProducer.Send:result-unread');
  });
  it('the retry is a new Send: the next sequence id, which dedup takes for a new message', () => {
    expect(textsOf(r, 'p1')).toContain('Send M1 seq 1 (resend)');
    expect(textsOf(r, 'broker-1')).toContain('NotDup (pushed 0, persisted 0): write, pushed := 1');
  });
  it("without the fault Send waits for M1's receipt before the application goes on", () => {
    const plain = runBuiltin(ID, [], { faults: [], expect: undefined });
    expect(plain.outcomes.M1).toEqual(['stored at 10:0', 'stored at 10:1']);
    expect(stepOf(plain, 'Send M1 seq 1')).toBeGreaterThan(
      stepOf(plain, 'M1 completed: stored at 10:0'),
    );
  });
});

describe('with the application’s own sequence ids', () => {
  const own = (topic?: Json) => {
    const s = retry({ sequenceIds: 'explicit' }, topic);
    const seqs = [0, 0, 1];
    return {
      ...s,
      workload: (s.workload as Json[]).map((i, k) => ({ ...i, seq: seqs[k] })),
    };
  };
  it('dedup drops the retry (Dup, answered -1:-1): M1 is stored once', () => {
    const r = runOf(own());
    expect(r.outcomes.M1).toEqual([
      'failed: context deadline exceeded, but stored at 10:0',
      'completed -1:-1',
    ]);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
  });
  it('dedup off: the same retry is stored twice', () => {
    const r = runOf(own({ deduplication: false }));
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
  });
});

describe('Send(ctx) with batching and with a pending queue', () => {
  it("Send flushes its batch at once (flushImmediately): M1's frame goes in the same step, no batch timer", () => {
    const r = runOf(retry({ batching: { maxMessages: 10 } }));
    expect(stepOf(r, 'send M1 seq 0')).toBe(stepOf(r, 'Send M1 seq 0'));
    expect(r.steps.some((s) => s.key?.startsWith('batch-timer'))).toBe(false);
    expect(r.outcomes.M1![0]).toBe('failed: context deadline exceeded, but stored at 10:0');
  });
  it('the expired Send keeps its permit until its receipt: the retry waits for it, then is sent', () => {
    const r = runOf(retry({ maxPendingMessages: 1 }), [
      'connect:p1',
      'send:p1:M1',
      'fault:context-expired:M1',
    ]);
    const afterFault = r.steps[3]!;
    expect(afterFault.enabled).not.toContain('send:p1:M1');
    expect(afterFault.world.producers.p1!.pendingMessages.map((op) => op.sequenceId)).toEqual([0]);
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
  });
});

describe('where context-expired can act on a handed-over send', () => {
  const errorOf = (json: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...json });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it("only while the Send waits; a SendAsync's context is not read after the hand-over", () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...retry(),
      faults: [],
      workload: [
        { send: 'M1', producer: 'p1', sync: true },
        { send: 'M2', producer: 'p1' },
      ],
      explore: { faults: { kinds: ['context-expired'], max: 1 } },
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const steps = run(withExploreFaults(l.config), ['connect:p1', 'send:p1:M1']).steps;
    expect(steps[2]!.enabled).toContain('fault:context-expired:M1');
    const end = steps.at(-1)!.world;
    expect(faultReason(end, { kind: 'context-expired', message: 'M1' })).toMatch(
      /^no Go application is blocked in SendAsync of M1/,
    );
    const mid = run(withExploreFaults(l.config), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
      'deliver:broker-1->p1:M1',
      'send:p1:M2',
    ]).steps[6]!.world;
    expect(faultReason(mid, { kind: 'context-expired', message: 'M2' })).toBe(
      'M2\'s SendAsync has returned: nothing reads its context after the hand-over (its callback will report the receipt); only a Send(ctx) ("sync": true) still waiting can see its context end',
    );
  });
  it('"sync" is Go\'s, and only true', () => {
    const java = retry();
    expect(errorOf({ ...java, producers: [{ name: 'p1' }], faults: [] })[0]).toMatch(
      /^\$\.workload\[0\]\.sync: expected a Go producer's send \(p1 is Java: its send\(\) takes no context/,
    );
    expect(
      errorOf({ ...java, workload: [{ send: 'M1', producer: 'p1', sync: false }] })[0],
    ).toMatch(/^\$\.workload\[0\]\.sync: expected true \(Go Send\(ctx, …\)\)/);
    // A client the reader refused is the one error: its fallback (Java) is not the file's word.
    expect(errorOf({ ...java, producers: [{ name: 'p1', client: 'goo' }], faults: [] })).toEqual([
      '$.producers[0].client: expected one of "java" | "go", got "goo" — did you mean "go"?',
    ]);
  });
  it('a message only SendAsync sends, by a Go producer with no limit, is refused', () => {
    const s = retry();
    expect(
      errorOf({ ...s, workload: [{ send: 'M1', producer: 'p1' }] }).some((e) =>
        e.includes('no send of it is a Send(ctx) ("sync": true)'),
      ),
    ).toBe(true);
  });
});

describe('review row (session 21): BIG expires while M1 holds a permit, M3 goes out chunked', () => {
  const patch = {
    faults: [{ kind: 'context-expired', message: 'BIG', after: { event: 'sent', message: 'M1' } }],
    expect: undefined,
  };
  it('BIG took one free permit and gives it back; M3 (two chunks) is sent, and without PR 20948 its last chunk is answered Dup', () => {
    const r = runBuiltin('go-context-expired-keeps-permit', [], patch);
    expect(textsOf(r, 'p1')).toContain(
      'BIG: publishSemaphore.Acquire(ctx) gives up: the pending queue is full (maxPendingMessages 2: 1 permit held by M1; it needs 3, one per chunk), the context is done: ErrContextExpired, sequence id 1 taken (updateMetaData ran before the wait)',
    );
    expect(r.steps.at(-1)!.world.producers.p1!.leakedPermits).toBeUndefined();
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 3, chunk 2/2 ≤ pushed 3, persisted 3): dropped, receipt -1:-1',
    );
    expect(r.outcomes.M3).toEqual(['completed -1:-1']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
  });
  it('with pr-20948 (chunks judged by chunk id) M3 is stored whole: the known chunk loss, by a new path', () => {
    const r = runBuiltin('go-context-expired-keeps-permit', ['pr-20948'], patch);
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'M3'] });
    expect(r.outcomes.M3).toEqual(['stored at 10:3']);
  });
});
