// @vitest-environment node
// A chunked message's acknowledgement with acks in flight (review 23, rows c01–c03;
// src/engine/protocol/ConsumerChunkAcks.ts). Pulsar's consumer sends no CommandAck for a chunk of a
// message it has not assembled yet: the chunk ids wait in unAckedChunkedMessageIdSequenceMap and
// leave together once the application acknowledges the whole message. Until review 23 the model
// acknowledged each chunk's entry at its receipt, so a crash between two chunks could keep chunk 1's
// mark-delete and read on at chunk 2 — a state Pulsar never reaches. Until session 22 the chunks'
// acks, sent together, were still one `ack:` step each; Pulsar writes them as one CommandAck
// (PersistentAcknowledgmentsGroupingTracker → Commands.newMultiMessageAck), so now they are one
// frame and one step, `ack:sub:10:0+10:1`, lost together and landed together.
import { describe, expect, it } from 'vitest';
import { CHUNKED_M1_STORED, type Json, runOf, textsOf } from './helpers';

const BIG = 6000000; // two chunks at the broker's 5 MiB
const sub = { name: 'sub', acks: 'in-flight', invariants: ['received-once'] };
const ONE: Json = {
  id: 'chunk-acks-one',
  title: 'one chunked message, acks in flight',
  topic: { deduplication: false },
  producers: [{ name: 'p1', chunking: true }],
  subscriptions: [sub],
  workload: [{ send: 'M1', producer: 'p1', size: BIG }],
};
const WRITTEN = [...CHUNKED_M1_STORED];

describe('a chunked message is acknowledged whole (unAckedChunkedMessageIdSequenceMap)', () => {
  it('chunk 1 sends no CommandAck; the last chunk sends both in one CommandAck, one ack: step, and the mark-delete moves over both at once', () => {
    const r = runOf(ONE);
    expect(textsOf(r, 'sub-consumer').slice(0, 3)).toEqual([
      'received 10:0 (M1) from broker-1; M1 is not complete yet: no CommandAck until the application has it whole',
      'received 10:1 (M1) from broker-1; acknowledges it: CommandAck 10:0, 10:1 on its way',
      'CommandAck 10:0, 10:1',
    ]);
    expect(r.steps.map((s) => s.key).filter((k) => k?.startsWith('ack:'))).toEqual([
      'ack:sub:10:0+10:1',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:1 in memory (10:0, 10:1 acknowledged in one CommandAck); the cursor ledger still holds 10:-1',
    );
    const held = r.steps.flatMap((s) => s.events).find((e) => e.text.includes('not complete yet'));
    expect(held?.rule).toBe('ConsumerImpl.processMessageChunk:unAckedChunkedMessageIdSequenceMap');
    expect(r.violations).toEqual([]);
  });
  it('so no schedule can land chunk 1’s ack before chunk 2 is received', () => {
    const r = runOf(ONE, [...WRITTEN, 'consume:sub:10:0', 'ack:sub:10:0']);
    expect(r.error?.message).toContain('"ack:sub:10:0" is not enabled');
  });
  it('a crash between the chunks sends chunk 1 again: it was never acknowledged', () => {
    const r = runOf(
      { ...ONE, faults: [{ kind: 'restart-broker', cluster: 'local', after: { step: 9 } }] },
      [...WRITTEN, 'consume:sub:10:0', 'fault:restart-broker:local'],
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0 will be delivered again',
    );
    expect(r.violations.map((v) => v.detail)).toEqual([
      "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: it was not acknowledged before broker-1 crashed",
    ]);
  });
  it('two producers’ chunks interleaved: M1’s acks (10:0, 10:2) leave a hole at N1’s first chunk, which the cursor deletes around until N1 is whole', () => {
    const r = runOf(
      {
        ...ONE,
        producers: [
          { name: 'p1', chunking: true },
          { name: 'p2', chunking: true },
        ],
        workload: [
          { send: 'M1', producer: 'p1', size: BIG },
          { send: 'N1', producer: 'p2', size: BIG },
          { await: 'p1' },
          { await: 'p2' },
        ],
        consumer: { maxPendingChunkedMessage: 0 },
      },
      [
        'connect:p1',
        'connect:p2',
        'send:p1:M1',
        'send:p2:N1',
        'deliver:p1->broker-1:M1[1/2]',
        'deliver:p2->broker-1:N1[1/2]',
      ],
    );
    expect(textsOf(r, 'sub-consumer')).toContain(
      'received 10:2 (M1) from broker-1; acknowledges it: CommandAck 10:0, 10:2 on its way',
    );
    // Session 22: each message's CommandAck lands whole — M1's moves the mark-delete to 10:0 and
    // deletes 10:2 around N1's first chunk in one step; N1's (10:1, 10:3) closes the hole at once.
    const cursor = textsOf(r, 'broker-1').filter((t) => t.startsWith('cursor sub: '));
    expect(cursor).toEqual([
      'cursor sub: mark-delete 10:0 in memory (10:0, 10:2 acknowledged in one CommandAck); 10:2 deleted individually — 10:1 not acknowledged; the cursor ledger still holds 10:-1',
      // Session 21 (hC): the cursor ledger keeps the individually deleted entry beside the mark-delete.
      'cursor sub: mark-delete 10:0, with the individually deleted 10:2 persisted to the cursor ledger',
      'cursor sub: mark-delete 10:3 in memory (10:1, 10:3 acknowledged in one CommandAck, then over the individually deleted 10:2); the cursor ledger still holds 10:0',
      'cursor sub: mark-delete 10:3 persisted to the cursor ledger',
    ]);
    expect(r.steps.map((s) => s.key).filter((k) => k?.startsWith('ack:'))).toEqual([
      'ack:sub:10:0+10:2',
      'ack:sub:10:1+10:3',
    ]);
    expect(r.violations).toEqual([]);
  });
  it('a listed chunked message is nacked whole, at its last chunk: the request sends both chunks and the consumer assembles it again', () => {
    const r = runOf({
      ...ONE,
      topic: { deduplication: true },
      subscriptions: [{ ...sub, negativeAcknowledge: ['M1'] }],
      fixes: ['pr-20948'],
    });
    const consumer = textsOf(r, 'sub-consumer');
    expect(consumer.slice(0, 2)).toEqual([
      'received 10:0 (M1) from broker-1; M1 is not complete yet: no CommandAck until the application has it whole',
      'received 10:1 (M1) from broker-1; the application negatively acknowledges M1: NegativeAcksTracker holds 10:0, 10:1 for negativeAckRedeliveryDelay, no CommandAck leaves',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0, 10:1 will be delivered again",
    );
    expect(consumer).toContain(
      'received 10:1 (M1) from broker-1 again — redelivered: the application negatively acknowledged M1; the consumer asked for it again after negativeAckRedeliveryDelay; acknowledges it: CommandAck 10:0, 10:1 on its way',
    );
    expect(r.violations.map((v) => v.step)).toHaveLength(2);
  });
});
