// Deduplication switched on or off while the topic runs (the `set-deduplication` fault):
// `PersistentTopic.checkDeduplicationStatus` → `MessageDeduplication.checkStatus`. Off: the dedup
// cursor is deleted and both maps cleared, every send is written. On: a new dedup cursor opens at the
// managed ledger's last confirmed entry (`asyncOpenCursor`'s `InitialPosition.Latest`), the replay
// from it reads nothing, so what was stored before is in no map — and a later load replays only
// what lies after that cursor.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { exploreOf, type Json, runBuiltin, runOf, stepOf, textsOf } from './helpers';
import { once, setDeduplication } from './setDeduplication';

const base = (dedup: boolean, faults: Json[], extra: Json = {}): Json => ({
  id: 'set-dedup',
  topic: { deduplication: dedup },
  producers: [{ name: 'p1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults,
  ...extra,
});

describe('built-in dedup-enabled-at-runtime: switched on after M1 is stored, the resend of M1 is written again', () => {
  const r = runBuiltin('dedup-enabled-at-runtime');
  it('the switch creates the cursor at M1 (10:0) and is Recovering; the next step its replay reads nothing and it is Enabled with the maps empty', () => {
    const at = stepOf(r, 'operator sets deduplication on');
    expect(r.steps[at]!.key).toBe('fault:set-deduplication:local:on');
    const d = r.steps[at]!.world.topics.local!.dedup;
    // Review 10: Recovering is a state of its own (isEnabled() false until the replay completes).
    expect(d.enabled).toBe(false);
    expect(d.recovering).not.toBeNull();
    expect(d.cursor).toEqual({ ledgerId: 10, entryId: 0 });
    expect(r.steps[at]!.events.map((e) => e.rule)).toContain('MessageDeduplication.checkStatus');
    const replay = r.steps.findIndex((x) => x.key === 'replay:local:dedup-cursor');
    expect(replay).toBeGreaterThan(at);
    const after = r.steps[replay]!.world.topics.local!.dedup;
    expect([after.enabled, after.recovering, after.highestSequencedPushed]).toEqual([
      true,
      null,
      {},
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup cursor replayed from 10:0: nothing after it (Recovering → Enabled)',
    );
  });
  it('p1 reconnects with last_sequence_id -1, M1 is NotDup and stored twice: no-duplicates', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (pushed none, persisted none): write, pushed := 0',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M1 (p1, seq 0) is stored twice at local: 10:0 and 10:1',
    ]);
  });
  it('with deduplication on from the start the same resend is Dup', () => {
    const on = runOf(base(true, [{ kind: 'lose-receipt', message: 'M1' }]));
    expect(on.stored).toEqual({ local: ['M1', 'M2'] });
    expect(on.violations).toEqual([]);
  });
});

describe('switched off while M1 is stored: the resend is written again, and no invariant judges it', () => {
  const r = runOf(
    base(true, [
      setDeduplication(false, once('persisted', 'M1')),
      { kind: 'lose-receipt', message: 'M1' },
    ]),
  );
  it('the cursor is deleted and the maps cleared; p1 reconnects with last_sequence_id -1', () => {
    const at = stepOf(r, 'operator sets deduplication off');
    const d = r.steps[at]!.world.topics.local!.dedup;
    expect(d).toMatchObject({
      enabled: false,
      cursor: null,
      highestSequencedPushed: {},
      highestSequencedPersisted: {},
    });
    expect(textsOf(r, 'broker-1')).toContain('dedup off: write');
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id -1)');
  });
  it('M1 is stored twice; with deduplication off that is what the topic promises', () => {
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('off, then on again, then an unload: the load replays from the new cursor only', () => {
  const r = runOf(
    base(true, [
      setDeduplication(false, once('persisted', 'M1')),
      setDeduplication(true, once('persisted', 'M2')),
      { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M2' } },
    ]),
  );
  it('after the reload the maps hold nothing: M1 and M2 lie behind the cursor at 10:1', () => {
    const at = stepOf(r, 'topic loaded: dedup state rebuilt by replay');
    const d = r.steps[at]!.world.topics.local!.dedup;
    expect(d.cursor).toEqual({ ledgerId: 10, entryId: 1 });
    expect(d.highestSequencedPersisted).toEqual({});
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe("a write that completes after the switch's replay is recorded as persisted but not pushed: its resend is stored twice", () => {
  // MessageDeduplication (apache/pulsar master): isDuplicate answers NotDup without pushing while
  // !isEnabled() (Disabled, or Recovering until the replay completes); recordMessagePersisted,
  // called from addComplete, records highestSequencedPersisted once isEnabled(); isDuplicate
  // consults highestSequencedPushed first, and an absent name is NotDup whatever was persisted.
  const lost = (on: Json): Json => base(false, [on, { kind: 'lose-receipt', message: 'M1' }]);
  const resend = [
    'fault:lose-receipt:M1@local',
    'connect:p1',
    'deliver:p1->broker-1:M1',
    'persist:local:M1',
    'deliver:broker-1->p1:M1',
  ];
  const story = (r: ReturnType<typeof runOf>) => {
    const persisted = r.steps.findIndex((x) => x.key === 'persist:local:M1');
    expect(r.steps[persisted - 1]!.key).toBe('replay:local:dedup-cursor');
    expect(r.steps[persisted]!.world.topics.local!.dedup).toMatchObject({
      enabled: true,
      highestSequencedPushed: {},
      highestSequencedPersisted: { p1: 0 },
    });
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id -1)');
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (pushed none, persisted 0): write, pushed := 0',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M1 (p1, seq 0) is stored twice at local: 10:0 and 10:1',
    ]);
  };
  it('M1 received while dedup is off, the switch and its replay, then M1 persisted: the resend is NotDup (pushed none, persisted 0)', () => {
    const on = setDeduplication(true, once('received', 'M1'));
    const r = runOf(lost(on), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'fault:set-deduplication:local:on',
      'replay:local:dedup-cursor',
      'persist:local:M1',
      ...resend,
    ]);
    expect(textsOf(r, 'broker-1')[0]).toBe('dedup off: write');
    story(r);
  });
  it('M1 received while Recovering is not checked and pushes nothing; persisted after the replay, the same', () => {
    const on = setDeduplication(true, once('sent', 'M1'));
    const r = runOf(lost(on), [
      'connect:p1',
      'send:p1:M1',
      'fault:set-deduplication:local:on',
      'deliver:p1->broker-1:M1',
      'replay:local:dedup-cursor',
      'persist:local:M1',
      ...resend,
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup Recovering (its replay has not completed): not checked, nothing pushed: write',
    );
    story(r);
  });
  it('persisted before the replay, M1 is read by it into both maps, and the resend is Dup', () => {
    const on = setDeduplication(true, once('received', 'M1'));
    const r = runOf(lost(on), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'fault:set-deduplication:local:on',
      'persist:local:M1',
      'replay:local:dedup-cursor',
      'fault:lose-receipt:M1@local',
      'connect:p1',
      'deliver:p1->broker-1:M1',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup cursor replayed from the start: 1 entry written while Recovering (Recovering → Enabled)',
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the scenario file', () => {
  it('a switch to what the topic starts with, and nothing else switching it, is an error naming the field', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...base(true, [setDeduplication(true, { step: 1 })]),
    });
    expect(l.ok).toBe(false);
    if (!l.ok) expect(l.errors.map((e) => e.path)).toContain('$.faults[0].enabled');
  });
  it('enabled must be a boolean', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...base(true, [setDeduplication('yes', { step: 1 })]),
    });
    expect(l.ok).toBe(false);
    if (!l.ok) expect(l.errors.map((e) => e.path)).toContain('$.faults[0].enabled');
  });
});

describe('the explorer places the switch', () => {
  it('with set-deduplication allowed once, a search of the dedup-off lost receipt finds the duplicate under dedup on', () => {
    const found = exploreOf({
      ...base(false, [{ kind: 'lose-receipt', message: 'M1' }], {
        explore: {
          faults: { kinds: ['set-deduplication'], max: 1 },
          maxDepth: 40,
          maxStates: 100000,
        },
      }),
    });
    expect([found.safety, found.complete]).toEqual(['violated', true]);
    const cx = found.violations.find((c) => c.invariant === 'no-duplicates')!;
    expect(cx.trace).toContain('fault:set-deduplication:local:on');
  });
});
