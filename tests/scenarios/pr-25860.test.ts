// @vitest-environment node
// apache/pulsar #25861 and its open fix PR 25860: the target's V2 dedup watermark (`<replicator>_LID`
// / `_EID`) is not rebuilt when the topic reloads (`MessageDeduplication.replayCursor`), so the
// replicator's resend of an entry it had not yet mark-deleted is stored a second time. With
// `pr-25860` the replay restores the watermark from each replicated entry's source position
// (`recoverReplWatermarkFromMetadata`) and the resend is Dup.
import { describe, expect, it } from 'vitest';
import {
  applicableFixes,
  explore,
  explorerBounds,
  fixesToCompare,
  loadScenario,
  type Config,
  type RunResult,
} from '../../src/engine';
import { invariantsOf, type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

// E1 and E2 were published at us-east before the run (10:0, 10:1); the replicator starts at once
// and sends both pipelined. us-west deduplicates (V2); us-east does not.
const base = (dedup: 'v1' | 'v2', targetDedup = true): Json => ({
  id: `pr-25860-${dedup}`,
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: {
    deduplication: { 'us-east': false, 'us-west': targetDedup },
    ledgers: {
      'us-east': [
        {
          id: 10,
          messages: [
            { id: 'E1', producer: 'p1', seq: 0 },
            { id: 'E2', producer: 'p1', seq: 1 },
          ],
        },
      ],
    },
  },
  producers: [],
  replication: { from: 'us-east', to: 'us-west', dedup, start: 'immediately' },
  workload: [],
});

// The target unloads right after it stored E1, and its close task runs before E1's receipt task
// (both queued on the connection's event loop): CommandCloseProducer reaches the replicator first
// and the receipt behind it is ignored, so the replicator has not deleted 10:0 and resends it to
// the reloaded topic. `closeFirst` is that order: the auto run up to the unload, then the close.
const unloadAfterE1 = (dedup: 'v1' | 'v2', fixes: string[] = []): Json => ({
  ...base(dedup),
  fixes,
  faults: [
    {
      kind: 'unload-topic',
      cluster: 'us-west',
      after: { event: 'persisted', message: 'E1', cluster: 'us-west' },
    },
  ],
});
const closeFirst = (s: Json): string[] => {
  const auto = runOf(s)
    .steps.slice(1)
    .map((st) => st.key!);
  return [
    ...auto.slice(0, auto.indexOf('fault:unload-topic:us-west') + 1),
    'deliver:broker-2->replicator:CloseProducer',
  ];
};
const runRaced = (s: Json): RunResult => runOf(s, closeFirst(s));

function config(s: Json, fixes: string[] = []): Config {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s }, fixes);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return l.config;
}

describe('#25861: the target reloads before the replicator mark-deleted what it stored (V2)', () => {
  it('without the fix the replay drops the _LID/_EID watermark: the resent E1 is NotDup and stored twice', () => {
    const r = runRaced(unloadAfterE1('v2'));
    const broker = textsOf(r, 'broker-2');
    expect(broker).toContain(
      'topic loaded: dedup state rebuilt by replay (V2 _LID/_EID keys are not rebuilt)',
    );
    // The same source position is judged twice against an empty watermark.
    expect(
      broker.filter((t) => t === 'NotDup (pushed -:-, persisted -:-): write, pushed := 10:0'),
    ).toHaveLength(2);
    expect(invariantsOf(r)).toEqual(['no-duplicates']);
    expect(r.violations[0]!.detail).toBe(
      'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
    );
    expect(r.stored['us-west']).toEqual(['E1', 'E1', 'E2']);
  });

  it('with pr-25860 the replay restores 10:0 from the stored E1: the resend is Dup, answered -1:-1, and E1 is stored once', () => {
    const r = runRaced(unloadAfterE1('v2', ['pr-25860']));
    const broker = textsOf(r, 'broker-2');
    expect(broker).toContain(
      'topic loaded: dedup state rebuilt by replay (V2 _LID/_EID keys rebuilt from the replicated entries’ source positions, PR 25860)',
    );
    expect(broker).toContain(
      'Dup (source 10:0 ≤ pushed 10:0, persisted 10:0): dropped, receipt -1:-1',
    );
    // The replicator takes the -1:-1 as the head's success (Case-3) and deletes 10:0; E2 follows.
    expect(textsOf(r, 'replicator')).toEqual(
      expect.arrayContaining([
        'Case-3: lastPersisted := 10:0',
        'E1 completed as success with -1:-1 (not stored by this send)',
      ]),
    );
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV2:Dup');
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['E1', 'E2']);
  });

  it('V1 with the pr-23697 toggle runs V2, and pr-25860 closes it the same way', () => {
    const r = runRaced(unloadAfterE1('v1', ['pr-23697', 'pr-25860']));
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['E1', 'E2']);
  });

  it('with bookies at the target the reload replays what the closed ledger holds: the same duplicate, the same fix', () => {
    // ManagedLedgerImpl.asyncClose closes ledger 20 at its LAC; the reload writes into ledger 21.
    const withBookies = (fixes: string[]): Json => {
      const s = unloadAfterE1('v2', fixes);
      return {
        ...s,
        clusters: [
          { name: 'us-east', brokers: ['broker-1'] },
          { name: 'us-west', brokers: ['broker-2'], bookies: ['bookie-1', 'bookie-2'] },
        ],
      };
    };
    const r = runRaced(withBookies([]));
    expect(invariantsOf(r)).toEqual(['no-duplicates']);
    expect(r.stored['us-west']).toEqual(['E1', 'E1', 'E2']);
    const fixed = runRaced(withBookies(['pr-25860']));
    expect(textsOf(fixed, 'broker-2')).toContain(
      'Dup (source 10:0 ≤ pushed 10:0, persisted 10:0): dropped, receipt -1:-1',
    );
    expect(fixed.violations).toEqual([]);
    expect(fixed.stored['us-west']).toEqual(['E1', 'E2']);
  });

  it('V1 keys on the original producer, which the replay always rebuilt: no duplicate, fix or not', () => {
    const r = runRaced(unloadAfterE1('v1'));
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['E1', 'E2']);
  });
});

describe('the explorer: an unload-topic anywhere, one per run', () => {
  const scenario = {
    ...base('v2'),
    explore: { faults: { kinds: ['unload-topic'], max: 1 }, maxDepth: 40 },
  };

  it('without the fix it finds the duplicate (9 steps: E1 stored, the unload, its close read before E1’s receipt); with pr-25860 the search is complete and finds nothing', () => {
    const c = config(scenario);
    const found = explore(c, explorerBounds(c));
    expect([found.safety, found.complete]).toEqual(['violated', true]);
    // 9 steps, one more than when the unload closed the connection: the broker only closes the
    // producer (ServerCnx.closeProducer), and E1's receipt is lost only when the close is read
    // ahead of it (its task ran first). Read the other way, the receipt arrives and nothing is resent.
    expect(found.violations.map((v) => [v.invariant, v.length])).toEqual([['no-duplicates', 9]]);
    expect(found.violations[0]!.trace).toEqual([
      'connect:replicator',
      'read:replicator',
      'deliver:replicator->broker-2:E1',
      'persist:us-west:E1',
      'fault:unload-topic:us-west',
      'deliver:broker-2->replicator:CloseProducer',
      'connect:replicator',
      'deliver:replicator->broker-2:E1',
      'persist:us-west:E1',
    ]);
    const fixed = explore({ ...c, fixes: ['pr-25860'] }, explorerBounds(c));
    expect([fixed.safety, fixed.liveness, fixed.complete, fixed.violations]).toEqual([
      'holds',
      'holds',
      true,
      [],
    ]);
  });

  it('compare offers pr-25860 on this scenario', () => {
    expect(fixesToCompare(config(scenario))).toContain('pr-25860');
  });
});

describe('where pr-25860 applies: a V2 replication (or V1 toggled by pr-23697) into a deduplicating target', () => {
  it('V2 with dedup at the target', () => {
    expect(applicableFixes(config(base('v2')))).toContain('pr-25860');
  });
  it('V1: only once pr-23697 makes it V2', () => {
    expect(applicableFixes(config(base('v1')))).not.toContain('pr-25860');
    expect(applicableFixes(config(base('v1'), ['pr-23697']))).toContain('pr-25860');
  });
  it('not when the target does not deduplicate, nor without replication', () => {
    expect(applicableFixes(config(base('v2', false)))).not.toContain('pr-25860');
    const { replication: _r, ...noRepl } = base('v2');
    expect(
      applicableFixes(
        config({
          ...noRepl,
          producers: [{ name: 'p1', cluster: 'us-east' }],
          workload: [{ send: 'M1', producer: 'p1' }],
        }),
      ),
    ).not.toContain('pr-25860');
  });
});

describe('the built-in geo-v2-target-unload tells the same story in the app', () => {
  it('as written: E1 stored twice at us-west; with pr-25860: once, and the replicator deletes 10:0 on the -1:-1', () => {
    expect(runBuiltin('geo-v2-target-unload').stored['us-west']).toEqual(['E1', 'E1', 'E2']);
    const fixed = runBuiltin('geo-v2-target-unload', ['pr-25860']);
    expect(fixed.violations).toEqual([]);
    expect(fixed.stored['us-west']).toEqual(['E1', 'E2']);
  });
});

describe('the target broker crashes instead of unloading (restart-broker): the same replay, the same gap', () => {
  // A crash reloads the topic through the same MessageDeduplication.replayCursor as an unload, so
  // #25861 does not care how the topic came to be loaded again.
  const crashAfterE1 = (fixes: string[] = []): Json => ({
    ...base('v2'),
    fixes,
    faults: [
      {
        kind: 'restart-broker',
        cluster: 'us-west',
        after: { event: 'persisted', message: 'E1', cluster: 'us-west' },
      },
    ],
  });
  it('without the fix: E1 stored twice at us-west (no-duplicates); with pr-25860: once', () => {
    const r = runOf(crashAfterE1());
    expect(r.stored['us-west']).toEqual(['E1', 'E1', 'E2']);
    expect(invariantsOf(r)).toContain('no-duplicates');
    const fixed = runOf(crashAfterE1(['pr-25860']));
    expect(fixed.violations).toEqual([]);
    expect(fixed.stored['us-west']).toEqual(['E1', 'E2']);
  });
});
