// Review 24's scenarios (docs/research/review-24.md): geo-replication with deduplication (the
// replicator's producer, V1 and V2, its reconnects and its source's restarts, two-way links,
// replicateTo), managed-ledger rollover and trimming with dedup snapshots, the purge of inactive
// producers, a bookie restart with an ensemble change next to an ownership change, and seeds 001 /
// 002 with other numbers of messages, producers and fixes. Each comment is the prediction made
// from Pulsar's sources (PersistentReplicator, GeoPersistentReplicator, GeoReplicationProducerImpl,
// MessageDeduplication, ManagedLedgerImpl, LedgerHandle; /work/shared/reference/) before the row
// was run. Rows for `run` (tests/scenarios/unseen-24.test.ts) and searches for `check`
// (tests/explore/unseen-24.test.ts). Only names of scenario-format.md and
// docs/scenario-format-extensions.md are used.
// `npx tsx tests/scenarios/unseen-24.scenarios.ts <dir>` writes them out as files the CLI reads.
import {
  DEDUP_ON,
  EAST_WEST,
  type Json,
  P1_EAST,
  PE_PW,
  QUORUM_222,
  persisted,
  scenarioBook,
  search,
  send,
} from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  linksWith,
  ownershipChange,
  restartBroker,
  SEED_001_RECIPE,
  sends,
  unloadTopic,
} from './rowParts';

const QUIET = { when: 'quiescent' };
const wait = (p = 'p1') => ({ await: p });
const M123 = [...sends('p1', 'M1', 'M2', 'M3'), wait()];
const REPL = 'replicator';
/** One link us-east → us-west with `dedup` (v1 | v2), dedup per cluster, p1 at us-east. */
const link = (
  dedup: string,
  topic: Json,
  workload: Json[],
  faults: Json[] = [],
  extra: Json = {},
) => ({
  clusters: EAST_WEST,
  topic,
  producers: P1_EAST,
  replication: { from: 'us-east', to: 'us-west', dedup },
  workload,
  faults,
  ...extra,
});
const WEST_OFF = { deduplication: { 'us-east': true, 'us-west': false } };
/** E1, E2 waiting at us-east 10:0–10:1 (p1's seq 0, 1): a backlog with no producer to interleave. */
const BACKLOG = {
  'us-east': [
    {
      id: 10,
      messages: [
        { id: 'E1', producer: 'p1', seq: 0 },
        { id: 'E2', producer: 'p1', seq: 1 },
      ],
    },
  ],
};
const backlog = (dedup: string, explore: Json, fixes: string[] = []) => ({
  clusters: EAST_WEST,
  topic: { deduplication: true, ledgers: BACKLOG },
  producers: [],
  replication: { from: 'us-east', to: 'us-west', dedup },
  workload: [],
  fixes,
  explore,
});
/** One cluster `local` on broker-1, broker-2 and `bookies`, ledgers `ledger`, dedup on. */
const onBookies = (
  bookies: string[],
  ledger: Json,
  workload: Json[],
  faults: Json[],
  extra: Json = {},
) => ({
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies }],
  topic: { deduplication: true, ledger },
  producers: [{ name: 'p1' }],
  workload,
  faults,
  ...extra,
});
const THREE_BOOKIES = ['bookie-1', 'bookie-2', 'bookie-3'];
const restartBookie = (bookie: string, after: Json) => ({ kind: 'restart-bookie', bookie, after });
const trim = (after: Json) => ({ kind: 'trim-topic', cluster: 'local', after });
const lose = (message: string, cluster?: string) => ({
  kind: 'lose-receipt',
  message,
  ...(cluster ? { cluster } : {}),
});
/** Seed 001's world (one cluster, two brokers, two bookies 2/2/2, ledger 3 with one entry). */
const seed001 = (dedup: boolean, workload: Json[], fixes: string[] = []) => ({
  clusters: [
    { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
  ],
  topic: { deduplication: dedup, ledger: QUORUM_222, ledgers: { local: [{ id: 3, entries: 1 }] } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload,
  fixes,
  faults: [
    { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M1' },
    ownershipChange('local', 'broker-2', { event: 'received', message: 'M2' }),
  ],
  schedule: SEED_001_RECIPE,
});
/** Seed 002 Issue-1's world: explicit ids, two producers at us-east, the broken channel. */
const seed002 = (
  dedup: string,
  p1: [string, number][],
  p2: [string, number][],
  atSend: number,
  frames: string[],
) => ({
  clusters: EAST_WEST,
  topic: DEDUP_ON,
  producers: [
    { name: 'p1', cluster: 'us-east', sequenceIds: 'explicit' },
    { name: 'p2', cluster: 'us-east', sequenceIds: 'explicit' },
  ],
  replication: { from: 'us-east', to: 'us-west', dedup, start: 'after-workload' },
  workload: [
    ...p1.map(([m, seq]) => send(m, { seq })),
    wait('p1'),
    ...p2.map(([m, seq]) => send(m, { seq }, 'p2')),
    wait('p2'),
  ],
  // As seed 002 (and the PR's test) ends: both topics unload once quiet, closing the broken channel.
  faults: [
    { kind: 'duplicate-frames', producer: REPL, atSend, frames },
    unloadTopic('us-west', QUIET),
    unloadTopic('us-east', QUIET),
  ],
});

/** g20's order: M1, M2 written at us-east and replicated; M2's receipt from us-west lost; the purge. */
const G20_SCHEDULE = [
  'connect:p1',
  'connect:replicator',
  ...['M1', 'M2'].flatMap((m) => [
    `send:p1:${m}`,
    `deliver:p1->broker-1:${m}`,
    `persist:us-east:${m}`,
    `deliver:broker-1->p1:${m}`,
    'read:replicator',
    `deliver:replicator->broker-2:${m}`,
    `persist:us-west:${m}`,
    ...(m === 'M1' ? ['deliver:broker-2->replicator:M1'] : []),
  ]),
  'fault:lose-receipt:M2@us-west',
  'dedup-purge:us-west:pulsar.repl.us-east-->us-west',
];

const SCENARIOS: Record<string, Json> = {
  // ---- the replicator's producer and dedup at the remote (GeoPersistentReplicator, MessageDeduplication) ----
  // g01: V2, dedup on both. The replicator's connection drops once M2 is written at us-west, its
  // receipt lost: ProducerImpl.resendMessages re-sends M2 (and M3) with the same source position;
  // us-west's MessageDeduplication.isDuplicateReplV2 finds 10:1 ≤ its watermark → Dup, -1:-1;
  // GeoReplicationProducerImpl.ackReceivedReplicatedMsg Case 1 (sentinel for the head) completes it.
  // us-west stores M1, M2, M3 once; no violation.
  'u24-g01-v2-replicator-drop-after-write': link('v2', DEDUP_ON, M123, [
    disconnect(REPL, persisted('M2', 'us-west')),
  ]),
  // g02: the same with V1: us-west judges the copy by the original producer p1 and seq 1 (the
  // replicated metadata keeps them) → Dup; once each, no violation.
  'u24-g02-v1-replicator-drop-after-write': link('v1', DEDUP_ON, M123, [
    disconnect(REPL, persisted('M2', 'us-west')),
  ]),
  // g03: V2 link, us-west's dedup off: the resent M2 is written again — us-west stores M1, M2, M2,
  // M3. no-duplicates judges only a topic with dedup on: no violation (at-least-once, Pulsar's contract).
  'u24-g03-v2-west-dedup-off-drop': link('v2', WEST_OFF, M123, [
    disconnect(REPL, persisted('M2', 'us-west')),
  ]),
  // g04: the source topic unloads once M2 is written at us-west, receipt not back: the unload closes
  // the replicator (PersistentReplicator.disconnect → producer close, waited for) and the cursor keeps
  // mark-delete ≤ 10:0; the reload's replicator reads 10:1 again → V2 Dup at us-west. Once; no violation.
  'u24-g04-v2-source-unload-mid-replication': link('v2', DEDUP_ON, M123, [
    unloadTopic('us-east', persisted('M2', 'us-west')),
  ]),
  // g05: the source broker crashes at the same point (restart-broker): the cursor's mark-delete as
  // kept, M2 read again → V2 Dup. Once; no violation.
  'u24-g05-v2-source-crash-mid-replication': link('v2', DEDUP_ON, M123, [
    restartBroker('us-east', persisted('M2', 'us-west')),
  ]),
  // g06: g05 with V1: Dup by (p1, 1) at us-west. Once; no violation.
  'u24-g06-v1-source-crash-mid-replication': link('v1', DEDUP_ON, M123, [
    restartBroker('us-east', persisted('M2', 'us-west')),
  ]),
  // g07: the remote (us-west) crashes with M2 written, receipt not back, V1: the load replays the
  // ledger by original producer (replayCursor), so (p1, 1) is known again → the resend is Dup.
  // Once; no violation (V1 survives a target reload, unlike V2 — #25861).
  'u24-g07-v1-target-crash-mid-replication': link('v1', DEDUP_ON, M123, [
    restartBroker('us-west', persisted('M2', 'us-west')),
  ]),
  // g08: the same with V2: the replay does not rebuild the _LID/_EID watermark (#25861) → the resent
  // 10:1 is NotDup, us-west stores M2 twice: no-duplicates (M2).
  'u24-g08-v2-target-crash-mid-replication': link('v2', DEDUP_ON, M123, [
    restartBroker('us-west', persisted('M2', 'us-west')),
  ]),
  // g09: g08 with pr-25860 (recoverReplWatermarkFromMetadata): the watermark comes back → Dup. Once.
  'u24-g09-v2-target-crash-pr-25860': link(
    'v2',
    DEDUP_ON,
    M123,
    [restartBroker('us-west', persisted('M2', 'us-west'))],
    { fixes: ['pr-25860'] },
  ),
  // g10: two-way V2, dedup on both; the us-east→us-west replicator drops once E1 is written at
  // us-west: E1 re-sent → Dup; W1 replicated east and, being replicated_from, never sent back
  // (GeoPersistentReplicator.replicateEntries deletes it). Each side: E1, W1, E2, W2 once; no violation.
  'u24-g10-two-way-v2-drop': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: linksWith('v2', ['us-east', 'us-west'], ['us-west', 'us-east']),
    workload: [...sends('pe', 'E1', 'E2'), ...sends('pw', 'W1', 'W2'), wait('pe'), wait('pw')],
    faults: [disconnect('replicator:us-east->us-west', persisted('E1', 'us-west'))],
  },
  // g11: two-way V1, the us-west→us-east link's producer drops after W1 is written at us-east:
  // Dup by (pw, 0). Once each side; no violation.
  'u24-g11-two-way-v1-drop': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: linksWith('v1', ['us-east', 'us-west'], ['us-west', 'us-east']),
    workload: [...sends('pe', 'E1'), ...sends('pw', 'W1', 'W2'), wait('pe'), wait('pw')],
    faults: [disconnect('replicator:us-west->us-east', persisted('W1', 'us-east'))],
  },
  // g12: three clusters, us-east → us-west and us-east → eu; M1 replicateTo [us-east, eu], M2 open.
  // The us-west replicator skips 10:0 (replicate_to excludes it) and deletes it; eu gets both.
  // us-west [M2], eu [M1, M2]; no violation.
  'u24-g12-replicate-to-one-of-two-remotes': {
    clusters: [...EAST_WEST, { name: 'eu', brokers: ['broker-3'] }],
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: linksWith('v2', ['us-east', 'us-west'], ['us-east', 'eu']),
    workload: [send('M1', { replicateTo: ['us-east', 'eu'] }), send('M2'), wait()],
    faults: [],
  },
  // g13: g12 plus a drop of the eu link's producer after M2 is written at eu: Dup for the resend; the
  // skip on the other link is untouched. Same stores; no violation.
  'u24-g13-replicate-to-with-drop': {
    clusters: [...EAST_WEST, { name: 'eu', brokers: ['broker-3'] }],
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: linksWith('v2', ['us-east', 'us-west'], ['us-east', 'eu']),
    workload: [send('M1', { replicateTo: ['us-east', 'eu'] }), send('M2'), wait()],
    faults: [disconnect('replicator:us-east->eu', persisted('M2', 'eu'))],
  },
  // g14: disableReplication on M1 in a two-way topic: stored at us-east only; W1 crosses. No violation.
  'u24-g14-two-way-disable-replication': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: linksWith('v2', ['us-east', 'us-west'], ['us-west', 'us-east']),
    workload: [
      send('E1', { disableReplication: true }, 'pe'),
      send('W1', {}, 'pw'),
      wait('pe'),
      wait('pw'),
    ],
    faults: [],
  },
  // g15: the message TTL passes at us-east while M1's replicated send is in flight and M2, M3 are
  // confirmed but unread: the send goes on (M1 stored at us-west), M2 and M3 are mark-deleted by
  // PersistentMessageExpiryMonitor and never sent — no-silent-loss names them expired.
  'u24-g15-ttl-during-replication': link(
    'v2',
    DEDUP_ON,
    M123,
    [expireMessages('us-east', { event: 'sent', message: 'M1', cluster: 'us-west' })],
    { replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' } },
  ),

  // g16: g15 with the replicator started at once and the TTL after M3 is written at us-east: what the
  // replicator read and sent before goes on; what was confirmed but not read yet is mark-deleted by
  // the expiry and never sent — no-silent-loss names each such entry "expired by the message TTL".
  'u24-g16-ttl-unread-backlog': link('v2', DEDUP_ON, M123, [
    expireMessages('us-east', persisted('M3', 'us-east')),
  ]),

  // g17: g08 with a dedup snapshot every entry at us-west: recordMessagePersistedRepl puts the
  // _LID/_EID pair in highestSequencedPersisted, takeSnapshot copies it into pulsar.dedup's properties,
  // and the load's replayCursor starts both maps from them — the watermark survives the crash
  // without pr-25860 (it is lost only for entries after the last snapshot). Once; no violation.
  'u24-g17-v2-target-crash-snapshot-keeps-watermark': link(
    'v2',
    { deduplication: true, deduplicationEntriesInterval: { 'us-west': 1 } },
    M123,
    [restartBroker('us-west', persisted('M2', 'us-west'))],
  ),
  // g18: V2 at us-west with the inactivity purge; the replicator's connection drops once M2 is
  // written there, and the purge runs before it reconnects. purgeInactiveProducers removes the
  // producer's name from both maps — but V2 keeps its watermark under <name>_LID / <name>_EID, which
  // the purge never removes: the resend of 10:1 is still Dup. Once; no violation.
  'u24-g18-v2-purge-keeps-watermark': link(
    'v2',
    { deduplication: true, deduplicationInactivityPurge: true },
    M123,
    [disconnect(REPL, persisted('M2', 'us-west'))],
  ),
  // g19: the same with V1: the maps hold p1 (the original producer), never the replicator's name;
  // the purge of pulsar.repl.us-east removes nothing — Dup. Once; no violation.
  'u24-g19-v1-purge-replicator-name': link(
    'v1',
    { deduplication: true, deduplicationInactivityPurge: true },
    M123,
    [disconnect(REPL, persisted('M2', 'us-west'))],
  ),

  // g20: V2; us-west runs the inactivity purge. M2's receipt from us-west is lost with the
  // replicator's connection (lose-receipt), and the replicator stays away past the timeout:
  // purgeInactiveProducers finds pulsar.repl.us-east inactive, removes that name from both maps (it
  // holds none: V2 keys it <name>_LID/_EID) and, having purged someone, stores a snapshot at the
  // unchanged mark-delete with the maps as they are — the watermark 10:1 included. Then us-west's
  // broker crashes: replayCursor starts from that snapshot, so the resend of 10:1 is Dup. Once.
  'u24-g20-v2-purge-snapshot-then-target-crash': link(
    'v2',
    { deduplication: true, deduplicationInactivityPurge: { 'us-west': true } },
    [...sends('p1', 'M1', 'M2'), wait()],
    [lose('M2', 'us-west'), restartBroker('us-west', { step: 19 })],
    { schedule: G20_SCHEDULE },
  ),

  // ---- rollover, trimming and dedup snapshots (ManagedLedgerImpl, MessageDeduplication) ----
  // l01: bookies 2/2/2, two entries a ledger, a snapshot every 2 entries: the snapshot at 10:1 moves
  // pulsar.dedup's mark-delete to ledger 10's last entry, so a trim once quiet deletes ledger 10; a
  // reload starts from the snapshot {p1=1} and replays 11:0 → p1=2; the application's resend of M2
  // (seq 1) is Dup. Stored [M3] (10 trimmed); M2: stored at 10:1, completed -1:-1; no violation.
  'u24-l01-snapshot-trim-reload-resend': onBookies(
    ['bookie-1', 'bookie-2'],
    QUORUM_222,
    [...M123, send('M2', { seq: 1 }), wait()],
    [trim(QUIET), unloadTopic('local', { event: 'persisted', message: 'M3' })],
    {
      topic: {
        deduplication: true,
        ledger: QUORUM_222,
        maxEntriesPerLedger: 2,
        deduplicationEntriesInterval: 2,
      },
    },
  ),
  // l02: l01 without snapshots: pulsar.dedup stays at its opening position, so the trim deletes
  // nothing ("the slowest durable cursor, pulsar.dedup"); stored M1, M2, M3; the resend is Dup.
  'u24-l02-no-snapshot-trim-held': onBookies(
    ['bookie-1', 'bookie-2'],
    QUORUM_222,
    [...M123, send('M2', { seq: 1 }), wait()],
    [trim(QUIET)],
    { topic: { deduplication: true, ledger: QUORUM_222, maxEntriesPerLedger: 2 } },
  ),
  // l03: abstract storage, a snapshot every entry, one entry a ledger; M3's receipt is lost and the
  // broker crashes: the load starts from the snapshot at M3's entry ({p1=2}) — the resend is Dup.
  // Stored M1, M2, M3 once; M3 completed -1:-1; no violation.
  'u24-l03-snapshot-every-entry-crash': {
    topic: { deduplication: true, maxEntriesPerLedger: 1, deduplicationEntriesInterval: 1 },
    producers: [{ name: 'p1' }],
    workload: M123,
    faults: [lose('M3'), restartBroker('local', persisted('M3'))],
  },
  // l04: the snapshot keeps one producer (cap 1, by name: p1); p2's N1 receipt is lost and the topic
  // unloads after the snapshot at 10:1: the reload knows p1 only and replays after 10:1 — p2's resend
  // of N1 (seq 0) is NotDup: no-duplicates (N1), "p2 is not in the dedup snapshot".
  'u24-l04-snapshot-cap-forgets-p2': {
    topic: {
      deduplication: true,
      deduplicationEntriesInterval: 2,
      deduplicationMaxNumberOfProducers: 1,
    },
    producers: [{ name: 'p1' }, { name: 'p2' }],
    workload: [send('M1'), wait(), send('N1', {}, 'p2'), wait('p2')],
    faults: [lose('N1'), unloadTopic('local', persisted('N1'))],
  },
  // l05: l04 with a cap of 2: both names in the snapshot → Dup; once; no violation.
  'u24-l05-snapshot-cap-two-keeps-p2': {
    topic: {
      deduplication: true,
      deduplicationEntriesInterval: 2,
      deduplicationMaxNumberOfProducers: 2,
    },
    producers: [{ name: 'p1' }, { name: 'p2' }],
    workload: [send('M1'), wait(), send('N1', {}, 'p2'), wait('p2')],
    faults: [lose('N1'), unloadTopic('local', persisted('N1'))],
  },
  // l06: purge enabled but never taken by auto (it is a timer): p1's lost receipt, reconnect,
  // resend → Dup (producerAdded makes p1 active before any purge). Once; no violation.
  'u24-l06-purge-not-due': {
    topic: { deduplication: true, deduplicationInactivityPurge: true },
    producers: [{ name: 'p1' }],
    workload: [...sends('p1', 'M1', 'M2'), wait()],
    faults: [lose('M1')],
  },
  // l07: two producers, p2 gone and purged while p1 keeps its map: p1's lost receipt of M2 → Dup,
  // p2's purge touches only p2. Schedule: p2 writes N1 and its connection drops (N1 answered first),
  // dedup-purge:local:p2, then auto. Stored N1, M1, M2 once; no violation.
  'u24-l07-purge-other-producer': {
    topic: { deduplication: true, deduplicationInactivityPurge: true },
    producers: [{ name: 'p1' }, { name: 'p2' }],
    workload: [send('N1', {}, 'p2'), wait('p2'), ...sends('p1', 'M1', 'M2'), wait()],
    faults: [lose('M2'), disconnect('p2', { event: 'acked', message: 'N1' })],
    schedule: [
      'connect:p1',
      'connect:p2',
      'send:p2:N1',
      'deliver:p2->broker-1:N1',
      'persist:local:N1',
      'deliver:broker-1->p2:N1',
      'fault:disconnect:p2',
      'dedup-purge:local:p2',
    ],
  },

  // ---- bookies: restart, ensemble change, ownership change (LedgerHandle, ManagedLedgerImpl) ----
  // b01: three bookies 2/2/2, bookie-2 restarts with M1 in flight: ensembleChangeLoop picks bookie-3
  // from entry 0, re-sends; then ownership moves to broker-2 once M2 is received: broker-2 recovers
  // the ledger reading its last ensemble [bookie-1, bookie-3], p1 reconnects and resends what is
  // pending → Dup for what was written. M1, M2 once; no violation.
  'u24-b01-ensemble-change-then-ownership': onBookies(
    THREE_BOOKIES,
    QUORUM_222,
    [...sends('p1', 'M1', 'M2'), wait()],
    [
      restartBookie('bookie-2', { event: 'received', message: 'M1' }),
      ownershipChange('local', 'broker-2', { event: 'received', message: 'M2' }),
    ],
  ),
  // b02: two bookies (no spare): bookie-2 restarts with M1 in flight → NotEnoughBookies, the ledger
  // closes at its LAC (-1, empty, dropped) and the managed ledger rolls over, re-sending M1 into 11:0.
  // M1, M2 once; no violation.
  'u24-b02-no-spare-bookie-rollover': onBookies(
    ['bookie-1', 'bookie-2'],
    QUORUM_222,
    [...sends('p1', 'M1', 'M2'), wait()],
    [restartBookie('bookie-2', { event: 'received', message: 'M1' })],
  ),
  // b03: three bookies, ensemble 3 / write 2 / ack 2 (striping), M1..M3, bookie-3 restarts once M2 is
  // received, then the broker crashes once quiet: recovery of the striped ledger finds every entry.
  // M1, M2, M3 once; no violation.
  'u24-b03-striped-bookie-restart-then-crash': onBookies(
    THREE_BOOKIES,
    { ensemble: 3, writeQuorum: 2, ackQuorum: 2 },
    M123,
    [
      restartBookie('bookie-3', { event: 'received', message: 'M2' }),
      restartBroker('local', QUIET),
    ],
  ),

  // ---- seed 001 and seed 002, varied ----
  // s01: seed 001 with dedup on: the managed ledger's own re-send of M1, M2 into ledger 4 passes no
  // dedup check (OpAddEntry is re-queued below MessageDeduplication); the record/close mismatch is the
  // seed's: ledger-entries-match; stored 3:0, M1, M2 (the M1 at 3:1 unread).
  'u24-s01-seed-001-dedup-on': seed001(true, sends('p1', 'M1', 'M2')),
  // s02: s01 with pr-24722: the ledger is re-read as recovered (2 entries), so 3:1 (M1) is readable
  // and the managed ledger's re-send wrote M1 again at 4:0 — dedup never saw that write:
  // no-duplicates (M1), stored 3:0, M1, M1, M2.
  'u24-s02-seed-001-dedup-on-pr-24722': seed001(true, sends('p1', 'M1', 'M2'), ['pr-24722']),
  // s03: seed 001 with a third message: M3 follows into ledger 4 after M2: ledger-entries-match;
  // stored 3:0, M1, M2, M3.
  'u24-s03-seed-001-three-messages': seed001(false, sends('p1', 'M1', 'M2', 'M3')),
  // s04: seed 002 Issue-1 with three messages a producer: pending seqs [0,1,2,0,1,2]; the broken
  // channel writes M1, M2, M3 in place of the 4th send; their Dup receipts match M4, M5, M6 by seq
  // (V1 matching): no-silent-loss (M4, M5, M6); us-west stores M1, M2, M3.
  'u24-s04-seed-002-three-each-v1': seed002(
    'v1',
    [
      ['M1', 0],
      ['M2', 1],
      ['M3', 2],
    ],
    [
      ['M4', 0],
      ['M5', 1],
      ['M6', 2],
    ],
    4,
    ['M1', 'M2', 'M3'],
  ),
  // s05: s04 with V2: the Dup receipts carry source positions 10:0–10:2, not M4's 10:3
  // (ackReceivedReplicatedMsg Case 2/3: the head is not completed), the replicator reconnects and
  // re-sends: us-west stores all six; no violation.
  'u24-s05-seed-002-three-each-v2': seed002(
    'v2',
    [
      ['M1', 0],
      ['M2', 1],
      ['M3', 2],
    ],
    [
      ['M4', 0],
      ['M5', 1],
      ['M6', 2],
    ],
    4,
    ['M1', 'M2', 'M3'],
  ),
  // s06: one frame: p1 M1, M2; p2 M3 (seq 0); the channel re-writes M1 in place of the 3rd send:
  // its Dup receipt (seq 0) completes M3 (V1): no-silent-loss (M3); us-west M1, M2.
  'u24-s06-seed-002-one-frame-v1': seed002(
    'v1',
    [
      ['M1', 0],
      ['M2', 1],
    ],
    [['M3', 0]],
    3,
    ['M1'],
  ),
  // s07: three producers would need p3 — instead p2's ids start above p1's (seq 5, 6): the re-written
  // M1, M2 receipts (seq 0, 1) match no pending head by seq (ProducerImpl.ackReceived: lower than the
  // head → ignored as a duplicate receipt), the channel drops the rest, the reconnect re-sends M3, M4:
  // us-west M1, M2, M3, M4; no violation.
  'u24-s07-seed-002-disjoint-seqs-v1': seed002(
    'v1',
    [
      ['M1', 0],
      ['M2', 1],
    ],
    [
      ['M3', 5],
      ['M4', 6],
    ],
    3,
    ['M1', 'M2'],
  ),

  // ---- searches (check) ----
  // x01: V2 backlog E1, E2, a replicator drop anywhere (1): resends are Dup — holds.
  'u24-x01-v2-drop-search': backlog('v2', search(['disconnect'], 1)),
  // x02: V2, an unload of either topic anywhere (1): the target's reload loses the watermark —
  // no-duplicates.
  'u24-x02-v2-unload-search': backlog('v2', search(['unload-topic:topic'], 1)),
  // x03: x02 with pr-25860 — holds.
  'u24-x03-v2-unload-pr-25860-search': backlog('v2', search(['unload-topic:topic'], 1), [
    'pr-25860',
  ]),
  // x04: x02 with V1: the replay rebuilds (p1, seq) — holds.
  'u24-x04-v1-unload-search': backlog('v1', search(['unload-topic:topic'], 1)),
  // x05: x02 with a dedup snapshot every entry at us-west: the snapshot holds the _LID/_EID pair, the
  // reload starts from it — holds.
  'u24-x05-v2-unload-snapshot-search': {
    ...backlog('v2', search(['unload-topic:topic'], 1)),
    topic: {
      deduplication: true,
      ledgers: BACKLOG,
      deduplicationEntriesInterval: { 'us-west': 1 },
    },
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-24.scenarios.ts', '/tmp/unseen-24');
