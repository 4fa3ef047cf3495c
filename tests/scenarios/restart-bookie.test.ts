// A bookie crash (`restart-bookie`, docs/research/restart-bookie.md): the bookie's process dies and
// comes back in one step. Requests in flight to it and its answers in flight are lost; what it
// journaled (entries, fenced flags) stays. The broker writing the topic sees its connection close
// (`PerChannelBookieClient.channelInactive`): each add still waiting for the bookie fails with
// BookieHandleNotAvailable, and `LedgerHandle.handleBookieFailure` changes the ensemble — a bookie
// outside it takes the failed one's place from the first unconfirmed entry on and the pending adds
// are re-sent there — or, with none to spare, closes the ledger and the managed ledger rolls over.
// Each story is read from the trace.
import { describe, expect, it } from 'vitest';
import { enabledActions, faultApplies, initialWorld, loadScenario, run } from '../../src/engine';
import { withExploreFaults } from '../../src/engine/sim/run';
import { exploreOf, type Json, rulesOf, runOf, stepOf, textsOf } from './helpers';

const sends = (...ids: string[]): Json[] => ids.map((send) => ({ send, producer: 'p1' }));

/** broker-1 (and broker-2) over `bookies` (ensemble 2 / write quorum 2 / ack quorum 2), dedup on. */
const scenario = (bookies: string[], extra: Json): Json => ({
  id: 'restart-bookie',
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies }],
  topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: sends('M1', 'M2'),
  ...extra,
});
const three = ['bookie-1', 'bookie-2', 'bookie-3'];
const two = ['bookie-1', 'bookie-2'];
const restartWhileM2InFlight = [
  { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M2' } },
];

describe('a spare bookie: bookie-2 restarts while the add of M2 (10:1) is in flight to it', () => {
  const r = runOf(scenario(three, { faults: restartWhileM2InFlight }));
  const world = r.steps[r.steps.length - 1]!.world;
  const bk = world.topics.local!.bk!;

  it('the request is lost; the writer’s add fails with BookieHandleNotAvailable and the ensemble changes from 10:1 on', () => {
    const crash = stepOf(r, 'bookie-2 crashes and restarts');
    const at = r.steps[crash]!.events.map((e) => e.text);
    expect(at).toContain(
      'bookie-2 crashes and restarts: 1 request to it lost; its journal keeps 10:0',
    );
    expect(at).toContain(
      'connection to bookie-2 closed: adds 10:1 fail with BookieHandleNotAvailableException',
    );
    expect(at).toContain(
      'ensemble change of ledger 10: bookie-2 → bookie-3; entries from 10:1 on [bookie-1, bookie-3]',
    );
    expect(at).toContain('pending adds 10:1 sent to the new bookie');
    expect(bk.ledgerMeta[10]).toMatchObject({
      state: 'OPEN',
      ensemble: ['bookie-1', 'bookie-3'],
      currentFrom: 1,
      earlier: [{ first: 0, ensemble: ['bookie-1', 'bookie-2'] }],
    });
  });

  it('10:1 is stored on bookie-1 and bookie-3, acknowledged, and M2 is stored once; no rollover', () => {
    expect(textsOf(r, 'bookie-3')).toContain('stored 10:1');
    expect(bk.bookies['bookie-2']!.ledgers[10]!.entries).toEqual([0]);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 10:1'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(rulesOf(r)).not.toContain('ManagedLedgerImpl.ledgerClosed');
    expect(r.violations).toEqual([]);
  });
});

describe('a spare bookie, then broker-1 crashes before the re-sent add lands: recovery reads the new ensemble', () => {
  // bookie-2 stored 10:1 and answered, but the answer was lost with its connection; the ensemble
  // change moved 10:1 to bookie-3, which has not received it when broker-1 dies.
  const r = runOf(
    scenario(three, {
      faults: [
        { kind: 'restart-bookie', bookie: 'bookie-2', after: { step: 1 } },
        { kind: 'restart-broker', cluster: 'local', to: 'broker-2', after: { step: 1 } },
      ],
    }),
    [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:broker-1->bookie-2:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'deliver:bookie-2->broker-1:10:0',
      'deliver:broker-1->p1:M1',
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'deliver:broker-1->bookie-1:10:1',
      'deliver:broker-1->bookie-2:10:1',
      'deliver:bookie-1->broker-1:10:1',
      'fault:restart-bookie:bookie-2',
      'fault:restart-broker:local:broker-2',
      'deliver:broker-2->bookie-3:fence-10',
      'deliver:bookie-3->broker-2:fence-10',
    ],
  );
  const world = r.steps[r.steps.length - 1]!.world;

  it('bookie-2 journaled 10:1 before its answer was lost; the writer re-sent 10:1 to bookie-3 only', () => {
    const crash = r.steps[stepOf(r, 'bookie-2 crashes and restarts')]!.events.map((e) => e.text);
    expect(crash).toContain(
      'bookie-2 crashes and restarts: 1 answer from it lost; its journal keeps 10:0, 10:1',
    );
    expect(crash).toContain(
      'ensemble change of ledger 10: bookie-2 → bookie-3; entries from 10:1 on [bookie-1, bookie-3]',
    );
  });

  it('broker-2 fences the current ensemble (bookie-1, bookie-3), reads from 10:1 on, and closes ledger 10 with 1 entry', () => {
    // bookie-3's answer alone covers every write set (W − A + 1 = 1) and shows 10:1 absent. Read
    // from entry 0 with this ensemble it would show 10:0 absent too and lose the acknowledged M1:
    // `LedgerRecoveryOp` starts at the current ensemble's first entry (ensembles before it hold
    // only confirmed entries).
    expect(textsOf(r, 'broker-2')).toContain(
      'fencing read of ledger 10 complete: 1 of 2 bookies (bookie-3) cover every write set',
    );
    const fences = r.steps.map((s) => s.key ?? '').filter((k) => k.includes(':fence-10'));
    expect(fences.some((k) => k.includes('bookie-3'))).toBe(true);
    expect(fences.some((k) => k.includes('bookie-2'))).toBe(false);
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 1 entry');
    expect(world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: 0,
    });
  });

  it('p1’s resend of M2 is NotDup on the replayed state and is stored once, at 11:0; ledger-entries-match holds', () => {
    expect(textsOf(r, 'bookie-3')).toContain('add 10:1 rejected: ledger fenced');
    expect(textsOf(r, 'broker-2')).toContain('NotDup (pushed 0, persisted 0): write, pushed := 1');
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});

describe('no spare bookie: the ensemble change fails (NotEnoughBookies) and the managed ledger rolls over', () => {
  const r = runOf(
    scenario(two, {
      faults: [
        ...restartWhileM2InFlight,
        // The receipt of M2 is lost with p1's connection: its resend meets dedup.
        { kind: 'disconnect', producer: 'p1', after: { event: 'persisted', message: 'M2' } },
      ],
    }),
  );
  const world = r.steps[r.steps.length - 1]!.world;

  it('the handle closes at LAC 0, the add fails with BKNotEnoughBookiesException and ledger 10 is recorded with 1 entry', () => {
    const at = r.steps[stepOf(r, 'bookie-2 crashes and restarts')]!.events.map((e) => e.text);
    expect(at).toContain(
      'ensemble change of ledger 10 to replace bookie-2: no bookie outside the ensemble [bookie-1, bookie-2]',
    );
    expect(at).toContain('ledger 10 closed at LAC 0');
    expect(at).toContain('adds 10:1 failed: BKNotEnoughBookiesException');
    expect(at).toContain('ledgerClosed: ledger 10 recorded with 1 entry, creating a new ledger');
    expect(world.topics.local!.bk!.metadata.ledgers).toEqual([
      { id: 10, entries: 1 },
      { id: 11, entries: 0 },
    ]);
    expect(world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: 0,
    });
  });

  it('M2 is written again into ledger 11; the resend after the lost receipt is Dup: stored once', () => {
    expect(textsOf(r, 'broker-1')).toContain('OpAddEntry 11:0 initiated');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.outcomes.M2).toEqual(['completed -1:-1']);
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('with PR 24722 on, NotEnoughBookies is not a fenced ledger: the plain ledgerClosed, same outcome', () => {
    const l = loadScenario(
      { format: 'dedup-lab/scenario@1', ...scenario(two, { faults: restartWhileM2InFlight }) },
      ['pr-24722'],
    );
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const f = run(l.config, l.schedule);
    expect(rulesOf(f)).not.toContain('ManagedLedgerImpl.addEntryFailedDueToConcurrentlyModified');
    expect(f.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
    expect(f.violations).toEqual([]);
  });
});

describe('a restart after bookie-2 fenced the ledger keeps the fence (it is in the journal)', () => {
  const r = runOf(
    scenario(two, {
      workload: sends('M1'),
      faults: [
        { kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 1 } },
        { kind: 'restart-bookie', bookie: 'bookie-2', after: { step: 1 } },
      ],
    }),
    [
      'connect:p1',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-2:fence-10',
      'deliver:bookie-2->broker-2:fence-10',
      'fault:restart-bookie:bookie-2',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-2:10:0',
    ],
  );

  it('bookie-2 restarts with ledger 10 fenced and refuses the old owner’s add', () => {
    expect(textsOf(r, 'bookie-2')).toContain(
      'bookie-2 crashes and restarts: nothing in flight; its journal keeps ledger 10: nothing (ledger 10 fenced)',
    );
    const restart = stepOf(r, 'bookie-2 crashes and restarts');
    expect(stepOf(r, 'add 10:0 rejected: ledger fenced', 'bookie-2')).toBeGreaterThan(restart);
    expect(r.violations).toEqual([]);
  });

  it('not offered while the fencing read to it is in flight (a failed fencing read is not modelled)', () => {
    const f = { kind: 'restart-bookie', bookie: 'bookie-2' } as const;
    const fenced = r.steps[stepOf(r, 'ownership of the topic moves to broker-2')]!.world;
    expect(faultApplies(fenced, f)).toBe(false);
    expect(
      faultApplies(r.steps[stepOf(r, 'fence ledger 10 (recovery read)', 'bookie-2')]!.world, f),
    ).toBe(false);
    expect(faultApplies(r.steps[stepOf(r, 'fencing read of ledger 10 complete')]!.world, f)).toBe(
      true,
    );
  });
});

describe('the validator', () => {
  it('an unknown bookie is an error naming $.faults[0].bookie', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...scenario(two, {
        faults: [{ kind: 'restart-bookie', bookie: 'bookie-9', after: { step: 1 } }],
      }),
    });
    expect(l.ok).toBe(false);
    if (!l.ok) {
      const texts = l.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
      expect(texts).toContain('$.faults[0].bookie: expected one of "bookie-1"');
      expect(texts).toContain('"bookie-9"');
    }
  });
});

describe('the explorer places restart-bookie', () => {
  const explored = (s: Json) => {
    return exploreOf(s);
  };
  const bounds = {
    faults: { kinds: ['restart-bookie'], max: 1 },
    maxDepth: 60,
    maxStates: 200_000,
  };

  it('only while something is in flight to or from the bookie (otherwise a restart changes nothing)', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...scenario(three, { explore: bounds }),
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const w0 = initialWorld(withExploreFaults(l.config));
    expect(enabledActions(w0).some((a) => a.key.startsWith('fault:restart-bookie'))).toBe(false);
  });

  it('a spare bookie: one restart anywhere keeps every invariant (complete)', () => {
    const result = explored(scenario(three, { workload: sends('M1'), explore: bounds }));
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it('no spare: one restart anywhere keeps every invariant (complete)', () => {
    const result = explored(scenario(two, { explore: bounds }));
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it('a bookie restart and a broker crash, each placed anywhere, both in one run: every invariant holds (complete)', () => {
    // The ensemble change's new metadata meets the crashed broker's recovery: the loading broker
    // fences the changed ensemble and reads from its first entry. The exact count pins the space.
    const both = {
      ...bounds,
      faults: { kinds: ['restart-bookie', 'restart-broker'], max: 2 },
      maxStates: 400_000,
      maxDepth: 80,
    };
    const result = explored(scenario(three, { workload: sends('M1'), explore: both }));
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
    expect(result.states).toBe(162_989);
  }, 180_000);
});

describe('bookie-2 restarts with M2 in flight, then broker-1 crashes once M2 is persisted; broker-2 loads the topic', () => {
  const r = runOf({
    ...scenario(three, {
      faults: [
        ...restartWhileM2InFlight,
        {
          kind: 'restart-broker',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'persisted', message: 'M2' },
        },
      ],
    }),
    subscriptions: [],
  });
  const change = stepOf(r, 'ensemble change of ledger 10: bookie-2 → bookie-3');
  const crash = stepOf(r, 'broker-1 crashes; broker-2 loads the topic');

  it('the ensemble change comes first; the recovering broker fences the new ensemble (bookie-1, bookie-3), never bookie-2', () => {
    expect(change).toBeLessThan(crash);
    const fences = textsOf(r, 'broker-2').filter(
      (t) => t.startsWith('→ bookie-') || t.includes('fencing read of ledger 10'),
    );
    expect(fences.some((t) => t.includes('bookie-2'))).toBe(false);
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 2 entries');
  });

  it("p1's resend of M2 reaches broker-2, whose replayed dedup answers Dup: M1 and M2 stored once each", () => {
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});
