// Review 17's unseen scenarios (docs/research/review-17.md): review 16's leftovers and corners earlier
// reviews left thin — a source unload with replicated sends in flight (a bundle unload, and
// `pulsar-admin topics unload`, whose close waits for its clients), a remote or a source with dedup
// off, the message TTL with a replicator send in flight, a dedup switch during an ownership takeover,
// ProducerBusy on a first create and after a process restart, Java's Unknown answer on a shared
// connection, and one producer name used in two clusters. Rows for `run`
// (tests/scenarios/unseen-17.test.ts) and searches for `check` (tests/explore/unseen-17.test.ts);
// `npx tsx tests/scenarios/unseen-17.scenarios.ts <dir>` writes them out as files the CLI reads.
import {
  AWAIT,
  EAST_TO_WEST,
  EAST_WEST,
  P1_EAST,
  persisted,
  scenarioBook,
  search,
  send,
} from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  received,
  restartBroker,
  TWO_BOOKIES,
} from './rowParts';

const QUORUM_111 = { ensemble: 1, writeQuorum: 1, ackQuorum: 1 };
const ONE_BOOKIE_TWO_BROKERS = [
  { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] },
];
const DEDUP = (east: boolean, west: boolean) => ({
  deduplication: { 'us-east': east, 'us-west': west },
});
const UNLOAD_EAST_AT_M1_WEST = (scope?: string) => ({
  kind: 'unload-topic',
  cluster: 'us-east',
  ...(scope ? { scope } : {}),
  after: persisted('M1', 'us-west'),
});

/** pe at us-east and pw at us-west, both named "app", dedup on both, one link east → west
 * (`replication`); `first` (E1 or W1) is written and answered, then the other. */
const appInBothClusters = (replication: Record<string, unknown>, first: 'E1' | 'W1') => {
  const e1 = [send('E1', {}, 'pe'), { await: 'pe' }];
  const w1 = [send('W1', {}, 'pw'), { await: 'pw' }];
  return {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: [
      { name: 'pe', cluster: 'us-east', producerName: 'app' },
      { name: 'pw', cluster: 'us-west', producerName: 'app' },
    ],
    replication,
    workload: first === 'E1' ? [...e1, ...w1] : [...w1, ...e1],
  };
};
/** pa and pb both named "app" (with `client`'s fields), created at the start: pb's create is busy. */
const busyFirstCreate = (client: Record<string, string> = {}) => ({
  topic: { deduplication: true },
  producers: [
    { name: 'pa', producerName: 'app', ...client },
    { name: 'pb', producerName: 'app', ...client },
  ],
  workload: [send('M1', {}, 'pa'), send('N1', {}, 'pb'), { await: 'pa' }],
});

export const SCENARIOS: Record<string, Record<string, unknown>> = {
  // ---- a source unload with a replicated send in flight ----
  // Bundle unload (closeWithoutWaitingClientDisconnect): M1 is stored at us-west, its receipt deletes nothing on the closed cursor; the new replicator re-reads M1 and us-west, dedup off, stores it twice. Dedup off promises nothing: no violation.
  'u17-u01-bundle-unload-remote-dedup-off': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [UNLOAD_EAST_AT_M1_WEST()],
  },
  // pulsar-admin topics unload (PersistentTopic.close(false)): the managed ledger waits for the replicator's close, M1's receipt (ahead of it) deletes 10:0 and the new replicator reads from 10:1: M1 once at us-west.
  'u17-u02-topic-unload-remote-dedup-off': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [UNLOAD_EAST_AT_M1_WEST('topic')],
  },
  // The same topic unload, V2 dedup at us-west: nothing is resent, so the watermark is never asked; M1, M2 once.
  'u17-u03-topic-unload-v2': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [UNLOAD_EAST_AT_M1_WEST('topic')],
  },
  // Bundle unload, V2 at us-west: M1 is re-read and resent; us-west's watermark (not reloaded) answers Dup; once.
  'u17-u04-bundle-unload-v2': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [UNLOAD_EAST_AT_M1_WEST()],
  },
  // Topic unload at us-west (the remote): its close waits only for producers' disconnects; the replicator's producer is closed by the broker (CommandCloseProducer), reconnects and resends what is pending; V1 Dup by (p1, 0) if stored. Each once.
  'u17-u05-topic-unload-remote-side': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      {
        kind: 'unload-topic',
        cluster: 'us-west',
        scope: 'topic',
        after: received('M1', 'us-west'),
      },
    ],
  },
  // Topic unload of the source while its replicator has two sends in flight and M2's is still unwritten at us-west: both receipts come ahead of the close, both delete: once each at a dedup-off us-west.
  'u17-u06-topic-unload-two-in-flight': {
    clusters: EAST_WEST,
    topic: DEDUP(false, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: received('M2', 'us-west'),
      },
    ],
  },

  // The source on two bookies, us-west dedup off: the same topic unload closes ledger 10 only after the replicator's close, M1's receipt deletes 10:0 first; M1 once at us-west.
  'u17-u07-topic-unload-bookies-source': {
    clusters: [
      { name: 'us-east', brokers: ['broker-1'], bookies: TWO_BOOKIES },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { ...DEDUP(true, false), ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [UNLOAD_EAST_AT_M1_WEST('topic')],
  },
  // A topic unload of the source, then the source broker crashes before the replicator's close is answered: the crash ends that close with the connection (nothing graceful is left), M1's receipt is lost with it, the new replicator re-reads 10:0 and the dedup-off us-west stores M1 twice.
  'u17-u08-topic-unload-then-crash': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: received('M1', 'us-west'),
      },
      restartBroker('us-east', received('M1', 'us-west')),
    ],
  },

  // ---- dedup off on one side ----
  // Dedup off at us-east, V1 at us-west: a lost receipt makes p1 resend M1, us-east stores it twice (two entries, both (p1, 0)); us-west's V1 drops the second replicated copy as Dup: once there.
  'u17-o01-source-off-v1-remote': {
    clusters: EAST_WEST,
    topic: DEDUP(false, true),
    producers: P1_EAST,
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [{ kind: 'lose-receipt', message: 'M1', cluster: 'us-east' }],
  },
  // The same with V2: the two copies have different source positions, so us-west stores both; twice on each side, no violation (us-east promised nothing and us-west faithfully copies two entries).
  'u17-o02-source-off-v2-remote': {
    clusters: EAST_WEST,
    topic: DEDUP(false, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [{ kind: 'lose-receipt', message: 'M1', cluster: 'us-east' }],
  },
  // Dedup on at us-east, off at us-west; the replicator's connection drops before M1's receipt: the resend is written again at us-west (twice), no violation there (dedup off).
  'u17-o03-remote-off-replicator-drop': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), AWAIT],
    faults: [disconnect('replicator', persisted('M1', 'us-west'))],
  },

  // ---- one producer name in two clusters ----
  // V1, one-way: pw at us-west is named "app" like pe at us-east and writes W1 (app, 0) first; E1 (app, 0) replicated in is Dup by the original producer's name: E1 lost at us-west.
  'u17-n01-same-name-two-clusters-v1': {
    ...appInBothClusters({ ...EAST_TO_WEST, dedup: 'v1', start: 'after-workload' }, 'W1'),
  },
  // The same with V2: the replicator's own producer name and source positions; E1 stored at us-west.
  'u17-n02-same-name-two-clusters-v2': {
    ...appInBothClusters({ ...EAST_TO_WEST, start: 'after-workload' }, 'W1'),
  },
  // V1 with E1 replicated before pw writes: pw connected at the start (last_sequence_id -1, seeded at 0), so W1 is (app, 0) and Dup against the replicated E1 at us-west: -1:-1, lost.
  'u17-n03-same-name-replicated-first': {
    ...appInBothClusters({ ...EAST_TO_WEST, dedup: 'v1' }, 'E1'),
  },

  // ---- ProducerBusy ----
  // pa and pb share producerName "app", both created at the start: pa connects first, pb's first create is refused ProducerBusy (not retried for a first create: ProducerBusyException is not retriable), so pb's N1 is never stored.
  'u17-b01-busy-first-create-java': {
    ...busyFirstCreate(),
  },
  'u17-b02-busy-first-create-go': {
    ...busyFirstCreate({ client: 'go' }),
  },
  // p1 named "app" restarts (its process): its connection closes with it and the broker frees the name, so the new process's create succeeds and is seeded from last_sequence_id 0: M2 is (app, 1).
  'u17-b03-restart-same-name': {
    topic: { deduplication: true },
    producers: [{ name: 'p1', producerName: 'app' }],
    workload: [send('M1'), AWAIT, send('M2'), AWAIT],
    faults: [
      { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M1' } },
    ],
  },

  // Two producers of one PulsarClient with one producerName: one connection, so the broker skips the liveness check (AbstractTopic.tryOverwriteOldProducer) and p2's first create is ProducerBusy; N1 fails.
  'u17-b04-busy-same-client': {
    topic: { deduplication: true },
    producers: [
      { name: 'p1', producerName: 'app', pulsarClient: 'c' },
      { name: 'p2', producerName: 'app', pulsarClient: 'c' },
    ],
    workload: [send('M1'), send('N1', {}, 'p2'), AWAIT],
  },

  // ---- a dedup switch during an ownership takeover ----
  // Dedup off; ownership moves to broker-2 once M1 is written, and the switch on is due at once: not while broker-2 loads the topic, so it waits and acts at broker-2; M2 (fenced at broker-1) is resent and written once.
  'u17-d01-switch-on-during-takeover': {
    clusters: ONE_BOOKIE_TWO_BROKERS,
    topic: { deduplication: false, ledger: QUORUM_111 },
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      ownershipChange('local', 'broker-2', persisted('M1')),
      { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M1') },
    ],
  },
  // Dedup on, switched off during the takeover and M1's receipt lost: p1's reconnect reaches the stale owner broker-1, whose in-memory dedup answers Dup (-1:-1; recovery kept 10:0); the switch acts at broker-2 after its load.
  'u17-d02-switch-off-during-takeover': {
    clusters: ONE_BOOKIE_TWO_BROKERS,
    topic: { deduplication: true, ledger: QUORUM_111 },
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      ownershipChange('local', 'broker-2', persisted('M1')),
      { kind: 'set-deduplication', cluster: 'local', enabled: false, after: persisted('M1') },
      { kind: 'lose-receipt', message: 'M1' },
    ],
  },

  // ---- the TTL with a replicator send in flight ----
  // The TTL passes while M1's replicated send is in flight: the replicator had read M1 and M2 in one read, both sends go on and reach us-west (their receipts delete nothing more); nothing lost.
  'u17-t01-ttl-send-in-flight': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [expireMessages('us-east', received('M1', 'us-west'))],
  },
  // The TTL, and the replicator's connection drops with M1 in flight: a drop is no send failure — the producer reconnects and resends its pending M1 (ProducerImpl.resendMessages), no rewind; stored.
  'u17-t02-ttl-then-replicator-drop': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), AWAIT],
    faults: [
      {
        kind: 'expire-messages',
        cluster: 'us-east',
        after: { event: 'sent', message: 'M1', cluster: 'us-west' },
      },
      {
        kind: 'disconnect',
        producer: 'replicator',
        after: { event: 'sent', message: 'M1', cluster: 'us-west' },
      },
    ],
  },
  // The TTL, then a topic unload of the source: the expired mark-delete is what the new replicator reads after; M3, written after the TTL, crosses; M1, M2 lost as the TTL's.
  'u17-t03-ttl-then-topic-unload': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: { ...EAST_TO_WEST, start: 'after-workload' },
    workload: [send('M1'), send('M2'), AWAIT, send('M3'), AWAIT],
    faults: [
      { kind: 'expire-messages', cluster: 'us-east', after: { event: 'acked', message: 'M2' } },
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: { event: 'acked', message: 'M3' },
      },
    ],
  },

  // Partial expiry: a subscription at us-east and a replicator that waits for the workload; the TTL passes once M1 is acknowledged by p1, before M2 is written: only M1 expires on both cursors; M2 crosses. M1 lost for us-west, as the TTL's.
  'u17-t04-partial-expiry': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    subscriptions: [{ name: 'sub', cluster: 'us-east' }],
    replication: { ...EAST_TO_WEST, start: 'after-workload' },
    workload: [send('M1'), AWAIT, send('M2'), AWAIT],
    faults: [
      { kind: 'expire-messages', cluster: 'us-east', after: { event: 'acked', message: 'M1' } },
    ],
  },

  // ---- Java's Unknown answer ----
  // Java, the connection drops with M1 received and unwritten; the resend arrives before the write completes: Unknown → PersistenceError; the model closes p1's connection (README simplification), p1 reconnects, M1 Dup (-1:-1, stored), M2 once.
  'u17-j01-unknown-then-resend': {
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [disconnect('p1', received('M1'))],
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'fault:disconnect:p1',
      'connect:p1',
      'send:p1:M2',
      'deliver:p1->broker-1:M1',
    ],
  },

  // ---- explorer searches ----
  'u17-x01-bundle-unload-remote-dedup-off': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1')],
    explore: search(['unload-topic'], 1),
  },
  'u17-x07-topic-unload-explored': {
    clusters: EAST_WEST,
    topic: DEDUP(true, false),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2')],
    explore: search(['unload-topic:topic', 'disconnect'], 1),
  },
  'u17-x02-busy-restart': {
    topic: { deduplication: true },
    producers: [
      { name: 'pa', producerName: 'app' },
      { name: 'pb', producerName: 'app' },
    ],
    workload: [send('M1', {}, 'pa'), send('N1', {}, 'pb')],
    explore: search(['restart-producer'], 1),
  },
  'u17-x03-switch-and-takeover': {
    clusters: ONE_BOOKIE_TWO_BROKERS,
    topic: { deduplication: true, ledger: QUORUM_111 },
    producers: [{ name: 'p1' }],
    workload: [send('M1')],
    explore: search(['ownership-change', 'set-deduplication'], 2),
  },
  'u17-x04-ttl-replicator-drop': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1')],
    explore: search(['expire-messages', 'disconnect'], 2),
  },
  'u17-x05-same-name-two-clusters-v1': {
    clusters: EAST_WEST,
    topic: DEDUP(true, true),
    producers: [
      { name: 'pe', cluster: 'us-east', producerName: 'app' },
      { name: 'pw', cluster: 'us-west', producerName: 'app' },
    ],
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [send('E1', {}, 'pe'), send('W1', {}, 'pw')],
    explore: search(['disconnect'], 1),
  },
  'u17-x06-java-unknown': {
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2')],
    explore: search(['disconnect', 'lose-receipt'], 2),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-17.scenarios.ts', '/tmp/u17');
