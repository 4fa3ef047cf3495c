// @vitest-environment node
// managedLedgerMaxUnackedRangesToPersist (`topic.maxUnackedRangesToPersist`, docs/research/
// consumer-acks.md): every cursor write builds its ranges with
// `ManagedCursorImpl.buildIndividualDeletedMessageRanges`, which adds a range and then goes on only
// while the list holds at most the cap — so N + 1 ranges reach the cursor ledger and the rest stay
// in the broker's memory. The application nacks M1, M3 and M5 and acknowledges M2, M4 and M6: three
// ranges (10:1, 10:3, 10:5) behind three holes. With the cap at 1 the write keeps 10:1 and 10:3; a
// crash or an unload then sends M6 again although its ack landed.
import { describe, expect, it } from 'vitest';
import { loadScenario, storageOf } from '../../src/engine';
import { type Json, invariantsOf, runBuiltin, runOf, stepOf, textsOf } from './helpers';

const SIX = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6'];
const capped = (cap: number | undefined, fault?: string): Json => {
  return {
    id: 'cursor-ranges-cap',
    clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
    topic: {
      deduplication: true,
      ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 },
      ...(cap === undefined ? {} : { maxUnackedRangesToPersist: cap }),
    },
    producers: [{ name: 'p1' }],
    subscriptions: [
      {
        name: 'sub',
        acks: 'in-flight',
        negativeAcknowledge: ['M1', 'M3', 'M5'],
        invariants: ['received-once'],
      },
    ],
    workload: SIX.map((m) => ({ send: m, producer: 'p1' })),
    // Step 43 is the write after M6's individual delete (the built-in's crash point).
    ...(fault ? { faults: [{ kind: fault, cluster: 'local', after: { step: 43 } }] } : {}),
  };
};
type Run = ReturnType<typeof runOf>;
const againOf = (r: Run, at: string) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.filter(
    (x) => `${x.position.ledgerId}:${x.position.entryId}` === at && x.redelivered,
  ).map((x) => x.redelivered);
const CUT =
  'cursor sub: 10:5 not persisted — managedLedgerMaxUnackedRangesToPersist is 1, so the write keeps the first 2 ranges of individually deleted entries; the rest stay in memory only';

describe('the cap keeps the first ranges; the rest stay in memory', () => {
  it('cap 1: the write after the third range holds 10:1 and 10:3 (two ranges: the check follows each add) and says 10:5 was left out', () => {
    const r = runOf(capped(1));
    const at = stepOf(r, CUT);
    expect(r.steps[at]!.key).toBe('persist-cursor:sub:10:-1');
    expect(r.steps[at]!.events.map((e) => [e.rule, e.text])).toEqual([
      [
        'ManagedCursorImpl.persistPositionToLedger',
        'cursor sub: mark-delete 10:-1, with the individually deleted 10:1, 10:3 persisted to the cursor ledger',
      ],
      ['ManagedCursorImpl.buildIndividualDeletedMessageRanges:maxUnackedRangesToPersist', CUT],
    ]);
    // One write for the new range, not one per step: the left-out range counts as seen.
    expect(r.steps[at + 1]!.key).not.toMatch(/^persist-cursor:/);
    expect(storageOf(r.steps[at]!.world)[0]!.subscriptions[0]!.acks).toMatchObject({
      persisted: '10:-1',
      persistedDeleted: ['10:1', '10:3'],
    });
  });
  it("Pulsar's default (10,000) writes every range: no line about a cap", () => {
    const r = runOf(capped(undefined));
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:-1, with the individually deleted 10:1, 10:3, 10:5 persisted to the cursor ledger',
    );
    expect(r.steps.flatMap((s) => s.events).some((e) => e.rule?.includes('maxUnacked'))).toBe(
      false,
    );
  });
  it('cap 0 still writes the first range (10:1), as Pulsar does', () => {
    const r = runOf(capped(0));
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:-1, with the individually deleted 10:1 persisted to the cursor ledger',
    );
  });
});

describe('built-in consumer-ack-ranges-cap: acknowledged, yet received twice after a restart', () => {
  const r = runBuiltin('consumer-ack-ranges-cap');
  it('the crash comes after the capped write; the recovered cursor skips 10:1 and 10:3 and sends M6 (10:5) again, saying why', () => {
    expect(r.steps[43]!.key).toBe('persist-cursor:sub:10:-1');
    expect(r.steps[44]!.key).toBe('fault:restart-broker:local');
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub restores the individually deleted 10:1, 10:3 from the cursor ledger (skipped on the rewind); 10:5 was deleted individually in memory only, not persisted',
    );
    expect(againOf(r, '10:5')).toEqual([
      'its ack landed (deleted individually), but the cursor ledger kept only the first ranges (managedLedgerMaxUnackedRangesToPersist), and broker-1 crashed',
    ]);
    expect(againOf(r, '10:1')).toEqual([]);
    expect(againOf(r, '10:3')).toEqual([]);
    expect(r.violations.map((v) => v.messages[0])).toEqual(['M1', 'M3', 'M5', 'M6']);
    expect(r.stored.local).toEqual(SIX);
    expect(invariantsOf(r)).not.toContain('no-duplicates');
  });
  it('an unload at the same point writes the same two ranges on close: M6 comes again after the reload too', () => {
    const u = runOf(capped(1, 'unload-topic'));
    expect(textsOf(u, 'broker-1')).toContain(
      'cursor sub persisted mark-delete 10:-1, with the individually deleted 10:1, 10:3 on close; the new instance reads on after it: 10:0, 10:2, 10:4, 10:5 will be delivered again',
    );
    expect(againOf(u, '10:5')).toEqual([
      'its ack landed (deleted individually), but the cursor ledger kept only the first ranges (managedLedgerMaxUnackedRangesToPersist), and the topic unloaded',
    ]);
  });
  it('with the default cap the same crash sends only the nacked entries again: M6 once', () => {
    const d = runOf(capped(undefined, 'restart-broker'));
    expect(againOf(d, '10:5')).toEqual([]);
    expect(d.violations.map((v) => v.messages[0])).toEqual(['M1', 'M3', 'M5']);
  });
});

describe('topic.maxUnackedRangesToPersist: bad input names the field', () => {
  const errors = (v: unknown) => {
    const s = capped(1);
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...s,
      topic: { ...(s.topic as Json), maxUnackedRangesToPersist: v },
    });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('a negative or fractional count, a string, an unknown cluster', () => {
    expect(errors(-1)).toEqual([
      '$.topic.maxUnackedRangesToPersist: expected an integer from 0, got -1',
    ]);
    expect(errors(1.5)[0]).toMatch(/^\$\.topic\.maxUnackedRangesToPersist: expected an integer/);
    expect(errors('10')[0]).toMatch(
      /^\$\.topic\.maxUnackedRangesToPersist: expected a number of ranges/,
    );
    expect(errors({ remote: 1 })[0]).toMatch(/^\$\.topic\.maxUnackedRangesToPersist\.remote: /);
    expect(errors({ local: 2 })).toEqual([]);
  });
});
