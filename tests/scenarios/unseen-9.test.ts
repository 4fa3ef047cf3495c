// @vitest-environment node
// Scenarios no built-in covers, from the ninth review: features combined in ways reviews 4–8 did
// not — batching with an unload or a broker crash, a shared PulsarClient with geo-replication,
// batching and an application's close, explicit ids around an ownership change, send timeouts
// with batching and a move, a replicator catching up while its source producer restarts,
// subscriptions across a rollover and a crash, initial entries on bookies with a crash.
// docs/research/review-9.md compares each trace with Pulsar's sources.
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { exploreOf, type Json, runOf, stepOf, textsOf } from './helpers';
import { storedAt } from './reviewRows';
import { expectNoViolation } from './expectRun';

const bk2 = (brokers = ['broker-1', 'broker-2']): Json => ({
  clusters: [{ name: 'local', brokers, bookies: ['bookie-1', 'bookie-2'] }],
  topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
});
const send = (msg: string, producer: string, seq?: number): Json =>
  seq === undefined ? { send: msg, producer } : { send: msg, producer, seq };

describe('batching with an unload or a broker crash', () => {
  it('Java batch [M1, M2] read by the broker, the topic unloads before it is written: the write fails unanswered, the resend is stored once', () => {
    const r = runOf({
      id: 'u9-java-batch-unload',
      topic: { deduplication: true },
      producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
      workload: [send('M1', 'p1'), send('M2', 'p1'), send('M3', 'p1'), { flush: 'p1' }],
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'received', message: 'M1' } },
      ],
    });
    expect(textsOf(r, 'broker-1')).toContain(
      'ManagedLedgerAlreadyClosedException for M1, M2: TopicClosedException, no SendError (the producer was told to reconnect)',
    );
    // The replay found nothing: last_sequence_id -1, the batch is NotDup again.
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('CommandProducer'))).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    ]);
    // Nothing was stored before the load: it drops the empty ledger 10 and writes ledger 11
    // (ManagedLedgerImpl.initializeBookKeeper), so the first write after it is 11:0.
    expect(r.outcomes).toEqual({
      M1: ['stored at 11:0'],
      M2: ['stored at 11:0'],
      M3: ['stored at 11:1'],
    });
    expect(r.violations).toEqual([]);
  });

  it('Go batch (before PR 1565) persisted, the broker crashes before its receipt: the replay pushes the first id, the resend is Dup', () => {
    const r = runOf({
      id: 'u9-go-batch-crash',
      topic: { deduplication: true },
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        { flush: 'p1' },
        send('M3', 'p1'),
        send('M4', 'p1'),
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'restart-broker', cluster: 'local', after: { event: 'persisted', message: 'M3' } },
      ],
    });
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 2)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 2 ≤ pushed 2, persisted 2): dropped, receipt -1:-1',
    );
    expectNoViolation(
      r,
      { local: ['M1', 'M2', 'M3', 'M4'] },
      {
        M1: ['stored at 10:0'],
        M2: ['stored at 10:0'],
        M3: ['completed -1:-1'],
        M4: ['completed -1:-1'],
      },
    );
  });

  it('Go batch with PR 1565, BookKeeper, the broker crashes with the add on both bookies: recovery keeps it, the resend is Dup', () => {
    const r = runOf({
      id: 'u9-go1565-crash-bk',
      ...bk2(['broker-1']),
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
      fixes: ['go-1565'],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        { flush: 'p1' },
        send('M3', 'p1'),
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'restart-broker', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
      ],
    });
    // highest_sequence_id 1 travelled with the batch, so the replay pushes 1 and M3 takes 2.
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expectNoViolation(
      r,
      { local: ['M1', 'M2', 'M3'] },
      { M1: ['completed -1:-1'], M2: ['completed -1:-1'], M3: ['stored at 11:0'] },
    );
  });

  it('initial entries on bookies, a Java batch in flight, broker-1 crashes and broker-2 recovers the add: each message once', () => {
    const r = runOf({
      id: 'u9-initial-bk-crash',
      ...bk2(),
      topic: {
        deduplication: true,
        ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
        ledgers: {
          local: [
            {
              id: 5,
              entries: 1,
              messages: [
                { id: 'E1', producer: 'p1', seq: 0 },
                { id: 'E2', producer: 'p1', seq: 1 },
              ],
            },
          ],
        },
      },
      producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
      subscriptions: [{ name: 'sub' }],
      workload: [send('M1', 'p1'), send('M2', 'p1')],
      faults: [
        {
          kind: 'restart-broker',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'received', message: 'M1' },
        },
      ],
    });
    expect(textsOf(r, 'p1')[0]).toBe('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(textsOf(r, 'broker-2')).toContain(
      'ledger list [5:{4}, 6:{0}] written (version 2): topic loaded',
    );
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'], M2: ['completed -1:-1'] });
    expect(r.stored).toEqual({ local: ['5:0', 'E1', 'E2', 'M1', 'M2'] });
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect(sub.received.map((x) => `${x.position.ledgerId}:${x.position.entryId}`)).toEqual([
      '5:0',
      '5:1',
      '5:2',
      '5:3',
    ]);
    expect(r.violations).toEqual([]);
  });
});

describe('a shared PulsarClient with geo-replication and batching', () => {
  it('V2: a drop of app’s connection after N1 is stored and a replicator drop: both clusters hold each message once', () => {
    const r = runOf({
      id: 'u9-shared-geo',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true },
      producers: [
        { name: 'p1', cluster: 'us-east', pulsarClient: 'app' },
        { name: 'p2', cluster: 'us-east', pulsarClient: 'app' },
      ],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
      workload: [send('M1', 'p1'), send('N1', 'p2'), send('M2', 'p1'), send('N2', 'p2')],
      faults: [
        {
          kind: 'disconnect',
          producer: 'p2',
          after: { event: 'persisted', message: 'N1', cluster: 'us-east' },
        },
        {
          kind: 'disconnect',
          producer: 'replicator',
          after: { event: 'received', message: 'M1', cluster: 'us-west' },
        },
      ],
    });
    expectNoViolation(
      r,
      { 'us-east': ['M1', 'N1', 'M2', 'N2'], 'us-west': ['M1', 'N1', 'M2', 'N2'] },
      {
        M1: ['stored at 10:0'],
        N1: ['completed -1:-1'],
        M2: ['stored at 10:2'],
        N2: ['stored at 10:3'],
      },
    );
  });

  it('a lost receipt of p2’s N1 drops the connection p1’s batch rides: both resend, dedup answers, nothing twice', () => {
    const r = runOf({
      id: 'u9-shared-batch-lose-receipt',
      topic: { deduplication: true },
      producers: [
        { name: 'p1', pulsarClient: 'app', batching: { maxMessages: 2 } },
        { name: 'p2', pulsarClient: 'app' },
      ],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        send('N1', 'p2'),
        send('M3', 'p1'),
        { flush: 'p1' },
      ],
      faults: [{ kind: 'lose-receipt', message: 'N1' }],
    });
    expectNoViolation(
      r,
      { local: ['M1', 'M2', 'N1', 'M3'] },
      {
        M1: ['stored at 10:0'],
        M2: ['stored at 10:0'],
        N1: ['completed -1:-1'],
        M3: ['stored at 10:2'],
      },
    );
  });

  it('one PulsarClient on two clusters is refused: a client serves the cluster of its serviceUrl', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'u9-client-two-clusters',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      producers: [
        { name: 'p1', cluster: 'us-east', pulsarClient: 'app' },
        { name: 'p2', cluster: 'us-west', pulsarClient: 'app' },
      ],
      workload: [send('M1', 'p1'), send('N1', 'p2')],
    });
    expect(l.ok).toBe(false);
    if (!l.ok)
      expect(l.errors).toEqual([
        {
          path: '$.producers[1].cluster',
          message:
            'expected cluster "us-east" (p1 names app, a PulsarClient serves the cluster of its serviceUrl), got "us-west"',
        },
      ]);
  });

  // Review 9 found an array refused; `replication` now takes a list of links (docs/research/two-way-replication.md).
  it('several remote clusters: a list of links, one replicator per remote, M1 stored once at each', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'u9-two-remotes',
      clusters: [
        { name: 'a', brokers: ['broker-1'] },
        { name: 'b', brokers: ['broker-2'] },
        { name: 'c', brokers: ['broker-3'] },
      ],
      producers: [{ name: 'p1', cluster: 'a' }],
      replication: [
        { from: 'a', to: 'b' },
        { from: 'a', to: 'c' },
      ],
      workload: [send('M1', 'p1')],
    });
    expect(l.ok).toBe(true);
    if (!l.ok) return;
    const r = run(l.config, l.schedule);
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ a: ['M1'], b: ['M1'], c: ['M1'] });
    expect(r.steps.map((s) => s.key)).toEqual(
      expect.arrayContaining(['read:replicator:a->b', 'read:replicator:a->c']),
    );
  });
});

describe('restart-producer on a shared PulsarClient is Producer.close() then create(): what was written is still stored and answered', () => {
  const shared = (extra: Json = {}, p1: Json = {}, p2: Json = {}): Json => ({
    id: 'u9-shared-close',
    topic: { deduplication: true },
    producers: [
      { name: 'p1', pulsarClient: 'app', ...p1 },
      { name: 'p2', pulsarClient: 'app', ...p2 },
    ],
    workload: [send('M1', 'p1'), send('N1', 'p2'), send('M2', 'p1')],
    faults: [{ kind: 'restart-producer', producer: 'p1', after: { event: 'sent', message: 'M2' } }],
    ...extra,
  });

  it('M2 was on the connection: the broker stores it and answers it before the close; the new p1 continues at seq 2', () => {
    const r = runOf(shared());
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    // Before review 9: "in flight lost: M2", M2 failed and never stored.
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      N1: ['stored at 10:1'],
      M2: ['stored at 10:2'],
    });
    expect(stepOf(r, 'M2 completed: stored at 10:2')).toBeLessThan(
      stepOf(r, 'CloseProducer: Success'),
    );
    expect(r.steps[stepOf(r, 'CloseProducer: Success')]!.world.channels.p2!.open).toBe(true);
    expect(r.violations).toEqual([]);
  });

  it('a producer that was never restarted on its own client still loses what was in flight (the process died)', () => {
    const r = runOf(shared({ producers: [{ name: 'p1' }, { name: 'p2' }] }));
    expect(r.outcomes.M2).toEqual(['failed: producer restarted']);
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
  });

  it('the connection drops while p1 is closing: the close completes anyway and M2 fails with AlreadyClosedException', () => {
    const r = runOf(
      shared({
        faults: [
          { kind: 'restart-producer', producer: 'p1', after: { event: 'sent', message: 'M2' } },
          { kind: 'disconnect', producer: 'p2', after: { step: 12 } },
        ],
      }),
    );
    expect(r.steps[13]!.key).toBe('fault:disconnect:p2');
    expect(textsOf(r, 'p1')).toContain(
      'producer closed (the connection closed); created again on the same client',
    );
    expect(r.outcomes.M2).toEqual(['failed: AlreadyClosedException']);
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
  });

  const batched = (client: 'java' | 'go', fixes: string[] = []) =>
    runOf({
      id: 'u9-shared-close-batch',
      topic: { deduplication: true },
      producers: [
        { name: 'p1', pulsarClient: 'app', client, batching: { maxMessages: 2 } },
        { name: 'p2', pulsarClient: 'app', client },
      ],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        send('M3', 'p1'),
        send('N1', 'p2'),
        send('M4', 'p1'),
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'restart-producer', producer: 'p1', after: { event: 'sent', message: 'N1' } },
      ],
      fixes,
    });

  it('Java: the open batch [M3] fails (failPendingBatchMessages, AlreadyClosedException); M4 takes seq 2', () => {
    const r = batched('java');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:0'],
      M3: ['failed: AlreadyClosedException'],
      N1: ['stored at 10:1'],
      M4: ['stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });

  it('Go: the open batch [M3] is dropped unflushed and never answered; before PR 1565 the new p1 reuses M2’s id', () => {
    const r = batched('go');
    expect(textsOf(r, 'p1')).toContain('open batch M3 dropped unflushed: its callbacks never run');
    // The batch [M1 0, M2 1] carried only its first id: last_sequence_id 0, M4 takes seq 1.
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:0'],
      M3: ['pending'],
      N1: ['stored at 10:1'],
      M4: ['stored at 10:2'],
    });
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['no-duplicates', ['M2', 'M4']],
    ]);
    const fixed = batched('go', ['go-1565']);
    expect(textsOf(fixed, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(fixed.violations).toEqual([]);
  });

  it('the explorer places restart-producer and drops on the shared client: complete, safety holds', () => {
    const v = exploreOf({
      ...shared({
        faults: [],
        explore: { faults: { kinds: ['restart-producer', 'disconnect'], max: 2 } },
      }),
    });
    expect(v.complete).toBe(true);
    expect(v.violations).toEqual([]);
  });
});

describe('explicit ids, timeouts and restarts around moves', () => {
  it('two producers with explicit ids (Java a: 5, 6; Go b: 0, 1), the topic moves to broker-2: each id stored once', () => {
    const r = runOf({
      id: 'u9-explicit-ownership',
      ...bk2(),
      producers: [
        { name: 'a', sequenceIds: 'explicit' },
        { name: 'b', client: 'go', sequenceIds: 'explicit' },
      ],
      workload: [send('A5', 'a', 5), send('B0', 'b', 0), send('A6', 'a', 6), send('B1', 'b', 1)],
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'received', message: 'B0' },
        },
      ],
    });
    // Explicit ids never advance msgIdGenerator, so Java seeds it again on the reconnect.
    expect(textsOf(r, 'a')).toContain('seeded msgIdGenerator := 6');
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 2 entries');
    expect(r.outcomes).toEqual({
      A5: ['stored at 10:0'],
      B0: ['stored at 10:1'],
      A6: ['stored at 11:0'],
      B1: ['stored at 11:1'],
    });
    expect(r.violations).toEqual([]);
  });

  it('Java batch, an unload, then the send timer fails the batch [M3, M1 retry] already written: stored, told failed', () => {
    const r = runOf({
      id: 'u9-timeout-batch-unload',
      topic: { deduplication: true },
      producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        send('M3', 'p1'),
        send('M1', 'p1'),
        send('M2', 'p1'),
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'received', message: 'M1' } },
        { kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M3' } },
      ],
    });
    expect(textsOf(r, 'p1')).toContain('ack for timed-out msg M3+M1 seq 2: ignored');
    // The unload came before any write: the load replaced the empty ledger 10 with ledger 11.
    expect(r.outcomes).toEqual({
      M1: ['stored at 11:0', 'failed: TimeoutException, but stored at 11:1'],
      M2: ['stored at 11:0', 'stored at 11:2'],
      M3: ['failed: TimeoutException, but stored at 11:1'],
    });
    expect(r.violations).toEqual([]);
  });

  it('Go batch [M3, M4] written to broker-1, the topic moves, the timer fails it: broker-1 still completes the add before the fence', () => {
    const r = runOf({
      id: 'u9-go-timeout-ownership',
      ...bk2(),
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        { flush: 'p1' },
        send('M3', 'p1'),
        send('M4', 'p1'),
        { flush: 'p1' },
      ],
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'received', message: 'M3' },
        },
        { kind: 'send-timeout', message: 'M3', after: { event: 'received', message: 'M3' } },
      ],
    });
    expect(textsOf(r, 'p1')).toContain(
      'receipt M3+M4 seq 2 with nothing pending (a timed-out msg): ignored',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:0'],
      M3: ['failed: ErrSendTimeout, but stored at 10:1'],
      M4: ['failed: ErrSendTimeout, but stored at 10:1'],
    });
    expect(r.violations).toEqual([]);
  });

  it('Java batch with explicit ids, the process restarts with [M3] written: the new process batches retries with a new id, Dup drops M4', () => {
    const r = runOf({
      id: 'u9-explicit-batch-restart',
      topic: { deduplication: true },
      producers: [{ name: 'p1', batching: { maxMessages: 3 }, sequenceIds: 'explicit' }],
      workload: [
        send('M1', 'p1', 0),
        send('M2', 'p1', 1),
        { flush: 'p1' },
        send('M3', 'p1', 2),
        send('M1', 'p1', 0),
        send('M2', 'p1', 1),
        send('M3', 'p1', 2),
        send('M4', 'p1', 3),
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'restart-producer', producer: 'p1', after: { event: 'sent', message: 'M3' } },
      ],
    });
    // A new ProducerImpl has lastSequenceIdPushed -1: [M2 1, M3 2, M4 3] is one batch, judged by 1.
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.outcomes.M4).toEqual(['completed -1:-1']);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss', 'no-silent-loss']);
  });
});

describe('replication catching up, subscriptions across a rollover and a crash', () => {
  it('V1: the replicator sends the backlog E1, E2 while p1’s process restarts: p1 continues at seq 2, the target stores each once', () => {
    const r = runOf({
      id: 'u9-v1-catchup-restart',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: {
        deduplication: true,
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
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v1' },
      workload: [send('M1', 'p1'), send('M2', 'p1')],
      faults: [
        {
          kind: 'restart-producer',
          producer: 'p1',
          after: { event: 'received', message: 'E1', cluster: 'us-west' },
        },
      ],
    });
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('seeded'))).toEqual([
      'seeded msgIdGenerator := 2',
      'seeded msgIdGenerator := 2',
    ]);
    expectNoViolation(
      r,
      { 'us-east': ['E1', 'E2', 'M1', 'M2'], 'us-west': ['E1', 'E2', 'M1', 'M2'] },
      storedAt({ M1: '10:2', M2: '10:3' }),
    );
  });

  it('a subscription across a failed write (rollover to ledger 11) and a crash (broker-2, ledger 12): reads each message once', () => {
    const r = runOf({
      id: 'u9-sub-rollover-crash',
      clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'] }],
      topic: { deduplication: true },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub' }],
      workload: [send('M1', 'p1'), send('M2', 'p1'), send('M3', 'p1')],
      faults: [
        { kind: 'persist-fails', message: 'M2' },
        {
          kind: 'restart-broker',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'persisted', message: 'M2' },
        },
      ],
    });
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['stored at 12:0'],
    });
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect(sub.received.map((x) => `${x.position.ledgerId}:${x.position.entryId}`)).toEqual([
      '10:0',
      '11:0',
      '12:0',
    ]);
    expect(r.violations).toEqual([]);
  });

  it('a subscription and a Java batch across a bookie restart with no spare: ledger 10 closes at 10:0, M3 is re-sent into ledger 11 and read once', () => {
    const r = runOf({
      id: 'u9-sub-bookie-restart',
      ...bk2(['broker-1']),
      producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
      subscriptions: [{ name: 'sub' }],
      workload: [send('M1', 'p1'), send('M2', 'p1'), send('M3', 'p1'), { flush: 'p1' }],
      faults: [
        { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M3' } },
      ],
    });
    expect(textsOf(r, 'broker-1')).toContain(
      'ledger list [10:{1}, 11:{0}] written (version 2); re-sending 1 queued adds into ledger 11',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:0'],
      M3: ['stored at 11:0'],
    });
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    expect(sub.received.map((x) => `${x.position.ledgerId}:${x.position.entryId}`)).toEqual([
      '10:0',
      '11:0',
    ]);
    expect(r.violations).toEqual([]);
  });
});

describe('a Go shared client and a ChecksumError', () => {
  it('the intact-buffer ChecksumError closes app’s connection (connection.handleSendError): p1 and p2 both reconnect, the batch is stored once', () => {
    const r = runOf({
      id: 'u9-go-shared-checksum',
      topic: { deduplication: true },
      producers: [
        { name: 'p1', client: 'go', pulsarClient: 'app', batching: { maxMessages: 2 } },
        { name: 'p2', client: 'go', pulsarClient: 'app' },
      ],
      workload: [
        send('M1', 'p1'),
        send('M2', 'p1'),
        send('N1', 'p2'),
        { flush: 'p1' },
        send('M3', 'p1'),
        { flush: 'p1' },
      ],
      faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
    });
    expect(textsOf(r, 'p2')).toContain(
      "connection closed: ChecksumError: Checksum failed on the broker — app's connection, shared with p1",
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:1'],
      M2: ['stored at 10:1'],
      N1: ['stored at 10:0'],
      M3: ['stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });
});
