// @vitest-environment node
// Scenarios no built-in covers, from the eighth review (areas reviews 4–7 left: the managed
// ledger's rollover around an empty ledger, the dedup state a topic recovers from its ledger,
// the validator's edge cases, replication across a source rollover). Each story is read from the
// trace; docs/research/review-8.md has the comparison with Pulsar's sources.
import { describe, expect, it } from 'vitest';
import { loadScenario, type RunResult } from '../../src/engine';
import { type Json, rulesOf, runOf, stepOf, textsOf, twoBookiesM1M2 } from './helpers';
import { expectNoViolation } from './expectRun';

const listAt = (r: RunResult, step: number, cluster = 'local') =>
  r.steps[step]!.world.topics[cluster]!.bk!.metadata.ledgers.map((l) => ({ ...l }));

/** One cluster over two bookies (2/2/2), dedup on, p1 sends M1 and M2, a subscription reads. */
const twoBookies = (extra: Json): Json => twoBookiesM1M2('unseen-8-rollover', extra);

describe('a ledger that closes empty at a rollover is dropped from the list (ManagedLedgerImpl.ledgerClosed)', () => {
  // bookie-2 restarts with M1's add — ledger 10's first — in flight; there is no spare bookie, so
  // the ensemble change fails (NotEnoughBookies) and ledger 10 closes at LAC -1: no entries.
  const r = runOf(
    twoBookies({
      faults: [
        { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M1' } },
      ],
    }),
  );

  it('ledger 10 is removed and deleted at once; the rollover writes [11:{0}], not [10:{0}, 11:{0}]', () => {
    const b = textsOf(r, 'broker-1');
    expect(b).toContain('ledger 10 closed at LAC -1');
    expect(b).toContain(
      'ledgerClosed: ledger 10 closed with no entries: removed from the list, creating a new ledger',
    );
    const written = stepOf(r, 'ledger list [11:{0}] written (version 2)');
    // Deleted only once the list without it is written (apache/pulsar #19444), in that step.
    expect(
      stepOf(r, 'empty ledger 10 deleted (asyncDeleteLedger): the list written no longer names it'),
    ).toBe(written);
    expect(rulesOf(r)).toContain('ManagedLedgerImpl.updateLedgersIdsComplete:delete-empty');
    expect(listAt(r, written)).toEqual([{ id: 11, entries: 0 }]);
    // No list the metadata store held names ledger 10 with 0 entries.
    expect(
      r.steps.some(
        (s) =>
          s.world.topics.local!.bk!.metadata.ledgers.some((l) => l.id === 10 && l.entries === 0) &&
          s.index >= written,
      ),
    ).toBe(false);
  });

  it('M1 is re-sent into ledger 11; both messages are stored and read once; nothing is violated', () => {
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect(sub.received.flatMap((x) => x.msgs.map((m) => m.msg))).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('a ledger that closes with entries is still recorded with its count (the rule only drops empty ones)', () => {
    const late = runOf(
      twoBookies({
        faults: [
          {
            kind: 'restart-bookie',
            bookie: 'bookie-2',
            after: { event: 'received', message: 'M2' },
          },
        ],
      }),
    );
    expect(textsOf(late, 'broker-1')).toContain(
      'ledgerClosed: ledger 10 recorded with 1 entry, creating a new ledger',
    );
    expect(late.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
    expect(late.violations).toEqual([]);
  });
});

describe('before PR 24722, an old owner whose first add was fenced counts its ledger empty although recovery kept an entry', () => {
  // broker-2 takes the topic while M1's add (10:0) is on bookie-1 only: its recovery reads 10:0
  // from bookie-1 and closes ledger 10 with 1 entry; bookie-2 is fenced before M1's add reaches
  // it, so broker-1's LAC stays -1: ledgerClosed counts 0 entries and removes ledger 10.
  const prefix = [
    'connect:p1',
    'send:p1:M1',
    'deliver:p1->broker-1:M1',
    'fault:ownership-change:local:broker-2',
    'deliver:broker-1->bookie-1:10:0',
    'deliver:broker-2->bookie-1:fence-10',
    'deliver:bookie-1->broker-2:fence-10',
    'deliver:broker-2->bookie-2:fence-10',
  ];
  const json = twoBookies({
    id: 'unseen-8-fenced-empty',
    subscriptions: [],
    faults: [{ kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 3 } }],
  });
  const first = [...prefix, 'deliver:broker-1->bookie-2:10:0'];
  const r = runOf(json, first);

  it('broker-1 counts ledger 10 empty and removes it although recovery closed it with 1 entry', () => {
    const at = stepOf(r, 'ledger 10 closed with no entries');
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 1 entry');
    expect(textsOf(r, 'broker-1')).toContain(
      'close ledger 10 at LAC -1: BKMetadataVersionException (recovered with last entry 0)',
    );
    expect(r.steps[at]!.world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: 0,
    });
  });

  it('broker-1 writes its list first ([11:{0}]) and deletes ledger 10; broker-2’s load fails; M1 is stored once, at 11:0', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'ledger list [11:{0}] written (version 2); re-sending 1 queued adds into ledger 11',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'empty ledger 10 deleted (asyncDeleteLedger): the list written no longer names it',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'ledger list write: BadVersion (read at 1, store at 2): topic load fails',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    // Before this review the list was [10:{0}, 11:{0}]: ledger 10 recorded with 0 entries while
    // BookKeeper closed it with 1 — ledger-entries-match. Pulsar's list does not name it at all.
    expect(r.violations).toEqual([]);
  });

  it('broker-2 writes first ([10:{1}, 11:{0}]): broker-1’s write fails with BadVersion and it deletes nothing — the resend of M1 is Dup against the recovered 10:0, which stays readable', () => {
    const o = runOf(json, [
      ...prefix,
      'metadata:broker-2:ledgers',
      'deliver:broker-1->bookie-2:10:0',
    ]);
    expect(textsOf(o, 'broker-1')).toContain(
      'ledger list write at version 1: BadVersion (store is at 2)',
    );
    // Before apache/pulsar #19444 ledgerClosed deleted the ledger at once, so here the only copy of
    // M1 — acknowledged to p1 as -1:-1 — would have been in a ledger deleted from BookKeeper.
    expect(
      o.steps
        .flatMap((s) => s.events.map((e) => e.text))
        .some((t) => t.includes('deleted (asyncDeleteLedger)')),
    ).toBe(false);
    expect(o.outcomes).toEqual({ M1: ['completed -1:-1'], M2: ['stored at 11:0'] });
    expect(o.stored).toEqual({ local: ['M1', 'M2'] });
    expect(o.steps[o.steps.length - 1]!.world.topics.local!.bk!.metadata.ledgers).toEqual([
      { id: 10, entries: 1 },
      { id: 11, entries: 0 },
    ]);
    expect(o.violations).toEqual([]);
  });

  it('with PR 24722 the re-check records the recovered count, so ledger 10 is kept: [10:{1}, 11:{0}]', () => {
    const f = runOf({ ...json, fixes: ['pr-24722'] }, first);
    expect(textsOf(f, 'broker-1')).toContain('re-check of ledger 10: recovered with 1 entries');
    expect(textsOf(f, 'broker-1')).toContain(
      'ledgerClosed: ledger 10 recorded with 1 entry, creating a new ledger',
    );
    expect(
      f.steps[f.steps.length - 1]!.world.topics.local!.bk!.metadata.ledgers.some(
        (x) => x.id === 10 && x.entries === 1,
      ),
    ).toBe(true);
  });
});

describe('dedup state recovered from the ledger: the last entry of a name wins (MessageDeduplication.replayCursor)', () => {
  // E1 (p1, seq 5) then E2 (p1, seq 3): written while dedup was off. The topic loads with dedup on:
  // replay puts each entry's id in both maps, so p1's watermark is 3, not 5.
  const scenario = (extra: Json = {}): Json => ({
    id: 'unseen-8-replay-order',
    topic: {
      deduplication: true,
      ledgers: {
        local: [
          {
            id: 5,
            messages: [
              { id: 'E1', producer: 'p1', seq: 5 },
              { id: 'E2', producer: 'p1', seq: 3 },
            ],
          },
        ],
      },
    },
    producers: [{ name: 'p1', sequenceIds: 'explicit' }],
    workload: [
      { send: 'M4', producer: 'p1', seq: 4 },
      { send: 'M5', producer: 'p1', seq: 5 },
    ],
    ...extra,
  });

  it('ProducerSuccess carries last_sequence_id 3; seq 4 and seq 5 are NotDup and stored', () => {
    const r = runOf(scenario());
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 3)');
    expect(textsOf(r, 'broker-1')).toContain('NotDup (pushed 3, persisted 3): write, pushed := 4');
    expect(r.outcomes).toEqual({ M4: ['stored at 5:2'], M5: ['stored at 5:3'] });
    // p1's seq 5 is now stored twice: dedup forgot E1 because the ledger holds a lower id after it.
    expect(r.violations.map((v) => v.detail)).toEqual([
      'p1, seq 5 is stored twice at local: E1 at 5:0 and M5 at 5:3',
    ]);
  });

  it('an unload in between replays the same way (the load and the start agree)', () => {
    // Unloaded once M4 is acknowledged, the replay reads E1, E2, M4: p1's watermark is 4.
    const r = runOf(
      scenario({
        faults: [
          { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M4' } },
        ],
      }),
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 4)');
    expect(r.outcomes).toEqual({ M4: ['stored at 5:2'], M5: ['stored at 10:0'] });
  });

  it('ids in order: the watermark is the highest, and the application’s resend of E2 (seq 5) is Dup', () => {
    const r = runOf(
      scenario({
        topic: {
          deduplication: true,
          ledgers: {
            local: [
              {
                id: 5,
                messages: [
                  { id: 'E1', producer: 'p1', seq: 3 },
                  { id: 'E2', producer: 'p1', seq: 5 },
                ],
              },
            ],
          },
        },
        workload: [{ send: 'E2', producer: 'p1', seq: 5 }],
      }),
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 5)');
    expectNoViolation(r, { local: ['E1', 'E2'] }, { E2: ['completed -1:-1'] });
  });
});

describe('replication and a subscription across a ledger dropped at the source’s rollover', () => {
  // The source runs on two bookies; bookie-2 restarts with M1's add — ledger 10's first — in
  // flight, ledger 10 closes empty and is dropped; later the source unloads. The replicator's and
  // the subscription's cursors start at 10:-1 and read on from ledger 11
  // (`ManagedLedgerImpl.asyncReadEntries` skips a ledger the list no longer has).
  const r = runOf({
    id: 'unseen-8-repl-rollover',
    clusters: [
      { name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
    producers: [{ name: 'p1', cluster: 'local' }],
    replication: { from: 'local', to: 'us-west' },
    subscriptions: [{ name: 'sub', cluster: 'local' }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    faults: [
      { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M1' } },
      { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M2' } },
    ],
  });

  it('both cursors read 11:0 and 11:1; the target stores each once with its source position', () => {
    expect(textsOf(r, 'replicator-cursor')).toEqual([
      'read 11:0 (M1)',
      'asyncDelete(11:0), mark-delete → 11:0',
      // The unload closes the replicator's producer gracefully (nothing in flight); the new one reads on.
      'the source topic closes: replicator stops, its producer closes',
      'replicator restarts: read position 11:1',
      'read 11:1 (M2)',
      'asyncDelete(11:1), mark-delete → 11:1',
    ]);
    expect(textsOf(r, 'broker-2')).toContain('receipt M2 source 11:1 at 20:1');
    expect(r.stored).toEqual({ local: ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect(sub.received.map((x) => `${x.position.ledgerId}:${x.position.entryId}`)).toEqual([
      '11:0',
      '11:1',
    ]);
    expect(r.steps[r.steps.length - 1]!.world.topics.local!.bk!.metadata.ledgers).toEqual([
      { id: 11, entries: 2 },
      { id: 12, entries: 0 },
    ]);
    expect(r.violations).toEqual([]);
  });
});

describe('the validator: lists no managed ledger could hold, subscriptions named twice', () => {
  const load = (extra: Json) =>
    loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'unseen-8-validator',
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
      ...extra,
    });

  it('initial ledgers out of order or named twice are refused at the second id', () => {
    for (const ids of [
      [5, 3],
      [5, 5],
    ]) {
      const l = load({ topic: { ledgers: { local: ids.map((id) => ({ id, entries: 1 })) } } });
      expect(l.ok).toBe(false);
      if (l.ok) continue;
      expect(l.errors).toEqual([
        {
          path: '$.topic.ledgers.local[1].id',
          message: `expected a ledger id above 5 (a managed ledger lists its ledgers by ascending id), got ${ids[1]}`,
        },
      ]);
    }
    expect(
      load({
        topic: {
          ledgers: {
            local: [
              { id: 3, entries: 1 },
              { id: 5, entries: 1 },
            ],
          },
        },
      }).ok,
    ).toBe(true);
  });

  it('a subscription name used twice on one cluster is refused; on two clusters it is two subscriptions', () => {
    const l = load({ subscriptions: [{ name: 's' }, { name: 's' }] });
    expect(l.ok).toBe(false);
    if (!l.ok)
      expect(l.errors).toEqual([
        {
          path: '$.subscriptions[1].name',
          message: 'expected a subscription name not yet used on cluster "local", got "s"',
        },
      ]);
    const two = load({
      clusters: [
        { name: 'a', brokers: ['b1'] },
        { name: 'b', brokers: ['b2'] },
      ],
      producers: [{ name: 'p1', cluster: 'a' }],
      subscriptions: [
        { name: 's', cluster: 'a' },
        { name: 's', cluster: 'b' },
      ],
    });
    expect(two.ok).toBe(true);
  });
});

describe('explicit sequence ids that go down, dedup off at the source, replicated', () => {
  // p1 gives M1 seq 5, then M2 seq 3; us-east stores both (dedup off), us-west has dedup on.
  const scenario = (dedup: string): Json => ({
    id: `unseen-8-explicit-down-${dedup}`,
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: { 'us-east': false, 'us-west': true } },
    producers: [{ name: 'p1', cluster: 'us-east', sequenceIds: 'explicit' }],
    replication: { from: 'us-east', to: 'us-west', dedup },
    workload: [
      { send: 'M1', producer: 'p1', seq: 5 },
      { send: 'M2', producer: 'p1', seq: 3 },
    ],
  });

  it('V1: the target judges M2 by (p1, 3) ≤ pushed 5 — Dup, answered -1:-1, and the replicator deletes 10:1 (no-silent-loss)', () => {
    const r = runOf(scenario('v1'));
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (p1 seq 3 ≤ pushed 5, persisted 5): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M2 (us-east 10:1) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
    ]);
  });

  it('V2: the target judges by source position (10:1 after 10:0) and stores both', () => {
    const r = runOf(scenario('v2'));
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('topic.maxMessageSize 0: valid in Pulsar, the check disabled', () => {
  it('is accepted, and a 100-byte message is stored (AbstractTopic.isExceedMaximumMessageSize skips a policy ≤ 0)', () => {
    const r = runOf({
      id: 'unseen-8-max-size-0',
      topic: { maxMessageSize: 0 },
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1', size: 100 }],
    });
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(rulesOf(r)).not.toContain('PersistentTopic.isExceedMaximumMessageSize');
  });

  it('a negative size is still refused', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'unseen-8-max-size-neg',
      topic: { maxMessageSize: -1 },
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    expect(l.ok ? [] : l.errors).toEqual([
      {
        path: '$.topic.maxMessageSize',
        message: 'expected an integer from 0, got -1',
      },
    ]);
  });
});

describe('V1: the target’s broker crashes with two replicated sends in flight, another broker loads it', () => {
  // The replicator pipelines M1..M3 (after the workload); broker-2 has stored M2 but not answered
  // when it dies; broker-3 loads the topic and rebuilds (p1 → 1) by replay.
  const r = runOf({
    id: 'unseen-8-v1-target-crash',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2', 'broker-3'] },
    ],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { send: 'M3', producer: 'p1' },
    ],
    faults: [
      {
        kind: 'restart-broker',
        cluster: 'us-west',
        to: 'broker-3',
        after: { event: 'persisted', message: 'M2', cluster: 'us-west' },
      },
    ],
  });

  it('the replicator reconnects (last_sequence_id -1: V1 keys by p1, not by its own name), M2 is Dup, M3 is stored; each once', () => {
    expect(textsOf(r, 'replicator')).toContain(
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    );
    expect(textsOf(r, 'broker-3')).toContain(
      'Dup (p1 seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'broker-3')).toContain('NotDup (pushed 1, persisted 1): write, pushed := 2');
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the validator: an ownership change to the broker that serves the topic could never fire', () => {
  const load = (faults: Json[], extra: Json = {}) =>
    loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'unseen-8-oc-owner',
      clusters: [
        { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
      ],
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
      faults,
      ...extra,
    });

  it('to the first broker alone is refused, naming $.faults[i].to', () => {
    const l = load([{ kind: 'ownership-change', to: 'broker-1', after: { step: 2 } }]);
    expect(l.ok ? [] : l.errors).toEqual([
      {
        path: '$.faults[0].to',
        message:
          'expected a broker other than broker-1, which serves the topic from the start (no other fault of the plan moves it away), got "broker-1"',
      },
    ]);
  });

  it('back to the first broker after a move away (an ownership change or a crash load elsewhere) is accepted', () => {
    expect(
      load([
        { kind: 'ownership-change', to: 'broker-2', after: { step: 2 } },
        { kind: 'ownership-change', to: 'broker-1', after: { when: 'quiescent' } },
      ]).ok,
    ).toBe(true);
    expect(
      load([
        { kind: 'restart-broker', cluster: 'local', to: 'broker-2', after: { step: 2 } },
        { kind: 'ownership-change', to: 'broker-1', after: { when: 'quiescent' } },
      ]).ok,
    ).toBe(true);
  });

  it('also when the move away is a schedule key (a recipe) or a kind the explorer may place', () => {
    const back = [{ kind: 'ownership-change', to: 'broker-1', after: { when: 'quiescent' } }];
    expect(
      load(back, { schedule: ['connect:p1', 'fault:ownership-change:local:broker-2'] }).ok,
    ).toBe(true);
    expect(load(back, { explore: { faults: { kinds: ['restart-broker'], max: 1 } } }).ok).toBe(
      true,
    );
  });
});
