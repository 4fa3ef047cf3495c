// @vitest-environment node
// The client's memory limit (docs/research/pending-queue.md, "The client's memory limit"): one
// budget of payload bytes for every producer of one client (Java `ClientBuilder.memoryLimit`, Go
// `MemoryLimitBytes`), reserved when the application sends and given back when the send completes.
// A send is refused only while the usage is already over the limit (one request may go over it);
// a blocking producer waits instead, and the quiet end names what holds the bytes. Java gives back
// a chunked message's whole size at every chunk; Go gives each chunk its own share.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { type Json, runBuiltin, runOf, rulesOf, textsOf } from './helpers';

const local = {
  clusters: [{ name: 'local', brokers: ['broker-1'] }],
  topic: { deduplication: true },
};
/** p1 and p2 of client app, 1000 bytes between them; p1's M1 (900) is written but not yet answered. */
const shared = (client: 'java' | 'go', extra: Json = {}): Json => ({
  id: 'memory-limit',
  title: 'two producers of one client, 1000 bytes',
  ...local,
  producers: ['p1', 'p2'].map((name) => ({
    name,
    client,
    pulsarClient: 'app',
    memoryLimitBytes: 1000,
    blockIfQueueFull: false,
    ...extra,
  })),
  workload: [
    { send: 'M1', producer: 'p1', size: 900 },
    { send: 'N1', producer: 'p2', size: 200 },
    { send: 'N2', producer: 'p2', size: 100 },
  ],
});
const sends = ['connect:p1', 'connect:p2', 'send:p1:M1', 'send:p2:N1', 'send:p2:N2'];

describe('one budget for every producer of a client', () => {
  it('Java: N1 takes the usage from 900 to 1100 (one request may go over); N2 finds it over and fails with MemoryBufferIsFullError before it takes an id', () => {
    const r = runOf(shared('java'), sends);
    expect(r.outcomes.N2).toEqual(['failed: MemoryBufferIsFullError']);
    expect(textsOf(r, 'p2')).toContain(
      "N2: client app's memory is over its limit (memoryLimitBytes 1000: 1100 bytes in use by M1 (900), N1 (200)), blockIfQueueFull false: refused, no sequence id taken",
    );
    expect(rulesOf(r)).toContain('ProducerImpl.canEnqueueRequest:memory-full');
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
  });
  it('the same sends on clients of their own: nobody is over 1000 bytes, all three are stored', () => {
    const own = shared('java');
    own.producers = (own.producers as Json[]).map(({ pulsarClient: _, ...p }) => p);
    expect(runOf(own, sends).stored).toEqual({ local: ['M1', 'N1', 'N2'] });
  });
  it('Go: ErrMemoryBufferIsFull, after updateMetaData gave the non-batched N2 its id', () => {
    const r = runOf(shared('go'), sends);
    expect(r.outcomes.N2).toEqual(['failed: ErrMemoryBufferIsFull']);
    expect(
      textsOf(r, 'p2').some((t) =>
        t.endsWith('refused, sequence id 1 already taken (updateMetaData)'),
      ),
    ).toBe(true);
  });
});

describe('memory-limit-shared-client: a blocking send waits for bytes another producer holds', () => {
  it('N1 (1100 bytes) is stored but never answered; pa waits in sendAsync and the quiet end says N1 holds the memory', () => {
    const r = runBuiltin('memory-limit-shared-client');
    expect(r.endedBy).toBe('quiescent');
    expect(r.violations).toEqual([]);
    expect(r.outcomes).toEqual({ N1: ['pending'] });
    expect(textsOf(r, 'pa').some((t) => t.includes('M1'))).toBe(false);
    expect(r.endNotes[1]).toBe(
      "pa's send of M1 waits for memory and nothing more can happen: client app's memory is over its limit (memoryLimitBytes 1000: 1100 bytes in use by N1 (1100)) and pa blocks (blockIfQueueFull: MemoryLimitController.reserveMemory in ProducerImpl.canEnqueueRequest), so the application stays in sendAsync and M1 is never sent; the bytes come back only when N1's send completes (a receipt, a failure or a send timeout)",
    );
  });
  it('not blocking: M1 fails at once with MemoryBufferIsFullError', () => {
    const r = runBuiltin('memory-limit-shared-client', [], {
      producers: ['pa', 'pb'].map((name) => ({
        name,
        producerName: 'app',
        pulsarClient: 'app',
        memoryLimitBytes: 1000,
      })),
    });
    expect(r.outcomes.M1).toEqual(['failed: MemoryBufferIsFullError']);
    expect(r.endNotes).toHaveLength(1);
  });
});

/** p1 chunks at 1000 bytes a chunk, 3000 bytes for its client, not blocking. */
const chunker = (client: 'java' | 'go', workload: Json[], limit = 3000): Json => ({
  id: 'memory-limit-chunks',
  title: 'a chunking producer under a memory limit',
  ...local,
  producers: [
    {
      name: 'p1',
      client,
      chunking: true,
      chunkMaxMessageSize: 1000,
      memoryLimitBytes: limit,
      blockIfQueueFull: false,
    },
  ],
  workload,
  fixes: ['pr-20948'],
});

describe('a chunked message under the limit', () => {
  it("Java: BIG's own 2500 bytes take the usage over 2000, so canEnqueueRequest(…, 0) for its second chunk refuses it; Go checks once and sends it", () => {
    const big = [{ send: 'BIG', producer: 'p1', size: 2500 }];
    const java = runOf(chunker('java', big, 2000));
    expect(java.outcomes.BIG).toEqual(['failed: MemoryBufferIsFullError']);
    expect(
      textsOf(java, 'p1').some((t) =>
        t.includes('so canEnqueueRequest(…, 0) for its second chunk finds the buffer full'),
      ),
    ).toBe(true);
    expect(runOf(chunker('go', big, 2000)).outcomes.BIG).toEqual(['stored at 10:2']);
  });
  it('Java gives back BIG’s whole 2500 bytes at each of its 3 chunks: the usage ends at −5000, and HUGE (3500 bytes, 4 chunks) then passes a 3000-byte limit it could never pass on a fresh client', () => {
    const workload = [
      { send: 'BIG', producer: 'p1', size: 2500 },
      { await: 'p1' },
      { send: 'HUGE', producer: 'p1', size: 3500 },
    ];
    const r = runOf(chunker('java', workload));
    expect(textsOf(r, 'p1').filter((t) => t.includes('gives back 2500 bytes, BIG'))).toEqual([
      "BIG[1/3] gives back 2500 bytes, BIG's whole size, though it held 1000: p1's client's usage is now 0 bytes of 3000",
      "BIG[2/3] gives back 2500 bytes, BIG's whole size, though it held 1000: p1's client's usage is now -2500 bytes of 3000",
      "BIG[3/3] gives back 2500 bytes, BIG's whole size, though it held 500: p1's client's usage is now -5000 bytes of 3000",
    ]);
    expect(r.outcomes.HUGE).toEqual(['stored at 10:6']);
    expect(runOf(chunker('java', workload.slice(2))).outcomes.HUGE).toEqual([
      'failed: MemoryBufferIsFullError',
    ]);
  });
  it('Go gives each chunk its own share (pulsar-client-go#1055): nothing is over-released', () => {
    const r = runOf(chunker('go', [{ send: 'BIG', producer: 'p1', size: 2500 }]));
    expect(rulesOf(r)).not.toContain('ProducerImpl.releaseSemaphoreForSendOp:chunk-whole-size');
    expect(r.outcomes.BIG).toEqual(['stored at 10:2']);
  });
  it('Go: a chunked send refused for memory took all its chunk permits, and sendRequest.done gives back one', () => {
    const s = chunker(
      'go',
      [
        { send: 'M1', producer: 'p1', size: 1500 },
        { send: 'BIG', producer: 'p1', size: 2500 },
      ],
      1000,
    );
    (s.producers as Json[])[0]!.maxPendingMessages = 5;
    const r = runOf(s, ['connect:p1', 'send:p1:M1', 'send:p1:BIG']);
    expect(r.outcomes.BIG).toEqual(['failed: ErrMemoryBufferIsFull']);
    expect(textsOf(r, 'p1')).toContain(
      'BIG took its 3 chunk permits before reserveMem failed; sendRequest.done gives back 1: 2 never come back',
    );
  });
});

describe('the scenario field', () => {
  const errors = (s: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
    return l.ok ? [] : l.errors;
  };
  it('a client has one limit: a producer of client app that gives another is refused, naming the field', () => {
    const s = shared('java');
    (s.producers as Json[])[1]!.memoryLimitBytes = 2000;
    expect(errors(s)).toEqual([
      {
        path: '$.producers[1].memoryLimitBytes',
        message:
          'expected 1000, as p1 gives it for client app (a PulsarClient has one MemoryLimitController), got 2000',
      },
    ]);
  });
  it('a Java chunking producer that blocks is refused (it would wait between two chunks)', () => {
    const s = chunker('java', [{ send: 'BIG', producer: 'p1', size: 2500 }]);
    (s.producers as Json[])[0]!.blockIfQueueFull = true;
    expect(errors(s).map((e) => e.path)).toEqual(['$.producers[0].blockIfQueueFull']);
  });
  it('0 or a non-integer is refused: absent means no limit', () => {
    const s = shared('java', { memoryLimitBytes: 0 });
    expect(errors(s).map((e) => e.path)).toContain('$.producers[0].memoryLimitBytes');
  });
});
