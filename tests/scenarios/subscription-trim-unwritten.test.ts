// A trim while a subscription's mark-delete is in memory only (`acks: "in-flight"`). Pulsar's
// `ManagedLedgerImpl.internalTrimLedgers` keeps every ledger from the slowest position of the
// ledger's cursor container, and `ManagedCursorImpl.internalMarkDelete` moves a cursor there
// (`ManagedLedgerImpl.updateCursor`) only in its cursor-ledger write's callback. So a trim between
// the CommandAck's landing and that write keeps the ledger, and a crash before the write sends the
// acknowledged entry again, as it does without a trim (built-in consumer-ack-not-persisted).
import { describe, expect, it } from 'vitest';
import { type Json, runOf, stepOf } from './helpers';

/** p1 writes M1 and M2, one entry per ledger (10:0, 11:0); sub acknowledges with its own
 * CommandAck. Step 9 is broker-1 moving sub's mark-delete to 10:0 in memory. */
const scenario = (faults: Json[]): Json => ({
  id: 'subscription-trim-unwritten',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: {
    deduplication: false,
    maxEntriesPerLedger: 1,
    ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 },
  },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', acks: 'in-flight', invariants: ['received-once'] }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults,
});
const trim = { kind: 'trim-topic', cluster: 'local', after: { step: 9 } };
const crash = { kind: 'restart-broker', cluster: 'local', after: { step: 10 } };

describe('sub acknowledges M1; the topic is trimmed before the cursor ledger holds mark-delete 10:0', () => {
  it('the CommandAck moved the mark-delete in memory only when the trim comes', () => {
    const r = runOf(scenario([trim]));
    expect(
      stepOf(r, 'cursor sub: mark-delete 10:0 in memory; the cursor ledger still holds 10:-1'),
    ).toBe(9);
    expect(r.steps[10]!.key).toBe('fault:trim-topic:local');
  });
  it('the trim keeps ledger 10, naming the unwritten mark-delete', () => {
    const r = runOf(scenario([trim]));
    const line = r.steps[10]!.events.map((e) => e.text).find((t) => t.includes('trim:'));
    expect(line).toContain(
      'trim: nothing deleted — ledger 10 kept: the slowest durable cursor, subscription sub (mark-delete 10:0 not yet persisted) at mark-delete 10:-1, has not consumed it wholly',
    );
  });
  it('broker-1 crashes before the write: the recovered cursor is at 10:-1 and M1 comes again, from the kept ledger', () => {
    const r = runOf(scenario([trim, crash]));
    const again = stepOf(
      r,
      'received 10:0 (M1) from broker-1 again — redelivered: its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:0; acknowledges it: CommandAck 10:0 on its way',
    );
    expect(again).toBeGreaterThan(11);
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages])).toEqual([
      ['received-once', again, ['M1']],
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
  it('once the cursor ledger holds 10:0, the same trim deletes ledger 10', () => {
    const r = runOf(scenario([{ ...trim, after: { step: 10 } }]));
    expect(stepOf(r, 'cursor sub: mark-delete 10:0 persisted to the cursor ledger')).toBe(10);
    const line = r.steps[11]!.events.map((e) => e.text).find((t) => t.includes('trim:'));
    expect(line).toContain(
      'trim: ledger 10 deleted (consumed by every durable cursor — the slowest: subscription sub at mark-delete 10:0',
    );
  });
});
