// @vitest-environment node
// Scenarios no built-in covers, from the thirteenth review: the Go client (batches and their
// flush timer against receipts, a send timeout that fails only the expired items, reconnects with
// pending items, Unknown answers, a CloseProducer that overtakes a receipt), explicit sequence ids
// going backwards (Go before and after PR 1565, Java's PR 6326 isolation, dedup off), how each
// client seeds its generator after a reconnect when the application gives its own ids, a target's
// dedup replay after an unload while replicated sends are in flight (V1 and V2, a target
// subscription), replicated entries that hold batches, a source on bookies that rolls over every
// entry while ownership moves, one producer name in two clusters (V1, V2, a restart), and three
// explorer searches. docs/research/review-13.md compares each with Pulsar's and pulsar-client-go's
// sources. Every row asserts the stored messages per cluster, the application's outcomes, the
// violations (step and detail) and how the run ended; every row agreed with the prediction.
import { describe, expect, it } from 'vitest';
import { exploreOf, type Json, runOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  scenarioIn,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';

// What most rows share: one broker per cluster, deduplication on, p1 at us-east replicated to
// us-west (V1 or V2), and a few workloads.
const EAST_WEST = [
  { name: 'us-east', brokers: ['broker-1'] },
  { name: 'us-west', brokers: ['broker-2'] },
];
const DEDUP_ON = { deduplication: true };
const P1_EAST = [{ name: 'p1', cluster: 'us-east' }];
const eastToWest = (dedup: 'v1' | 'v2') => ({ from: 'us-east', to: 'us-west', dedup });
const M1_M2 = [{ send: 'M1', producer: 'p1' }, { send: 'M2', producer: 'p1' }, { await: 'p1' }];
const M1_M2_M3 = [
  { send: 'M1', producer: 'p1' },
  { send: 'M2', producer: 'p1' },
  { send: 'M3', producer: 'p1' },
  { await: 'p1' },
];
const SEND_M1_M2_M3 = ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'send:p1:M3'];
const IDS_5_THEN_3 = [
  { send: 'M1', producer: 'p1', seq: 5 },
  { send: 'M2', producer: 'p1', seq: 3 },
  { await: 'p1' },
];

// The set-up of each family of variant rows, named once; a variant row sets only what differs.

// 05, 05f: a Go batch of explicit ids 5 and 3, then 4.
const GO_IDS_5_3_BATCHED_THEN_4 = {
  topic: DEDUP_ON,
  producers: [{ name: 'p1', client: 'go', sequenceIds: 'explicit', batching: { maxMessages: 3 } }],
  workload: [...IDS_5_THEN_3, { send: 'M3', producer: 'p1', seq: 4 }, { await: 'p1' }],
};

// 08, 08s, 09, 09v2: M1 and M2 replicated; the target unloads once M2 is sent or persisted there.
const targetUnloadsAt = (event: 'sent' | 'persisted', dedup: 'v1' | 'v2') => ({
  clusters: EAST_WEST,
  topic: DEDUP_ON,
  producers: P1_EAST,
  replication: eastToWest(dedup),
  workload: M1_M2,
  faults: [
    {
      kind: 'unload-topic',
      cluster: 'us-west',
      after: { event, message: 'M2', cluster: 'us-west' },
    },
  ],
});

// 10, 10v2: Java batches [M1, M2] and [M3, M4] replicated after the workload, M3's receipt lost.
const replicatedBatchesM3ReceiptLost = (dedup: 'v1' | 'v2') => ({
  clusters: EAST_WEST,
  topic: DEDUP_ON,
  producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
  replication: { ...eastToWest(dedup), start: 'after-workload' },
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
    { send: 'M3', producer: 'p1' },
    { send: 'M4', producer: 'p1' },
    { await: 'p1' },
  ],
  faults: [{ kind: 'lose-receipt', message: 'M3', cluster: 'us-west' }],
});

// 13a, 13b, 13c: producerName `app` in both clusters, E1 replicated before pw sends W1; pw's
// process restarts once E1 is stored at us-west (13b, 13c).
const appInBothClusters = (dedup: 'v1' | 'v2') => ({
  clusters: EAST_WEST,
  topic: DEDUP_ON,
  producers: [
    { name: 'pe', producerName: 'app', cluster: 'us-east' },
    { name: 'pw', producerName: 'app', cluster: 'us-west' },
  ],
  replication: eastToWest(dedup),
  workload: [
    { send: 'E1', producer: 'pe' },
    { await: 'pe' },
    { send: 'W1', producer: 'pw' },
    { await: 'pw' },
  ],
});
const PW_RESTARTS_AFTER_E1 = {
  kind: 'restart-producer',
  producer: 'pw',
  after: { event: 'persisted', message: 'E1', cluster: 'us-west' },
};

// 14a, 14b, 14g, 14c: a Java producer with generated ids, M1 given seq 10, then M2; a reconnect
// once M1 is acked (14b, 14g, 14c).
const SEQ_10_THEN_GENERATED = [
  { send: 'M1', producer: 'p1', seq: 10 },
  { await: 'p1' },
  { send: 'M2', producer: 'p1' },
  { await: 'p1' },
];
const JAVA_SEQ_10_THEN_GENERATED = {
  topic: DEDUP_ON,
  producers: [{ name: 'p1' }],
  workload: SEQ_10_THEN_GENERATED,
};
const RECONNECT_AFTER_M1_ACKED = {
  kind: 'disconnect',
  producer: 'p1',
  after: { event: 'acked', message: 'M1' },
};

// 15, 15j: M1's resend reaches the broker before its first write persisted.
const resendBeforePersist = (client: 'go' | 'java') => ({
  topic: DEDUP_ON,
  producers: [{ name: 'p1', client }],
  workload: [{ send: 'M1', producer: 'p1' }, { await: 'p1' }],
  faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'received', message: 'M1' } }],
  schedule: [
    'connect:p1',
    'send:p1:M1',
    'deliver:p1->broker-1:M1',
    'fault:disconnect:p1',
    'connect:p1',
    'deliver:p1->broker-1:M1',
  ],
});

// 16, 16j: explicit ids; M1's send timer fires once M2 is sent; the application resends M1 (id 0).
const m1TimesOutThenResent = (client: 'go' | 'java') => ({
  topic: DEDUP_ON,
  producers: [{ name: 'p1', client, sequenceIds: 'explicit' }],
  workload: [
    { send: 'M1', producer: 'p1', seq: 0 },
    { send: 'M2', producer: 'p1', seq: 1 },
    { send: 'M1', producer: 'p1', seq: 0 },
    { await: 'p1' },
  ],
  faults: [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M2' } }],
  schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2'],
});

// 18g, 18j: the connection drops with M1 in the open batch; the flush timer fires while it is down.
const batchTimerWhileDown = (client: 'go' | 'java') => ({
  topic: DEDUP_ON,
  producers: [{ name: 'p1', client, batching: { maxMessages: 3 } }],
  workload: [{ send: 'M1', producer: 'p1' }, { await: 'p1' }],
  faults: [{ kind: 'disconnect', producer: 'p1', after: { step: 2 } }],
  schedule: ['connect:p1', 'send:p1:M1', 'fault:disconnect:p1', 'batch-timer:p1'],
});

const ROWS: ReviewRow[] = [
  {
    id: '01',
    title:
      'Go batch [M1, M2] stored, its receipt lost: the reconnect resends the item byte for byte; its first id 0 ≤ pushed 0 → Dup, both completed -1:-1; M3 after it is new',
    scenario: {
      id: 'r13-01',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 3 } }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
        { await: 'p1' },
        { send: 'M3', producer: 'p1' },
        { await: 'p1' },
      ],
      faults: [{ kind: 'lose-receipt', message: 'M1' }],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['completed -1:-1'], M3: ['stored at 10:1'] },
    }),
  },
  {
    id: '02',
    title:
      'Go, not batched, M1–M3 pending: M2’s send timer fails M1 and M2 only (failTimeoutMessages); their receipts are ignored (local 2 > remote), M3 completes',
    scenario: {
      id: 'r13-02',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go' }],
      workload: M1_M2_M3,
      faults: [{ kind: 'send-timeout', message: 'M2', after: { event: 'sent', message: 'M3' } }],
      schedule: SEND_M1_M2_M3,
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: {
        M1: ['failed: ErrSendTimeout, but stored at 10:0'],
        M2: ['failed: ErrSendTimeout, but stored at 10:1'],
        M3: ['stored at 10:2'],
      },
    }),
  },
  {
    id: '03',
    title:
      'Go batching (2): M3 sends the full batch [M1, M2] and waits in the next one; the drop loses M3’s flushed item in flight; the reconnect resends it; each stored once',
    scenario: {
      id: 'r13-03',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
      workload: M1_M2_M3,
      faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'sent', message: 'M3' } }],
      schedule: SEND_M1_M2_M3,
    },
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:0', M3: '10:1' }),
    ),
  },
  {
    id: '04',
    title:
      'Go explicit ids going backwards (5, then 3), not batched: 3 ≤ pushed 5 → Dup, M2 completed -1:-1 and never stored',
    scenario: {
      id: 'r13-04',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go', sequenceIds: 'explicit' }],
      workload: IDS_5_THEN_3,
    },
    expected: quiescentWith(
      { stored: { local: ['M1'] }, outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] } },
      completedButLost(8, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: '05',
    title:
      'Go explicit ids 5, 3 in one batch before PR 1565: the broker checks only the batch’s first id, so both are stored; M3 (4) is then Dup',
    scenario: { id: 'r13-05', ...GO_IDS_5_3_BATCHED_THEN_4 },
    expected: quiescentWith(
      {
        stored: { local: ['M1', 'M2'] },
        outcomes: { M1: ['stored at 10:0'], M2: ['stored at 10:0'], M3: ['completed -1:-1'] },
      },
      completedButLost(11, 'M3', 'p1', 'local'),
    ),
  },
  {
    id: '05f',
    title:
      'the same with go-1565: the isolation half sends id 3 in a batch of its own → Dup; 4 likewise',
    scenario: { id: 'r13-05f', ...GO_IDS_5_3_BATCHED_THEN_4, fixes: ['go-1565'] },
    expected: quiescentWith(
      {
        stored: { local: ['M1'] },
        outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['completed -1:-1'] },
      },
      completedButLost(9, 'M2', 'p1', 'local'),
      completedButLost(13, 'M3', 'p1', 'local'),
    ),
  },
  {
    id: '06',
    title:
      'Java explicit ids 5, 3, 6 batched: 3 ≤ lastSequenceIdPushed travels alone (PR 6326) → Dup; 6 closes that batch and is stored',
    scenario: {
      id: 'r13-06',
      topic: DEDUP_ON,
      producers: [
        { name: 'p1', client: 'java', sequenceIds: 'explicit', batching: { maxMessages: 3 } },
      ],
      workload: [
        { send: 'M1', producer: 'p1', seq: 5 },
        { send: 'M2', producer: 'p1', seq: 3 },
        { send: 'M3', producer: 'p1', seq: 6 },
        { await: 'p1' },
      ],
    },
    expected: quiescentWith(
      {
        stored: { local: ['M1', 'M3'] },
        outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 10:1'] },
      },
      completedButLost(9, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: '07',
    title: 'explicit ids going backwards with dedup off: both stored',
    scenario: {
      id: 'r13-07',
      topic: { deduplication: false },
      producers: [{ name: 'p1', sequenceIds: 'explicit' }],
      workload: IDS_5_THEN_3,
    },
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '08',
    title:
      'V2: the target unloads with the replicated M2 on the wire: broker-2 reads it after its CloseProducer and ignores it; the replicator resends it from its pending queue, stored once',
    scenario: { id: 'r13-08', ...targetUnloadsAt('sent', 'v2') },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '08s',
    title: 'the same with a subscription at the target: it receives M1 and M2 once each',
    scenario: {
      id: 'r13-08s',
      ...targetUnloadsAt('sent', 'v2'),
      subscriptions: [{ name: 'sub', cluster: 'us-west' }],
    },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '09',
    title:
      'V1: the target unloads once M2 is persisted there; CloseProducer goes behind M2’s receipt, and the replay would rebuild p1’s watermark anyway: each once',
    scenario: { id: 'r13-09', ...targetUnloadsAt('persisted', 'v1') },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '09v2',
    title:
      'V2, the same: `auto` delivers the receipt before the close, so nothing is resent (the other order is the explorer’s, row 20)',
    scenario: { id: 'r13-09v2', ...targetUnloadsAt('persisted', 'v2') },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '10',
    title:
      'V1: the source’s Java batches [M1, M2] and [M3, M4] replicated as two entries, the second one’s receipt lost: its resend is Dup by (p1, 2)',
    scenario: { id: 'r13-10', ...replicatedBatchesM3ReceiptLost('v1') },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3', 'M4'], ['M1', 'M2', 'M3', 'M4'], {
        M1: '10:0',
        M2: '10:0',
        M3: '10:1',
        M4: '10:1',
      }),
    ),
  },
  {
    id: '10v2',
    title: 'V2, the same: the resend is Dup by its source position 10:1',
    scenario: { id: 'r13-10v2', ...replicatedBatchesM3ReceiptLost('v2') },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3', 'M4'], ['M1', 'M2', 'M3', 'M4'], {
        M1: '10:0',
        M2: '10:0',
        M3: '10:1',
        M4: '10:1',
      }),
    ),
  },
  {
    id: '12',
    title:
      'source on bookies, a ledger per entry, a subscription; ownership moves to broker-3 while M2 is written: broker-1’s add into ledger 11 is fenced, broker-3 drops the empty ledger 11, M2 goes to 12:0; each message once everywhere',
    scenario: {
      id: 'r13-12',
      clusters: [
        { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: ['bookie-1', 'bookie-2'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: {
        deduplication: true,
        ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
        maxEntriesPerLedger: 1,
      },
      producers: P1_EAST,
      subscriptions: [{ name: 'sub', cluster: 'us-east' }],
      replication: eastToWest('v2'),
      workload: M1_M2_M3,
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'us-east',
          to: 'broker-3',
          after: { event: 'sent', message: 'M2', cluster: 'us-east' },
        },
      ],
    },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '12:0', M3: '13:0' }),
    ),
  },
  {
    id: '13a',
    title:
      'producerName `app` in both clusters, V1: E1 replicated takes (app, 0) at us-west; pw, seeded -1 before that, sends W1 as (app, 0): Dup, completed -1:-1, lost',
    scenario: { id: 'r13-13a', ...appInBothClusters('v1') },
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1'], 'us-west': ['E1'] },
        outcomes: { E1: ['stored at 10:0'], W1: ['completed -1:-1'] },
      },
      completedButLost(14, 'W1', 'pw', 'us-west'),
    ),
  },
  {
    id: '13b',
    title:
      'the same, but pw’s process restarts after E1 is stored at us-west: ProducerSuccess carries app’s pushed 0, W1 gets id 1 and is stored',
    scenario: { id: 'r13-13b', ...appInBothClusters('v1'), faults: [PW_RESTARTS_AFTER_E1] },
    expected: quiescentNoAlarm(eastWest(['E1'], ['E1', 'W1'], { E1: '10:0', W1: '20:1' })),
  },
  {
    id: '13c',
    title:
      'the same with V2: replicated entries are keyed by the replicator’s name, so pw restarts seeded -1 and W1 (app, 0) is stored',
    scenario: { id: 'r13-13c', ...appInBothClusters('v2'), faults: [PW_RESTARTS_AFTER_E1] },
    expected: quiescentNoAlarm(eastWest(['E1'], ['E1', 'W1'], { E1: '10:0', W1: '20:1' })),
  },
  {
    id: '14a',
    title: 'Java, generated ids, M1 given seq 10: the generator stays 0, so M2 gets 0 → Dup, lost',
    scenario: { id: 'r13-14a', ...JAVA_SEQ_10_THEN_GENERATED },
    expected: quiescentWith(
      { stored: { local: ['M1'] }, outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] } },
      completedButLost(8, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: '14b',
    title:
      'the same with a reconnect in between: connectionOpened re-seeds while msgIdGenerator is 0 (last_sequence_id 10), M2 gets 11 and is stored',
    scenario: { id: 'r13-14b', ...JAVA_SEQ_10_THEN_GENERATED, faults: [RECONNECT_AFTER_M1_ACKED] },
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '14g',
    title:
      'Go, the same reconnect: the generator exists since the first connect and is not re-seeded: M2 gets 0 → Dup, lost',
    scenario: {
      id: 'r13-14g',
      ...JAVA_SEQ_10_THEN_GENERATED,
      producers: [{ name: 'p1', client: 'go' }],
      faults: [RECONNECT_AFTER_M1_ACKED],
    },
    expected: quiescentWith(
      { stored: { local: ['M1'] }, outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] } },
      completedButLost(10, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: '14c',
    title:
      'Java, a generated id used first (M0 → 0): the reconnect does not re-seed, M2 gets 1 → Dup, lost',
    scenario: {
      id: 'r13-14c',
      ...JAVA_SEQ_10_THEN_GENERATED,
      workload: [{ send: 'M0', producer: 'p1' }, { await: 'p1' }, ...SEQ_10_THEN_GENERATED],
      faults: [RECONNECT_AFTER_M1_ACKED],
    },
    expected: quiescentWith(
      {
        stored: { local: ['M0', 'M1'] },
        outcomes: { M0: ['stored at 10:0'], M1: ['stored at 10:1'], M2: ['completed -1:-1'] },
      },
      completedButLost(14, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: '15',
    title:
      'Go: the resend reaches the broker before the first write persisted → Unknown → PersistenceError, which closes the connection (connection.handleSendError); after the persist the next resend is Dup',
    scenario: { id: 'r13-15', ...resendBeforePersist('go') },
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['completed -1:-1'] },
    }),
  },
  {
    id: '15j',
    title:
      'Java, the same (the documented simplification: the error closes the connection, not only the producer)',
    scenario: { id: 'r13-15j', ...resendBeforePersist('java') },
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['completed -1:-1'] },
    }),
  },
  {
    id: '16',
    title:
      'Go explicit ids: M1’s timer fails M1 only, M2 completes, the application resends M1 with id 0: Dup, completed -1:-1, stored once',
    scenario: { id: 'r13-16', ...m1TimesOutThenResent('go') },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: {
        M1: ['failed: ErrSendTimeout, but stored at 10:0', 'completed -1:-1'],
        M2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: '16j',
    title:
      'Java, the same: the timer fails every pending op (M1 and M2), their receipts are acks for timed-out messages; the resend of M1 is Dup',
    scenario: { id: 'r13-16j', ...m1TimesOutThenResent('java') },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: {
        M1: ['failed: TimeoutException, but stored at 10:0', 'completed -1:-1'],
        M2: ['failed: TimeoutException, but stored at 10:1'],
      },
    }),
  },
  {
    id: '17',
    title:
      'Go producer; the topic unloads after M1 is persisted and the broker’s CloseProducer overtakes the receipt: the receipt is ignored, the reconnect resends M1 → Dup after the replay',
    scenario: {
      id: 'r13-17',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { await: 'p1' },
        { send: 'M2', producer: 'p1' },
        { await: 'p1' },
      ],
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
      ],
      schedule: [
        'connect:p1',
        'send:p1:M1',
        'deliver:p1->broker-1:M1',
        'persist:local:M1',
        'fault:unload-topic:local',
        'deliver:broker-1->p1:CloseProducer',
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: '18',
    title:
      'Java batch [M1, M2] flushed by its timer and lost in flight with the connection: resent whole after the reconnect, stored once',
    scenario: {
      id: 'r13-18',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', batching: { maxMessages: 3 } }],
      workload: M1_M2,
      faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'sent', message: 'M2' } }],
      schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2'],
    },
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:0' })),
  },
  {
    id: '18g',
    title:
      'Go: the connection drops with M1 in the open batch and nothing pending; the flush timer fires while it is down (the item is queued, its write goes nowhere); the reconnect resends it, stored once',
    scenario: { id: 'r13-18g', ...batchTimerWhileDown('go') },
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:0' })),
  },
  {
    id: '18j',
    title:
      'Java, the same: the timer’s op waits in pendingMessages and is sent on the reconnect, stored once',
    scenario: { id: 'r13-18j', ...batchTimerWhileDown('java') },
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:0' })),
  },
  {
    id: '19',
    title:
      'Go, M1 persisted and M2 written when the connection drops: both resent; M1 Dup (-1:-1), M2 stored',
    scenario: {
      id: 'r13-19',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go' }],
      workload: M1_M2,
      faults: [
        { kind: 'disconnect', producer: 'p1', after: { event: 'persisted', message: 'M1' } },
      ],
      schedule: [
        'connect:p1',
        'send:p1:M1',
        'send:p1:M2',
        'deliver:p1->broker-1:M1',
        'persist:local:M1',
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
];

const scenarioOf = (id: string): Json => scenarioIn(ROWS, id);

describeRows(
  'review 13: the Go client, explicit ids, target replays, rollovers and shared names, each run and compared with Pulsar',
  ROWS,
);

/** Every event text of the step whose action key is `key` (the first such step). */
const textsAt = (r: ReturnType<typeof runOf>, key: string): string[] =>
  r.steps.find((s) => s.key === key)!.events.map((e) => e.text);

describe('review 13: the steps behind the outcomes', () => {
  it('02: the Go timer fails the items up to M2’s and leaves M3 pending; the receipts of the failed items are taken for timed-out messages', () => {
    const r = runOf(scenarioOf('02'));
    expect(textsAt(r, 'fault:send-timeout:M2')).toContain('Failing 2 messages on timeout');
    expect(textsOf(r, 'p1').filter((t) => t.includes('ignored'))).toEqual([
      'receipt M1: local 2 > remote 0: ignored (taken for a timed-out msg)',
      'receipt M2: local 2 > remote 1: ignored (taken for a timed-out msg)',
    ]);
  });

  it('05 / 05f: before PR 1565 the Go batch [5, 3] is one entry checked by its first id; with the fix id 3 is isolated', () => {
    expect(textsOf(runOf(scenarioOf('05')), 'broker-1')).toContain('add M1+M2 → 10:0');
    expect(textsOf(runOf(scenarioOf('05f')), 'p1')).toContain(
      'sequence id 3 may be a duplicate: batch of its own',
    );
  });

  it('10: the V1 target keys the replicated batch by its original producer and the frame’s first id', () => {
    const r = runOf(scenarioOf('10'));
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (p1 seq 2 ≤ pushed 2, persisted 3): dropped, receipt -1:-1',
    );
  });

  it('13b: the restarted pw is seeded from the name’s watermark the replicated E1 set', () => {
    const r = runOf(scenarioOf('13b'));
    expect(textsOf(r, 'pw')).toEqual(
      expect.arrayContaining([
        'CommandProducer → ProducerSuccess(last_sequence_id 0)',
        'seeded msgIdGenerator := 1',
      ]),
    );
  });

  it('14b / 14g: after the reconnect Java re-seeds its untouched generator, Go keeps its own', () => {
    expect(textsOf(runOf(scenarioOf('14b')), 'p1')).toContain('seeded msgIdGenerator := 11');
    const go = textsOf(runOf(scenarioOf('14g')), 'p1');
    expect(go.filter((t) => t.startsWith('seeded'))).toEqual(['seeded sequenceIDGenerator := 0']);
    expect(go).toContain('SendAsync M2 seq 0');
  });

  it('15: the Unknown answer closes the Go producer’s connection', () => {
    const r = runOf(scenarioOf('15'));
    expect(textsOf(r, 'broker-1')).toContain(
      'Unknown (seq 0, pushed 0, persisted none): cannot determine, PersistenceError',
    );
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: PersistenceError: Cannot determine whether the message is a duplicate at this time',
    );
  });

  it('17: the receipt the broker wrote after its CloseProducer is ignored by the Go producer', () => {
    const r = runOf(scenarioOf('17'));
    expect(textsAt(r, 'deliver:broker-1->p1:CloseProducer')).toEqual([
      'producer closed by the broker; reconnects (the connection stays); receipts the broker wrote after the close are ignored: M1',
    ]);
  });

  it('08: broker-2 reads the replicated M2 after its close and ignores it; the replicator’s resend is stored', () => {
    const r = runOf(scenarioOf('08'));
    expect(textsAt(r, 'deliver:broker-2->replicator:CloseProducer')).toEqual([
      'producer closed by the broker; reconnects (the connection stays); sends broker-2 reads after the close are ignored: M2',
    ]);
    expect(textsOf(r, 'broker-2')).toContain('add M2 → 21:0');
  });

  it('08s / 12: each subscription receives every message once', () => {
    const consumed = (id: string, sub: string): string[] =>
      textsOf(runOf(scenarioOf(id)), sub).filter((t) => t.startsWith('received '));
    expect(consumed('08s', 'sub-consumer')).toEqual([
      'received 20:0 (M1) from broker-2, acknowledged: mark-delete 20:0',
      'received 21:0 (M2) from broker-2, acknowledged: mark-delete 21:0',
    ]);
    expect(consumed('12', 'sub-consumer')).toEqual([
      'received 10:0 (M1) from broker-1, acknowledged: mark-delete 10:0',
      'received 12:0 (M2) from broker-3, acknowledged: mark-delete 12:0',
      'received 13:0 (M3) from broker-3, acknowledged: mark-delete 13:0',
    ]);
  });
});

describe('review 13: the explorer', () => {
  const TARGET_UNLOAD: Json = {
    id: 'r13-20',
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: eastToWest('v2'),
    workload: [{ send: 'M1', producer: 'p1' }],
    explore: { faults: { kinds: ['unload-topic'], max: 1 }, maxDepth: 60, maxStates: 400000 },
  };

  it('20: V2, one target unload anywhere: it finds #25861 — the close overtakes M1’s receipt, the resend is stored again — and PR 25860 closes it', () => {
    const v = exploreOf(TARGET_UNLOAD);
    expect([v.complete, v.safety, v.liveness]).toEqual([true, 'violated', 'holds']);
    expect(v.violations.map((x) => x.invariant)).toEqual(['no-duplicates']);
    expect(v.violations[0]!.trace.slice(-5)).toEqual([
      'fault:unload-topic:us-west',
      'deliver:broker-2->replicator:CloseProducer',
      'connect:replicator',
      'deliver:replicator->broker-2:M1',
      'persist:us-west:M1',
    ]);
    const fixed = exploreOf(TARGET_UNLOAD, ['pr-25860']);
    expect([fixed.complete, fixed.safety, fixed.liveness]).toEqual([true, 'holds', 'holds']);
  });

  it('21: Go, not batched, two sends, up to two disconnects and send timeouts: complete, nothing lost or duplicated', () => {
    const v = exploreOf({
      id: 'r13-21',
      topic: DEDUP_ON,
      producers: [{ name: 'p1', client: 'go' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      explore: {
        faults: { kinds: ['disconnect', 'send-timeout'], max: 2 },
        maxDepth: 60,
        maxStates: 400000,
      },
    });
    expect([v.complete, v.safety, v.violations]).toEqual([true, 'holds', []]);
  });

  const ROLLING: Json = {
    id: 'r13-22',
    clusters: [
      { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
    ],
    topic: {
      deduplication: true,
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
      maxEntriesPerLedger: 1,
    },
    producers: [{ name: 'p1' }],
    subscriptions: [{ name: 'sub', cluster: 'local' }],
    workload: [{ send: 'M1', producer: 'p1' }],
    explore: { faults: { kinds: ['ownership-change'], max: 1 }, maxDepth: 80, maxStates: 400000 },
  };

  it('22: a ledger per entry on bookies, one ownership change anywhere: safe without PR 24722 (a fenced filling add leaves the writer’s ledger empty, so it is dropped); with it, the ambiguous add of pr-24722-ambiguous-add', () => {
    const without = exploreOf(ROLLING);
    expect([without.complete, without.safety, without.violations]).toEqual([true, 'holds', []]);
    const v = exploreOf(ROLLING, ['pr-24722']);
    expect([v.complete, v.safety]).toEqual([true, 'violated']);
    expect(v.violations.map((x) => x.invariant)).toEqual(['no-duplicates']);
    expect(v.violations[0]!.detail).toBe(
      "M1 (p1, seq 0) is stored twice at local: 10:0 and 11:0 — 11:0 is ledger 10's add 10:0 re-sent into ledger 11 by the managed ledger after LedgerFencedException, below deduplication: no publish made this copy; ledger 10's recovery kept 10:0",
    );
    expect(v.violations[0]!.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-2:fence-10',
      'deliver:broker-1->bookie-2:10:0',
      'deliver:bookie-2->broker-1:10:0',
      'metadata:broker-1:ledgers',
      'deliver:broker-1->bookie-1:11:0',
      'deliver:bookie-1->broker-1:11:0',
      'deliver:broker-1->bookie-2:11:0',
      'deliver:bookie-2->broker-1:11:0',
    ]);
  });
});
