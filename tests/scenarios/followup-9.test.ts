// @vitest-environment node
// Items review 8 left open (docs/research/review-8.md, "Follow-up, session 9"): a topic
// maxMessageSize policy above the broker's, an application producer named like a replicator, and a
// managed ledger that rolls over after N entries. Each is read from the trace or the validator.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { exploreOf, rulesOf, runOf, textsOf } from './helpers';

describe('topic.maxMessageSize above the broker’s 5 MiB: refused, as PersistentTopicsBase.internalSetMaxMessageSize does', () => {
  const load = (maxMessageSize: unknown) =>
    loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'followup-9-max-size',
      clusters: [{ name: 'a' }, { name: 'b', brokers: ['broker-2'] }],
      topic: { maxMessageSize },
      producers: [{ name: 'p1', cluster: 'a' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });

  it('a policy of 5242881 is refused with the field and the allowed range', () => {
    const l = load(5242881);
    expect(l.ok ? [] : l.errors).toEqual([
      {
        path: '$.topic.maxMessageSize',
        message:
          "expected an integer from 0 to 5242880 (the broker's maxMessageSize: Pulsar's admin API refuses a bigger topic policy), got 5242881",
      },
    ]);
  });

  it('per cluster, the error names the cluster’s field', () => {
    const l = load({ a: 1000, b: 6000000 });
    expect(l.ok ? [] : l.errors.map((e) => e.path)).toEqual(['$.topic.maxMessageSize.b']);
  });

  it('exactly the broker’s 5242880 is accepted (the admin API allows it; the broker does not check it)', () => {
    const l = load(5242880);
    expect(l.ok && l.config.clusters.map((c) => c.maxMessageSize)).toEqual([5242880, 5242880]);
  });
});

describe('an application producer named pulsar.repl.*: the broker treats it as a replicator (Producer.isRemoteOrShadow)', () => {
  const scenario = (
    client: 'java' | 'go',
    deduplication: boolean,
    extra: Record<string, unknown> = {},
  ) => ({
    id: 'followup-9-repl-name',
    topic: { deduplication },
    producers: [{ name: 'p1', producerName: 'pulsar.repl.fake', client }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    ...extra,
  });

  it('Java, dedup on: its connection advertises PR 23697’s flag, so isDuplicateReplV2 finds no source position — Unknown, PersistenceError, never stored', () => {
    const r = runOf(scenario('java', true));
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV2:Unknown');
    expect(rulesOf(r)).not.toContain('PersistentTopic.addComplete');
    expect(textsOf(r, 'broker-1').some((t) => t.includes('no source position'))).toBe(true);
    expect(r.stored.local ?? []).toEqual([]);
    // The Java client reconnects and resends (ClientCnx.handleSendError), and is answered the same.
    expect(r.outcomes.M1).toEqual(['pending']);
  });

  it('Go, dedup on: no flag, so V1 — keyed by the metadata’s producer name, its own: stored once each, as a plain producer', () => {
    const r = runOf(scenario('go', true));
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV1:NotDup');
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('Java with replication.dedup v1 (a Pulsar before PR 23697): V1 too, stored', () => {
    const r = runOf(
      scenario('java', true, {
        clusters: [{ name: 'local' }, { name: 'remote', brokers: ['broker-2'] }],
        replication: { from: 'local', to: 'remote', dedup: 'v1' },
      }),
    );
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV1:NotDup');
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });

  it('Java, dedup off: isDuplicate answers NotDup before asking who sent it — stored', () => {
    const r = runOf(scenario('java', false));
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
});

describe('topic.maxEntriesPerLedger: a full ledger rolls over (ManagedLedgerImpl.currentLedgerIsFull → ledgerClosed → rollover)', () => {
  const sends = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ send: `M${i + 1}`, producer: 'p1' }));

  it('abstract storage, 2 per ledger: M1 M2 in ledger 10, M3 M4 in 11, M5 in 12', () => {
    const r = runOf({
      id: 'followup-9-rollover-abstract',
      topic: { deduplication: true, maxEntriesPerLedger: 2 },
      producers: [{ name: 'p1' }],
      workload: sends(5),
    });
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:1'],
      M3: ['stored at 11:0'],
      M4: ['stored at 11:1'],
      M5: ['stored at 12:0'],
    });
    expect(r.violations).toEqual([]);
  });

  it('with bookies, 2 per ledger: the add of 10:1 marks the ledger full, closes it once done, the list write creates 11', () => {
    const r = runOf({
      id: 'followup-9-rollover-bk',
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      topic: { deduplication: true, maxEntriesPerLedger: 2 },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub' }],
      workload: sends(5),
    });
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:1'],
      M3: ['stored at 11:0'],
      M4: ['stored at 11:1'],
      M5: ['stored at 12:0'],
    });
    const rules = rulesOf(r);
    expect(rules.filter((x) => x === 'ManagedLedgerImpl.currentLedgerIsFull')).toHaveLength(2);
    expect(rules.filter((x) => x === 'ManagedLedgerImpl.ledgerClosed:full')).toHaveLength(2);
    const last = r.steps[r.steps.length - 1]!.world.topics.local!.bk!;
    expect(last.metadata.ledgers).toEqual([
      { id: 10, entries: 2 },
      { id: 11, entries: 2 },
      { id: 12, entries: 0 },
    ]);
    expect(last.ledgerMeta[10]!.state).toBe('CLOSED');
    expect(r.violations).toEqual([]);
  });

  it('dedup across the rollover: M2 (the add that fills ledger 10) loses its receipt and its resend is Dup; after an unload the replay over ledgers 10 and 11 gives last_sequence_id 2 and M3’s resend is Dup', () => {
    const r = runOf({
      id: 'followup-9-rollover-dedup',
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      topic: { deduplication: true, maxEntriesPerLedger: 2 },
      producers: [{ name: 'p1' }],
      workload: sends(3),
      faults: [
        { kind: 'lose-receipt', message: 'M2' },
        { kind: 'lose-receipt', message: 'M3' },
        { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M3' } },
      ],
    });
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['completed -1:-1'],
    });
    expect(rulesOf(r)).toContain('ManagedLedgerImpl.ledgerClosed:full');
    expect(textsOf(r, 'p1').some((t) => t.includes('last_sequence_id 2'))).toBe(true);
    expect(rulesOf(r).filter((x) => x === 'MessageDeduplication.isDuplicate:Dup')).toHaveLength(2);
    expect(r.violations).toEqual([]);
  });

  it('replication across a source rollover (V2): the cursor reads 10:0, 10:1, 11:0; the target stores each once', () => {
    const r = runOf({
      id: 'followup-9-rollover-repl',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true, maxEntriesPerLedger: { 'us-east': 2 } },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
      workload: sends(3),
    });
    expect(r.stored['us-east']).toEqual(['M1', 'M2', 'M3']);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3']);
    const target = r.steps[r.steps.length - 1]!.world.topics['us-west']!;
    const name = 'pulsar.repl.us-east-->us-west';
    expect([
      target.dedup.highestSequencedPersisted[`${name}_LID`],
      target.dedup.highestSequencedPersisted[`${name}_EID`],
    ]).toEqual([11, 0]);
    expect(r.violations).toEqual([]);
  });

  it('an explorer search on a small scenario with it completes, safety holds', () => {
    const result = exploreOf({
      id: 'followup-9-rollover-explore',
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      topic: { deduplication: true, maxEntriesPerLedger: 1 },
      producers: [{ name: 'p1' }],
      workload: sends(2),
      explore: { faults: { kinds: ['lose-receipt'], max: 1 }, maxDepth: 60, maxStates: 200000 },
    });
    expect(result.complete).toBe(true);
    expect(result.safety).toBe('holds');
    expect(result.states).toBeGreaterThan(10);
  });

  it('the field is validated: a whole number of entries from 1, per cluster or for all', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'followup-9-rollover-bad',
      topic: { maxEntriesPerLedger: 0 },
      producers: [{ name: 'p1' }],
      workload: sends(1),
    });
    expect(l.ok ? [] : l.errors).toEqual([
      { path: '$.topic.maxEntriesPerLedger', message: 'expected an integer from 1, got 0' },
    ]);
  });
});
