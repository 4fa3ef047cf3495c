// Delayed delivery on a send (workload `deliverAfter`, the metadata's `deliver_at_time`): the
// message bypasses batching. Java flushes the open batch first (`ProducerImpl.processOpSendMsg` →
// `batchMessageAndSend`), Go writes the message alone ahead of the open batch
// (`partitionProducer.updateMetaData` sendAsBatch, `internalSend` → `internalSingleSend`), so with
// dedup on the batch's lower id arrives second and is dropped as Dup: pulsar-client-go#1407. The
// same rule covers a Go message with replication clusters; `go-flush-before-single` closes both.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { type Json, runBuiltin, runOf, stepOf, textsOf } from './helpers';

const mixed = (client: 'go' | 'java', second: Json, fixes: string[] = []): Json => ({
  id: 'mixed',
  topic: { deduplication: true },
  producers: [{ name: 'p1', client, batching: { maxMessages: 10 } }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1', ...second },
    { flush: 'p1' },
    { await: 'p1' },
  ],
  fixes,
});

const entriesOf = (r: ReturnType<typeof runOf>) =>
  r.steps[r.steps.length - 1]!.world.topics['local']!.ledgers.flatMap((l) => l.entries).map((e) =>
    e.msgs.map((m) => m.msg),
  );

const errorsOf = (send: Json) => {
  const l = loadScenario({
    format: 'dedup-lab/scenario@1',
    id: 'v',
    producers: [{ name: 'p1' }],
    workload: [{ send: 'M1', producer: 'p1', ...send }],
  });
  return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('built-in go-delayed-overtakes-batch (pulsar-client-go#1407)', () => {
  const r = runBuiltin('go-delayed-overtakes-batch');
  it('stores only M2; M1 is completed as a success with -1:-1 at step 9 (no-silent-loss); the run ends quiescent', () => {
    expect(r.stored).toEqual({ local: ['M2'] });
    expect(r.violations).toEqual([
      {
        invariant: 'no-silent-loss',
        step: 9,
        messages: ['M1'],
        detail: 'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      },
    ]);
    expect(r.endedBy).toBe('quiescent');
  });
  it("M2 takes seq 1 and goes out alone ahead of the open batch, in updateMetaData's words", () => {
    const at = stepOf(r, 'SendAsync M2');
    expect(r.steps[at]!.events.map((e) => [e.text, e.rule ?? null])).toEqual([
      ['SendAsync M2 seq 1 deliverAfter 5000 ms', 'partitionProducer.internalSendAsync'],
      [
        'M2 is not batched (deliver_at_time): sent alone, ahead of the open batch (M1)',
        'partitionProducer.updateMetaData:not-batched',
      ],
      ['send M2 seq 1', null],
    ]);
    expect(r.steps[at]!.world.producers['p1']!.batch.map((m) => m.msg)).toEqual(['M1']);
  });
  it('the broker answers the batch (seq 0) Dup with -1:-1 because it recorded seq 1', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'p1')).toContain(
      'M1 completed as success with -1:-1 (not stored by this send)',
    );
  });
  it('the delayed message is stored like any other and keeps its deliverAfter in the entry', () => {
    const entries = r.steps[r.steps.length - 1]!.world.topics['local']!.ledgers.flatMap(
      (l) => l.entries,
    );
    expect(entries.map((e) => e.msgs.map((m) => [m.msg, m.seq, m.deliverAfter]))).toEqual([
      [['M2', 1, 5000]],
    ]);
  });
  it('with go-flush-before-single the open batch is sent first and both are stored, no violation', () => {
    const f = runBuiltin('go-delayed-overtakes-batch', ['go-flush-before-single']);
    expect(f.stored).toEqual({ local: ['M1', 'M2'] });
    expect(f.violations).toEqual([]);
    expect(textsOf(f, 'p1')).toContain(
      'M2 is not batched (deliver_at_time): the open batch is sent first (M1)',
    );
    expect(entriesOf(f)).toEqual([['M1'], ['M2']]);
  });
  it('PR 1565 does not help: its ids are right, the order of the frames is not', () => {
    const f = runBuiltin('go-delayed-overtakes-batch', ['go-1565']);
    expect(f.stored).toEqual({ local: ['M2'] });
    expect(f.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });
});

describe("the PersistenceError path (pulsar-client-dotnet#367's other symptom)", () => {
  it('the batch arrives before M2 is persisted: Unknown → PersistenceError, Go reconnects and resends M2 then M1, both answered Dup: M1 still lost', () => {
    const r = runOf(mixed('go', { deliverAfter: 5000 }), [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'flush:p1',
      'deliver:p1->broker-1:M1',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'Unknown (seq 0, pushed 1, persisted none): cannot determine, PersistenceError',
    );
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: PersistenceError: Cannot determine whether the message is a duplicate at this time',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ local: ['M2'] });
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages])).toEqual([
      ['no-silent-loss', 13, ['M1']],
    ]);
  });
});

describe('built-in java-delayed-flushes-batch: Java keeps both', () => {
  const r = runBuiltin('java-delayed-flushes-batch');
  it('stores M1 then M2, each its own entry, with no violation', () => {
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
    expect(r.endedBy).toBe('quiescent');
    expect(entriesOf(r)).toEqual([['M1'], ['M2']]);
  });
  it('processOpSendMsg sends the open batch (seq 0) before the delayed op (seq 1)', () => {
    const at = stepOf(r, 'sendAsync M2');
    expect(r.steps[at]!.events.map((e) => [e.text, e.rule ?? null])).toEqual([
      ['sendAsync M2 seq 1 deliverAfter 5000 ms', 'ProducerImpl.sendAsync'],
      [
        'M2 is not batched (deliver_at_time): the open batch is sent first (M1)',
        'ProducerImpl.processOpSendMsg:flush-batch-first',
      ],
      ['send M1 seq 0', null],
      ['send M2 seq 1', null],
    ]);
  });
});

describe('one rule for every message that bypasses batching', () => {
  it('Go DisableReplication overtakes the open batch the same way, and go-flush-before-single closes it too', () => {
    const r = runOf(mixed('go', { disableReplication: true }));
    expect(r.stored).toEqual({ local: ['M2'] });
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['no-silent-loss', ['M1']],
    ]);
    expect(textsOf(r, 'p1')).toContain(
      'M2 is not batched (replicate_to): sent alone, ahead of the open batch (M1)',
    );
    const f = runOf(mixed('go', { disableReplication: true }, ['go-flush-before-single']));
    expect(f.stored).toEqual({ local: ['M1', 'M2'] });
    expect(f.violations).toEqual([]);
  });
  it('Java batches a message with replicate_to (canAddToBatch does not look at it): one entry M1+M2', () => {
    const r = runOf(mixed('java', { disableReplication: true }));
    expect(entriesOf(r)).toEqual([['M1', 'M2']]);
    expect(r.violations).toEqual([]);
  });
  it('a delayed message with nothing batched before it, or on a producer without batching, logs nothing about a batch', () => {
    for (const client of ['go', 'java'] as const) {
      const first = runOf({
        ...mixed(client, {}),
        workload: [
          { send: 'M2', producer: 'p1', deliverAfter: 10 },
          { send: 'M1', producer: 'p1' },
          { flush: 'p1' },
        ],
      });
      expect(first.stored, client).toEqual({ local: ['M2', 'M1'] });
      expect(first.violations).toEqual([]);
      expect(textsOf(first, 'p1').some((t) => t.includes('not batched'))).toBe(false);
      const plain = runOf({
        ...mixed(client, { deliverAfter: 10 }),
        producers: [{ name: 'p1', client }],
      });
      expect(plain.stored, client).toEqual({ local: ['M1', 'M2'] });
      expect(plain.violations).toEqual([]);
    }
  });
  it('Go: a delayed message too large for the broker takes its id before it fails, as a non-batched one does (updateMetaData before updateChunkInfo)', () => {
    const r = runOf(mixed('go', { deliverAfter: 10, size: 6 * 1024 * 1024 }));
    expect(textsOf(r, 'p1')).toContain('SendAsync M2 seq 1 deliverAfter 10 ms');
  });
});

describe('validation: deliverAfter', () => {
  it('a positive integer of ms; 0, negative, fractional or a string names the field', () => {
    expect(errorsOf({ deliverAfter: 1 })).toEqual([]);
    for (const bad of [0, -5, 1.5, '5s', null]) {
      expect(errorsOf({ deliverAfter: bad }), String(bad)).toEqual([
        `$.workload[0].deliverAfter: expected a delay in ms, an integer from 1 (leave the field out for no delay), got ${JSON.stringify(bad)}`,
      ]);
    }
  });
  it('deliverAt (an absolute time) is refused with what to write instead', () => {
    expect(errorsOf({ deliverAt: 1767225600000 })).toEqual([
      '$.workload[0].deliverAt: expected "deliverAfter" (ms, a positive integer) instead: the model has no clock to place an absolute deliverAt on, got 1767225600000',
    ]);
  });
});
