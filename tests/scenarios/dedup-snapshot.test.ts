// @vitest-environment node
// Dedup snapshots (`MessageDeduplication.takeSnapshot`, docs/research/dedup-snapshot.md): every
// `brokerDeduplicationEntriesInterval` recorded writes, or on the snapshot timer, the broker stores
// its persisted map in the dedup cursor's properties and mark-deletes the cursor — which frees a
// trim, and is where a load's replay starts. Opt-in (`topic.deduplicationEntriesInterval`,
// `deduplicationSnapshotTimer`, `deduplicationMaxNumberOfProducers`); each row's outcome was
// predicted from the sources before it was run.
import { describe, expect, it } from 'vitest';
import { panelsOf, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { exploreOf, type Json, runBuiltin, runOf, stepOf } from './helpers';
import { once, setDeduplication } from './setDeduplication';

const lines = (r: RunResult, rule: string): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.rule === rule).map((e) => e.text));
const last = (r: RunResult) => r.steps[r.steps.length - 1]!.world.topics.local!;

describe('dedup-snapshot-frees-trim: the snapshot moves the dedup cursor, the trim deletes, the reload still knows p1', () => {
  const r = runBuiltin('dedup-snapshot-frees-trim');
  it("M2's write is the second recorded: the snapshot {p1=1} is stored and the cursor mark-deleted to 10:1", () => {
    expect(lines(r, 'MessageDeduplication.takeSnapshot')).toEqual([
      'dedup snapshot (2 entries recorded): {p1=1} stored in pulsar.dedup, its mark-delete moved to 10:1',
    ]);
    expect(stepOf(r, 'dedup snapshot')).toBe(stepOf(r, 'add M2 → 10:1'));
  });
  it('the trim deletes ledger 10: the slowest durable cursor is the dedup cursor at 10:1', () => {
    expect(lines(r, 'ManagedLedgerImpl.internalTrimLedgers')).toEqual([
      'trim: ledger 10 deleted (consumed by every durable cursor — the slowest: the dedup cursor (pulsar.dedup) at mark-delete 10:1; retention 0)',
    ]);
    expect(last(r).trimmed!.map((l) => l.id)).toEqual([10]);
  });
  it("the reload starts from the snapshot: p1's resend of M2 is Dup although its entry is gone; M3 stored once", () => {
    expect(lines(r, 'MessageDeduplication.replayCursor')[0]).toContain('from the dedup snapshot');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['stored at 12:0'],
    });
    expect(r.stored.local).toEqual(['M3']);
    expect(r.violations).toEqual([]);
  });
  it('the Dedup panel shows the snapshot; M3 is the first write the reload counts, so it stays at 10:1', () => {
    const topic = panelsOf(r.steps[r.steps.length - 1]!.world).topics[0]!;
    expect(topic.dedupSnapshot).toEqual({ position: '10:1', names: ['p1=1'] });
    expect(last(r).dedup.snapshotCounter).toBe(1);
  });
  it('without the interval (Pulsar default 1000: never reached) the dedup cursor holds ledger 10 at 10:-1', () => {
    const s = BUILTINS.find((b) => b.id === 'dedup-snapshot-frees-trim')!;
    const topic = { ...(s.topic as Json), deduplicationEntriesInterval: undefined };
    const plain = runBuiltin('dedup-snapshot-frees-trim', [], { topic });
    expect(lines(plain, 'MessageDeduplication.takeSnapshot')).toEqual([]);
    expect(lines(plain, 'ManagedLedgerImpl.internalTrimLedgers')[0]).toContain(
      'the dedup cursor (pulsar.dedup) at mark-delete 10:-1',
    );
    expect(last(plain).trimmed).toBeUndefined();
    expect(plain.stored.local).toEqual(['M1', 'M2', 'M3']);
  });
});

describe('the snapshot counter across a load (replayCursor)', () => {
  // Predicted: three entries before the run, interval 2: the load's replay reads 3 ≥ 2 and snapshots
  // at the last (10:2) without resetting the counter (3), so the first write snapshots again (10:3).
  const r = runOf({
    id: 'snap-replay',
    topic: {
      deduplication: true,
      deduplicationEntriesInterval: 2,
      ledgers: {
        local: [{ id: 10, messages: [0, 1, 2].map((i) => ({ id: `E${i}`, producer: 'w' })) }],
      },
    },
    producers: [{ name: 'p1' }],
    workload: [{ send: 'M1', producer: 'p1' }],
  });
  it('the initial load took the snapshot at 10:2; the first write takes the next at 10:3', () => {
    expect(r.steps[0]!.world.topics.local!.dedup.snapshot).toEqual({
      position: { ledgerId: 10, entryId: 2 },
      map: { w: 2 },
    });
    expect(lines(r, 'MessageDeduplication.takeSnapshot')).toEqual([
      'dedup snapshot (2 entries recorded): {p1=0, w=2} stored in pulsar.dedup, its mark-delete moved to 10:3',
    ]);
    expect(last(r).dedup.snapshotCounter).toBe(0);
  });
});

describe('the snapshot timer (brokerDeduplicationSnapshotIntervalSeconds) as an action', () => {
  const scenario: Json = {
    id: 'snap-timer',
    topic: { deduplication: true, deduplicationSnapshotTimer: true },
    producers: [{ name: 'p1' }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
  };
  const r = runOf(scenario, [
    'connect:p1',
    'send:p1:M1',
    'deliver:p1->broker-1:M1',
    'persist:local:M1',
    'dedup-snapshot:local',
  ]);
  const enabledAt = (i: number) => r.steps[i]!.enabled.filter((k) => k.startsWith('dedup-'));
  it('offered only once an entry is confirmed past the mark-delete, and not again until the next write', () => {
    expect(enabledAt(3)).toEqual([]);
    expect(enabledAt(4)).toEqual(['dedup-snapshot:local']);
    expect(enabledAt(5)).toEqual([]);
    expect(lines(r, 'MessageDeduplication.takeSnapshot')[0]).toBe(
      'dedup snapshot (the snapshot interval passed): {p1=0} stored in pulsar.dedup, its mark-delete moved to 10:0',
    );
  });
  it('auto takes it last, once nothing else is left: the run ends with a snapshot at 10:1', () => {
    expect(last(r).dedup.snapshot!.position).toEqual({ ledgerId: 10, entryId: 1 });
    expect(r.steps[r.steps.length - 1]!.key).toBe('dedup-snapshot:local');
    expect(r.violations).toEqual([]);
  });
  it('never offered without the setting, nor with deduplication off', () => {
    const plain = runOf({ ...scenario, topic: { deduplication: true } });
    const off = runOf({
      ...scenario,
      topic: { deduplication: false, deduplicationSnapshotTimer: true },
    });
    for (const x of [plain, off])
      expect(x.steps.flatMap((s) => s.enabled).filter((k) => k.startsWith('dedup-'))).toEqual([]);
  });
});

describe('dedup-snapshot-cap: a snapshot capped at one name, and a reload that starts from it', () => {
  it('p2 is left out of the snapshot at 10:1; after the reload its resend of N1 is NotDup: no-duplicates names the cap', () => {
    const r = runBuiltin('dedup-snapshot-cap');
    expect(lines(r, 'MessageDeduplication.takeSnapshot')).toEqual([
      'dedup snapshot (2 entries recorded): {p1=0} stored in pulsar.dedup, its mark-delete moved to 10:1; p2 left out (brokerDeduplicationMaxNumberOfProducers 1)',
    ]);
    expect(r.violations.map((v) => [v.invariant, v.detail])).toEqual([
      [
        'no-duplicates',
        'N1 (p2, seq 0) is stored twice at local: 10:1 and 11:0 — p2 is not in the dedup snapshot at 10:1 (brokerDeduplicationMaxNumberOfProducers 1 kept p1), and a reload starts from it',
      ],
    ]);
    expect(r.stored.local).toEqual(['M1', 'N1', 'N1']);
  });
  it('with a cap of 2 the snapshot keeps both names and the resend is Dup', () => {
    const s = BUILTINS.find((b) => b.id === 'dedup-snapshot-cap')!;
    const topic = { ...(s.topic as Json), deduplicationMaxNumberOfProducers: 2 };
    const r = runBuiltin('dedup-snapshot-cap', [], { topic });
    expect(r.violations).toEqual([]);
    expect(r.outcomes.N1).toEqual(['completed -1:-1']);
    expect(r.stored.local).toEqual(['M1', 'N1']);
  });
  it('the -explore twin finds it with a lost receipt and an unload (no trim needed); with a cap of 2, nothing', () => {
    const s = BUILTINS.find((b) => b.id === 'dedup-snapshot-cap-explore')!;
    const search = (cap: number) => {
      return exploreOf({
        ...s,
        topic: { ...(s.topic as Json), deduplicationMaxNumberOfProducers: cap },
      });
    };
    const capped = search(1);
    expect(capped.complete).toBe(true);
    expect(capped.violations.map((v) => [v.invariant, v.trace.length])).toEqual([
      ['no-duplicates', 13],
    ]);
    expect(capped.violations[0]!.trace).toContain('fault:unload-topic:local');
    const roomy = search(2);
    expect(roomy.complete).toBe(true);
    expect(roomy.violations).toEqual([]);
  });
});

describe('switching deduplication off and on forgets the snapshot (a new cursor has no properties)', () => {
  it('off → on: the snapshot and its mark-delete are gone; the new cursor starts at the last confirmed entry', () => {
    const r = runOf({
      id: 'snap-toggle',
      topic: { deduplication: true, deduplicationEntriesInterval: 1 },
      producers: [{ name: 'p1' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      faults: [
        setDeduplication(false, once('persisted', 'M1')),
        setDeduplication(true, once('persisted', 'M2')),
      ],
    });
    const afterOff = r.steps[stepOf(r, 'deduplication off')]!.world.topics.local!.dedup;
    expect(afterOff.snapshot).toBeUndefined();
    expect(last(r).dedup.cursor).toEqual({ ledgerId: 10, entryId: 1 });
    expect(last(r).dedup.snapshot).toBeUndefined();
  });
});
