// @vitest-environment node
// Several redelivery requests on their way at once (protocol/RedeliveryRequests.ts,
// docs/research/consumer-acks.md): `ConsumerImpl.redeliverUnacknowledgedMessages` has no guard
// against a request already sent, so when the ack timeout asks for M2 while the NegativeAcksTracker
// still holds M1, the tracker's timer asks again — a second epoch, a second command behind the
// first. The broker handles each as it lands; what it sends between them carries an epoch older
// than the client's and is dropped, so the application sees the last rewind only.
import { describe, expect, it } from 'vitest';
import { storageOf } from '../../src/engine';
import { type Json, runOf, stepOf, storedAt10, textsOf } from './helpers';

const base: Json = {
  id: 'two-requests',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1' }],
  subscriptions: [
    {
      name: 'sub',
      acks: 'in-flight',
      negativeAcknowledge: ['M1'],
      ackTimeout: true,
      invariants: ['received-once'],
    },
  ],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
};
/** M1 nacked (held by the NegativeAcksTracker), M2 in the application's hands and timed. */
const BOTH_WAITING = [
  'connect:p1',
  ...storedAt10('M1', 0),
  'consume:sub:10:0',
  ...storedAt10('M2', 1),
  'consume:sub:10:1',
];
const TWO_REQUESTS = [...BOTH_WAITING, 'ack-timeout:sub', 'negative-ack:sub'];
type Run = ReturnType<typeof runOf>;
const keys = (r: Run) => r.steps.slice(1).map((s) => s.key);
const receivedBy = (r: Run) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.map(
    (x) =>
      `${x.position.ledgerId}:${x.position.entryId} ${x.msgs.map((m) => m.msg).join('+')}${x.redelivered ? ` again: ${x.redelivered}` : ''}`,
  );
const requestAt = (r: Run, i: number) =>
  storageOf(r.steps[i]!.world)[0]!.subscriptions[0]!.redelivery!.request;
const NACKED =
  'the application negatively acknowledged M1; the consumer asked for it again after negativeAckRedeliveryDelay';
const TIMED_OUT =
  'the application had not acknowledged M2 within ackTimeoutMillis; the consumer asked for it again';

describe('a second redelivery request while the first is on its way', () => {
  it('the negative-ack timer fires with the ack timeout’s request on its way: a second command behind it', () => {
    const r = runOf(base, TWO_REQUESTS);
    const second = keys(r).indexOf('negative-ack:sub') + 1;
    expect(r.steps[second]!.events.map((e) => e.text)).toEqual([
      'negativeAckRedeliveryDelay passed for 10:0',
      'Exclusive: it cannot ask for single messages, so it asks for every unacknowledged one — a new consumer epoch; CommandRedeliverUnacknowledgedMessages (no ids) on its way, behind the request already on its way',
    ]);
    expect(requestAt(r, second - 1)).toBe('CommandRedeliverUnacknowledgedMessages on its way');
    expect(requestAt(r, second)).toBe(
      'CommandRedeliverUnacknowledgedMessages on its way; 1 more behind it (RedeliveryRequests.ts)',
    );
    expect(keys(r).filter((k) => k === 'redeliver:sub')).toHaveLength(2);
  });
  it('what the broker sends between the two carries an old epoch: dropped; the last rewind delivers, each saying why', () => {
    const r = runOf(base, [
      ...TWO_REQUESTS,
      'deliver:broker-1->p1:M1',
      'deliver:broker-1->p1:M2',
      'redeliver:sub',
      'consume:sub:10:0',
    ]);
    const dropped = stepOf(
      r,
      'received 10:0 (M1) from broker-1 with the epoch before its redelivery request: dropped before the application sees it',
    );
    expect(r.steps[dropped]!.key).toBe('consume:sub:10:0');
    expect(keys(r).indexOf('redeliver:sub')).toBeLessThan(dropped - 1);
    expect(keys(r).lastIndexOf('redeliver:sub')).toBeGreaterThan(dropped - 1);
    expect(textsOf(r, 'broker-1').filter((t) => t.startsWith('cursor sub rewinds'))).toEqual([
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0, 10:1 will be delivered again",
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0, 10:1 will be delivered again",
    ]);
    expect(receivedBy(r)).toEqual([
      '10:0 M1',
      '10:1 M2',
      `10:0 M1 again: ${NACKED}`,
      `10:1 M2 again: ${TIMED_OUT}`,
    ]);
  });
  it('a CommandAck sent between the two lands after the first and before the second', () => {
    const r = runOf(base, [
      ...BOTH_WAITING,
      'ack-timeout:sub',
      'acknowledge:sub:10:1',
      'negative-ack:sub',
    ]);
    expect(textsOf(r, 'sub-consumer')).toContain(
      'Exclusive: it cannot ask for single messages, so it asks for every unacknowledged one — a new consumer epoch; CommandRedeliverUnacknowledgedMessages (no ids) on its way, behind the request already on its way and CommandAck 10:1',
    );
    const ks = keys(r);
    const first = ks.indexOf('redeliver:sub');
    const ack = ks.indexOf('ack:sub:10:1');
    expect(first).toBeGreaterThan(-1);
    expect(ack).toBeGreaterThan(first);
    expect(ks.indexOf('redeliver:sub', first + 1)).toBeGreaterThan(ack);
  });
  it('a crash loses both with the connection; the recovered cursor sends 10:0 and 10:1 again once', () => {
    const r = runOf(
      { ...base, faults: [{ kind: 'restart-broker', cluster: 'local', after: { step: 13 } }] },
      TWO_REQUESTS,
    );
    expect(keys(r)[13]).toBe('fault:restart-broker:local');
    expect(keys(r)).not.toContain('redeliver:sub');
    expect(textsOf(r, 'sub-consumer')).toContain(
      'CommandRedeliverUnacknowledgedMessages lost: broker-1 crashed',
    );
    expect(receivedBy(r).filter((x) => x.includes(' again: '))).toHaveLength(2);
  });
});
