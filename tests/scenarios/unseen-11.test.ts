// @vitest-environment node
// Scenarios no built-in covers, from the eleventh review: replication as a list of links (two-way,
// three clusters, a chain) with bookies, slow bookies, ownership changes, crashes, unloads, a
// runtime dedup switch, send timeouts and restarts on either side; rollovers on a replication
// target; batching with checksum errors and unloads; Java and Go on one topic; the max message size
// at its exact edge. docs/research/review-11.md compares each with Pulsar's sources. Each row
// asserts the real outcome: stored messages per cluster, the application's outcomes, violations,
// and how the run ended.
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf, textsOf } from './helpers';
import { quiescentNoAlarm, storedAt } from './reviewRows';
import { eastWest, localStored } from './rowOutcomes';
import { DEDUP_ON, EAST_WEST, PE_PW, persisted, TWO_WAY } from './reviewScenarios';
import {
  DEDUP_ON_BOOKIES,
  disconnect,
  linksWith,
  localOnBookies,
  ownershipChange,
  received,
  restartBroker,
  sends,
  TWO_BOOKIES,
  unloadTopic,
} from './rowParts';

// The two-way set-up most rows share: one broker per cluster (EAST_WEST), a producer on each side
// (PE_PW), a link each way (TWO_WAY), and the two sides' sends interleaved; most rows end with
// each message once on each side.
const E1_W1_E2_W2 = [
  { send: 'E1', producer: 'pe' },
  { send: 'W1', producer: 'pw' },
  { send: 'E2', producer: 'pe' },
  { send: 'W2', producer: 'pw' },
];
/** The two-way row itself: one broker per cluster, pe and pw, a link each way, E1 W1 E2 W2. */
const TWO_WAY_E1_W1_E2_W2 = {
  clusters: EAST_WEST,
  topic: DEDUP_ON,
  producers: PE_PW,
  replication: TWO_WAY,
  workload: E1_W1_E2_W2,
};
const EACH_ONCE_EACH_SIDE = {
  'us-east': ['E1', 'W1', 'E2', 'W2'],
  'us-west': ['E1', 'W1', 'E2', 'W2'],
};

/** Row 05's target: us-west on bookies, rolling over every entry, read by `sub`; M2's receipt to
 * the replicator lost and the target unloaded once M2 is written there. 05f adds PR 25860. */
const R05 = {
  id: 'r11-05',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'], bookies: TWO_BOOKIES },
  ],
  topic: { ...DEDUP_ON_BOOKIES, maxEntriesPerLedger: { 'us-west': 1 } },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west' },
  workload: sends('p1', 'M1', 'M2', 'M3'),
  subscriptions: [{ name: 'sub', cluster: 'us-west' }],
  faults: [
    disconnect('replicator', persisted('M2', 'us-west')),
    unloadTopic('us-west', persisted('M2', 'us-west')),
  ],
};
/** Row 06: two-way with both links in `dedup` mode; us-west switched off once W1 is sent, and
 * pw's W1 receipt lost there. */
const switchedOffW1Lost = (dedup: string) => ({
  id: `r11-06${dedup}`,
  ...TWO_WAY_E1_W1_E2_W2,
  replication: linksWith(dedup, ['us-east', 'us-west'], ['us-west', 'us-east']),
  faults: [
    {
      kind: 'set-deduplication',
      cluster: 'us-west',
      enabled: false,
      after: { event: 'sent', message: 'W1' },
    },
    { kind: 'lose-receipt', message: 'W1', cluster: 'us-west' },
  ],
});
/** Row 07: a Java producer batching two messages, M1 to M4, a ChecksumError on M3's batch. */
const JAVA_BATCH_OF_2 = {
  producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
  topic: DEDUP_ON,
  workload: sends('p1', 'M1', 'M2', 'M3', 'M4'),
};
const THREE_CLUSTERS = [
  { name: 'us-east', brokers: ['broker-1'] },
  { name: 'us-west', brokers: ['broker-2'] },
  { name: 'eu', brokers: ['broker-3'] },
];
/** Row 13: three clusters, a full mesh in `dedup` mode, pe and pw both named app; E1 then W1. */
const fullMeshApp = (dedup: string) => ({
  id: `r11-13${dedup}`,
  clusters: THREE_CLUSTERS,
  topic: DEDUP_ON,
  producers: [
    { name: 'pe', cluster: 'us-east', producerName: 'app' },
    { name: 'pw', cluster: 'us-west', producerName: 'app' },
  ],
  replication: linksWith(
    dedup,
    ['us-east', 'us-west'],
    ['us-east', 'eu'],
    ['us-west', 'us-east'],
    ['us-west', 'eu'],
    ['eu', 'us-east'],
    ['eu', 'us-west'],
  ),
  workload: [...sends('pe', 'E1'), ...sends('pw', 'W1'), { await: 'pe' }, { await: 'pw' }],
});
/** Row 15: two-way, us-west's broker crashes once E1 is written there. 15f adds PR 25860. */
const R15 = {
  id: 'r11-15',
  ...TWO_WAY_E1_W1_E2_W2,
  faults: [restartBroker('us-west', persisted('E1', 'us-west'))],
};

interface Row {
  id: string;
  title: string;
  scenario: Json;
  expected: {
    stored: Record<string, string[]>;
    outcomes: Record<string, string[]>;
    violations: string[];
    endedBy: string;
  };
}

const ROWS: Row[] = [
  {
    id: '01',
    title:
      'two-way, us-east on bookies with bookie-2 slow on W1’s replicated add, us-west unloads after W1: the west→east replicator restarts from its cursor (20:1), each message once per side',
    scenario: {
      id: 'r11-01',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'], bookies: TWO_BOOKIES },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: PE_PW,
      replication: TWO_WAY,
      workload: E1_W1_E2_W2,
      faults: [
        { kind: 'slow-bookie', bookie: 'bookie-2', message: 'W1' },
        unloadTopic('us-west', persisted('W1', 'us-west')),
      ],
    },
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2', 'W2'], ['E1', 'W1', 'W2', 'E2'], {
        E1: '10:0',
        W1: '20:1',
        E2: '10:2',
        W2: '21:0',
      }),
    ),
  },
  {
    id: '02',
    title:
      'two-way, us-west on bookies moves to broker-3 while E1’s replicated add is in flight there: both links go on, each message once per side',
    scenario: {
      id: 'r11-02',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2', 'broker-3'], bookies: TWO_BOOKIES },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: PE_PW,
      replication: TWO_WAY,
      workload: E1_W1_E2_W2,
      faults: [ownershipChange('us-west', 'broker-3', received('E1', 'us-west'))],
    },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: storedAt({ E1: '10:0', W1: '21:0', E2: '10:2', W2: '21:2' }),
    }),
  },
  {
    id: '03',
    title:
      'two-way V1, both replicators’ connections drop after a replicated write: the resends are Dup by original producer and sequence id',
    scenario: {
      id: 'r11-03',
      ...TWO_WAY_E1_W1_E2_W2,
      replication: linksWith('v1', ['us-east', 'us-west'], ['us-west', 'us-east']),
      faults: [
        disconnect('replicator:us-east->us-west', persisted('E1', 'us-west')),
        disconnect('replicator:us-west->us-east', persisted('W2', 'us-east')),
      ],
    },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: storedAt({ E1: '10:0', W1: '20:1', E2: '10:2', W2: '20:3' }),
    }),
  },
  {
    id: '04',
    title:
      'one link V1, the other V2, both topics unload after a replicated write: each message once per side',
    scenario: {
      id: 'r11-04',
      ...TWO_WAY_E1_W1_E2_W2,
      replication: [
        ...linksWith('v1', ['us-east', 'us-west']),
        ...linksWith('v2', ['us-west', 'us-east']),
      ],
      faults: [
        unloadTopic('us-east', persisted('W1', 'us-east')),
        unloadTopic('us-west', persisted('E1', 'us-west')),
      ],
    },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: storedAt({ E1: '10:0', W1: '21:0', E2: '11:0', W2: '21:2' }),
    }),
  },
  {
    id: '05',
    title:
      'target rolls over every entry, the replicator drops M2’s receipt and the target unloads: without PR 25860 M2 is stored twice (#25861)',
    scenario: R05,
    expected: {
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
      violations: [
        'no-duplicates: M2 (replicated from source 10:1) is stored twice at us-west: 21:0 and 22:0',
      ],
      endedBy: 'quiescent',
    },
  },
  {
    id: '05f',
    title:
      'the same with PR 25860: the replay over ledgers 20–22 restores the source position, M2’s resend is Dup',
    scenario: { ...R05, id: 'r11-05f', fixes: ['pr-25860'] },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: '06v1',
    title:
      'two-way V1, us-west switched off and pw’s W1 receipt lost: us-west holds W1 twice, us-east drops the second copy (pw, 0)',
    scenario: switchedOffW1Lost('v1'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2', 'W2'], ['E1', 'W1', 'W1', 'E2', 'W2'], {
        E1: '10:0',
        W1: '20:2',
        E2: '10:2',
        W2: '20:4',
      }),
    ),
  },
  {
    id: '06v2',
    title:
      'two-way V2, the same: us-east stores both copies (two source positions), no invariant is broken (dedup off where they were made)',
    scenario: switchedOffW1Lost('v2'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'W1', 'E2', 'W2'], ['E1', 'W1', 'W1', 'E2', 'W2'], {
        E1: '10:0',
        W1: '20:2',
        E2: '10:3',
        W2: '20:4',
      }),
    ),
  },
  {
    id: '07',
    title:
      'Java batch [M3, M4] with a corrupted buffer, an unload after M1: recoverChecksumError fails the batch (ChecksumException), M1 M2 stored',
    scenario: {
      id: 'r11-07',
      ...JAVA_BATCH_OF_2,
      faults: [
        { kind: 'checksum-error', message: 'M3', localBufferCorrupted: true },
        unloadTopic('local', persisted('M1')),
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['stored at 10:0'],
        M3: ['failed: ChecksumException'],
        M4: ['failed: ChecksumException'],
      },
    }),
  },
  {
    id: '07i',
    title:
      'Java batch [M3, M4] with an intact buffer, an unload when it is received: resent into ledger 11, stored once',
    scenario: {
      id: 'r11-07i',
      ...JAVA_BATCH_OF_2,
      faults: [
        { kind: 'checksum-error', message: 'M3', localBufferCorrupted: false },
        unloadTopic('local', received('M3')),
      ],
    },
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3', 'M4'], { M1: '10:0', M2: '10:0', M3: '11:0', M4: '11:0' }),
    ),
  },
  {
    id: '08',
    title:
      'Go batch with a corrupted buffer: no recoverChecksumError in Go, the connection closes and the same bytes are resent for ever (loop)',
    scenario: {
      id: 'r11-08',
      producers: [{ name: 'g', client: 'go', batching: { maxMessages: 10, maxBytes: 100 } }],
      topic: DEDUP_ON,
      workload: [
        { send: 'M1', producer: 'g', size: 60 },
        { send: 'M2', producer: 'g', size: 60 },
        { send: 'M3', producer: 'g', size: 30 },
      ],
      faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: true }],
    },
    expected: {
      stored: { local: [] },
      outcomes: { M1: ['pending'], M2: ['pending'], M3: ['pending'] },
      violations: [],
      endedBy: 'loop',
    },
  },
  {
    id: '09',
    title:
      'Java and Go producers on one topic, the topic moves while G2 is written and G2’s timer fires: G2 stored though failed (ErrSendTimeout), G3 keeps seq 2',
    scenario: {
      id: 'r11-09',
      clusters: localOnBookies(),
      topic: DEDUP_ON_BOOKIES,
      producers: [
        { name: 'pj', client: 'java' },
        { name: 'pg', client: 'go' },
      ],
      workload: [
        ...sends('pj', 'J1'),
        ...sends('pg', 'G1'),
        ...sends('pj', 'J2'),
        ...sends('pg', 'G2'),
        { await: 'pj' },
        { await: 'pg' },
        ...sends('pj', 'J3'),
        ...sends('pg', 'G3'),
      ],
      faults: [
        ownershipChange('local', 'broker-2', received('G2')),
        { kind: 'send-timeout', message: 'G2', after: received('G2') },
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['J1', 'G1', 'J2', 'G2', 'J3', 'G3'] },
      outcomes: {
        J1: ['stored at 10:0'],
        G1: ['stored at 10:1'],
        J2: ['stored at 10:2'],
        G2: ['failed: ErrSendTimeout, but stored at 10:3'],
        J3: ['stored at 11:0'],
        G3: ['stored at 11:1'],
      },
    }),
  },
  {
    id: '10',
    title:
      'restart-broker while ledger 10 (1 entry per ledger) closes: broker-2 opens the closed ledger without recovery, M1’s resend is Dup (-1:-1)',
    scenario: {
      id: 'r11-10',
      clusters: localOnBookies(),
      topic: { ...DEDUP_ON_BOOKIES, maxEntriesPerLedger: 1 },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub' }],
      workload: sends('p1', 'M1', 'M2', 'M3'),
      faults: [restartBroker('local', persisted('M1'), 'broker-2')],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'], M3: ['stored at 12:0'] },
    }),
  },
  {
    id: '11',
    title:
      'a subscription across rollovers (2 per ledger) and an ownership change while M3 is written: every message read once',
    scenario: {
      id: 'r11-11',
      clusters: localOnBookies(),
      topic: { ...DEDUP_ON_BOOKIES, maxEntriesPerLedger: 2 },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub', broker: 'broker-1' }],
      workload: sends('p1', 'M1', 'M2', 'M3', 'M4'),
      faults: [ownershipChange('local', 'broker-2', received('M3'))],
    },
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3', 'M4'], { M1: '10:0', M2: '10:1', M3: '11:0', M4: '12:0' }),
    ),
  },
  {
    id: '12',
    title:
      'topic.maxMessageSize 100: the broker counts headers and metadata — 78 bytes pass, 79 and exactly 100 are refused',
    scenario: {
      id: 'r11-12',
      topic: { maxMessageSize: 100 },
      producers: [{ name: 'p1' }, { name: 'b', batching: { maxMessages: 2 } }],
      workload: [
        { send: 'A', producer: 'p1', size: 78 },
        { send: 'B', producer: 'p1', size: 79 },
        { send: 'C', producer: 'p1', size: 100 },
        { send: 'B1', producer: 'b', size: 30 },
        { send: 'B2', producer: 'b', size: 40 },
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['A', 'B1', 'B2'] },
      outcomes: {
        A: ['stored at 10:0'],
        B: ['failed: NotAllowedException'],
        C: ['failed: NotAllowedException'],
        B1: ['stored at 10:1'],
        B2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: '13v1',
    title:
      'three clusters, full mesh V1, producers named app in us-east and us-west: W1 is a Dup of E1’s (app, 0) — lost',
    scenario: fullMeshApp('v1'),
    expected: {
      stored: { 'us-east': ['E1'], 'us-west': ['E1'], eu: ['E1'] },
      outcomes: { E1: ['stored at 10:0'], W1: ['completed -1:-1'] },
      violations: [
        'no-silent-loss: W1 was completed as a success with -1:-1 for pw, but us-west does not store it',
      ],
      endedBy: 'quiescent',
    },
  },
  {
    id: '13v2',
    title: 'the same with V2: each message stored once in all three clusters',
    scenario: fullMeshApp('v2'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'W1'], 'us-west': ['E1', 'W1'], eu: ['E1', 'W1'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:1' }),
    }),
  },
  {
    id: '14',
    title: 'a chain us-east → us-west → eu: replication is not transitive, eu gets only W1',
    scenario: {
      id: 'r11-14',
      clusters: THREE_CLUSTERS,
      topic: DEDUP_ON,
      producers: PE_PW,
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-west', to: 'eu' },
      ],
      workload: [...sends('pe', 'E1'), ...sends('pw', 'W1')],
    },
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1'], 'us-west': ['E1', 'W1'], eu: ['W1'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:1' }),
    }),
  },
  {
    id: '15',
    title:
      'two-way, us-west’s broker crashes after E1 is stored there: the replay does not rebuild _LID/_EID, E1 stored twice (#25861)',
    scenario: R15,
    expected: {
      stored: { 'us-east': ['E1', 'W1', 'E2', 'W2'], 'us-west': ['E1', 'E1', 'W1', 'E2', 'W2'] },
      outcomes: storedAt({ E1: '10:0', W1: '21:1', E2: '10:2', W2: '21:3' }),
      violations: [
        'no-duplicates: E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
      ],
      endedBy: 'quiescent',
    },
  },
  {
    id: '15f',
    title: 'the same with PR 25860: E1’s resend is Dup, once per side',
    scenario: { ...R15, id: 'r11-15f', fixes: ['pr-25860'] },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: storedAt({ E1: '10:0', W1: '21:0', E2: '10:2', W2: '21:2' }),
    }),
  },
  {
    id: '16',
    title:
      'two-way, pw’s send timer fires while W1 is being written: W1 failed but stored, and replicated to us-east',
    scenario: {
      id: 'r11-16',
      ...TWO_WAY_E1_W1_E2_W2,
      faults: [
        {
          kind: 'send-timeout',
          message: 'W1',
          after: received('W1', 'us-west'),
        },
      ],
    },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: {
        E1: ['stored at 10:0'],
        W1: ['failed: TimeoutException, but stored at 20:1'],
        E2: ['stored at 10:2'],
        W2: ['stored at 20:3'],
      },
    }),
  },
  {
    id: '17',
    title:
      'Java batches bounded by 100 bytes, an intact ChecksumError on [M2, M3], an unload when it is received: stored once, in ledger 11',
    scenario: {
      id: 'r11-17',
      producers: [{ name: 'p1', batching: { maxMessages: 10, maxBytes: 100 } }],
      topic: DEDUP_ON,
      workload: [
        { send: 'M1', producer: 'p1', size: 60 },
        { send: 'M2', producer: 'p1', size: 60 },
        { send: 'M3', producer: 'p1', size: 40 },
        { flush: 'p1' },
      ],
      faults: [
        { kind: 'checksum-error', message: 'M2', localBufferCorrupted: false },
        unloadTopic('local', received('M2')),
      ],
    },
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '11:0' }),
    ),
  },
  {
    id: '18',
    title:
      'target on bookies rolls over every 2 entries, a bookie restarts during M2’s add (a spare): ensemble change, each once, read once',
    scenario: {
      id: 'r11-18',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'], bookies: [...TWO_BOOKIES, 'bookie-3'] },
      ],
      topic: { ...DEDUP_ON_BOOKIES, maxEntriesPerLedger: { 'us-west': 2 } },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west' },
      subscriptions: [{ name: 'sub', cluster: 'us-west' }],
      workload: sends('p1', 'M1', 'M2', 'M3'),
      faults: [{ kind: 'restart-bookie', bookie: 'bookie-2', after: received('M2', 'us-west') }],
    },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: '19',
    title:
      'one source, two targets: eu moves to broker-4 during M1, the us-west replicator drops after M2: each once at each',
    scenario: {
      id: 'r11-19',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
        { name: 'eu', brokers: ['broker-3', 'broker-4'], bookies: TWO_BOOKIES },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-east', to: 'eu' },
      ],
      workload: sends('p1', 'M1', 'M2'),
      faults: [
        ownershipChange('eu', 'broker-4', received('M1', 'eu')),
        disconnect('replicator:us-east->us-west', persisted('M2', 'us-west')),
      ],
    },
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'], eu: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: '20',
    title:
      'two-way, pw’s process restarts with W1 written: W1 failed but stored (and replicated), W2 takes seq 1',
    scenario: {
      id: 'r11-20',
      ...TWO_WAY_E1_W1_E2_W2,
      faults: [
        {
          kind: 'restart-producer',
          producer: 'pw',
          after: received('W1', 'us-west'),
        },
      ],
    },
    expected: quiescentNoAlarm({
      stored: EACH_ONCE_EACH_SIDE,
      outcomes: {
        E1: ['stored at 10:0'],
        W1: ['failed: producer restarted, but stored at 20:1'],
        E2: ['stored at 10:2'],
        W2: ['stored at 20:3'],
      },
    }),
  },
  {
    id: '21',
    title:
      'a payload of exactly 5 MiB: Java fails it in isMessageSizeExceeded, Go in serializeMessage (metadata counted), both ids taken',
    scenario: {
      id: 'r11-21',
      producers: [{ name: 'j' }, { name: 'g', client: 'go' }],
      workload: [
        { send: 'J1', producer: 'j', size: 5242880 },
        { send: 'G1', producer: 'g', size: 5242880 },
        { send: 'J2', producer: 'j' },
        { send: 'G2', producer: 'g' },
      ],
    },
    expected: quiescentNoAlarm({
      stored: { local: ['J2', 'G2'] },
      outcomes: {
        J1: ['failed: InvalidMessageException'],
        G1: ['failed: ErrExceedMaxMessageSize'],
        J2: ['stored at 10:0'],
        G2: ['stored at 10:1'],
      },
    }),
  },
];

const scenarioOf = (id: string): Json => ROWS.find((r) => r.id === id)!.scenario;

describe('review 11: unseen combinations, each run and compared with Pulsar', () => {
  for (const row of ROWS) {
    it(`${row.id}: ${row.title}`, () => {
      const r = runOf(row.scenario);
      expect(r.stored).toEqual(row.expected.stored);
      expect(r.outcomes).toEqual(row.expected.outcomes);
      expect(r.violations.map((v) => `${v.invariant}: ${v.detail}`)).toEqual(
        row.expected.violations,
      );
      expect(r.endedBy).toBe(row.expected.endedBy);
    });
  }
});

describe('review 11: the steps behind the outcomes', () => {
  it('01: unloading us-west restarts its replicator from the mark-delete (20:1 next) and closes the other link’s producer, which reconnects with last_sequence_id -1 (V2 keys not replayed)', () => {
    const r = runOf(scenarioOf('01'));
    expect(textsOf(r, 'replicator-cursor:us-west->us-east')).toContain(
      'replicator restarts: read position 20:1',
    );
    expect(
      textsOf(r, 'replicator:us-east->us-west').filter((t) => t.includes('ProducerSuccess')),
    ).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    ]);
  });

  it('08: Go resends the corrupted buffer after each ChecksumError (connection.handleSendError closes the connection; nothing fails the item)', () => {
    const r = runOf(scenarioOf('08'));
    expect(
      textsOf(r, 'broker-1').filter((t) => t.startsWith('ChecksumError')).length,
    ).toBeGreaterThan(2);
    expect(r.outcomes).toEqual({ M1: ['pending'], M2: ['pending'], M3: ['pending'] });
  });

  it('10: the crash comes after ledger 10 closed full and before the list names 11: broker-2 opens it without a fencing read', () => {
    const r = runOf(scenarioOf('10'));
    expect(rulesOf(r)).toContain('LedgerOpenOp.openWithMetadata:closed');
    expect(textsOf(r, 'broker-2').some((t) => t.includes('fencing read'))).toBe(false);
    expect(textsOf(r, 'sub-consumer').filter((t) => t.startsWith('received'))).toEqual([
      'received 10:0 (M1) from broker-2, acknowledged: mark-delete 10:0',
      'received 11:0 (M2) from broker-2, acknowledged: mark-delete 11:0',
      'received 12:0 (M3) from broker-2, acknowledged: mark-delete 12:0',
    ]);
  });

  it('12: isExceedMaximumMessageSize judges headersAndPayload — 10 framing bytes and the metadata with the payload', () => {
    const r = runOf(scenarioOf('12'));
    const refused = textsOf(r, 'broker-1').filter((t) =>
      t.startsWith('NotAllowedError before dedup'),
    );
    expect(refused).toEqual([
      "NotAllowedError before dedup: 79 bytes, 101 or more with headers and metadata, exceed the topic's max message size 100",
      "NotAllowedError before dedup: 100 bytes, 122 or more with headers and metadata, exceed the topic's max message size 100",
    ]);
  });

  it('21: at exactly 5 MiB the payload check passes and the id is taken; the metadata makes the frame too big (Java isMessageSizeExceeded, Go serializeMessage)', () => {
    const r = runOf(scenarioOf('21'));
    expect(rulesOf(r)).toEqual(
      expect.arrayContaining([
        'ProducerImpl.isMessageSizeExceeded',
        'internal.serializeMessage:message-too-large',
      ]),
    );
    expect(
      [...textsOf(r, 'j'), ...textsOf(r, 'g')].filter((t) => /^(sendAsync|SendAsync) /.test(t)),
    ).toEqual([
      'sendAsync J1 seq 0',
      'sendAsync J2 seq 1',
      'SendAsync G1 seq 0',
      'SendAsync G2 seq 1',
    ]);
    expect(
      r.steps
        .flatMap((s) => s.events)
        .some((e) => e.kind === 'receive' && (e.msgs.includes('J1') || e.msgs.includes('G1'))),
    ).toBe(false);
  });

  it('21: one byte less than 5 MiB minus the least metadata (12 bytes) still passes both clients', () => {
    const s = scenarioOf('21');
    const r = runOf({
      ...s,
      workload: [
        { send: 'J1', producer: 'j', size: 5242868 },
        { send: 'G1', producer: 'g', size: 5242868 },
      ],
    });
    expect(r.stored).toEqual({ local: ['J1', 'G1'] });
  });
});
