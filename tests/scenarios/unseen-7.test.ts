// @vitest-environment node
// Scenarios no built-in covers, from the seventh review (several application producers on one
// topic, a name shared between producers, batching with lost receipts and failed writes, geo-
// replication with dedup on one side only). The first three stories are the behaviour the review
// added: the broker's one-producer-per-name rule (AbstractTopic.internalAddProducer). The others
// hold what agreed with Pulsar. docs/research/review-7.md has the comparison.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { type Json, rulesOf, runOf, stepOf, textsOf } from './helpers';

const shared = (a: Json, b: Json): Json[] => [
  { name: 'a', producerName: 'w', ...a },
  { name: 'b', producerName: 'w', ...b },
];

describe('two producers register one name on a topic: the broker refuses the second (ProducerBusy)', () => {
  const scenario = (client: string): Json => ({
    id: `same-name-${client}`,
    topic: { deduplication: true },
    producers: shared({ client: 'java' }, { client }),
    workload: [
      { send: 'A1', producer: 'a' },
      { send: 'B1', producer: 'b' },
      { send: 'A2', producer: 'a' },
    ],
  });

  it('Go: b’s CommandProducer is answered ProducerBusy, CreateProducer fails, and B1 is never sent', () => {
    const r = runOf(scenario('go'));
    expect(textsOf(r, 'b')).toContain(
      "CommandProducer → ProducerBusy: producer with name 'w' is already connected to topic (a)",
    );
    expect(rulesOf(r)).toContain('AbstractTopic.internalAddProducer:busy');
    expect(rulesOf(r)).toContain('partitionProducer.newPartitionProducer:failed');
    expect(r.outcomes).toEqual({
      A1: ['stored at 10:0'],
      B1: ['failed: ProducerBusy'],
      A2: ['stored at 10:1'],
    });
    expect(r.stored.local).toEqual(['A1', 'A2']);
  });

  it('Java: ProducerBusyException is not retriable on the first connect, so create() throws', () => {
    const r = runOf(scenario('java'));
    expect(rulesOf(r)).toContain('ProducerImpl.connectionOpened:failed');
    expect(r.outcomes.B1).toEqual(['failed: ProducerBusyException']);
    expect(r.violations).toEqual([]);
  });

  it('the same producerName on two clusters is two topics: both connect (and V1 then drops E1 at the target)', () => {
    const r = runOf({
      id: 'same-name-two-clusters',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true },
      producers: [
        { name: 'e', producerName: 'w', cluster: 'us-east' },
        { name: 'v', producerName: 'w', cluster: 'us-west' },
      ],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
      workload: [
        { send: 'V1', producer: 'v' },
        { send: 'V2', producer: 'v' },
        { send: 'E1', producer: 'e' },
      ],
    });
    expect(rulesOf(r)).not.toContain('AbstractTopic.internalAddProducer:busy');
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (w seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.stored['us-west']).toEqual(['V1', 'V2']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });
});

it('producerName is checked like a name, and a repeated scenario name is still refused', () => {
  const errors = (producers: Json[]) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'bad', producers, workload: [] });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  expect(errors([{ name: 'a', producerName: 'no spaces' }])).toEqual([
    expect.stringMatching(/^\$\.producers\[0\]\.producerName: expected a producer name/),
  ]);
  expect(errors([{ name: 'a' }, { name: 'a', producerName: 'w' }])).toEqual([
    expect.stringMatching(
      /^\$\.producers\[1\]\.name: expected a name not used by another producer/,
    ),
  ]);
});

describe('a second process takes the name while the first is disconnected: dedup cannot tell them apart', () => {
  // a writes A1 (seq 0) and loses its connection; b, a new process with the same name, connects.
  const r = runOf(
    {
      id: 'same-name-successor',
      topic: { deduplication: true },
      producers: shared({}, {}),
      workload: [
        { send: 'A1', producer: 'a' },
        { await: 'a' },
        { send: 'B1', producer: 'b' },
        { send: 'A2', producer: 'a' },
      ],
      faults: [
        { kind: 'disconnect', producer: 'a', after: { event: 'acked', message: 'A1' } },
        { kind: 'disconnect', producer: 'b', after: { event: 'acked', message: 'B1' } },
      ],
    },
    [
      'connect:a',
      'send:a:A1',
      'deliver:a->broker-1:A1',
      'persist:local:A1',
      'deliver:broker-1->a:A1',
      'fault:disconnect:a',
      'connect:b',
    ],
  );

  it('b is seeded from w’s watermark (last_sequence_id 0) and a’s reconnect is refused and retried', () => {
    expect(textsOf(r, 'b')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(textsOf(r, 'b')).toContain('sendAsync B1 seq 1');
    expect(rulesOf(r)).toContain('ProducerImpl.connectionOpened:reconnectLater');
  });

  it('once b’s connection closes, a connects (last_sequence_id 1) but keeps its own generator: A2 takes seq 1 and is dropped as a Dup', () => {
    expect(textsOf(r, 'a')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.outcomes.A2).toEqual(['completed -1:-1']);
    expect(r.stored.local).toEqual(['A1', 'B1']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });
});

describe('agreed: batches with a lost receipt and a failed write, two producers on one topic', () => {
  it('lose-receipt, Go batches before PR 1565: the broker pushed only first ids (2), both resends are Dup, the next id follows', () => {
    const r = runOf(
      {
        id: 'lose-receipt-go-batches',
        topic: { deduplication: true },
        producers: [
          { name: 'p1', client: 'go', batching: { maxMessages: 2 } },
          { name: 'q1', client: 'java' },
        ],
        workload: [
          { send: 'M1', producer: 'p1' },
          { send: 'M2', producer: 'p1' },
          { send: 'Q1', producer: 'q1' },
          { send: 'M3', producer: 'p1' },
          { send: 'M4', producer: 'p1' },
          { flush: 'p1' },
          { send: 'M5', producer: 'p1' },
          { flush: 'p1' },
        ],
        faults: [{ kind: 'lose-receipt', message: 'M1' }],
      },
      [
        'connect:p1',
        'connect:q1',
        'send:p1:M1',
        'send:p1:M2',
        'batch-timer:p1',
        'send:q1:Q1',
        'send:p1:M3',
        'send:p1:M4',
        'flush:p1',
        'deliver:p1->broker-1:M1+M2',
        'deliver:q1->broker-1:Q1',
        'deliver:p1->broker-1:M3+M4',
        'persist:local:M1+M2',
      ],
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 2)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 2 ≤ pushed 2, persisted 2): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'p1')).toContain('SendAsync M5 seq 4');
    expect(r.stored.local).toEqual(['M1', 'M2', 'Q1', 'M3', 'M4', 'M5']);
    expect(r.outcomes.Q1).toEqual(['stored at 10:1']);
    expect(r.violations).toEqual([]);
  });

  it('persist-fails on g1’s batch: the writes behind it fail too, pushed := persisted for every name, both producers resend and each batch is stored once', () => {
    const r = runOf(
      {
        id: 'persist-fails-two-producers',
        topic: { deduplication: true },
        producers: [
          { name: 'p1', client: 'java', batching: { maxMessages: 2 } },
          { name: 'g1', client: 'go', batching: { maxMessages: 2 } },
        ],
        workload: [
          { send: 'M1', producer: 'p1' },
          { send: 'M2', producer: 'p1' },
          { send: 'G1', producer: 'g1' },
          { send: 'G2', producer: 'g1' },
          { flush: 'g1' },
          { send: 'M3', producer: 'p1' },
          { send: 'M4', producer: 'p1' },
        ],
        faults: [{ kind: 'persist-fails', message: 'G1' }],
      },
      [
        'connect:p1',
        'connect:g1',
        'send:p1:M1',
        'send:p1:M2',
        'send:g1:G1',
        'send:g1:G2',
        'flush:g1',
        'send:p1:M3',
        'send:p1:M4',
        'deliver:p1->broker-1:M1+M2',
        'persist:local:M1+M2',
        'deliver:g1->broker-1:G1+G2',
        'deliver:p1->broker-1:M3+M4',
      ],
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'PersistenceException for G1, G2, M3, M4: topic fenced',
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(textsOf(r, 'broker-1')).toContain('NotDup (pushed 1, persisted 1): write, pushed := 3');
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3', 'M4', 'G1', 'G2']);
    expect(r.violations).toEqual([]);
  });
});

describe('agreed: geo-replication with deduplication on one side only, a batched Java source producer', () => {
  const scenario = (dedup: string, on: Json): Json => ({
    id: `geo-one-side-${dedup}`,
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: on },
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: { from: 'us-east', to: 'us-west', dedup },
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { send: 'M3', producer: 'p1' },
      { send: 'M4', producer: 'p1' },
      { send: 'M2', producer: 'p1', seq: 1 },
      { flush: 'p1' },
    ],
    faults: [
      {
        kind: 'disconnect',
        producer: 'replicator',
        after: { event: 'persisted', message: 'M3', cluster: 'us-west' },
      },
    ],
  });
  const off = { 'us-east': true, 'us-west': false };
  const onlyTarget = { 'us-east': false, 'us-west': true };

  it('target off, V2: the broker still puts the source position in the receipt (Case-3), and the resent batch is stored twice', () => {
    const r = runOf(scenario('v2', off));
    expect(textsOf(r, 'broker-2')).toContain('dedup off: write');
    expect(textsOf(r, 'broker-2')).toContain('receipt M3+M4 source 10:1 at 20:2');
    expect(textsOf(r, 'replicator')).toContain('Case-3: lastPersisted := 10:1');
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3', 'M4', 'M3', 'M4']);
    // The source's own retry of M2 (isolated by PR 6326) is Dup there, and nothing is lost.
    expect(r.stored['us-east']).toEqual(['M1', 'M2', 'M3', 'M4']);
    expect(r.violations).toEqual([]);
  });

  it('source off: the retry is stored twice at the source; V1 drops its copy at the target (w seq 1 ≤ pushed 2), V2 keeps it (a new source position)', () => {
    const v1 = runOf(scenario('v1', onlyTarget));
    expect(v1.stored['us-east']).toEqual(['M1', 'M2', 'M3', 'M4', 'M2']);
    expect(textsOf(v1, 'broker-2')).toContain(
      'Dup (p1 seq 1 ≤ pushed 2, persisted 3): dropped, receipt -1:-1',
    );
    expect(v1.stored['us-west']).toEqual(['M1', 'M2', 'M3', 'M4']);
    const v2 = runOf(scenario('v2', onlyTarget));
    expect(v2.stored['us-west']).toEqual(['M1', 'M2', 'M3', 'M4', 'M2']);
    expect([...v1.violations, ...v2.violations]).toEqual([]);
  });
});

describe('the source topic moves to another broker: the replicator starts again there', () => {
  // us-east's topic moves to broker-2 while broker-1 still serves it; broker-1 learns it when M2's
  // add is refused as fenced, and closes its instance (PersistentTopic.close).
  const r = runOf({
    id: 'source-takeover',
    clusters: [
      { name: 'us-east', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
      { name: 'us-west', brokers: ['broker-3'] },
    ],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    faults: [
      {
        kind: 'ownership-change',
        cluster: 'us-east',
        to: 'broker-2',
        after: { event: 'sent', message: 'M1', cluster: 'us-west' },
      },
    ],
  });

  it('when broker-2 starts serving, the old replicator’s producer closes and a new one reads after the mark-delete', () => {
    const step = r.steps.find((s) =>
      s.events.some((e) => e.text.startsWith('now serves the topic')),
    )!;
    // broker-1's PersistentTopic.close → AbstractReplicator.terminate closes the producer gracefully
    // (ProducerImpl.closeAsync); the new replicator starts once broker-3 answers the close.
    const texts = step.events.map((e) => e.text);
    expect(texts).toContain('the source topic closes: replicator stops, its producer closes');
    expect(texts).toContain('CommandCloseProducer: the broker answers once its writes are done');
    const answered = stepOf(r, 'CloseProducer: Success', 'broker-3');
    expect(answered).toBeGreaterThan(step.index);
    expect(r.steps.find((s) => s.index === answered)!.events.map((e) => e.text)).toContain(
      'replicator restarts: read position 10:1',
    );
    expect(rulesOf(r)).toContain('PersistentReplicator.setProducerAndTriggerReadEntries');
    expect(rulesOf(r)).not.toContain('PersistentReplicator.startProducer');
  });

  it('each entry is replicated once', () => {
    expect(r.stored['us-west']).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});
