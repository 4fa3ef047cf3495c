// @vitest-environment node
// A consumer's acknowledgements in flight (`subscriptions[].acks: "in-flight"`,
// docs/research/consumer-acks.md): deduplication keeps what is stored once, yet the consumer
// receives an entry twice when its CommandAck is lost with the connection, or when the broker that
// took the ack crashes before the cursor ledger holds the mark-delete. `received-once`, asked for by
// the subscription, names the redelivery while `no-duplicates` holds.
import { describe, expect, it } from 'vitest';
import { loadScenario, storageOf } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { exploreOf, invariantsOf, type Json, runBuiltin, runOf, stepOf, textsOf } from './helpers';

const receivedBy = (r: ReturnType<typeof runOf>, cluster = 'local', sub = 'sub') =>
  r.steps[r.steps.length - 1]!.world.topics[cluster]!.subscriptions[sub]!.received.map(
    (x) =>
      `${x.position.ledgerId}:${x.position.entryId} ${x.msgs.map((m) => m.msg).join('+')}${x.redelivered ? ` again: ${x.redelivered}` : ''}`,
  );

const base: Json = {
  id: 'acks',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', acks: 'in-flight', invariants: ['received-once'] }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
};

describe('consumer-ack-lost: deduplication on, the CommandAck of M1 lost with the connection', () => {
  const r = runBuiltin('consumer-ack-lost');
  it('the producer side holds: M1 resent after its lost receipt is dropped as Dup, stored once', () => {
    expect(r.outcomes.M1).toEqual(['completed -1:-1']);
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(invariantsOf(r)).not.toContain('no-duplicates');
  });
  it('the consumer receives 10:0 twice: the broker rewinds for the reconnected consumer and sends it again', () => {
    expect(receivedBy(r)).toEqual([
      '10:0 M1',
      '10:0 M1 again: the ack of 10:0 was lost (the connection dropped)',
      '10:1 M2',
    ]);
    const lost = stepOf(r, 'lose-ack: the connection to broker-1 drops');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub rewinds to mark-delete 10:-1 for the reconnected consumer: 10:0 will be delivered again',
    );
    expect(stepOf(r, 'CommandAck 10:0 lost: the connection dropped')).toBe(lost);
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages, v.detail])).toEqual([
      [
        'received-once',
        lost + 1,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: the ack of 10:0 was lost (the connection dropped)",
      ],
    ]);
  });
  it('the ack is its own step: the mark-delete moves when it lands, the cursor ledger follows a step later', () => {
    const landed = stepOf(
      r,
      'cursor sub: mark-delete 10:0 in memory; the cursor ledger still holds 10:-1',
    );
    // steps[0] is the initial world: steps[n] is step n.
    expect(r.steps[landed]!.key).toBe('ack:sub:10:0');
    expect(r.steps[landed + 1]!.key).toBe('persist-cursor:sub:10:0');
  });
  it('the subscription view shows the redelivery, the acks in flight and the cursor ledger', () => {
    const mid = r.steps.find((s) => s.key === 'consume:sub:10:1')!;
    const view = storageOf(mid.world)[0]!.subscriptions[0]!;
    expect(view.received.map((x) => [x.position, x.redelivered ?? ''])).toEqual([
      ['10:0', ''],
      ['10:0', 'the ack of 10:0 was lost (the connection dropped)'],
      ['10:1', ''],
    ]);
    expect(view.acks).toEqual({ inFlight: ['10:1'], persisted: '10:0' });
  });
  it('received-once is opt-in: without it the same redelivery violates nothing', () => {
    const quiet = runBuiltin('consumer-ack-lost', [], {
      subscriptions: [{ name: 'sub', acks: 'in-flight' }],
    });
    expect(receivedBy(quiet)).toHaveLength(3);
    expect(quiet.violations).toEqual([]);
  });
});

describe('consumer-ack-not-persisted: the ack landed, the broker crashed before the cursor ledger held it', () => {
  const r = runBuiltin('consumer-ack-not-persisted');
  it('the restarted broker recovers the cursor at 10:-1 and delivers M1 again', () => {
    const landed = stepOf(r, 'cursor sub: mark-delete 10:0 in memory');
    expect(r.steps[landed + 1]!.key).toBe('fault:restart-broker:local');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0 will be delivered again',
    );
    expect(receivedBy(r)).toEqual([
      '10:0 M1',
      '10:0 M1 again: its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:0',
      '11:0 M2',
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(invariantsOf(r)).toEqual(['received-once']);
  });
});

describe('an unload closes the cursor gracefully: only an ack still in flight is lost', () => {
  // Step 7 the consumer receives 10:0, step 8 its CommandAck lands, step 9 the cursor ledger.
  const unloadAfter = (step: number) =>
    runOf({
      ...base,
      faults: [{ kind: 'unload-topic', cluster: 'local', after: { step } }],
    });
  it('unloaded with the ack on its way: 10:0 is delivered again', () => {
    const r = unloadAfter(7);
    expect(textsOf(r, 'sub-consumer')).toContain('CommandAck 10:0 lost: the topic unloaded');
    expect(receivedBy(r)[1]).toBe('10:0 M1 again: the ack of 10:0 was lost (the topic unloaded)');
    expect(invariantsOf(r)).toEqual(['received-once']);
  });
  it('unloaded after the ack landed but before the cursor ledger write: the close persists it, nothing again', () => {
    const r = unloadAfter(8);
    expect(r.steps[8]!.key).toBe('ack:sub:10:0');
    expect(r.steps[9]!.key).toBe('fault:unload-topic:local');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub persisted mark-delete 10:0 on close; the new instance reads on after it: nothing to deliver again',
    );
    expect(receivedBy(r)).toEqual(['10:0 M1', '11:0 M2']);
    expect(r.violations).toEqual([]);
  });
});

describe('an ownership change: the new owner takes the topic while the ack is on its way', () => {
  it('the ack is lost when the consumer moves to broker-2, which sends 10:0 again', () => {
    const r = runOf(
      {
        ...base,
        clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
        faults: [
          { kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 8 } },
        ],
      },
      // The explorer's counterexample (kinds ["ownership-change"]): the CommandAck of 10:0 waits
      // while broker-2 recovers the ledger and broker-1's next write finds it fenced.
      [
        'connect:p1',
        'send:p1:M1',
        'deliver:p1->broker-1:M1',
        'deliver:broker-1->bookie-1:10:0',
        'deliver:bookie-1->broker-1:10:0',
        'consume:sub:10:0',
        'send:p1:M2',
        'deliver:p1->broker-1:M2',
        'fault:ownership-change:local:broker-2',
        'deliver:broker-2->bookie-1:fence-10',
        'deliver:bookie-1->broker-2:fence-10',
        'metadata:broker-2:ledgers',
        'deliver:broker-1->bookie-1:10:1',
        'deliver:bookie-1->broker-1:10:1',
        'metadata:broker-1:ledgers',
      ],
    );
    // broker-2 opened the cursor at its load; the move reads from there, recovering nothing twice.
    expect(textsOf(r, 'broker-2')).toContain(
      "cursor sub (opened at broker-2's load, mark-delete 10:-1) reads from after it for the moved consumer: 10:0 will be delivered again",
    );
    expect(receivedBy(r)[1]).toBe(
      '10:0 M1 again: the ack of 10:0 was lost (broker-2 took the topic over)',
    );
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(invariantsOf(r)).toEqual(['received-once']);
  });
});

describe('the default (acks at once) is unchanged, and lose-ack needs acks in flight', () => {
  it('at once: one consume step receives and acknowledges; no ack or persist-cursor step', () => {
    const r = runOf({ ...base, subscriptions: [{ name: 'sub' }] });
    expect(
      r.steps.some((s) => s.key?.startsWith('ack:') || s.key?.startsWith('persist-cursor:')),
    ).toBe(false);
    expect(textsOf(r, 'sub-consumer')[0]).toBe(
      'received 10:0 (M1) from broker-1, acknowledged: mark-delete 10:0',
    );
  });
  it('bad input names the field', () => {
    const errors = (patch: Json) => {
      const l = loadScenario({ format: 'dedup-lab/scenario@1', ...base, ...patch });
      return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(errors({ subscriptions: [{ name: 'sub', acks: 'later' }] })).toEqual([
      '$.subscriptions[0].acks: expected one of "at-once" | "in-flight", got "later"',
    ]);
    expect(errors({ subscriptions: [{ name: 'sub', invariants: ['once'] }] })[0]).toMatch(
      /^\$\.subscriptions\[0\]\.invariants\[0\]: expected one of "received-once"/,
    );
    expect(
      errors({ subscriptions: [{ name: 'sub' }], faults: [{ kind: 'lose-ack', message: 'M1' }] }),
    ).toEqual([
      '$.faults[0].subscription: expected a subscription on cluster "local" with "acks": "in-flight" (only its acknowledgements travel on their own, so only they can be lost), got nothing',
    ]);
  });
});

describe('consumer-ack-lost-explore: the explorer places lose-ack and restart-broker', () => {
  const search = (kinds?: string[]) => {
    const s = BUILTINS.find((b) => b.id === 'consumer-ack-lost-explore')!;
    return exploreOf(kinds ? { ...s, explore: { faults: { kinds, max: 1 } } } : s);
  };
  it('finds received-once in 8 steps through a lost ack; no-duplicates holds in every state', () => {
    const res = search();
    expect(res.complete).toBe(true);
    expect(res.violations.map((v) => v.invariant)).toEqual(['received-once']);
    expect(res.violations[0]!.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'consume:sub:10:0',
      'fault:lose-ack:M1@local:sub',
      'consume:sub:10:0',
    ]);
  });
  it('with restart-broker alone it still finds one: a crash between the ack and the cursor ledger', () => {
    const res = search(['restart-broker']);
    expect(res.violations.map((v) => v.invariant)).toEqual(['received-once']);
    const trace = res.violations[0]!.trace;
    expect(trace).toContain('fault:restart-broker:local');
    expect(trace.indexOf('ack:sub:10:0')).toBeLessThan(trace.indexOf('fault:restart-broker:local'));
    expect(trace).not.toContain('persist-cursor:sub:10:0');
  });
});
