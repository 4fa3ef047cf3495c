// @vitest-environment node
// The cursor ledger keeps the individually deleted entries beside the mark-delete
// (protocol/ManagedCursorLedger.ts, docs/research/consumer-acks.md): the application nacks M1 and
// acknowledges M2, so M2's ack lands behind the hole at 10:0 and is deleted individually. Written
// to the cursor ledger (`persistPositionToLedger`), it survives a broker crash
// (`recoverFromLedger` → `recoverIndividualDeletedMessages`) and M2 is not sent again; deleted in
// the crashed broker's memory only, it is lost with it and M2 comes again, saying why. A graceful
// unload writes it on close (`asyncClose`).
import { describe, expect, it } from 'vitest';
import { storageOf } from '../../src/engine';
import { type Json, invariantsOf, runBuiltin, runOf, stepOf, storedAt10, textsOf } from './helpers';

const base: Json = {
  id: 'cursor-ledger-deleted',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1' }],
  subscriptions: [
    { name: 'sub', acks: 'in-flight', negativeAcknowledge: ['M1'], invariants: ['received-once'] },
  ],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
};
/** M1 received and nacked, M2 received and its ack landed behind the hole: 12 steps. */
const M2_DELETED_INDIVIDUALLY = [
  'connect:p1',
  ...storedAt10('M1', 0),
  'consume:sub:10:0',
  ...storedAt10('M2', 1),
  'consume:sub:10:1',
  'ack:sub:10:1',
];
const PERSISTED = [...M2_DELETED_INDIVIDUALLY, 'persist-cursor:sub:10:-1'];
const fault = (kind: string, step: number) => ({
  ...base,
  faults: [{ kind, cluster: 'local', after: { step } }],
});
type Run = ReturnType<typeof runOf>;
const receivedBy = (r: Run) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.map(
    (x) =>
      `${x.position.ledgerId}:${x.position.entryId} ${x.msgs.map((m) => m.msg).join('+')}${x.redelivered ? ` again: ${x.redelivered}` : ''}`,
  );
const NOT_ACKED = (cause: string) => `10:0 M1 again: it was not acknowledged before ${cause}`;

describe('an individual ack the cursor ledger holds survives the broker', () => {
  it('persist-cursor is enabled by the individual delete alone and writes 10:1 beside mark-delete 10:-1', () => {
    const r = runOf(base, PERSISTED);
    const at = stepOf(
      r,
      'cursor sub: mark-delete 10:-1, with the individually deleted 10:1 persisted to the cursor ledger',
    );
    expect(r.steps[at]!.key).toBe('persist-cursor:sub:10:-1');
    expect(r.steps[at]!.events.map((e) => e.rule)).toEqual([
      'ManagedCursorImpl.persistPositionToLedger',
    ]);
    const view = (i: number) => storageOf(r.steps[i]!.world)[0]!.subscriptions[0]!.acks;
    expect(view(at - 1)).toEqual({ inFlight: [], persisted: '10:-1' });
    expect(view(at)).toEqual({ inFlight: [], persisted: '10:-1', persistedDeleted: ['10:1'] });
  });
  it('acked out of order, persisted, broker-1 crashes: the recovered cursor skips 10:1 — M2 is received once', () => {
    const r = runOf(fault('restart-broker', 13), PERSISTED);
    const recovered = stepOf(
      r,
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0 will be delivered again',
    );
    expect(
      r.steps[recovered]!.events.filter((e) => e.rule?.startsWith('ManagedCursorImpl.recover')).map(
        (e) => [e.rule, e.text],
      ),
    ).toEqual([
      [
        'ManagedCursorImpl.recoverIndividualDeletedMessages',
        'cursor sub restores the individually deleted 10:1 from the cursor ledger (skipped on the rewind)',
      ],
      [
        'ManagedCursorImpl.recoverFromLedger',
        'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0 will be delivered again',
      ],
    ]);
    expect(receivedBy(r)).toEqual(['10:0 M1', '10:1 M2', NOT_ACKED('broker-1 crashed')]);
    expect(r.violations.map((v) => v.messages)).toEqual([['M1']]);
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
  it('acked out of order but not persisted, broker-1 crashes: 10:1 is lost with its memory — M2 comes again and says why', () => {
    const r = runOf(fault('restart-broker', 12), M2_DELETED_INDIVIDUALLY);
    expect(r.steps[13]!.key).toBe('fault:restart-broker:local');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub restores no individually deleted entry from the cursor ledger; 10:1 was deleted individually in memory only, not persisted',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0, 10:1 will be delivered again',
    );
    const WHY =
      'its ack landed (deleted individually), but broker-1 crashed before the cursor ledger held it';
    expect(receivedBy(r)).toEqual([
      '10:0 M1',
      '10:1 M2',
      NOT_ACKED('broker-1 crashed'),
      `10:1 M2 again: ${WHY}`,
    ]);
    expect(r.violations.map((v) => [v.messages, v.detail])).toContainEqual([
      ['M2'],
      `sub's consumer received 10:1 (M2) twice — one stored entry at local, delivered again: ${WHY}`,
    ]);
    expect(invariantsOf(r)).not.toContain('no-duplicates');
  });
  it('a graceful unload writes 10:1 on close (asyncClose), persisted or not before: M2 is not sent again', () => {
    const r = runOf(fault('unload-topic', 12), M2_DELETED_INDIVIDUALLY);
    expect(r.steps[13]!.key).toBe('fault:unload-topic:local');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub persisted mark-delete 10:-1, with the individually deleted 10:1 on close; the new instance reads on after it: 10:0 will be delivered again',
    );
    expect(receivedBy(r)).toEqual(['10:0 M1', '10:1 M2', NOT_ACKED('the topic unloaded')]);
  });
});

describe('built-in consumer-ack-deleted-not-persisted: the crash comes between the individual delete and its write', () => {
  const r = runBuiltin('consumer-ack-deleted-not-persisted');
  it('M2 is received twice, saying its ack landed but was not persisted; stored once', () => {
    expect(r.steps[14]!.key).toBe('ack:sub:10:1');
    expect(r.steps[15]!.key).toBe('fault:restart-broker:local');
    expect(receivedBy(r).slice(0, 2)).toEqual(['10:0 M1', '10:1 M2']);
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['received-once', ['M1']],
      ['received-once', ['M2']],
    ]);
    expect(r.violations[1]!.detail).toBe(
      "sub's consumer received 10:1 (M2) twice — one stored entry at local, delivered again: its ack landed (deleted individually), but broker-1 crashed before the cursor ledger held it",
    );
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(invariantsOf(r)).not.toContain('no-duplicates');
  });
  it('consumer-negative-ack, which writes 10:1 at step 15, receives M2 once', () => {
    const quiet = runBuiltin('consumer-negative-ack');
    expect(quiet.steps[15]!.key).toBe('persist-cursor:sub:10:-1');
    expect(receivedBy(quiet).filter((x) => x.startsWith('10:1'))).toEqual(['10:1 M2']);
  });
});
