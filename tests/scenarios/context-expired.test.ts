// @vitest-environment node
// Go's blocked send whose context ends (docs/research/pending-queue.md, "The blocking wait's
// context"): `SendAsync(ctx, …)` waits in `reserveSemaphore` (`publishSemaphore.Acquire(sr.ctx)`) or
// `reserveMem` (`ReserveMemory(sr.ctx, …)`) and fails with ErrContextExpired when the context is done
// — the fault `context-expired`. updateMetaData gave a non-batched message its id before the wait;
// sendRequest.done gives back one permit (a chunked send that took k keeps k − 1) and no memory (none
// was reserved). And Go's 95 % memory trigger is the consumer's: a producer's batch is not flushed.
import { describe, expect, it } from 'vitest';
import {
  faultKindBlocker,
  faultReason,
  loadScenario,
  run,
  withExploreFaults,
} from '../../src/engine';
import { type Json, runBuiltin, runOf, rulesOf, stepOf, textsOf } from './helpers';

const local = {
  clusters: [{ name: 'local', brokers: ['broker-1'] }],
  topic: { deduplication: true },
};

describe('go-context-expired-keeps-permit: BIG gives up, one permit stays taken, M3 no longer fits', () => {
  const r = runBuiltin('go-context-expired-keeps-permit');
  it('BIG and M3 fail with ErrContextExpired; M1 and M2 are stored, nothing violated', () => {
    expect(r.violations).toEqual([]);
    expect(r.endedBy).toBe('quiescent');
    expect(r.endNotes).toEqual([]);
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      BIG: ['failed: ErrContextExpired'],
      M2: ['stored at 10:1'],
      M3: ['failed: ErrContextExpired'],
    });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
  });
  it('BIG took seq 1 before it waited (updateMetaData) and 2 of its 3 permits, of which sendRequest.done gives back 1', () => {
    const texts = textsOf(r, 'p1');
    expect(texts).toContain('SendAsync BIG seq 1');
    expect(texts).toContain(
      'BIG: publishSemaphore.Acquire(ctx) gives up: the pending queue is full (maxPendingMessages 2: 0 permits held; it needs 3, one per chunk), the context is done: ErrContextExpired, sequence id 1 taken (updateMetaData ran before the wait)',
    );
    expect(texts).toContain(
      'BIG took 2 of its 3 chunk permits before its context ended; sendRequest.done gives back 1: 1 never comes back',
    );
    expect(texts).toContain('SendAsync M2 seq 2');
    expect(rulesOf(r)).toContain('partitionProducer.reserveSemaphore:context-expired');
    expect(rulesOf(r)).toContain('sendRequest.done:one-release');
  });
  it('M3 (two chunks) waits for the permit BIG kept, until its own context ends', () => {
    expect(textsOf(r, 'p1')).toContain(
      'M3: publishSemaphore.Acquire(ctx) gives up: the pending queue is full (maxPendingMessages 2: 1 permit held, 1 of them never given back after a chunked send failed; it needs 2, one per chunk), the context is done: ErrContextExpired, sequence id 3 taken (updateMetaData ran before the wait)',
    );
    expect(r.steps.at(-1)!.world.producers.p1!.leakedPermits).toBe(1);
  });
  it("without M3's expiry the run goes quiet and says no send holds the permit", () => {
    const only = runBuiltin('go-context-expired-keeps-permit', [], {
      faults: [{ kind: 'context-expired', message: 'BIG', after: { when: 'quiescent' } }],
      expect: undefined,
    });
    expect(only.outcomes.M3).toBeUndefined();
    expect(only.endNotes).toEqual([
      'p1\'s send of M3 waits for a permit and nothing more can happen: the pending queue is full (maxPendingMessages 2: 1 permit held, 1 of them never given back after a chunked send failed) and p1 blocks (DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore), so the application stays in SendAsync and M3 is never sent; no send holds them, so none ever comes back (sendRequest.done gave back one of each failed chunked send\'s permits); if the application\'s context ends first, SendAsync gives up with ErrContextExpired: { "kind": "context-expired", "message": "M3" }',
    ]);
  });
  it('without any expiry BIG blocks for good, as in go-chunks-exceed-pending-queue', () => {
    const none = runBuiltin('go-context-expired-keeps-permit', [], {
      faults: [],
      expect: undefined,
    });
    expect(none.stored).toEqual({ local: ['M1'] });
    expect(none.endNotes.join(' ')).toContain('pulsar-client-go#1448');
  });
});

/** p1 (Go, non-batched unless `extra` says so), client memory 1000 bytes; M1 (1100) goes over it. */
const memory = (
  extra: Json = {},
  faults: Json[] = [{ kind: 'context-expired', message: 'M2' }],
): Json => ({
  id: 'context-expired-memory',
  ...local,
  producers: [{ name: 'p1', client: 'go', memoryLimitBytes: 1000, ...extra }],
  workload: [
    { send: 'M1', producer: 'p1', size: 1100 },
    { send: 'M2', producer: 'p1', size: 100 },
    { send: 'M3', producer: 'p1', size: 100 },
  ],
  faults,
});

describe('waiting for memory: reserveMem gives up', () => {
  it('non-batched: M2 took seq 1, fails at once (no after: the context is short); M3 waits for M1 to give its bytes back and gets seq 2', () => {
    const r = runOf(memory());
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: ErrContextExpired'],
      M3: ['stored at 10:1'],
    });
    expect(textsOf(r, 'p1')).toContain(
      "M2: memLimit.ReserveMemory(ctx, …) gives up: p1's client's memory is over its limit (memoryLimitBytes 1000: 1100 bytes in use by M1 (1100)), the context is done: ErrContextExpired, sequence id 1 taken (updateMetaData ran before the wait)",
    );
    expect(textsOf(r, 'p1')).toContain('SendAsync M3 seq 2');
    // The fault came while M1 was still in flight: the step right after M1's send.
    expect(stepOf(r, 'context expired')).toBe(stepOf(r, 'SendAsync M1') + 1);
    expect(rulesOf(r)).toContain('partitionProducer.reserveMem:context-expired');
  });
  it('batched: M2 has no id yet (the batch builder gives it), so M3 gets seq 1', () => {
    const r = runOf(memory({ batching: { maxMessages: 10 } }));
    expect(r.outcomes.M2).toEqual(['failed: ErrContextExpired']);
    expect(
      textsOf(r, 'p1').some((t) =>
        t.endsWith('no sequence id taken (a batched message gets its id in the batch builder)'),
      ),
    ).toBe(true);
    expect(textsOf(r, 'p1')).toContain('SendAsync M3 seq 1');
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
  });
  it('a chunked send waiting for memory had taken all its chunk permits: sendRequest.done gives back 1, the rest stay taken', () => {
    const r = runOf({
      id: 'context-expired-chunks-memory',
      // Dedup off: a Go chunk's repeated sequence id is another story (go-chunked-dedup-pr-20948).
      clusters: local.clusters,
      producers: [
        {
          name: 'p1',
          client: 'go',
          chunking: true,
          chunkMaxMessageSize: 100,
          maxPendingMessages: 5,
          memoryLimitBytes: 100,
        },
      ],
      workload: [
        { send: 'M1', producer: 'p1', size: 200 },
        { send: 'BIG', producer: 'p1', size: 300 },
        { send: 'M2', producer: 'p1', size: 100 },
      ],
      faults: [{ kind: 'context-expired', message: 'BIG' }],
    });
    expect(textsOf(r, 'p1')).toContain(
      'BIG took 3 of its 3 chunk permits before its context ended; sendRequest.done gives back 1: 2 never come back',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:1'],
      BIG: ['failed: ErrContextExpired'],
      M2: ['stored at 10:2'],
    });
    expect(r.steps.at(-1)!.world.producers.p1!.leakedPermits).toBe(2);
  });
  it("the application's own sequence id is kept as given", () => {
    const r = runOf({
      ...memory({ sequenceIds: 'explicit' }),
      workload: [
        { send: 'M1', producer: 'p1', size: 1100, seq: 0 },
        { send: 'M2', producer: 'p1', size: 100, seq: 1 },
        { send: 'M3', producer: 'p1', size: 100, seq: 2 },
      ],
    });
    expect(textsOf(r, 'p1').some((t) => t.endsWith('its own sequence id 1'))).toBe(true);
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
  });
});

describe('only where a Go send can wait', () => {
  const errorOf = (json: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...json });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('a Java message is refused: Java has no context', () => {
    expect(errorOf(memory({ client: 'java', blockIfQueueFull: true }))).toEqual([
      expect.stringMatching(
        /^\$\.faults\[0\]\.message: expected a message a Go producer sends \(p1 is Java: Java's blocking sendAsync takes no context/,
      ),
    ]);
  });
  it('a Go producer with no limit, or one that does not block, never waits', () => {
    const why =
      /^\$\.faults\[0\]\.message: expected a message of a Go producer that can block: p1 has no maxPendingMessages and no memoryLimitBytes, or blockIfQueueFull false/;
    expect(errorOf({ ...memory(), producers: [{ name: 'p1', client: 'go' }] })).toEqual([
      expect.stringMatching(why),
    ]);
    expect(errorOf(memory({ blockIfQueueFull: false }))).toEqual([expect.stringMatching(why)]);
  });
  it('a producer field is not one it takes, and the message must be sent', () => {
    expect(
      errorOf(memory({}, [{ kind: 'context-expired', message: 'M2', producer: 'p1' }]))[0],
    ).toMatch(/^\$\.faults\[0\]\.producer: /);
    expect(errorOf(memory({}, [{ kind: 'context-expired', message: 'M9' }]))[0]).toMatch(
      /^\$\.faults\[0\]\.message: expected a message the workload sends/,
    );
  });
  it('the explorer offers it only while the send waits, and only when asked; the kind says why it cannot apply', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...memory({}, []),
      schedule: ['connect:p1', 'send:p1:M1'],
      explore: { faults: { kinds: ['context-expired'], max: 1 } },
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const steps = run(withExploreFaults(l.config), l.schedule).steps;
    expect(steps[1]!.enabled).not.toContain('fault:context-expired:M1');
    expect(steps[2]!.enabled).toContain('fault:context-expired:M2');
    expect(faultReason(steps[1]!.world, { kind: 'context-expired', message: 'M1' })).toBe(
      'no Go application is blocked in SendAsync of M1 (waiting for a permit or for memory)',
    );
    const { explore: _, ...config } = l.config;
    const plain = run({ ...config, explore: null }, l.schedule).steps;
    expect(plain[2]!.enabled.some((k) => k.startsWith('fault:context-expired'))).toBe(false);
    expect(
      faultKindBlocker('context-expired', {
        clusters: [],
        producers: [{ client: 'java' }],
        replication: null,
      }),
    ).toBe(
      'no Go producer that blocks on maxPendingMessages or memoryLimitBytes, and no Go Send(ctx) ("sync": true)',
    );
  });
});

describe("Go's 95 % memory trigger is the consumer's (shrinkReceiverQueueSize), not the producer's", () => {
  it('a batch that takes the client to 96 % of its limit stays open until its timer', () => {
    const r = runOf({
      id: 'go-memory-95',
      ...local,
      producers: [
        { name: 'p1', client: 'go', batching: { maxMessages: 10 }, memoryLimitBytes: 1000 },
      ],
      workload: [
        { send: 'M1', producer: 'p1', size: 950 },
        { send: 'M2', producer: 'p1', size: 10 },
      ],
    });
    const keys = r.steps.map((s) => s.key);
    expect(keys.slice(1, 5)).toEqual(['connect:p1', 'send:p1:M1', 'send:p1:M2', 'batch-timer:p1']);
    expect(r.steps[3]!.world.producers.p1!.batch.map((m) => m.msg)).toEqual(['M1', 'M2']);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
  });
});
