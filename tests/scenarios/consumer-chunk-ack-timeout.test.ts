// @vitest-environment node
// The ack timeout with chunked messages (review 23's open item; src/engine/protocol/
// ConsumerChunkAckTimeout.ts). Pulsar's consumer hands the application a chunked message only whole,
// with one id (a ChunkMessageIdImpl at the last chunk's position) that the UnAckedMessageTracker
// times once; acknowledging it acknowledges every chunk (unAckedChunkedMessageIdSequenceMap); a
// timeout puts every chunk id in the request and takes them out of the map, so the application's
// late acknowledgement of the copy it still works on acknowledges the last chunk's entry alone.
import { describe, expect, it } from 'vitest';
import { CHUNKED_M1_STORED, type Json, runOf, textsOf } from './helpers';

const BIG = 6000000; // two chunks at the broker's 5 MiB
const ONE: Json = {
  id: 'chunk-ack-timeout',
  title: 'one chunked message, a slow application with an ack timeout',
  topic: { deduplication: false },
  producers: [{ name: 'p1', chunking: true }],
  subscriptions: [
    { name: 'sub', acks: 'in-flight', ackTimeout: true, invariants: ['received-once'] },
  ],
  workload: [{ send: 'M1', producer: 'p1', size: BIG }],
};
const RECEIVED = [...CHUNKED_M1_STORED, 'consume:sub:10:0', 'consume:sub:10:1'];
const keys = (r: ReturnType<typeof runOf>) => r.steps.map((s) => s.key);
const asked =
  'the application had not acknowledged M1 within ackTimeoutMillis; the consumer asked for it again';

describe('a chunked message under the ack timeout (ChunkMessageIdImpl, unAckedChunkedMessageIdSequenceMap)', () => {
  it('is tracked once, at its last chunk, and acknowledged whole: one acknowledge: step sends both chunk acks in one CommandAck', () => {
    const r = runOf(ONE);
    expect(textsOf(r, 'sub-consumer').slice(0, 4)).toEqual([
      'received 10:0 (M1) from broker-1; M1 is not complete yet: no CommandAck until the application has it whole',
      'received 10:1 (M1) from broker-1; M1 is whole (chunks 10:0, 10:1); the application works on it — UnAckedMessageTracker holds 10:1 for ackTimeoutMillis',
      'the application acknowledges M1 (10:1, chunked): CommandAck 10:0, 10:1 on its way — every chunk of it',
      // Session 22: one frame (Commands.newMultiMessageAck), one ack: step.
      'CommandAck 10:0, 10:1',
    ]);
    expect(keys(r).filter((k) => k?.startsWith('ack:'))).toEqual(['ack:sub:10:0+10:1']);
    // No acknowledge: step for the first chunk: the application never had it alone.
    expect(keys(r).filter((k) => k?.startsWith('acknowledge:'))).toEqual(['acknowledge:sub:10:1']);
    const rules = r.steps.flatMap((s) => s.events.map((e) => e.rule));
    expect(rules).toContain('ConsumerImpl.trackMessage:ChunkMessageIdImpl');
    expect(rules).toContain(
      'PersistentAcknowledgmentsGroupingTracker.flush:unAckedChunkedMessageIdSequenceMap',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:1 in memory (10:0, 10:1 acknowledged in one CommandAck); the cursor ledger still holds 10:-1',
    );
    expect(r.violations).toEqual([]);
  });

  it('no schedule can time out or acknowledge the first chunk alone', () => {
    const first = runOf(ONE, [...RECEIVED.slice(0, 9), 'ack-timeout:sub']);
    expect(first.error?.message).toContain('"ack-timeout:sub" is not enabled');
    const ack = runOf(ONE, [...RECEIVED.slice(0, 9), 'acknowledge:sub:10:0']);
    expect(ack.error?.message).toContain('"acknowledge:sub:10:0" is not enabled');
  });

  it('timed out, it is redelivered whole: the request names both chunks, the consumer assembles M1 again and acknowledges every chunk', () => {
    const r = runOf(ONE, [...RECEIVED, 'ack-timeout:sub']);
    const consumer = textsOf(r, 'sub-consumer');
    expect(consumer.slice(2, 4)).toEqual([
      'ackTimeoutMillis passed for 10:1: not acknowledged yet',
      'M1 (10:1) is chunked: the request names its chunks 10:0, 10:1, and unAckedChunkedMessageIdSequenceMap forgets them',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0, 10:1 will be delivered again",
    );
    expect(consumer).toContain(
      `received 10:1 (M1) from broker-1 again — redelivered: ${asked}; M1 is whole (chunks 10:0, 10:1); the application works on it`,
    );
    // The first acknowledgement (of either copy: one id) takes the chunk ids; the second finds none.
    expect(consumer).toContain(
      'the application acknowledges M1 (10:1, chunked): CommandAck 10:0, 10:1 on its way — every chunk of it',
    );
    expect(consumer).toContain(
      "the application acknowledges M1 (10:1, chunked): CommandAck 10:1 on its way — unAckedChunkedMessageIdSequenceMap no longer holds its chunk ids (the ack timeout, or an earlier acknowledgement of the same id, took them), so only the last chunk's entry is acknowledged",
    );
    expect(r.violations.map((v) => v.detail)).toEqual([
      `sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: ${asked}`,
      `sub's consumer received 10:1 (M1) twice — one stored entry at local, delivered again: ${asked}`,
    ]);
    expect(textsOf(r, 'broker-1').at(-1)).toBe('cursor sub: 10:1 is deleted already');
  });

  it('the late ack of the first copy, landing after the rewind, deletes the last chunk alone: the redelivery brings chunk 1 only, and M1 is not handed over twice', () => {
    const r = runOf(ONE, [
      ...RECEIVED,
      'ack-timeout:sub',
      'acknowledge:sub:10:1',
      'redeliver:sub',
      'ack:sub:10:1',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: 10:1 deleted individually; the mark-delete stays at 10:-1 — 10:0 not acknowledged',
    );
    const consumer = textsOf(r, 'sub-consumer');
    expect(consumer.at(-1)).toBe(
      `received 10:0 (M1) from broker-1 again — redelivered: ${asked}; M1 is not complete yet: no CommandAck until the application has it whole`,
    );
    expect(consumer.filter((t) => t.includes('the application works on it'))).toHaveLength(1);
    expect(keys(r).filter((k) => k?.startsWith('consume:'))).toEqual([
      'consume:sub:10:0',
      'consume:sub:10:1',
      'consume:sub:10:0',
    ]);
    expect(r.violations.map((v) => v.detail)).toEqual([
      `sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: ${asked}`,
    ]);
  });
});
