// @vitest-environment node
// A batch is bounded by bytes as well as by a message count: Java's `batchingMaxBytes`
// (`AbstractBatchMessageContainer.haveEnoughSpace` / `isBatchFull`) and Go's `BatchingMaxSize`
// (`batchContainer.hasSpace`), 128 KiB by default. The bytes are the sends' `size`.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { type Json, runOf, textsOf } from './helpers';

const send = (msg: string, size: number, seq?: number): Json => ({
  send: msg,
  producer: 'p1',
  size,
  ...(seq === undefined ? {} : { seq }),
});
const topic = { deduplication: true };

describe('Java: the open batch closes when the next message does not fit its bytes', () => {
  const r = runOf({
    id: 'java-bytes',
    topic,
    producers: [{ name: 'p1', batching: { maxMessages: 10 } }],
    workload: [send('M1', 60000), send('M2', 60000), send('M3', 60000)],
  });

  it('60,000 + 60,000 fit in 128 KiB; a third would not, so M1+M2 go as one entry and M3 starts the next batch', () => {
    expect(textsOf(r, 'p1')).toContain(
      'M3 does not fit the open batch (120000 + 60000 bytes): batch closed',
    );
    expect(textsOf(r, 'broker-1')).toEqual(
      expect.arrayContaining(['add M1+M2 → 10:0', 'add M3 → 10:1']),
    );
  });

  it('nothing is lost or stored twice', () => {
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('Java: a batch that is full after an add is sent at once (triggerSendIfFullOrScheduleFlush)', () => {
  const r = runOf({
    id: 'java-full',
    topic,
    producers: [{ name: 'p1', batching: { maxMessages: 10, maxBytes: 1000 } }],
    workload: [send('M1', 10), send('M2', 5000), send('M3', 10)],
  });

  it('M2 alone is over maxBytes: M1 goes first, then M2 by itself, without waiting for the batch timer', () => {
    const p1 = textsOf(r, 'p1');
    const at = p1.indexOf('sendAsync M2 seq 1');
    expect(p1.slice(at, at + 4)).toEqual([
      'sendAsync M2 seq 1',
      'M2 does not fit the open batch (10 + 5000 bytes): batch closed',
      'send M1 seq 0',
      'send M2 seq 1',
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
  });
});

describe('Java: maxBytes 0 bounds a batch by the max message size (5 MiB)', () => {
  const r = runOf({
    id: 'java-zero',
    topic,
    producers: [{ name: 'p1', batching: { maxMessages: 10, maxBytes: 0 } }],
    workload: [send('M1', 200000), send('M2', 200000), send('M3', 3000000), send('M4', 3000000)],
  });

  it('three messages fit in one 5 MiB batch; the fourth closes it', () => {
    expect(textsOf(r, 'broker-1')).toEqual(
      expect.arrayContaining(['add M1+M2+M3 → 10:0', 'add M4 → 10:1']),
    );
  });
});

describe('Java: a resent id that does not fit the open batch is not isolated (branch order of serializeAndSendMessage)', () => {
  // The application resends M1 with its id 0 after M2 (id 1) was persisted. Pulsar tests
  // haveEnoughSpace before the potential-duplicate rule of PR 6326, so a resend that closes the open
  // batch for lack of bytes is not flagged, and the next new id joins its batch.
  const scenario = (resendSize: number): Json => ({
    id: 'java-resend-bytes',
    topic,
    producers: [{ name: 'p1', batching: { maxMessages: 10 }, sequenceIds: 'explicit' }],
    workload: [
      send('M1', resendSize, 0),
      { flush: 'p1' },
      { await: 'p1' },
      send('M2', 50000, 1),
      send('M1', resendSize, 0),
      send('M3', 10, 2),
    ],
  });

  it('a 100,000-byte resend closes the batch holding M2; M3 joins it; the broker drops M1+M3 as a duplicate of id 0', () => {
    const r = runOf(scenario(100000));
    expect(textsOf(r, 'p1')).toContain('send M1+M3 seq 0..2');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['no-silent-loss', ['M3']],
    ]);
  });

  it('a 100-byte resend fits, is flagged a potential duplicate and travels alone: M3 is stored', () => {
    const r = runOf(scenario(100));
    expect(textsOf(r, 'p1')).toContain(
      'WARN sequence id 0 is definitely a duplicate: batch of its own',
    );
    expect(textsOf(r, 'p1')).toContain('send M3 seq 2');
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('Go: batchContainer.hasSpace refuses a message over BatchingMaxSize; a full batch waits', () => {
  const r = runOf({
    id: 'go-bytes',
    topic,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 10, maxBytes: 1000 } }],
    workload: [send('M1', 600), send('M2', 600), send('M3', 100)],
  });

  it('M2 does not fit beside M1: M1 is flushed, M2 and M3 share the next batch', () => {
    expect(textsOf(r, 'p1')).toContain(
      'M2 does not fit the open batch (600 + 600 bytes): batch flushed',
    );
    expect(textsOf(r, 'broker-1')).toEqual(
      expect.arrayContaining(['add M1 → 10:0', 'add M2+M3 → 10:1']),
    );
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
  });

  it('maxBytes 0 is Go’s default, 128 KiB', () => {
    const zero = runOf({
      id: 'go-zero',
      topic,
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 10, maxBytes: 0 } }],
      workload: [send('M1', 100000), send('M2', 100000)],
    });
    expect(textsOf(zero, 'broker-1')).toEqual(
      expect.arrayContaining(['add M1 → 10:0', 'add M2 → 10:1']),
    );
  });
});

describe('batching.maxBytes in the scenario', () => {
  it('defaults to 131072 bytes and names the field when it is out of range', () => {
    const base = {
      format: 'dedup-lab/scenario@1',
      id: 'v',
      workload: [{ send: 'M1', producer: 'p1' }],
    };
    const ok = loadScenario({ ...base, producers: [{ name: 'p1', batching: {} }] });
    expect(ok.ok && ok.config.producers[0]!.batchingMaxBytes).toBe(131072);
    const bad = loadScenario({ ...base, producers: [{ name: 'p1', batching: { maxBytes: -1 } }] });
    expect(bad.ok).toBe(false);
    expect(JSON.stringify(!bad.ok && bad.errors)).toContain('$.producers[0].batching.maxBytes');
  });
});
