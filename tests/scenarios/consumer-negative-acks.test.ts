// @vitest-environment node
// A consumer's negative acknowledgements (`subscriptions[].negativeAcknowledge`, with `acks:
// "in-flight"`; docs/research/consumer-acks.md): the application nacks M1, the NegativeAcksTracker's
// timer asks for it again — Exclusive, so for every unacknowledged message — and the broker rewinds
// to its mark-delete, skipping what was deleted individually. Stored once, received twice by
// request: received-once names it while no-duplicates holds. Entries the broker sends while the
// request is on its way carry the old consumer epoch and are dropped before the application.
import { describe, expect, it } from 'vitest';
import { actionWords, loadScenario, storageOf } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { exploreOf, invariantsOf, type Json, runBuiltin, runOf, stepOf, textsOf } from './helpers';

const receivedBy = (r: ReturnType<typeof runOf>) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.map(
    (x) =>
      `${x.position.ledgerId}:${x.position.entryId} ${x.msgs.map((m) => m.msg).join('+')}${x.redelivered ? ` again: ${x.redelivered}` : ''}`,
  );
const keys = (r: ReturnType<typeof runOf>) => r.steps.slice(1).map((s) => s.key);

const SUB = { name: 'sub', acks: 'in-flight', negativeAcknowledge: ['M1'] };
const base: Json = {
  id: 'nacks',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ ...SUB, invariants: ['received-once'] }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
};
const M1_STORED = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->bookie-1:10:0',
  'deliver:bookie-1->broker-1:10:0',
];
const M2_STORED = [
  'send:p1:M2',
  'deliver:p1->broker-1:M2',
  'deliver:broker-1->bookie-1:10:1',
  'deliver:bookie-1->broker-1:10:1',
];
const AGAIN =
  'the application negatively acknowledged M1; the consumer asked for it again after negativeAckRedeliveryDelay';

describe('consumer-negative-ack: no fault, the application nacks M1 and receives it again', () => {
  const r = runBuiltin('consumer-negative-ack');
  it('stored once, received twice: received-once names the nack, no-duplicates holds', () => {
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(receivedBy(r)).toEqual(['10:0 M1', '10:1 M2', `10:0 M1 again: ${AGAIN}`]);
    const again = stepOf(r, 'received 10:0 (M1) from broker-1 again');
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages, v.detail])).toEqual([
      [
        'received-once',
        again,
        ['M1'],
        `sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: ${AGAIN}`,
      ],
    ]);
    expect(invariantsOf(r)).not.toContain('no-duplicates');
  });
  it('the nack sends no CommandAck; M2 is deleted individually behind the hole at 10:0', () => {
    const nacked = stepOf(r, 'the application negatively acknowledges M1');
    expect(r.steps[nacked]!.key).toBe('consume:sub:10:0');
    expect(r.steps[nacked]!.events.map((e) => e.rule)).toEqual([
      'ConsumerImpl.negativeAcknowledge',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: 10:1 deleted individually; the mark-delete stays at 10:-1 — 10:0 not acknowledged',
    );
    // 10:0's only CommandAck is the one after its redelivery.
    expect(keys(r).indexOf('ack:sub:10:0')).toBeGreaterThan(keys(r).indexOf('redeliver:sub'));
  });
  it('the timer, then the request at the broker: a rewind that skips 10:1; the ack of 10:0 jumps over it', () => {
    const ks = keys(r);
    const timer = ks.indexOf('negative-ack:sub');
    expect(ks.slice(timer, timer + 5)).toEqual([
      'negative-ack:sub',
      'redeliver:sub',
      'consume:sub:10:0',
      'ack:sub:10:0',
      'persist-cursor:sub:10:1',
    ]);
    expect(r.steps[timer + 1]!.events.map((e) => [e.rule, e.text])).toEqual([
      ['NegativeAcksTracker.triggerRedelivery', 'negativeAckRedeliveryDelay passed for 10:0'],
      [
        'ConsumerImpl.redeliverUnacknowledgedMessages',
        'Exclusive: it cannot ask for single messages, so it asks for every unacknowledged one — a new consumer epoch; CommandRedeliverUnacknowledgedMessages (no ids) on its way',
      ],
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0 will be delivered again, skipping the individually deleted 10:1",
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:1 in memory (10:0 acknowledged, then over the individually deleted 10:1); the cursor ledger still holds 10:-1',
    );
    const end = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect([end.markDeletePosition, end.individuallyDeleted, end.acked!.persisted]).toEqual([
      { ledgerId: 10, entryId: 1 },
      [],
      { ledgerId: 10, entryId: 1 },
    ]);
    expect(storageOf(r.steps[timer]!.world)[0]!.subscriptions[0]!.individuallyDeleted).toEqual([
      '10:1',
    ]);
  });
});

describe('the order of the redelivery request', () => {
  it('an entry sent while the request is on its way carries the old epoch: dropped, then received once', () => {
    const r = runOf(base, [
      ...M1_STORED,
      'consume:sub:10:0',
      'negative-ack:sub',
      ...M2_STORED,
      'consume:sub:10:1',
    ]);
    expect(textsOf(r, 'sub-consumer')).toContain(
      'received 10:1 (M2) from broker-1 with the epoch before its redelivery request: dropped before the application sees it',
    );
    const ks = keys(r);
    expect(ks.indexOf('consume:sub:10:1')).toBeLessThan(ks.indexOf('redeliver:sub'));
    expect(ks.filter((k) => k === 'consume:sub:10:1')).toHaveLength(2);
    expect(receivedBy(r)).toEqual(['10:0 M1', `10:0 M1 again: ${AGAIN}`, '10:1 M2']);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0 will be delivered again",
    );
    expect(invariantsOf(r)).toEqual(['received-once']);
  });
  it('the request travels behind the CommandAcks sent before it: M2 lands first', () => {
    const r = runOf(base, [
      ...M1_STORED,
      'consume:sub:10:0',
      ...M2_STORED,
      'consume:sub:10:1',
      'negative-ack:sub',
    ]);
    expect(textsOf(r, 'sub-consumer')).toContain(
      'Exclusive: it cannot ask for single messages, so it asks for every unacknowledged one — a new consumer epoch; CommandRedeliverUnacknowledgedMessages (no ids) on its way, behind CommandAck 10:1',
    );
    const ks = keys(r);
    expect(ks.indexOf('ack:sub:10:1')).toBeGreaterThan(ks.indexOf('negative-ack:sub'));
    expect(ks.indexOf('ack:sub:10:1')).toBeLessThan(ks.indexOf('redeliver:sub'));
    expect(receivedBy(r)).toEqual(['10:0 M1', '10:1 M2', `10:0 M1 again: ${AGAIN}`]);
  });
  it('a crash while the request is on its way loses it; the recovered cursor sends 10:0 again all the same', () => {
    const r = runOf(
      { ...base, faults: [{ kind: 'restart-broker', cluster: 'local', after: { step: 7 } }] },
      [...M1_STORED, 'consume:sub:10:0', 'negative-ack:sub'],
    );
    expect(keys(r)[7]).toBe('fault:restart-broker:local');
    expect(keys(r)).not.toContain('redeliver:sub');
    const lost = stepOf(r, 'CommandRedeliverUnacknowledgedMessages lost: broker-1 crashed');
    expect(stepOf(r, 'cursor sub recovered from the cursor ledger at mark-delete 10:-1')).toBe(
      lost,
    );
    expect(receivedBy(r)).toEqual([
      '10:0 M1',
      '10:0 M1 again: it was not acknowledged before broker-1 crashed',
      '11:0 M2',
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
  it('without negativeAcknowledge the same subscription acknowledges M1 and receives each entry once', () => {
    const r = runOf({
      ...base,
      subscriptions: [{ name: 'sub', acks: 'in-flight', invariants: ['received-once'] }],
    });
    expect(receivedBy(r)).toEqual(['10:0 M1', '10:1 M2']);
    expect(keys(r).some((k) => k?.startsWith('negative-ack:') || k?.startsWith('redeliver:'))).toBe(
      false,
    );
    expect(r.violations).toEqual([]);
  });
});

describe('negativeAcknowledge: bad input names the field', () => {
  const errors = (sub: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...base, subscriptions: [sub] });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('needs acks in flight, a list of message ids the workload sends', () => {
    expect(errors({ name: 'sub', negativeAcknowledge: ['M1'] })).toEqual([
      '$.subscriptions[0].negativeAcknowledge: expected a subscription with "acks": "in-flight" (a negative ack is the CommandAck the consumer does not send), got an array',
    ]);
    expect(errors({ ...SUB, negativeAcknowledge: 'M1' })).toEqual([
      '$.subscriptions[0].negativeAcknowledge: expected an array, got "M1"',
    ]);
    expect(errors({ ...SUB, negativeAcknowledge: [] })).toEqual([
      '$.subscriptions[0].negativeAcknowledge: expected at least one message id (leave the field out for none), got an array',
    ]);
    expect(errors({ ...SUB, negativeAcknowledge: ['M1', 'M9'] })).toEqual([
      '$.subscriptions[0].negativeAcknowledge[1]: expected a message the workload sends or topic.ledgers holds (M1, M2), got "M9"',
    ]);
    expect(errors({ ...SUB, negativeAcknowledge: [7] })[0]).toMatch(
      /^\$\.subscriptions\[0\]\.negativeAcknowledge\[0\]: expected a message id/,
    );
  });
});

describe('consumer-negative-ack-explore: the timer at any step, with a lost ack or a broker crash', () => {
  it('finds received-once in 9 steps through the nack; no-duplicates holds in every state', () => {
    const s = BUILTINS.find((b) => b.id === 'consumer-negative-ack-explore')!;
    const res = exploreOf(s);
    expect(res.complete).toBe(true);
    expect(res.violations.map((v) => v.invariant)).toEqual(['received-once']);
    expect(res.violations[0]!.trace).toEqual([
      ...M1_STORED,
      'consume:sub:10:0',
      'negative-ack:sub',
      'redeliver:sub',
      'consume:sub:10:0',
    ]);
  });
});

describe('consumer-ack-timeout: no fault, a slow application receives M1 again after its ack timeout', () => {
  const r = runBuiltin('consumer-ack-timeout');
  const TIMED_OUT =
    'the application had not acknowledged M1 within ackTimeoutMillis; the consumer asked for it again';
  it('stored once, received twice: received-once names the timeout, no-duplicates holds', () => {
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(receivedBy(r)).toEqual(['10:0 M1', `10:0 M1 again: ${TIMED_OUT}`, '10:1 M2']);
    expect(r.violations.map((v) => [v.invariant, v.messages, v.detail])).toEqual([
      [
        'received-once',
        ['M1'],
        `sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: ${TIMED_OUT}`,
      ],
    ]);
  });
  it('the application acknowledges in steps of its own; both copies are acknowledged, the second is deleted already', () => {
    const ks = keys(r);
    expect(ks.slice(5, 12)).toEqual([
      'consume:sub:10:0',
      'ack-timeout:sub',
      'deliver:broker-1->p1:M1',
      'redeliver:sub',
      'consume:sub:10:0',
      'acknowledge:sub:10:0',
      'ack:sub:10:0',
    ]);
    expect(ks.filter((k) => k === 'acknowledge:sub:10:0')).toHaveLength(2);
    expect(r.steps[6]!.events.map((e) => [e.rule, e.text])).toEqual([
      [
        'UnAckedMessageTracker.add',
        'received 10:0 (M1) from broker-1; the application works on it — UnAckedMessageTracker holds 10:0 for ackTimeoutMillis',
      ],
    ]);
    expect(r.steps[7]!.events.map((e) => e.rule)).toEqual([
      'UnAckedMessageTracker.run',
      'ConsumerImpl.redeliverUnacknowledgedMessages',
    ]);
    // The copy the timeout asked for is not timed again (the model's bound: once per entry).
    expect(textsOf(r, 'sub-consumer')).toContain(
      `received 10:0 (M1) from broker-1 again — redelivered: ${TIMED_OUT}; the application works on it`,
    );
    expect(textsOf(r, 'broker-1')).toContain('cursor sub: 10:0 is deleted already');
  });
  it('without the schedule the application acknowledges in time: each entry received once', () => {
    const quiet = runBuiltin('consumer-ack-timeout', [], { schedule: 'auto' });
    expect(keys(quiet)).not.toContain('ack-timeout:sub');
    expect(receivedBy(quiet)).toEqual(['10:0 M1', '10:1 M2']);
    expect(quiet.violations).toEqual([]);
  });
  it('ackTimeout: bad input names the field', () => {
    const errors = (sub: Json) => {
      const l = loadScenario({ format: 'dedup-lab/scenario@1', ...base, subscriptions: [sub] });
      return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(errors({ name: 'sub', ackTimeout: true })).toEqual([
      '$.subscriptions[0].ackTimeout: expected a subscription with "acks": "in-flight" (the timer asks again for what the consumer has not acknowledged), got true',
    ]);
    expect(errors({ name: 'sub', acks: 'in-flight', ackTimeout: 'yes' })).toEqual([
      '$.subscriptions[0].ackTimeout: expected true or false, got "yes"',
    ]);
    expect(errors({ name: 'sub', ackTimeout: false })).toEqual([]);
  });
});

describe('the new keys in words (Next actions)', () => {
  it('negative-ack:, redeliver:, acknowledge: and ack-timeout: each read as what happens', () => {
    const w = runBuiltin('consumer-ack-timeout').steps[0]!.world;
    expect(
      ['negative-ack:sub', 'redeliver:sub', 'acknowledge:sub:10:0', 'ack-timeout:sub'].map((k) =>
        actionWords(k, w),
      ),
    ).toEqual([
      "subscription sub's NegativeAcksTracker fires: its consumer asks for its unacknowledged messages again",
      "subscription sub's redelivery request reaches its broker, which rewinds the cursor",
      "subscription sub's application acknowledges entry 10:0; its CommandAck leaves",
      "subscription sub's ack timeout passes: its consumer asks for its unacknowledged messages again",
    ]);
    expect(actionWords('redeliver:sub:extra', w)).toBeNull();
  });
});

describe("the subscription view's redelivery (storage panel)", () => {
  const viewAt = (id: string, step: number) =>
    storageOf(runBuiltin(id).steps[step]!.world)[0]!.subscriptions[0]!.redelivery;
  it('consumer-negative-ack: the nacked entry waits, then the request is on its way', () => {
    // Step 15 is the cursor ledger's write of 10:1 deleted individually (ManagedCursorLedger.ts).
    expect(viewAt('consumer-negative-ack', 15)).toEqual({
      nacked: ['10:0'],
      processing: [],
      timed: [],
      request: null,
    });
    expect(viewAt('consumer-negative-ack', 16)).toEqual({
      nacked: [],
      processing: [],
      timed: [],
      request: 'CommandRedeliverUnacknowledgedMessages on its way',
    });
  });
  it('consumer-ack-timeout: the application works on 10:0, then on both copies, timing neither', () => {
    expect(viewAt('consumer-ack-timeout', 6)!.timed).toEqual(['10:0']);
    expect(viewAt('consumer-ack-timeout', 10)).toEqual({
      nacked: [],
      processing: ['10:0', '10:0'],
      timed: [],
      request: null,
    });
  });
  it('a request behind a CommandAck says so; a subscription without the opt-ins has no redelivery', () => {
    const r = runOf(base, [
      ...M1_STORED,
      'consume:sub:10:0',
      ...M2_STORED,
      'consume:sub:10:1',
      'negative-ack:sub',
    ]);
    const at = keys(r).indexOf('negative-ack:sub') + 1;
    expect(storageOf(r.steps[at]!.world)[0]!.subscriptions[0]!.redelivery!.request).toBe(
      'CommandRedeliverUnacknowledgedMessages on its way, behind 1 CommandAck',
    );
    expect(viewAt('consumer-ack-lost', 8)).toBeUndefined();
  });
});
