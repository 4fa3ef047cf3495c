// @vitest-environment node
// Scenarios no built-in covers, from the sixth review (broker dedup for application producers with
// batches and reconnects, Java and Go; geo-replication V1 against V2). The first one once came out
// wrong and names the Pulsar rule that now decides it; the others hold what agreed with Pulsar.
// docs/research/review-6.md has the comparison.
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf, textsOf } from './helpers';

const twoClusters = [
  { name: 'us-east', brokers: ['broker-1'] },
  { name: 'us-west', brokers: ['broker-2'] },
];

describe('V1: the target dedups on the replicator frame’s ids, which have no highest_sequence_id', () => {
  // A Java batch [M1 0, M2 1] at 10:0; the application retries M2 with its id 1, which the PR 6326
  // rule sends alone; the source has dedup off and stores it at 10:1. The replicator sends both.
  const r = runOf({
    id: 'v1-batch-retry',
    clusters: twoClusters,
    topic: { deduplication: { 'us-east': false, 'us-west': true } },
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { await: 'p1' },
      { send: 'M2', producer: 'p1', seq: 1 },
      { flush: 'p1' },
      { await: 'p1' },
    ],
  });

  it('isDuplicateReplV1 → isDuplicateNormal: the batch entry pushes its lowest id (0); persisting it records its highest (1)', () => {
    const broker = textsOf(r, 'broker-2');
    expect(broker).toContain('NotDup (pushed none, persisted none): write, pushed := 0');
    // The retry's id 1 is above pushed 0: NotDup, although persisted is already 1.
    expect(broker).toContain('NotDup (pushed 0, persisted 1): write, pushed := 1');
    expect(rulesOf(r)).not.toContain('MessageDeduplication.isDuplicateReplV1:Dup');
  });

  it('so the target stores M2 twice, as the source does', () => {
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M2']);
    expect(r.stored['us-east']).toEqual(['M1', 'M2', 'M2']);
  });
});

describe('V1 keys on the original producer name, V2 on the replicator and the source position', () => {
  // E1 was published at us-east by a producer named w1 with id 0; a producer with the same name
  // writes W1 (0) and W2 (1) at us-west before the replicator starts.
  const scenario = (dedup: string): Json => ({
    id: `name-clash-${dedup}`,
    clusters: twoClusters,
    topic: {
      deduplication: true,
      ledgers: { 'us-east': [{ id: 10, messages: [{ id: 'E1', producer: 'w1', seq: 0 }] }] },
    },
    producers: [{ name: 'w1', cluster: 'us-west' }],
    replication: { from: 'us-east', to: 'us-west', dedup, start: 'after-workload' },
    workload: [{ send: 'W1', producer: 'w1' }, { send: 'W2', producer: 'w1' }, { await: 'w1' }],
  });

  it('V1: E1 (w1 seq 0) is Dup against the local w1’s watermark, answered -1:-1 and deleted at the source', () => {
    const r = runOf(scenario('v1'));
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (w1 seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.stored['us-west']).toEqual(['W1', 'W2']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });

  it('V2: the replicator’s own _LID/_EID watermark does not see w1, and E1 is stored', () => {
    const r = runOf(scenario('v2'));
    expect(r.stored['us-west']).toEqual(['W1', 'W2', 'E1']);
    expect(r.violations).toEqual([]);
  });
});

describe('a reconnect while a batch is still being written: Unknown, then Dup (Java and Go alike)', () => {
  // Two batches of two; the connection drops after the second reached the broker; the resend of
  // both arrives after the first was persisted and before the second was.
  const scenario = (client: string, schedule: string[]): Json => ({
    id: `unknown-${client}`,
    topic: { deduplication: true },
    producers: [{ name: 'p1', client, batching: { maxMessages: 2 } }],
    workload: ['M1', 'M2', 'M3', 'M4'].map((m) => ({ send: m, producer: 'p1' })),
    faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'received', message: 'M3' } }],
    schedule,
  });
  const tail = [
    'fault:disconnect:p1',
    'connect:p1',
    'persist:local:M1+M2',
    'deliver:p1->broker-1:M1+M2',
    'deliver:p1->broker-1:M3+M4',
  ];

  it('Java: the second batch’s resend (seq 2, highest 3) is Unknown — PersistenceError names seq 3 — and closes the connection; the next resend is Dup', () => {
    const r = runOf(
      scenario('java', [
        'connect:p1',
        'send:p1:M1',
        'send:p1:M2',
        'deliver:p1->broker-1:M1+M2',
        'send:p1:M3',
        'send:p1:M4',
        'deliver:p1->broker-1:M3+M4',
        ...tail,
      ]),
    );
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain('Dup (seq 0 ≤ pushed 3, persisted 1): dropped, receipt -1:-1');
    expect(broker).toContain(
      'Unknown (seq 2, pushed 3, persisted 1): cannot determine, PersistenceError',
    );
    expect(broker).toContain('Dup (seq 2 ≤ pushed 3, persisted 3): dropped, receipt -1:-1');
    expect(rulesOf(r)).toContain('ClientCnx.handleSendError:default');
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3', 'M4']);
    expect(r.outcomes).toEqual({
      M1: ['completed -1:-1'],
      M2: ['completed -1:-1'],
      M3: ['completed -1:-1'],
      M4: ['completed -1:-1'],
    });
  });

  it('Go before PR 1565: the batches carry their first id only, so pushed is 2 and the same answers come', () => {
    const r = runOf(
      scenario('go', [
        'connect:p1',
        'send:p1:M1',
        'send:p1:M2',
        'batch-timer:p1',
        'deliver:p1->broker-1:M1+M2',
        'send:p1:M3',
        'send:p1:M4',
        'batch-timer:p1',
        'deliver:p1->broker-1:M3+M4',
        ...tail,
      ]),
    );
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain(
      'Unknown (seq 2, pushed 2, persisted 0): cannot determine, PersistenceError',
    );
    expect(broker).toContain('Dup (seq 2 ≤ pushed 2, persisted 2): dropped, receipt -1:-1');
    expect(rulesOf(r)).toContain('connection.handleSendError:close');
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3', 'M4']);
    expect(r.violations).toEqual([]);
  });
});
