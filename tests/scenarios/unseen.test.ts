// @vitest-environment node
// Scenarios no built-in covers, each checked against what Pulsar does. They came from a review
// that wrote new scenarios and compared the engine with Pulsar's code; each one here once came out
// wrong and names the rule that now decides it.
import { describe, expect, it } from 'vitest';
import { loadScenario, panelsOf } from '../../src/engine';
import { noDuplicates } from '../../src/engine/check/noDuplicates';
import { exploreOf, loaded, runOf } from './helpers';

describe('a restarted producer is a new ProducerImpl: create() returns only after its first connect', () => {
  const twoSends = {
    id: 'restart-then-send',
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    explore: { faults: { kinds: ['restart-producer'], max: 1 } },
  };

  it('after the restart the next send waits for the connect that seeds msgIdGenerator from last_sequence_id', () => {
    const r = runOf(twoSends, [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
      'fault:restart-producer:p1',
      'send:p1:M2',
    ]);
    expect(r.error?.message).toContain('"send:p1:M2" is not enabled; enabled: connect:p1');
  });

  it('so the explorer finds no restart that makes M2 reuse M1’s sequence id and vanish as a duplicate', () => {
    const r = exploreOf(twoSends);
    expect(r.complete).toBe(true);
    expect(r.violations).toEqual([]);
  });
});

describe('no-duplicates counts what a reader reaches, not the adds a broker started', () => {
  it('an add every bookie refused as fenced, re-written in the next ledger, is stored once', () => {
    const r = runOf({
      id: 'fenced-add-rewritten',
      clusters: [
        {
          name: 'local',
          brokers: ['broker-1', 'broker-2'],
          bookies: ['bookie-1', 'bookie-2', 'bookie-3'],
        },
      ],
      topic: { deduplication: true, ledger: { ensemble: 3, writeQuorum: 3, ackQuorum: 1 } },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
        { send: 'M3', producer: 'p1' },
        { await: 'p1' },
      ],
      faults: [
        { kind: 'slow-bookie', bookie: 'bookie-3' },
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'received', message: 'M2' },
        },
      ],
    });
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.outcomes.M3).toEqual(['stored at 11:0']);
    expect(r.violations.filter((v) => v.invariant === 'no-duplicates')).toEqual([]);
  });

  it('two messages under one (producer, sequence id) are named both, each at its position', () => {
    // Go before PR 1565, restarted: the generator is seeded from the pushed id, the first of the
    // last batch, so M4 takes M3's id and both are stored.
    const r = runOf({
      id: 'go-reseed-inside-batch',
      topic: { deduplication: true },
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
      workload: [
        ...['M0', 'M1', 'M2', 'M3'].map((m) => ({ send: m, producer: 'p1' })),
        { await: 'p1' },
        { send: 'M4', producer: 'p1' },
        { flush: 'p1' },
        { await: 'p1' },
      ],
      faults: [
        { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M3' } },
      ],
    });
    const dup = r.violations.find((v) => v.invariant === 'no-duplicates');
    expect(dup?.messages).toEqual(['M3', 'M4']);
    expect(dup?.detail).toBe('p1, seq 3 is stored twice at local: M3 at 10:1 and M4 at 10:2');
  });
});

describe('topic.maxMessageSize: PersistentTopic.isExceedMaximumMessageSize, before dedup', () => {
  const sized = (maxMessageSize: unknown, batching?: number) => ({
    id: 'max-message-size',
    topic: { deduplication: true, maxMessageSize },
    producers: [{ name: 'p1', ...(batching ? { batching: { maxMessages: batching } } : {}) }],
    workload: [
      { send: 'M1', producer: 'p1', size: 50 },
      { send: 'M2', producer: 'p1', size: 500 },
      { send: 'M3', producer: 'p1', size: 10 },
      { await: 'p1' },
    ],
  });

  it('a message bigger than the policy fails with NotAllowedError (the head: ProducerImpl fails it); the others are stored', () => {
    const r = runOf(sized(100));
    expect(r.stored.local).toEqual(['M1', 'M3']);
    expect(r.outcomes.M2).toEqual(['failed: NotAllowedException']);
    expect(r.violations).toEqual([]);
  });

  it('a batch is judged as a whole: 50 + 500 bytes in one entry fail together', () => {
    const r = runOf(sized(100, 2));
    expect(r.outcomes.M1).toEqual(['failed: NotAllowedException']);
    expect(r.outcomes.M2).toEqual(['failed: NotAllowedException']);
  });

  it('per cluster, and a policy that is not a size names the field', () => {
    expect(loaded(sized({ local: 1000 })).config.clusters[0]!.maxMessageSize).toBe(1000);
    const bad = loadScenario({ format: 'dedup-lab/scenario@1', ...sized('big') });
    expect(bad.ok ? [] : bad.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      '$.topic.maxMessageSize: expected a size in bytes, or an object with one per cluster (local), got "big"',
    ]);
  });
});

describe('Go connection.handleSendError: a NotAllowedError only unregisters the producer', () => {
  const goNotAllowed = {
    id: 'go-not-allowed',
    topic: { deduplication: false },
    producers: [{ name: 'p1', client: 'go' }],
    workload: ['M1', 'M2', 'M3'].map((m) => ({ send: m, producer: 'p1' })),
    faults: [{ kind: 'not-allowed', message: 'M2' }],
  };

  it('at the head: no item fails and nothing is resent; M3 is stored, but its receipt is dropped and its callback never runs', () => {
    const r = runOf(goNotAllowed);
    expect(r.stored.local).toEqual(['M1', 'M3']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['pending'], M3: ['pending'] });
    const texts = r.steps.flatMap((s) => s.events.map((e) => e.text));
    expect(texts).toContain(
      'unexpected send receipt for p1, no longer registered on this connection: dropped',
    );
    // The in-flight panel says the connection no longer routes p1's answers.
    const last = r.steps[r.steps.length - 1]!.world;
    expect(panelsOf(last).channels.map((c) => [c.producer, c.open, c.listening])).toEqual([
      ['p1', true, false],
    ]);
  });

  it('behind a pipelined send: the connection stays open, so nothing is written twice', () => {
    const r = runOf(goNotAllowed, [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
      'send:p1:M3',
      'deliver:p1->broker-1:M1',
      'fault:not-allowed:M2@local',
      'deliver:p1->broker-1:M2',
    ]);
    expect(r.error).toBeNull();
    expect(r.stored.local).toEqual(['M1', 'M3']);
    expect(r.outcomes.M1).toEqual(['pending']);
  });

  it('a later disconnect is not reported to it: it never reconnects', () => {
    const r = runOf({
      ...goNotAllowed,
      faults: [
        ...goNotAllowed.faults,
        { kind: 'disconnect', producer: 'p1', after: { event: 'persisted', message: 'M3' } },
      ],
    });
    const keys = r.steps.map((s) => s.key);
    expect(keys).toContain('fault:disconnect:p1');
    expect(keys.filter((k) => k === 'connect:p1')).toHaveLength(1);
  });
});

describe('cursors read what the managed ledger confirmed (ManagedCursorImpl reads up to lastConfirmedEntry)', () => {
  it('the geo-replicator does not read a source entry whose add is still waiting for a slow bookie', () => {
    const r = runOf({
      id: 'geo-bk-source-slow-bookie',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'immediately' },
      workload: [
        { send: 'E1', producer: 'p1' },
        { send: 'E2', producer: 'p1' },
        { send: 'E3', producer: 'p1' },
        { await: 'p1' },
      ],
      faults: [{ kind: 'slow-bookie', bookie: 'bookie-2', message: 'E1' }],
    });
    const stepOf = (rule: string, msg: string) =>
      r.steps.findIndex((s) => s.events.some((e) => e.rule === rule && e.msgs.includes(msg)));
    const confirmed = r.steps.findIndex((s) =>
      s.events.some((e) => e.kind === 'persist' && e.msgs.includes('E1')),
    );
    expect(confirmed).toBeGreaterThan(0);
    expect(stepOf('PersistentReplicator.readMoreEntries', 'E1')).toBeGreaterThan(confirmed);
    expect(r.stored['us-west']).toEqual(['E1', 'E2', 'E3']);
    expect(r.violations).toEqual([]);
  });

  it("a consumer follows the topic to its new owner once the old owner's topic closed, and gets what was written there", () => {
    const r = runOf({
      id: 'consumer-after-ownership-change',
      clusters: [
        { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
      ],
      topic: {
        ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
        ledgers: { local: [{ id: 3, entries: 1 }] },
      },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub', broker: 'broker-1' }],
      fixes: ['pr-24722'],
      workload: [
        { send: 'M1', producer: 'p1' },
        { await: 'p1' },
        { send: 'M2', producer: 'p1' },
        { send: 'M3', producer: 'p1' },
        { await: 'p1' },
      ],
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'acked', message: 'M1' },
        },
      ],
    });
    const texts = r.steps.flatMap((s) =>
      s.events.filter((e) => e.actor === 'sub-consumer').map((e) => e.text),
    );
    expect(texts).toContain(
      'topic closed on broker-1: reconnects to broker-2, resumes after mark-delete 3:1',
    );
    expect(texts.filter((t) => t.startsWith('received')).map((t) => t.split(' from ')[0])).toEqual([
      'received 3:0',
      'received 3:1 (M1)',
      'received 4:0 (M2)',
      'received 4:1 (M3)',
    ]);
    expect(r.violations).toEqual([]);
  });
});

describe('no-duplicates on a replicated batch', () => {
  const batchedGeo = (dedup: 'v1' | 'v2') => ({
    id: `geo-batched-${dedup}`,
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 3 } }],
    replication: { from: 'us-east', to: 'us-west', dedup, start: 'after-workload' },
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { send: 'M3', producer: 'p1' },
      { flush: 'p1' },
      { await: 'p1' },
    ],
  });

  it.each(['v1', 'v2'] as const)(
    '%s: the three messages of one source entry are not copies of each other',
    (dedup) => {
      const r = runOf(batchedGeo(dedup));
      expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3']);
      expect(r.violations).toEqual([]);
    },
  );

  it('the same batch replicated twice is (each of its messages at two positions)', () => {
    const w = runOf(batchedGeo('v2')).steps.at(-1)!.world;
    const west = w.topics['us-west']!;
    const entry = west.ledgers[0]!.entries[0]!;
    const twice = {
      ...w,
      topics: {
        ...w.topics,
        'us-west': {
          ...west,
          ledgers: [{ ...west.ledgers[0]!, entries: [entry, { ...entry, entryId: 1 }] }],
        },
      },
    };
    expect(noDuplicates(twice).map((f) => f.key)).toEqual([
      'no-duplicates:us-west:source 10:0#0',
      'no-duplicates:us-west:source 10:0#1',
      'no-duplicates:us-west:source 10:0#2',
    ]);
  });
});
