// @vitest-environment node
// A chunked message's CommandAck is one frame (session 22; ConsumerAcks.ts, ManagedCursorIndividualDelete
// asyncDeleteAll). Pulsar's PersistentAcknowledgmentsGroupingTracker looks the message id up in
// unAckedChunkedMessageIdSequenceMap and writes every chunk id into one command
// (Commands.newMultiMessageAck); the broker's Consumer.individualAckNormal hands the cursor all of
// them in one asyncDelete. So the chunks' acks are lost together, land together, and the cursor
// never holds one chunk deleted without the other. Before, the model sent them as one `ack:` step
// each: the first could land, the second be lost. Each outcome below was predicted before the run.
import { describe, expect, it } from 'vitest';
import { actionWords, storageOf } from '../../src/engine';
import { CHUNKED_M1_STORED, type Json, runOf, textsOf } from './helpers';

const BIG = 6000000; // two chunks at the broker's 5 MiB
const ONE: Json = {
  id: 'chunk-ack-frame',
  title: 'one chunked message, acks in flight',
  topic: { deduplication: false },
  producers: [{ name: 'p1', chunking: true }],
  subscriptions: [{ name: 'sub', acks: 'in-flight', invariants: ['received-once'] }],
  workload: [{ send: 'M1', producer: 'p1', size: BIG }],
};
const BOTH_RECEIVED = [...CHUNKED_M1_STORED, 'consume:sub:10:0', 'consume:sub:10:1'];
const markDeletes = (r: ReturnType<typeof runOf>) => [
  ...new Set(
    r.steps.map((s) => {
      const md = s.world.topics.local!.subscriptions.sub!.markDeletePosition;
      return `${md.ledgerId}:${md.entryId}`;
    }),
  ),
];

describe('a chunked message’s CommandAck carries every chunk: one frame, one step', () => {
  it('the step names both positions (ack:sub:10:0+10:1); a schedule naming chunk 1 alone is refused', () => {
    const r = runOf(ONE, [...BOTH_RECEIVED, 'ack:sub:10:0']);
    expect(r.error?.message).toContain('"ack:sub:10:0" is not enabled');
    expect(r.error?.enabled).toContain('ack:sub:10:0+10:1');
    const sent = r.steps
      .flatMap((s) => s.events)
      .find((e) => e.text.includes('CommandAck 10:0, 10:1 on its way'));
    expect(sent?.rule).toBe(
      'PersistentAcknowledgmentsGroupingTracker.flush:unAckedChunkedMessageIdSequenceMap',
    );
    expect(actionWords('ack:sub:10:0+10:1', r.steps.at(-1)!.world)).toBe(
      "subscription sub's CommandAck for entries 10:0, 10:1 (one chunked message's chunks, in one command) reaches its broker",
    );
  });

  it('landed together, then a crash before the cursor ledger held it: both chunks come again, and the mark-delete was never 10:0', () => {
    const r = runOf(
      { ...ONE, faults: [{ kind: 'restart-broker', cluster: 'local', after: { step: 11 } }] },
      [...BOTH_RECEIVED, 'ack:sub:10:0+10:1', 'fault:restart-broker:local'],
    );
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain(
      'cursor sub: mark-delete 10:1 in memory (10:0, 10:1 acknowledged in one CommandAck); the cursor ledger still holds 10:-1',
    );
    expect(broker).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0, 10:1 will be delivered again',
    );
    expect(r.violations.map((v) => v.detail)).toEqual([
      "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:0",
      "sub's consumer received 10:1 (M1) twice — one stored entry at local, delivered again: its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:1",
    ]);
    // No step of the run holds chunk 1 acknowledged without chunk 2.
    expect(markDeletes(r)).toEqual(['10:-1', '10:1']);
  });

  it('the Subscriptions view names the held chunk, then the one CommandAck with its message', () => {
    const r = runOf({
      ...ONE,
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
      topic: { deduplication: false, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
    });
    const viewAfter = (key: string) =>
      storageOf(r.steps.find((s) => s.key === key)!.world)[0]!.subscriptions[0]!;
    const first = viewAfter('consume:sub:10:0');
    expect(first.acks).toEqual({
      inFlight: [],
      persisted: '10:-1',
      held: [{ msg: 'M1', chunks: ['10:0'] }],
    });
    expect(first.chunked).toBeUndefined();
    const last = viewAfter('consume:sub:10:1');
    expect(last.acks).toEqual({ inFlight: ['10:0+10:1'], persisted: '10:-1' });
    expect(last.chunked).toEqual([{ msg: 'M1', chunks: ['10:0', '10:1'] }]);
  });
});
