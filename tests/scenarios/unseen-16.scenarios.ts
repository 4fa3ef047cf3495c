// Review 16's unseen scenarios (docs/research/review-16.md): features mixed in ways no review had —
// the message TTL after an ownership change, delayed chunked messages through replication, a
// producerName taken over across a broker crash, two-way replication with dedup switched on while
// it runs, Go batching with a send timeout and an unload, a rollover during a bookie crash, shared
// connections with one producer removed, replicate_to into a V1 remote while the source restarts.
// Rows for `run` (tests/scenarios/unseen-16.test.ts) and searches for `check`
// (tests/explore/unseen-16.test.ts); `npx tsx tests/scenarios/unseen-16.scenarios.ts <dir>` writes
// them out as files the CLI reads.
import {
  AWAIT,
  DEDUP_ON,
  EAST_TO_WEST,
  EAST_WEST,
  P1_EAST,
  PE_PW,
  persisted,
  QUORUM_222,
  scenarioBook,
  send,
  TWO_WAY,
} from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  P1_EAST_DEDUP_ON,
  received,
  restartBroker,
  TWO_BOOKIES,
  unloadTopic,
} from './rowParts';

const search = (kinds: string[], max: number, maxDepth = 80) => ({
  faults: { kinds, max },
  maxDepth,
});
/** 6,000,000 bytes: two chunks (5,242,868 per chunk). */
const BIG = 6_000_000;
/** us-east on two bookies with a second broker to take it over; us-west abstract. */
const EAST_BOOKIES_WEST = [
  { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: TWO_BOOKIES },
  { name: 'us-west', brokers: ['broker-2'] },
];
const BOOKIES = (n: number, brokers = ['broker-1']) => [
  { name: 'local', brokers, bookies: Array.from({ length: n }, (_, i) => `bookie-${i + 1}`) },
];

/** Three sends on `bookies` bookies (E=W=A=2), `perLedger` entries a ledger; bookie-2 restarts
 * when `message` is received. */
const rolloverWithBookie2Restart = (bookies: number, perLedger: number, message: string) => ({
  clusters: BOOKIES(bookies),
  topic: { deduplication: true, ledger: QUORUM_222, maxEntriesPerLedger: perLedger },
  producers: [{ name: 'p1' }],
  workload: [send('M1'), send('M2'), send('M3'), AWAIT],
  faults: [{ kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message } }],
});
/** p1 and p2 on one PulsarClient `app` (one connection), Java or Go. */
const JAVA_APP_P1_P2 = [
  { name: 'p1', pulsarClient: 'app' },
  { name: 'p2', pulsarClient: 'app' },
];
const GO_APP_P1_P2 = JAVA_APP_P1_P2.map((p) => ({
  name: p.name,
  client: 'go',
  pulsarClient: 'app',
}));
/** p1's M1 over a 1,000-byte maxMessageSize, then p2's N1, p1's M2, p2's N2. */
const M1_OVER_THE_LIMIT_N1_M2_N2 = [
  send('M1', { size: 2000 }),
  send('N1', {}, 'p2'),
  send('M2', { size: 10 }),
  send('N2', {}, 'p2'),
];

export const SCENARIOS: Record<string, Record<string, unknown>> = {
  // ---- the message TTL with replication and an ownership change ----
  // Source on bookies, the replicator waits for the workload; ownership moves to broker-3 after M2, M3 is written by broker-3 into ledger 11, then the TTL passes: the new owner's replicator cursor (from the persisted mark-delete, nothing replicated) is expired to 11:0 — M1, M2 and M3 never reach us-west.
  'u16-t01-ttl-after-ownership-change': {
    clusters: EAST_BOOKIES_WEST,
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: P1_EAST,
    replication: { ...EAST_TO_WEST, start: 'after-workload' },
    workload: [send('M1'), send('M2'), AWAIT, send('M3'), AWAIT],
    faults: [
      ownershipChange('us-east', 'broker-3', persisted('M2', 'us-east')),
      expireMessages('us-east', persisted('M3', 'us-east')),
    ],
  },
  // The TTL passes at the remote, where a subscription reads: only that subscription's cursor moves; the replicator (whose cursor is at the source) and dedup are untouched.
  'u16-t02-ttl-at-remote-subscription': {
    ...P1_EAST_DEDUP_ON,
    replication: EAST_TO_WEST,
    subscriptions: [{ name: 'sub', cluster: 'us-west' }],
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [expireMessages('us-west', persisted('M2', 'us-west'))],
  },
  // Two-way, the us-east→us-west link waits for the workload; the TTL passes at us-east once W1 is written at us-west (before it crosses): E1, E2 expire on the us-east→us-west cursor (lost for us-west); W1 then crosses to us-east and is deleted unsent there (replicated_from), owed to nobody.
  'u16-t03-two-way-ttl-one-side': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: [
      { from: 'us-east', to: 'us-west', start: 'after-workload' },
      { from: 'us-west', to: 'us-east' },
    ],
    workload: [
      send('E1', {}, 'pe'),
      send('E2', {}, 'pe'),
      send('W1', {}, 'pw'),
      { await: 'pe' },
      { await: 'pw' },
    ],
    faults: [expireMessages('us-east', persisted('W1', 'us-west'))],
  },
  // The TTL passes with a subscription, then the topic unloads and the application resends M2 with its own seq 1: the dedup cursor is not a subscription, so the reload's replay still knows (p1, 1) — Dup.
  'u16-t04-ttl-then-unload-dedup-remembers': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1' }],
    subscriptions: [{ name: 'sub', cluster: 'local' }],
    workload: [send('M1'), send('M2'), AWAIT, send('M2', { seq: 1 }), AWAIT],
    faults: [
      { kind: 'expire-messages', cluster: 'local', after: { event: 'acked', message: 'M2' } },
      { kind: 'unload-topic', cluster: 'local', after: { step: 12 } },
    ],
  },

  // Java chunking (pr-20948) replicated V2: the replicator has read and sent only the first chunk when the last is written, then the TTL passes: the last chunk is expired unsent, so M1 never assembles at us-west — a loss the TTL makes, owed as one message.
  'u16-t05-ttl-between-replicated-chunks': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', chunking: true }],
    replication: EAST_TO_WEST,
    workload: [send('M1', { size: BIG }), AWAIT],
    fixes: ['pr-20948'],
    faults: [{ kind: 'expire-messages', cluster: 'us-east', after: { step: 9 } }],
    schedule: [
      'connect:p1',
      'connect:replicator',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:us-east:M1[1/2]',
      'read:replicator',
      'deliver:p1->broker-1:M1[2/2]',
      'persist:us-east:M1[2/2]',
      'deliver:broker-1->p1:M1',
    ],
  },
  // ---- delayed delivery, chunking and replication ----
  // Java chunking, a delayed 6 MB M1, V1 dedup on both clusters, pr-20948: each chunk is replicated as its own op; us-west passes the first chunk and takes the last as NotDup; M1 assembles on both.
  'u16-b01-java-chunk-delay-v1': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', chunking: true }],
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [send('M1', { size: BIG, deliverAfter: 5000 }), AWAIT],
    fixes: ['pr-20948'],
  },
  // Go chunking, a delayed M1 for [us-east] only, then M2: every chunk carries the message's metadata (internalSend shares sr.mm), so both chunk entries are skipped; M2 crosses.
  'u16-b02-go-chunk-delay-replicate-local': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', client: 'go', chunking: true }],
    replication: EAST_TO_WEST,
    workload: [
      send('M1', { size: BIG, deliverAfter: 5000, replicateTo: ['us-east'] }),
      send('M2'),
      AWAIT,
    ],
    fixes: ['pr-20948'],
  },
  // Java chunking, delayed, V2; us-west unloads once the first chunk is written there: the replicator's close comes behind the receipt, which deletes chunk 0; the last chunk is resent and is NotDup (no watermark after the replay, #25861, but nothing to repeat): M1 assembles once at us-west.
  'u16-b03-chunk-delay-v2-target-unload': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', chunking: true }],
    replication: EAST_TO_WEST,
    workload: [send('M1', { size: BIG, deliverAfter: 5000 }), AWAIT],
    fixes: ['pr-20948'],
    faults: [unloadTopic('us-west', persisted('M1', 'us-west'))],
  },

  // ---- producerName taken over across a broker crash ----
  // pa and pb share producerName "app". pa's M2 is on the wire when the broker crashes; pb is created while pa's connection is gone: ProducerSuccess(last_sequence_id 0) seeds it at 1, N1 is (app, 1). pa's reconnect is ProducerBusy until pb's connection drops; then pa resends M2 as (app, 1): Dup, -1:-1, not stored.
  'u16-n01-name-takeover-broker-crash': {
    topic: DEDUP_ON,
    producers: [
      { name: 'pa', producerName: 'app' },
      { name: 'pb', producerName: 'app' },
    ],
    workload: [send('M1', {}, 'pa'), send('M2', {}, 'pa'), send('N1', {}, 'pb')],
    faults: [
      restartBroker('local', received('M2')),
      { kind: 'disconnect', producer: 'pb', after: { event: 'acked', message: 'N1' } },
    ],
    schedule: [
      'connect:pa',
      'send:pa:M1',
      'deliver:pa->broker-1:M1',
      'persist:local:M1',
      'deliver:broker-1->pa:M1',
      'send:pa:M2',
      'deliver:pa->broker-1:M2',
      'fault:restart-broker:local',
      'connect:pb',
    ],
  },
  // The same with two Go producers: grabCnx seeds the sequence id only when it has none, so pb starts at 1 and pa's resent M2 is Dup.
  'u16-n02-name-takeover-go': {
    topic: DEDUP_ON,
    producers: [
      { name: 'pa', producerName: 'app', client: 'go' },
      { name: 'pb', producerName: 'app', client: 'go' },
    ],
    workload: [send('M1', {}, 'pa'), send('M2', {}, 'pa'), send('N1', {}, 'pb')],
    faults: [
      restartBroker('local', received('M2')),
      { kind: 'disconnect', producer: 'pb', after: { event: 'acked', message: 'N1' } },
    ],
    schedule: [
      'connect:pa',
      'send:pa:M1',
      'deliver:pa->broker-1:M1',
      'persist:local:M1',
      'deliver:broker-1->pa:M1',
      'send:pa:M2',
      'deliver:pa->broker-1:M2',
      'fault:restart-broker:local',
      'connect:pb',
    ],
  },
  // On bookies: the broker crashes as soon as M2 is received; its adds still reach both bookies, so recovery keeps M2 at 10:1, pb is seeded from last_sequence_id 1 and N1 is (app, 2) in ledger 11; pa's resent M2 is Dup: stored, nothing lost.
  'u16-n03-name-takeover-bookies-kept': {
    clusters: BOOKIES(2),
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [
      { name: 'pa', producerName: 'app' },
      { name: 'pb', producerName: 'app' },
    ],
    workload: [send('M1', {}, 'pa'), send('M2', {}, 'pa'), send('N1', {}, 'pb')],
    faults: [
      restartBroker('local', received('M2')),
      { kind: 'disconnect', producer: 'pb', after: { event: 'acked', message: 'N1' } },
    ],
    schedule: [
      'connect:pa',
      'send:pa:M1',
      'deliver:pa->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'deliver:broker-1->bookie-2:10:0',
      'deliver:bookie-2->broker-1:10:0',
      'deliver:broker-1->pa:M1',
      'send:pa:M2',
      'deliver:pa->broker-1:M2',
      'fault:restart-broker:local',
      'deliver:broker-1->bookie-2:10:1',
      'deliver:bookie-2->broker-1:10:1',
      'deliver:broker-1->bookie-1:10:1',
      'deliver:bookie-1->broker-1:10:1',
      'deliver:broker-1->bookie-1:fence-10',
      'deliver:bookie-1->broker-1:fence-10',
      'metadata:broker-1:ledgers',
      'connect:pb',
    ],
  },

  // ---- two-way replication with dedup switched on while it runs ----
  // Two-way V2, dedup off on both; us-west switches dedup on once E1 is stored there. Recovering, then the replay; every message once on each side.
  'u16-w01-two-way-dedup-on-midrun': {
    clusters: EAST_WEST,
    topic: { deduplication: false },
    producers: PE_PW,
    replication: TWO_WAY,
    workload: [
      send('E1', {}, 'pe'),
      send('E2', {}, 'pe'),
      send('W1', {}, 'pw'),
      { await: 'pe' },
      { await: 'pw' },
    ],
    faults: [
      {
        kind: 'set-deduplication',
        cluster: 'us-west',
        enabled: true,
        after: persisted('E1', 'us-west'),
      },
    ],
  },
  // Two-way V2, dedup on at us-east only; us-west switches it on once E1 is stored there, and the us-east→us-west replicator's connection drops before E1's receipt: the new dedup cursor starts at 20:0, the replay finds nothing after it, and the resend is NotDup — E1 twice at us-west, the second copy after the cursor, which no-duplicates reports by design (dedup-toggle.md).
  'u16-w02-two-way-dedup-on-resend': {
    clusters: EAST_WEST,
    topic: { deduplication: { 'us-east': true, 'us-west': false } },
    producers: PE_PW,
    replication: TWO_WAY,
    workload: [send('E1', {}, 'pe'), send('W1', {}, 'pw'), { await: 'pe' }, { await: 'pw' }],
    faults: [
      {
        kind: 'set-deduplication',
        cluster: 'us-west',
        enabled: true,
        after: persisted('E1', 'us-west'),
      },
      disconnect('replicator:us-east->us-west', persisted('E1', 'us-west')),
    ],
  },
  // Two-way V1 with producerName "app" on both sides (the geo-two-way-v1-same-name trap), dedup off at us-east and switched on there after W1 is replicated in: the new dedup cursor starts after it, so E1 (app, 0) is NotDup at us-east; us-west (dedup on) already took E... (see the row).
  'u16-w03-two-way-v1-same-name-switch-on': {
    clusters: EAST_WEST,
    topic: { deduplication: { 'us-east': false, 'us-west': true } },
    producers: [
      { name: 'pe', cluster: 'us-east', producerName: 'app' },
      { name: 'pw', cluster: 'us-west', producerName: 'app' },
    ],
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v1' },
      { from: 'us-west', to: 'us-east', dedup: 'v1' },
    ],
    workload: [send('W1', {}, 'pw'), { await: 'pw' }, send('E1', {}, 'pe'), { await: 'pe' }],
    faults: [
      {
        kind: 'set-deduplication',
        cluster: 'us-east',
        enabled: true,
        after: persisted('W1', 'us-east'),
      },
    ],
  },

  // ---- Go batching, a send timeout and a topic unload ----
  // Go batching (2), dedup on: [M1, M2] reaches the broker, the topic unloads before it is written (the write fails unanswered); the reconnect resends the item, it is written into ledger 11, and the send timer fires before the receipt: M1, M2 fail with ErrSendTimeout though stored; the late receipt is ignored; [M3, M4] stored.
  'u16-g01-go-batch-timeout-unload': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2'), AWAIT, send('M3'), send('M4'), AWAIT],
    faults: [
      unloadTopic('local', received('M1')),
      { kind: 'send-timeout', message: 'M1', after: persisted('M1') },
    ],
  },
  // Go batching (2), the timer fails [M1, M2] while it is still on the wire, then the topic unloads: the broker reads the frame before its close, stores it; the client's queue no longer has it, nothing is resent; M3, M4 follow.
  'u16-g02-go-batch-timeout-then-unload': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2'), send('M3'), send('M4'), AWAIT],
    faults: [
      { kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M1' } },
      unloadTopic('local', persisted('M1')),
    ],
  },
  // Go batching (2) on bookies with two brokers: ownership moves while [M1, M2] is being written by the old owner, which completes it before broker-2's fencing read; M3 then reaches the old owner, its add is fenced, the producer is closed and reconnects to broker-2, which stores M3 in ledger 11. Each message once.
  'u16-g03-go-batch-ownership-change': {
    clusters: BOOKIES(2, ['broker-1', 'broker-2']),
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2'), send('M3'), AWAIT],
    faults: [ownershipChange('local', 'broker-2', received('M1'))],
  },

  // ---- maxEntriesPerLedger rollover during a bookie crash ----
  // Three bookies, E=W=A=2, two entries per ledger: bookie-2 restarts with M2's add in flight; the ensemble changes to bookie-3 from 10:1, M2 is re-sent there and fills ledger 10, which closes and rolls over; M3 is 11:0.
  'u16-l01-rollover-during-ensemble-change': {
    ...rolloverWithBookie2Restart(3, 2, 'M2'),
  },
  // Two bookies (no spare): the same crash is NotEnoughBookies; ledger 10 closes at its LAC (M1), the managed ledger rolls over and M2 goes to 11:0, M3 to 11:1, which fills ledger 11 and rolls it over again.
  'u16-l02-rollover-no-spare-bookie': {
    ...rolloverWithBookie2Restart(2, 2, 'M2'),
  },
  // Three bookies, one entry per ledger: each message fills its ledger and rolls it over; bookie-2 restarts while M3's add to ledger 12 is in flight: an ensemble change inside the newest ledger (bookie-3 from 12:0), and M3 is stored there.
  'u16-l03-rollover-then-crash-in-new-ledger': {
    ...rolloverWithBookie2Restart(3, 1, 'M3'),
  },

  // ---- shared connections with one producer removed ----
  // One Go client, p1 and p2. p1's M1 is over the topic's maxMessageSize: NotAllowedError only removes p1 from the connection (connection.handleSendError); p1's M2 is stored but its receipt has no listener; p2's N1, N2 go on over the same connection.
  'u16-s01-shared-go-not-allowed': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: GO_APP_P1_P2,
    workload: M1_OVER_THE_LIMIT_N1_M2_N2,
  },
  // The same with a Java client: recoverNotAllowedError fails M1 alone; the connection and both producers go on.
  'u16-s02-shared-java-not-allowed': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: JAVA_APP_P1_P2,
    workload: M1_OVER_THE_LIMIT_N1_M2_N2,
  },
  // One Java client, the topic unloads once M1 is written: CommandCloseProducer for each producer behind the receipts, the connection stays; both reconnect and resend what is pending; nothing twice.
  'u16-s03-shared-unload': {
    topic: DEDUP_ON,
    producers: JAVA_APP_P1_P2,
    workload: [send('M1'), send('N1', {}, 'p2'), send('M2'), send('N2', {}, 'p2')],
    faults: [unloadTopic('local', persisted('M1'))],
  },
  // One Go client: after p1 was removed by a NotAllowedError the connection drops; ClientCnx's close tells only the listeners it still has, so p2 reconnects and p1 never does.
  'u16-s04-shared-go-removed-then-drop': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: GO_APP_P1_P2,
    workload: M1_OVER_THE_LIMIT_N1_M2_N2,
    faults: [disconnect('p2', persisted('N1'))],
  },

  // One Java client: the connection drops while M1's write is pending; p1's resend reaches the broker before the write completes: Unknown, PersistenceError — ClientCnx.handleSendError (PR 23038, the review's master) reconnects p1 alone, p2's connection stays; the next resend is Dup (-1:-1, stored), N1 stored once.
  'u16-s05-shared-java-persistence-error': {
    topic: DEDUP_ON,
    fixes: ['pr-23038'],
    producers: JAVA_APP_P1_P2,
    workload: [send('M1'), send('N1', {}, 'p2'), AWAIT, { await: 'p2' }],
    faults: [disconnect('p1', received('M1'))],
    schedule: [
      'connect:p1',
      'connect:p2',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'fault:disconnect:p1',
      'connect:p2',
      'connect:p1',
      'deliver:p1->broker-1:M1',
    ],
  },
  // ---- replicate_to into a V1 remote while the source restarts ----
  // V1, dedup on both; M1 for [us-east, us-west], M2 disabled, M3; the source broker crashes once M1 is stored at us-west (its receipt to the replicator is lost with the process): the restarted broker's replicator resends M1, us-west's V1 answers Dup (p1, 0), M2 is skipped, M3 crosses once.
  'u16-r01-v1-replicate-to-source-restart': {
    ...P1_EAST_DEDUP_ON,
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [
      send('M1', { replicateTo: ['us-east', 'us-west'] }),
      send('M2', { disableReplication: true }),
      send('M3'),
      AWAIT,
    ],
    faults: [restartBroker('us-east', persisted('M1', 'us-west'))],
  },
  // Go batching (3), V1, dedup on both; M2 with replication clusters is sent alone ahead of [M1] (#1407); the source crashes once M2 is stored; after the reload [M1, M3] arrives with first id 0 ≤ 1: Dup, M1 and M3 lost; M2 reaches us-west.
  'u16-r02-go-replicate-to-batch-source-restart': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', client: 'go', batching: { maxMessages: 3 } }],
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [send('M1'), send('M2', { replicateTo: ['us-east', 'us-west'] }), send('M3'), AWAIT],
    faults: [restartBroker('us-east', persisted('M2', 'us-east'))],
  },
  // V1 into us-west, whose broker crashes with M1 written there: its replay rebuilds (p1, 0) from the entry's original producer name, the resend is Dup; M2 (us-east only) is skipped; nothing twice.
  'u16-r03-v1-remote-restart': {
    ...P1_EAST_DEDUP_ON,
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [
      send('M1', { replicateTo: ['us-west'] }),
      send('M2', { replicateTo: ['us-east'] }),
      send('M3'),
      AWAIT,
    ],
    faults: [restartBroker('us-west', persisted('M1', 'us-west'))],
  },

  // ---- other mixes ----
  // Java chunking on bookies, pr-20948; ownership moves once the first chunk is written. On auto's order broker-1 finishes the last chunk's add before broker-2's fencing read reaches a bookie, so recovery keeps both chunks and M1 is stored whole (m01b fences first).
  'u16-m01-chunk-ownership-change': {
    clusters: BOOKIES(2, ['broker-1', 'broker-2']),
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', { size: BIG }), AWAIT],
    fixes: ['pr-20948'],
    faults: [ownershipChange('local', 'broker-2', persisted('M1'))],
  },
  // The same takeover with broker-2's fencing read reaching bookie-1 before broker-1's add of the last chunk: recovery closes ledger 10 with chunk 0 only and its replay records (p1, 0) from it; broker-1's add is fenced, p1 is closed and resends the last chunk to broker-2: Dup, -1:-1, M1 lost — the c09 gap of review 15 (the merged PR 20948 leaves it) through a takeover.
  'u16-m01b-chunk-ownership-change-fenced': {
    clusters: BOOKIES(2, ['broker-1', 'broker-2']),
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', { size: BIG }), AWAIT],
    fixes: ['pr-20948'],
    faults: [ownershipChange('local', 'broker-2', persisted('M1'))],
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p1->broker-1:M1[2/2]',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'deliver:broker-1->bookie-2:10:0',
      'deliver:bookie-2->broker-1:10:0',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-1->p1:M1',
      'deliver:broker-2->bookie-1:fence-10',
      'deliver:bookie-1->broker-2:fence-10',
    ],
  },
  // Go chunking, pr-20948: the send timer fails the first chunk's item (sendRequest.done runs no callback for a non-last chunk); that chunk's late receipt is then matched by sequence id to the last chunk's item (ReceivedSendReceipt compares ids only) and completes M1 at 10:0 before the last chunk is written — a success the topic cannot yet back; the last chunk is stored afterwards.
  'u16-m02-go-chunk-timeout-first-chunk': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', chunking: true }],
    workload: [send('M1', { size: BIG }), AWAIT],
    fixes: ['pr-20948'],
    faults: [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M1' } }],
  },
  // Dedup switched off once M1 is written, and M1's receipt lost: the resend is written again (dedup off promises nothing), two copies of M1, no-duplicates does not apply.
  'u16-m03-dedup-off-midrun-lost-receipt': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2'), AWAIT],
    faults: [
      { kind: 'set-deduplication', cluster: 'local', enabled: false, after: persisted('M1') },
      { kind: 'lose-receipt', message: 'M1' },
    ],
  },
  // Java, abstract storage: the broker crashes with M2 received but not written, and the send timer fires while the topic is down: failPendingMessages fails M2; the reconnect has nothing to resend; M2 is never stored and is told failed.
  'u16-m04-restart-broker-send-timeout': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2'), AWAIT, send('M3'), AWAIT],
    faults: [
      restartBroker('local', received('M2')),
      { kind: 'send-timeout', message: 'M2', after: received('M2') },
    ],
  },
  // Java chunking on a shared client with p2, pr-20948: the connection drops once chunk 0 is written (chunk 1 in flight); both reconnect and p1 resends both chunks; chunk 0 is written again (a non-last chunk is not checked), the last is NotDup: M1 assembles once. p2 had sent nothing yet (its generator is still 0, so the reconnect seeds it).
  'u16-m05-chunk-shared-connection-drop': {
    topic: DEDUP_ON,
    producers: [
      { name: 'p1', pulsarClient: 'app', chunking: true },
      { name: 'p2', pulsarClient: 'app' },
    ],
    workload: [send('M1', { size: BIG }), send('N1', {}, 'p2'), AWAIT, { await: 'p2' }],
    fixes: ['pr-20948'],
    faults: [disconnect('p1', persisted('M1'))],
  },
  // Two-way V2, Java chunking at us-east with pr-20948: M1's chunks are replicated to us-west as chunks; us-west's replicator deletes them unsent (replicated_from); W1 crosses to us-east.
  'u16-m06-two-way-chunked': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [
      { name: 'pe', cluster: 'us-east', chunking: true },
      { name: 'pw', cluster: 'us-west' },
    ],
    replication: TWO_WAY,
    workload: [
      send('M1', { size: BIG }, 'pe'),
      send('W1', {}, 'pw'),
      { await: 'pe' },
      { await: 'pw' },
    ],
    fixes: ['pr-20948'],
  },

  // Java chunking with explicit ids, pr-20948: the application sends M1 again with the same seq after it is stored: the first chunk is not checked and is written again (an orphan a consumer discards), the last is Dup: -1:-1, which is true — M1 is stored once.
  'u16-m07-chunk-explicit-resend': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', chunking: true, sequenceIds: 'explicit' }],
    workload: [send('M1', { size: BIG, seq: 7 }), AWAIT, send('M1', { size: BIG, seq: 7 }), AWAIT],
    fixes: ['pr-20948'],
  },

  // ---- explorer searches ----
  'u16-x01-two-way-dedup-switches': {
    clusters: EAST_WEST,
    topic: { deduplication: false },
    producers: PE_PW,
    replication: TWO_WAY,
    workload: [send('E1', {}, 'pe')],
    explore: search(['set-deduplication'], 1),
  },
  'u16-x02-name-takeover': {
    topic: DEDUP_ON,
    producers: [
      { name: 'pa', producerName: 'app' },
      { name: 'pb', producerName: 'app' },
    ],
    workload: [send('M1', {}, 'pa'), send('N1', {}, 'pb')],
    explore: search(['disconnect'], 2),
  },
  'u16-x03-go-batch-timeout-unload': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2')],
    explore: search(['send-timeout', 'unload-topic'], 2),
  },
  'u16-x04-rollover-bookie-restart': {
    clusters: BOOKIES(3),
    topic: { deduplication: true, ledger: QUORUM_222, maxEntriesPerLedger: 1 },
    producers: [{ name: 'p1' }],
    workload: [send('M1'), send('M2')],
    explore: search(['restart-bookie'], 1),
  },
  'u16-x05-go-chunk-timeout-drop': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', chunking: true }],
    workload: [send('M1', { size: BIG })],
    explore: search(['send-timeout', 'disconnect'], 2, 40),
  },
  'u16-x06-shared-unload-lost-receipt': {
    topic: DEDUP_ON,
    producers: JAVA_APP_P1_P2,
    workload: [send('M1'), send('N1', {}, 'p2')],
    explore: search(['unload-topic', 'lose-receipt'], 1),
  },
  'u16-x07-v1-replicate-to-source-crash': {
    ...P1_EAST_DEDUP_ON,
    replication: { ...EAST_TO_WEST, dedup: 'v1' },
    workload: [
      send('M1', { replicateTo: ['us-east', 'us-west'] }),
      send('M2', { disableReplication: true }),
    ],
    explore: search(['restart-broker'], 1),
  },
  'u16-x08-ttl-ownership-change': {
    clusters: EAST_BOOKIES_WEST,
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1')],
    explore: search(['ownership-change', 'expire-messages'], 1),
  },
  'u16-x09-chunk-ownership-change': {
    clusters: BOOKIES(1, ['broker-1', 'broker-2']),
    topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', { size: BIG })],
    explore: search(['ownership-change'], 1),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-16.scenarios.ts', '/tmp/u16');
