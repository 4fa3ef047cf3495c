// A topic unload on a cluster whose topic is on BookKeeper (docs/research/unload-bookkeeper.md):
// `BrokerService.unloadServiceUnit` → `PersistentTopic.close` disconnects the clients and closes
// the managed ledger (`ManagedLedgerImpl.asyncClose` → `LedgerHandle.asyncClose`: pending adds are
// errored out, the ledger is closed at its LAC); the next lookup loads the topic on the same broker
// (`ManagedLedgerImpl.initialize`: the closed ledger opens without recovery, a new ledger is
// created, dedup is rebuilt by replaying what is readable). Each story is read from the trace.
import { describe, expect, it } from 'vitest';
import { enabledActions, faultApplies, initialWorld, loadScenario } from '../../src/engine';
import { withExploreFaults } from '../../src/engine/sim/run';
import { exploreOf, type Json, loaded, rulesOf, runOf, stepOf, textsOf } from './helpers';

/** One cluster, broker-1, two bookies (ensemble 2 / write quorum 2 / ack quorum 2), dedup on. */
const cluster = (extra: Json): Json => ({
  id: 'unload-bookkeeper',
  clusters: [{ name: 'local', bookies: ['bookie-1', 'bookie-2'] }],
  topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  producers: [{ name: 'p1' }],
  ...extra,
});

const sends = (...ids: string[]): Json[] => ids.map((send) => ({ send, producer: 'p1' }));

describe('an unload with no pending write: the topic reloads into a new ledger and sending goes on', () => {
  const r = runOf(
    cluster({
      workload: sends('M1', 'M2', 'M3'),
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M1' } },
      ],
    }),
  );
  const last = r.steps[r.steps.length - 1]!.world.topics.local!.bk!;

  it('ManagedLedgerImpl.asyncClose closes ledger 10 at its LAC (M1 at 10:0); the load opens it without recovery', () => {
    const b = textsOf(r, 'broker-1');
    expect(b).toContain('ledger 10 closed at LAC 0');
    expect(b).toContain('open ledger 10: closed with last entry 0, no recovery needed');
    expect(b).toContain(
      'ledger list [10:{1}, 11:{0}] written (version 2): topic loaded, writing ledger 11',
    );
    expect(rulesOf(r)).toContain('LedgerOpenOp.openWithMetadata:closed');
    // No fencing read: a closed ledger needs no LedgerRecoveryOp.
    expect(r.steps.some((s) => s.key?.includes('fence-'))).toBe(false);
    expect(last.ledgerMeta[10]).toMatchObject({ state: 'CLOSED', lastEntryId: 0 });
  });

  it('the producer reconnects to the reloaded topic, seeded from the replayed watermark, and continues in ledger 11', () => {
    const unload = stepOf(r, 'unload topic at local');
    const reconnect = r.steps.find((s) => s.index > unload && s.key === 'connect:p1')!;
    expect(reconnect.events.map((e) => e.text).join(' ')).toContain(
      'ProducerSuccess(last_sequence_id 0)',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 11:0'],
      M3: ['stored at 11:1'],
    });
  });

  it('no loss, no duplicate: each message is readable once', () => {
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('an unload while M1’s receipt is on its way: dedup on the reloaded topic answers the resend', () => {
  const scenario = cluster({
    workload: sends('M1', 'M2'),
    faults: [
      { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
    ],
  });
  const r = runOf(scenario);

  it('the broker closes the producer, not the connection: the receipt written before CommandCloseProducer arrives first', () => {
    // ServerCnx.closeProducer writes CommandCloseProducer behind M1's receipt; p1 completes M1 at
    // 10:0, then reconnects (ClientCnx.handleCloseProducer) and M2 goes to the reloaded topic.
    expect(textsOf(r, 'broker-1')).toContain(
      'CommandCloseProducer to p1: topic unloaded at local; the connection stays; receipts already written go first: M1',
    );
    expect(textsOf(r, 'p1')).toContain(
      'producer closed by the broker; reconnects (the connection stays)',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('the close read first (its task ran before the receipt’s): replay finds M1 at 10:0, so its resend is Dup and completes -1:-1', () => {
    const auto = r.steps.slice(1).map((s) => s.key!);
    const unload = auto.indexOf('fault:unload-topic:local');
    const raced = runOf(scenario, [
      ...auto.slice(0, unload + 1),
      'deliver:broker-1->p1:CloseProducer',
    ]);
    expect(textsOf(raced, 'p1')).toContain(
      'producer closed by the broker; reconnects (the connection stays); receipts the broker wrote after the close are ignored: M1',
    );
    expect(textsOf(raced, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(raced.outcomes).toEqual({ M1: ['completed -1:-1'], M2: ['stored at 11:0'] });
    expect(raced.stored.local).toEqual(['M1', 'M2']);
    expect(raced.violations).toEqual([]);
  });
});

describe('an unload while M1’s add is pending: the close errors it out, the resend is stored once', () => {
  // 10:0 reaches both bookies (its ack quorum is on them) but only bookie-1's answer is processed
  // before the unload: the add is still pending in the ledger handle.
  const r = runOf(
    cluster({
      workload: sends('M1', 'M2'),
      faults: [{ kind: 'unload-topic', cluster: 'local', after: { step: 6 } }],
    }),
    [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:broker-1->bookie-2:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'fault:unload-topic:local',
    ],
  );
  const unload = stepOf(r, 'unload topic at local');
  const world = r.steps[r.steps.length - 1]!.world;

  it('LedgerHandle.asyncClose errors the pending add out (LedgerClosedException) and closes ledger 10 at LAC -1', () => {
    const b = textsOf(r, 'broker-1');
    expect(b).toContain('pending adds 10:0 errored out: LedgerClosedException');
    expect(b).toContain('ledger 10 closed at LAC -1');
    expect(rulesOf(r)).toContain('LedgerHandle.errorOutPendingAdds');
    // Both bookies hold 10:0, past the closed ledger's last entry: bytes no reader reaches.
    expect(world.topics.local!.bk!.bookies['bookie-2']!.ledgers[10]!.entries).toEqual([0]);
    expect(world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: -1,
    });
  });

  it('the managed ledger fails the write with ManagedLedgerAlreadyClosedException: no receipt and no SendError reach p1', () => {
    expect(rulesOf(r)).toContain('ManagedLedgerImpl.ledgerClosed:already-closed');
    const reconnect = r.steps.find((s) => s.index > unload && s.key === 'connect:p1')!.index;
    const between = r.steps.slice(unload, reconnect).flatMap((s) => s.events);
    expect(between.some((e) => e.kind === 'response' && e.to === 'p1')).toBe(false);
    expect(between.some((e) => e.kind === 'complete' && e.actor === 'p1')).toBe(false);
  });

  it('bookie-2’s late answer to the old handle completes nothing', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'answer for 10:0 from bookie-2: that ledger handle is gone',
    );
  });

  it('replay saw nothing readable, so the resend is NotDup and M1 is stored once, at 11:0', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (pushed none, persisted none): write, pushed := 0',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});

describe('an unload of a replication source with bookies: the replicator restarts from its cursor', () => {
  const geo = (after: Json): Json => ({
    id: 'unload-bookkeeper-geo',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
    workload: sends('M1', 'M2', 'M3'),
    faults: [{ kind: 'unload-topic', cluster: 'us-east', after }],
  });

  describe('M2 is pending in the source ledger at the unload', () => {
    const r = runOf(geo({ event: 'received', message: 'M2', cluster: 'us-east' }));

    it('ledger 10 closes at 10:0; the replicator restarts after its mark-delete and never reads the bytes at 10:1', () => {
      expect(textsOf(r, 'broker-1')).toContain(
        'pending adds 10:1 errored out: LedgerClosedException',
      );
      expect(textsOf(r, 'replicator-cursor')).toContain('replicator restarts: read position 10:1');
      const reads = textsOf(r, 'replicator-cursor').filter((t) => t.startsWith('read '));
      expect(reads).toEqual(['read 10:0 (M1)', 'read 11:0 (M2)', 'read 11:1 (M3)']);
    });

    it('p1 resends M2 into ledger 11; each message reaches both clusters once', () => {
      expect(r.outcomes).toEqual({
        M1: ['stored at 10:0'],
        M2: ['stored at 11:0'],
        M3: ['stored at 11:1'],
      });
      expect(r.stored).toEqual({ 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] });
      expect(r.violations).toEqual([]);
    });
  });

  describe('the replicator’s send of M2 is not yet acknowledged at the unload', () => {
    const r = runOf(geo({ event: 'received', message: 'M2', cluster: 'us-west' }));

    it('it reads 10:1 again from its cursor; the target’s dedup drops the copy', () => {
      expect(textsOf(r, 'replicator-cursor')).toContain('replicator restarts: read position 10:1');
      expect(textsOf(r, 'replicator-cursor').filter((t) => t === 'read 10:1 (M2)')).toHaveLength(2);
      expect(textsOf(r, 'broker-2')).toContain(
        'Dup (source 10:1 ≤ pushed 10:1, persisted 10:1): dropped, receipt -1:-1',
      );
      expect(r.stored).toEqual({ 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] });
      expect(r.violations).toEqual([]);
    });
  });
});

describe('the validator and the explorer take unload-topic on a cluster with bookies', () => {
  const scenario = {
    format: 'dedup-lab/scenario@1',
    ...cluster({
      workload: sends('M1'),
      explore: { faults: { kinds: ['unload-topic'], max: 1 }, maxDepth: 40, maxStates: 50_000 },
    }),
  };

  it('a planned unload on it loads', () => {
    const l = loadScenario({
      ...scenario,
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M1' } },
      ],
    });
    expect(l.ok ? [] : l.errors).toEqual([]);
  });

  it('the explorer places it, and every interleaving with one unload keeps every invariant', () => {
    const { config } = loaded(scenario);
    const keys = enabledActions(initialWorld(withExploreFaults(config))).map((a) => a.key);
    expect(keys).toContain('fault:unload-topic:local');
    const result = exploreOf(scenario);
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it('not while another broker is taking the topic over (the topic has no single owner to unload it)', () => {
    const r = runOf(
      cluster({
        clusters: [
          { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
        ],
        workload: sends('M1'),
        faults: [
          {
            kind: 'ownership-change',
            cluster: 'local',
            to: 'broker-2',
            after: { event: 'received', message: 'M1' },
          },
        ],
      }),
    );
    const during = r.steps.find((s) => s.world.topics.local!.bk!.takeover !== null)!;
    expect(faultApplies(during.world, { kind: 'unload-topic', cluster: 'local' })).toBe(false);
    expect(faultApplies(r.steps[0]!.world, { kind: 'unload-topic', cluster: 'local' })).toBe(true);
  });
});

describe('abstract storage follows the same close rule: a write pending at the unload fails, unanswered', () => {
  // The topic unloads once the broker has M1 and handed it to the ledger, before the add completes.
  const r = runOf({
    id: 'unload-abstract',
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: sends('M1', 'M2'),
    faults: [
      { kind: 'unload-topic', cluster: 'local', after: { event: 'received', message: 'M1' } },
    ],
  });

  it('ManagedLedgerImpl.ledgerClosed: M1 is not stored by the closed ledger and p1 hears nothing for it', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'ManagedLedgerAlreadyClosedException for M1: TopicClosedException, no SendError (the producer was told to reconnect)',
    );
    expect(rulesOf(r)).toContain('ManagedLedgerImpl.ledgerClosed:already-closed');
  });

  it('the replay does not count M1, so its resend is NotDup: each message is stored once', () => {
    const unload = stepOf(r, 'unload topic at local');
    const after = r.steps.slice(unload + 1).flatMap((s) => s.events.map((e) => e.text));
    expect(after).toContain('NotDup (pushed none, persisted none): write, pushed := 0');
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});
