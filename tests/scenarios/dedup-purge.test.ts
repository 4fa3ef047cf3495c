// @vitest-environment node
// The purge of inactive producers (`MessageDeduplication.purgeInactiveProducers`,
// docs/research/dedup-snapshot.md): a name the topic removed (`producerRemoved`) and has not seen
// again (`producerAdded`) is forgotten once it has been gone longer than
// `brokerDeduplicationProducerInactivityTimeoutMinutes` — the model has no clock, so the purge is an
// action offered while the name is inactive and still in a map. Opt-in
// (`topic.deduplicationInactivityPurge`); each row was predicted from the sources before it was run.
import { describe, expect, it } from 'vitest';
import { panelsOf, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { exploreOf, type Json, runBuiltin, runOf, stepOf } from './helpers';

const lines = (r: RunResult, rule: string): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.rule === rule).map((e) => e.text));
const purgeKeys = (r: RunResult, i: number) =>
  r.steps[i]!.enabled.filter((k) => k.startsWith('dedup-purge'));
const connects = (r: RunResult) =>
  lines(r, 'ServerCnx.handleProducer').filter((t) => t.includes('ProducerSuccess'));

const base: Json = {
  id: 'purge',
  topic: { deduplication: true, deduplicationInactivityPurge: true },
  producers: [{ name: 'p1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults: [{ kind: 'lose-receipt', message: 'M1' }],
};
const untilPurge = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'persist:local:M1',
  'fault:lose-receipt:M1@local',
  'dedup-purge:local:p1',
];

describe('dedup-purge-inactive-producer: p1 is away longer than the timeout, and its resend is written again', () => {
  const r = runBuiltin('dedup-purge-inactive-producer');
  it('the purge forgets p1 in both maps and stores a snapshot without it at the unchanged mark-delete', () => {
    expect(lines(r, 'MessageDeduplication.purgeInactiveProducers')).toEqual([
      'dedup: producer p1 inactive longer than brokerDeduplicationProducerInactivityTimeoutMinutes — purged (pushed 0, persisted 0 → none); snapshot without it at the unchanged mark-delete 10:-1',
    ]);
    const d = r.steps[6]!.world.topics.local!.dedup;
    expect([d.highestSequencedPushed, d.highestSequencedPersisted]).toEqual([{}, {}]);
    const panel = panelsOf(r.steps[6]!.world).topics[0]!;
    expect(panel.dedupPurged).toEqual(['p1']);
    expect(panel.dedupInactive).toBeUndefined();
    expect(panel.dedupSnapshot).toEqual({ position: '10:-1', names: [] });
  });
  it('p1 reconnects to last_sequence_id -1, resends M1 with its own seq 0: NotDup, stored at 10:1', () => {
    expect(connects(r)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    ]);
    expect(r.stored.local).toEqual(['M1', 'M1', 'M2']);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-duplicates',
        stepOf(r, 'add M1 → 10:1'),
        'M1 (p1, seq 0) is stored twice at local: 10:0 and 10:1 — dedup had purged p1 as an inactive producer (MessageDeduplication.purgeInactiveProducers), so its old sequence id was judged as new',
      ],
    ]);
  });
});

describe('when the purge is offered', () => {
  const r = runOf(base, untilPurge.slice(0, 5));
  it('only while p1 is disconnected: not while connected, offered after the drop, gone once it reconnects', () => {
    expect(purgeKeys(r, 4)).toEqual([]);
    expect(purgeKeys(r, 5)).toEqual(['dedup-purge:local:p1']);
    const back = stepOf(r, 'ProducerSuccess(last_sequence_id 0)');
    expect(purgeKeys(r, back)).toEqual([]);
    expect(r.violations).toEqual([]);
    expect(r.outcomes.M1).toEqual(['completed -1:-1']);
  });
  it('never without topic.deduplicationInactivityPurge, nor before p1 is in a map', () => {
    const plain = runOf({ ...base, topic: { deduplication: true } }, untilPurge.slice(0, 5));
    expect(plain.steps.flatMap((s) => s.enabled).filter((k) => k.startsWith('dedup-'))).toEqual([]);
    const early = runOf(
      { ...base, faults: [{ kind: 'disconnect', producer: 'p1', after: { step: 1 } }] },
      ['connect:p1', 'fault:disconnect:p1'],
    );
    expect(purgeKeys(early, 2)).toEqual([]);
  });
});

describe('a reload after the purge: is the producer back?', () => {
  it('yes, when its entries lie after the mark-delete: the replay restores p1, the resend is Dup', () => {
    // Predicted: the purge's snapshot is at 10:-1 (no snapshot moved the cursor), so the load
    // replays 10:0 and p1 = 0 again; ProducerSuccess says 0 and the resend of M1 is Dup.
    const r = runOf(
      {
        ...base,
        faults: [
          ...(base.faults as Json[]),
          { kind: 'unload-topic', cluster: 'local', after: { step: 6 } },
        ],
      },
      [...untilPurge, 'fault:unload-topic:local'],
    );
    expect(r.steps[7]!.world.topics.local!.dedup.highestSequencedPersisted).toEqual({ p1: 0 });
    expect(r.outcomes.M1).toEqual(['completed -1:-1']);
    expect(r.violations).toEqual([]);
  });
  it('no, once a snapshot covers them: with a snapshot every entry, the purge survives the reload', () => {
    // Predicted: M1's write snapshots {p1=0} at 10:0; the purge rewrites it as {} at 10:0; the load
    // starts from {} and reads nothing after 10:0, so p1 stays unknown and M1 is written again.
    const r = runOf(
      {
        ...base,
        topic: { ...(base.topic as Json), deduplicationEntriesInterval: 1 },
        faults: [
          ...(base.faults as Json[]),
          { kind: 'unload-topic', cluster: 'local', after: { step: 6 } },
        ],
      },
      [...untilPurge, 'fault:unload-topic:local'],
    );
    expect(r.steps[7]!.world.topics.local!.dedup.highestSequencedPersisted).toEqual({});
    expect(r.stored.local).toEqual(['M1', 'M1', 'M2']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });
  it('the load marks no one inactive (PR 21193: producerRemoved is a no-op before Enabled)', () => {
    const r = runOf({
      ...base,
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
      ],
    });
    const loaded = stepOf(r, 'topic loaded');
    expect(r.steps[loaded]!.world.topics.local!.dedup.inactiveProducers).toEqual([]);
    expect(purgeKeys(r, loaded)).toEqual([]);
  });
});

describe('dedup-purge-inactive-producer-explore', () => {
  const search = (topic: Json) => {
    const s = BUILTINS.find((b) => b.id === 'dedup-purge-inactive-producer-explore')!;
    return exploreOf({ ...s, topic });
  };
  it('one drop and the purge before the reconnect: no-duplicates in 9 steps; without the purge, nothing', () => {
    const found = search({ deduplication: true, deduplicationInactivityPurge: true });
    expect(found.complete).toBe(true);
    expect(found.violations.map((v) => [v.invariant, v.trace])).toEqual([
      [
        'no-duplicates',
        [
          ...untilPurge.slice(0, 4),
          'fault:disconnect:p1',
          'dedup-purge:local:p1',
          'connect:p1',
          'deliver:p1->broker-1:M1',
          'persist:local:M1',
        ],
      ],
    ]);
    const none = search({ deduplication: true });
    expect(none.complete).toBe(true);
    expect(none.violations).toEqual([]);
  });
});
