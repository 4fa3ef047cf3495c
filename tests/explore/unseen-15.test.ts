// @vitest-environment node
// Review 15 (docs/research/review-15.md): the explorer's verdicts on session 11's features combined
// with what existed before — replicateTo with an unload, a drop, two-way replication, three clusters
// and the TTL; deliverAfter on Java and Go batching producers; chunking with a lost receipt, a send
// timeout and deduplication switched on at runtime. Each verdict was predicted from Pulsar's and
// pulsar-client-go's sources, then searched without and with the fix that applies. Every row asserts
// safety/liveness, completeness, the state count, the invariants found with each trace's length, and
// that every counterexample replays with `run` as the same violation. Scenarios:
// tests/scenarios/unseen-15.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-15.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const LOSS = 'no-silent-loss';
const DUP = 'no-duplicates';
/** Chunking without PR 20948: the last chunk compares equal to the first's pushed id — no fault needed. */
const CHUNK_DUP = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:broker-1->p1:M1',
  'deliver:p1->broker-1:M1[2/2]',
  'deliver:broker-1->p1:M1',
];

describe('review 15: holds where Pulsar keeps its promise', () => {
  it('x02 two-way, E1 with disableReplication, W1 unrestricted, one drop: E1 stays home, W1 crosses once', () => {
    expectVerdict(check('u15-x02-two-way-disable-drop'), {
      ...HOLDS,
      liveness: 'holds',
      states: 72293,
    });
  }, 120_000);
  it('x03 Java batching (2), M1, delayed M2, M3, one drop or lost receipt: the batch goes first, every resend is Dup', () => {
    expectVerdict(check('u15-x03-java-delay-batch-faults'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 918,
    });
  });
  it('x08 Java batch of two us-east-only messages, one drop: the entry is skipped, nothing owed, nothing crosses', () => {
    expectVerdict(check('u15-x08-java-batch-replicate-to-drop'), {
      ...HOLDS,
      liveness: 'holds',
      states: 1190,
    });
  });
  it('x05 pr-20948, one lost receipt: holds as far as the search reaches; each PersistenceError reconnect writes the first chunk again, so it does not close (README simplification)', () => {
    expectVerdict(check('u15-x05-chunk-lost-receipt', ['pr-20948']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 312,
      complete: false,
    });
  });
  it('x06 pr-20948, a send timeout: failed is told, never success', () => {
    expectVerdict(check('u15-x06-chunk-send-timeout', ['pr-20948']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 28,
    });
  });
});

describe('review 15: the gaps Pulsar has', () => {
  it('x01 replicateTo [us-east] M1, then M2, an unload or a drop: M1 never crosses; #25861 stores M2 twice at us-west, pr-25860 closes it', () => {
    const r = check('u15-x01-replicate-to-unload-drop');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 2414, found: { [DUP]: 16 } });
    expect(traceOf(r, DUP).detail).toBe(
      'M2 (replicated from source 10:1) is stored twice at us-west: 20:0 and 21:0',
    );
    expect(traceOf(r, DUP).trace.slice(11)).toEqual([
      'fault:unload-topic:us-west',
      'deliver:broker-2->replicator:CloseProducer',
      'connect:replicator',
      'deliver:replicator->broker-2:M2',
      'persist:us-west:M2',
    ]);
    expectVerdict(check('u15-x01-replicate-to-unload-drop', ['pr-25860']), {
      ...HOLDS,
      liveness: 'holds',
      states: 2402,
    });
  });
  it('x04 Go batching, M1 then delayed M2: the single overtakes the batch, which is Dup (#1407) with no fault; go-flush-before-single holds', () => {
    const r = check('u15-x04-go-delay-batch-drop');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 188, found: { [LOSS]: 9 } });
    expect(traceOf(r, LOSS).detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    expect(traceOf(r, LOSS).trace.some((k) => k.startsWith('fault:'))).toBe(false);
    expectVerdict(check('u15-x04-go-delay-batch-drop', ['go-flush-before-single']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 110,
    });
  });
  it('x05/x06 chunking without pr-20948: the last chunk is Dup once the first is persisted, no fault needed', () => {
    for (const [id, states] of [
      ['u15-x05-chunk-lost-receipt', 30],
      ['u15-x06-chunk-send-timeout', 46],
    ] as const) {
      const r = check(id);
      expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states, found: { [LOSS]: 7 } });
      expect(traceOf(r, LOSS).trace).toEqual(CHUNK_DUP);
    }
  });
  it('x07 three clusters, M1 for [us-east, eu], the TTL: expired on the eu link only (the us-west link owes it nothing)', () => {
    const r = check('u15-x07-replicate-to-ttl-three');
    expectVerdict(r, { safety: 'violated', liveness: 'holds', states: 354, found: { [LOSS]: 5 } });
    expect(traceOf(r, LOSS).detail).toBe(
      "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->eu (mark-delete 10:0) before it was replicated: eu does not store it",
    );
  });
  it('x10 chunking, one unload: without the fix the usual Dup; with pr-20948 an unload between the chunks replays the first as persisted seq 0, and the resent last chunk is Dup', () => {
    const r = check('u15-x10-chunk-unload');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 84, found: { [LOSS]: 7 } });
    expect(traceOf(r, LOSS).trace).toEqual(CHUNK_DUP);
    const f = check('u15-x10-chunk-unload', ['pr-20948']);
    expectVerdict(f, { safety: 'violated', ...NO_REPLICATION, states: 77, found: { [LOSS]: 10 } });
    expect(traceOf(f, LOSS).trace.slice(3)).toEqual([
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      'fault:unload-topic:local',
      'deliver:broker-1->p1:CloseProducer',
      'connect:p1',
      'deliver:p1->broker-1:M1[2/2]',
      'deliver:broker-1->p1:M1',
    ]);
  });
  it('x09 dedup switched on while M1 is chunked: the replay after the switch reads the first chunk as persisted seq 0, so the last is Dup — with pr-20948 too', () => {
    const expected = [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'fault:set-deduplication:local:on',
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      'replay:local:dedup-cursor',
      'deliver:p1->broker-1:M1[2/2]',
      'deliver:broker-1->p1:M1',
    ];
    for (const [fixes, states] of [
      // 102 and 91 before session 20: a write accepted while dedup was off carries that (review 21 x05).
      [[], 156],
      [['pr-20948'], 148],
    ] as const) {
      const r = check('u15-x09-chunk-dedup-toggle', [...fixes]);
      expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states, found: { [LOSS]: 9 } });
      expect(traceOf(r, LOSS).trace).toEqual(expected);
    }
  });
});
