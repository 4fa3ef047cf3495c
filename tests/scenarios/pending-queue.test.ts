// @vitest-environment node
// The producer's pending queue (docs/research/pending-queue.md): `maxPendingMessages` permits, one
// per message, taken at sendAsync and given back when the send completes. A producer that blocks
// (Java blockIfQueueFull, Go by default) holds the application in sendAsync; one that does not
// fails the send at once — Java before the message takes a sequence id, Go after a non-batched one
// took it. Review 19 left "pending queue full" unnameable.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { exploreOf, type Json, runOf, textsOf } from './helpers';

const local = {
  clusters: [{ name: 'local', brokers: ['broker-1'] }],
  topic: { deduplication: true },
};
const three = [
  { send: 'M1', producer: 'p1' },
  { send: 'M2', producer: 'p1' },
  { send: 'M3', producer: 'p1' },
];
const one = (producer: Json, workload: Json[] = three): Json => ({
  id: 'pending-queue',
  title: 'a pending queue of one',
  ...local,
  producers: [{ name: 'p1', maxPendingMessages: 1, ...producer }],
  workload,
});

// pb's receipt for N1 is lost and pa takes the name 'app' meanwhile: pb never reconnects, so N1's
// permit never comes back (the ProducerBusy story of stuck-send.test.ts).
const busy = (client: 'java' | 'go', pb: Json = {}): Json => ({
  id: 'pending-queue-busy',
  title: 'a queue of one, its only permit held by a send that never completes',
  ...local,
  producers: [
    { name: 'pa', producerName: 'app', client },
    { name: 'pb', producerName: 'app', client, maxPendingMessages: 1, ...pb },
  ],
  workload: [
    { send: 'N1', producer: 'pb' },
    { send: 'N2', producer: 'pb' },
    { send: 'M1', producer: 'pa' },
  ],
  faults: [{ kind: 'lose-receipt', message: 'N1' }],
});
const lost = [
  'connect:pb',
  'send:pb:N1',
  'deliver:pb->broker-1:N1',
  'persist:local:N1',
  'fault:lose-receipt:N1@local',
  'connect:pa',
];

describe('a blocking producer: the application waits in sendAsync for a permit', () => {
  it('Java blockIfQueueFull, a queue of 1, N1 receipt lost for good: N2 is never sent and the quiet end says the queue is full', () => {
    const r = runOf(busy('java', { blockIfQueueFull: true }), lost);
    expect(r.endedBy).toBe('quiescent');
    expect(r.stored).toEqual({ local: ['N1'] });
    expect(textsOf(r, 'pb').some((t) => t.includes('N2'))).toBe(false);
    expect(r.endNotes).toHaveLength(2);
    expect(r.endNotes[0]).toContain("pb's send of N1 is still pending");
    expect(r.endNotes[1]).toBe(
      "pb's send of N2 waits for a permit and nothing more can happen: the pending queue is full (maxPendingMessages 1: 1 permit held by N1) and pb blocks (blockIfQueueFull: semaphore.acquire() in ProducerImpl.canEnqueueRequest), so the application stays in sendAsync and N2 is never sent; the permits come back only when N1's send completes (a receipt, a failure or a send timeout)",
    );
  });
  it('Go blocks by default (DisableBlockIfQueueFull false): the same story in its words', () => {
    const r = runOf(busy('go'), lost);
    expect(r.stored).toEqual({ local: ['N1'] });
    expect(r.endNotes[1]).toContain(
      'pb blocks (DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore)',
    );
  });
  it("the send is not enabled while M1 holds the only permit, and is once M1's receipt gives it back", () => {
    const early = runOf(one({ blockIfQueueFull: true }), [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
    ]);
    expect(early.endedBy).toBe('schedule-error');
    expect(early.error?.message).toContain('"send:p1:M2" is not enabled');
    const r = runOf(one({ blockIfQueueFull: true }), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
      'deliver:broker-1->p1:M1',
      'send:p1:M2',
    ]);
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'M3'] });
    expect(r.endNotes).toEqual([]);
  });
  it("a send timeout gives the permit back: N1 fails, N2 is sent — and waits on pb's refused reconnects", () => {
    const s = { ...busy('java', { blockIfQueueFull: true }) };
    s.faults = [{ kind: 'send-timeout', message: 'N1' }];
    const r = runOf(s, [...lost.slice(0, 4), 'connect:pa', 'fault:send-timeout:N1']);
    expect(r.outcomes.N1![0]).toMatch(/^failed: TimeoutException/);
    expect(textsOf(r, 'pb')).toContain('sendAsync N2 seq 1');
  });
  it('a Go message of 3 chunks never gets 3 permits from a queue of 2 (pulsar-client-go#1448)', () => {
    const r = runOf({
      ...one({ client: 'go', chunking: true, chunkMaxMessageSize: 100, maxPendingMessages: 2 }),
      workload: [{ send: 'M1', producer: 'p1', size: 250 }],
    });
    expect(r.endedBy).toBe('quiescent');
    expect(r.stored).toEqual({ local: [] });
    expect(r.endNotes).toEqual([
      'p1\'s send of M1 waits for permits and nothing more can happen: M1 needs 3 permits (one per chunk) and the pending queue has only 2 (maxPendingMessages 2: 0 permits held), so p1 blocks (DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore) for good, the application stays in SendAsync and neither M1 nor anything after it in the workload is sent (pulsar-client-go#1448); if the application\'s context ends first, SendAsync gives up with ErrContextExpired: { "kind": "context-expired", "message": "M1" }',
    ]);
  });
});

describe('a producer that does not block: the send fails at once', () => {
  const early = ['connect:p1', 'send:p1:M1', 'send:p1:M2'];
  it('Java (blockIfQueueFull false by default): ProducerQueueIsFullError before an id is taken — M3 gets seq 1', () => {
    const r = runOf(one({}), early);
    expect(textsOf(r, 'p1')).toContain(
      'M2: pending queue full (maxPendingMessages 1: 1 permit held by M1), blockIfQueueFull false: refused, no sequence id taken',
    );
    expect(r.outcomes.M2).toEqual(['failed: ProducerQueueIsFullError']);
    expect(textsOf(r, 'p1')).toContain('sendAsync M3 seq 1');
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
  });
  it('Go DisableBlockIfQueueFull, not batched: ErrSendQueueIsFull after updateMetaData took id 1 — M3 gets seq 2', () => {
    const r = runOf(one({ client: 'go', blockIfQueueFull: false }), early);
    expect(textsOf(r, 'p1')).toContain('SendAsync M2 seq 1');
    expect(r.outcomes.M2).toEqual(['failed: ErrSendQueueIsFull']);
    expect(textsOf(r, 'p1')).toContain('SendAsync M3 seq 2');
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
  });
  it("Go batched: the open batch holds M1's permit, M2 is refused with no id (the batch builder never saw it) — M3 gets seq 1", () => {
    const r = runOf(one({ client: 'go', blockIfQueueFull: false, batching: { maxMessages: 10 } }), [
      ...early,
      'batch-timer:p1',
    ]);
    expect(textsOf(r, 'p1')).toContain(
      'M2: pending queue full (maxPendingMessages 1: 1 permit held by M1), DisableBlockIfQueueFull: refused, no sequence id taken',
    );
    expect(textsOf(r, 'p1')).toContain('SendAsync M3 seq 1');
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
  });
  describe('a refused chunked message', () => {
    const chunked = (client: 'java' | 'go'): Json => ({
      ...one({
        client,
        chunking: true,
        chunkMaxMessageSize: 100,
        maxPendingMessages: 3,
        blockIfQueueFull: false,
      }),
      workload: [
        { send: 'M1', producer: 'p1', size: 100 },
        { send: 'BIG', producer: 'p1', size: 300 },
        { send: 'M2', producer: 'p1', size: 300 },
        { send: 'M3', producer: 'p1', size: 100 },
      ],
    });
    const refused = ['connect:p1', 'send:p1:M1', 'send:p1:BIG'];
    it('Go: BIG takes 2 of its 3 chunk permits, sendRequest.done gives back 1 — the queue is one smaller for good, so M2 is refused with nothing pending', () => {
      const r = runOf(chunked('go'), refused);
      expect(textsOf(r, 'p1')).toContain(
        'BIG took 2 of its 3 chunk permits before TryAcquire failed; sendRequest.done gives back 1: 1 never come back',
      );
      expect(textsOf(r, 'p1')).toContain(
        'M2: pending queue full (maxPendingMessages 3: 1 permit held, 1 of them never given back after a refused chunked send; M2 needs 3 (one per chunk)), DisableBlockIfQueueFull: refused, sequence id 2 already taken (updateMetaData)',
      );
      expect(r.outcomes.M2).toEqual(['failed: ErrSendQueueIsFull']);
      expect(r.stored).toEqual({ local: ['M1', 'M3'] });
    });
    it('Go: a restarted producer is a new partitionProducer with a whole semaphore — M2 goes out in 3 chunks', () => {
      const s = {
        ...chunked('go'),
        faults: [
          { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M1' } },
        ],
      };
      const r = runOf(s, [
        ...refused,
        'deliver:p1->broker-1:M1',
        'persist:local:M1',
        'deliver:broker-1->p1:M1',
      ]);
      expect(r.steps.some((x) => x.key === 'fault:restart-producer:p1')).toBe(true);
      expect(textsOf(r, 'p1')).toContain('send M2[3/3] seq 1');
    });
    it('Java gives back every permit it took (semaphoreRelease(i + 1)): M2 is sent in 3 chunks once M1 completed', () => {
      const r = runOf(chunked('java'), refused);
      expect(r.outcomes.BIG).toEqual(['failed: ProducerQueueIsFullError']);
      expect(textsOf(r, 'p1')).toContain('send M2[3/3] seq 1');
    });
  });
  it('without maxPendingMessages nothing is ever refused or held back', () => {
    const r = runOf({ ...one({}), producers: [{ name: 'p1', blockIfQueueFull: false }] }, early);
    expect(r.endedBy).toBe('quiescent');
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'M3'] });
  });
});

describe('validation names the field and what was expected', () => {
  const errors = (producer: Json): string[] => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...one(producer) });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('maxPendingMessages: an integer from 1; blockIfQueueFull: a boolean', () => {
    expect(errors({ maxPendingMessages: 0 })).toEqual([
      '$.producers[0].maxPendingMessages: expected an integer from 1 to 2147483647, got 0',
    ]);
    expect(errors({ maxPendingMessages: 1.5 })[0]).toContain('$.producers[0].maxPendingMessages');
    expect(errors({ blockIfQueueFull: 'yes' })).toEqual([
      '$.producers[0].blockIfQueueFull: expected true or false, got "yes"',
    ]);
  });
  it('a Java chunking producer that blocks on a limit is refused (per-chunk permits, apache/pulsar#17795, not modelled)', () => {
    expect(errors({ chunking: true, blockIfQueueFull: true })).toEqual([
      '$.producers[0].blockIfQueueFull: expected false or absent on a Java chunking producer with maxPendingMessages (ProducerImpl.sendAsync then takes one permit per chunk while it writes the chunks, which the model does not follow), got true',
    ]);
    expect(errors({ chunking: true, blockIfQueueFull: true, client: 'go' })).toEqual([]);
  });
});

it('the explorer searches with the option set: a blocking queue of 1 leaves fewer interleavings, no violation', () => {
  const search = (producer: Json) => {
    return exploreOf({ ...one(producer), explore: { faults: { kinds: ['lose-receipt'] } } });
  };
  const unbounded = search({ maxPendingMessages: undefined });
  const blocking = search({ blockIfQueueFull: true });
  for (const r of [unbounded, blocking]) {
    expect(r.complete).toBe(true);
    expect(r.violations).toEqual([]);
  }
  expect(blocking.states).toBeLessThan(unbounded.states);
});
