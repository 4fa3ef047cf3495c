// Review 26's scenarios (docs/research/review-26.md): contract-only variations of every seed family,
// written as a customer would write them from /work/shared/design/scenario-format.md and the seeds
// alone, sessions 14–23 having changed many rules since review 18 did the same. Counts, the client
// (Java / Go), batching and its limit, V1 / V2, which cluster deduplicates, where the fault lands and
// which fault, the step order through a schedule, restarts and topology faults. Each comment is the
// prediction made from Pulsar's sources (ProducerImpl, GeoReplicationProducerImpl, PersistentReplicator,
// MessageDeduplication, ManagedLedgerImpl, LedgerHandle, pulsar-client-go partitionProducer;
// /work/shared/reference/) before the row was run. Only contract names are used, except where a
// comment says which one extension a row mixes in (seed 002's closing unload `when: quiescent`).
// Rows for `run` (tests/scenarios/unseen-26.test.ts) and searches for `check`, each with and without
// the seed's fix (tests/explore/unseen-26.test.ts).
// `npx tsx tests/scenarios/unseen-26.scenarios.ts <dir>` writes them out as files the CLI reads.
import { EAST_WEST, type Json, scenarioBook, search, send } from './reviewScenarios';
import {
  disconnect,
  ownershipChange,
  received,
  restartBroker,
  TWO_BOOKIES,
  unloadTopic,
} from './rowParts';

const wait = (p = 'p1') => ({ await: p });
const flush = (p = 'p1') => ({ flush: p });
const QUIET = { when: 'quiescent' };

// ---- seed 000: the V2 replicator's head-of-queue failure at us-west ----
/** Seed 000's world: p1 writes `entries` at us-east after ledger 10's three entries, the replicator
 * starts after the workload (so it pipelines them), us-west deduplicates. */
const seed000 = (entries: string[], faults: Json[], extra: Json = {}) => ({
  clusters: EAST_WEST,
  topic: {
    deduplication: { 'us-east': false, 'us-west': true },
    ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
  },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
  workload: [...entries.map((e) => send(e)), wait()],
  faults,
  ...extra,
});
const checksum = (message: string, localBufferCorrupted: boolean) => ({
  kind: 'checksum-error',
  message,
  cluster: 'us-west',
  localBufferCorrupted,
});
const E345 = ['E3', 'E4', 'E5'];
const CORRUPT_E3 = [checksum('E3', true)];
/** Seed 000's backlog with no producer: `entries` at us-east 10:3…, the replicator's alone. */
const backlog000 = (entries: string[], kinds: string[]) => ({
  clusters: EAST_WEST,
  topic: {
    deduplication: { 'us-east': false, 'us-west': true },
    ledgers: {
      'us-east': [{ id: 10, entries: 3, messages: entries.map((id) => ({ id, producer: 'p1' })) }],
    },
  },
  producers: [],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  explore: search(kinds, 1, 80),
});

// ---- seed 001: one cluster, two brokers, two bookies, ledger 3 with one entry ----
const seed001 = (workload: string[], faults: Json[], dedup = false, extra: Json = {}) => ({
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: TWO_BOOKIES }],
  topic: {
    deduplication: dedup,
    ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
    ledgers: { local: [{ id: 3, entries: 1 }] },
  },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: workload.map((m) => send(m)),
  faults,
  ...extra,
});
const slowBookie2 = (message: string) => ({ kind: 'slow-bookie', bookie: 'bookie-2', message });

// ---- seeds 002 / 004: the replicator's queue of original producers' sequence ids ----
type Ids = [string, number][];
/** Producers at us-east, each sending its (message, seq) pairs then waiting; the replicator starts
 * after the workload, `dedup` v1 or v2, us-west deduplicating or not. */
const seed002 = (
  producers: Record<string, Ids>,
  faults: Json[],
  opts: { dedup?: string; westDedup?: boolean; client?: string } = {},
) => ({
  clusters: EAST_WEST,
  topic: { deduplication: { 'us-east': true, 'us-west': opts.westDedup ?? true } },
  producers: Object.keys(producers).map((name) => ({
    name,
    cluster: 'us-east',
    sequenceIds: 'explicit',
    ...(opts.client ? { client: opts.client } : {}),
  })),
  replication: {
    from: 'us-east',
    to: 'us-west',
    dedup: opts.dedup ?? 'v1',
    start: 'after-workload',
  },
  workload: Object.entries(producers).flatMap(([p, ids]) => [
    ...ids.map(([m, seq]) => send(m, { seq }, p)),
    wait(p),
  ]),
  faults,
});
const P1_P2: Record<string, Ids> = {
  p1: [
    ['M1', 0],
    ['M2', 1],
  ],
  p2: [
    ['M3', 0],
    ['M4', 1],
  ],
};
/** Issue-2's original ids in the replicator's queue: p2's 10, then p1's 1 and 2. */
const ISSUE_2_IDS: Record<string, Ids> = {
  p2: [['M1', 10]],
  p1: [
    ['M2', 1],
    ['M3', 2],
  ],
};
const brokenChannel = (atSend: number, frames: string[]) => ({
  kind: 'duplicate-frames',
  producer: 'replicator',
  atSend,
  frames,
});
/** As seed 002 (and PR 23697's test) ends: both topics unload once quiet (`when`: the one extension). */
const CLOSING_UNLOADS = [unloadTopic('us-west', QUIET), unloadTopic('us-east', QUIET)];

// ---- seed 003: a Go producer's batches, explicit ids, one round a batch ----
/** One round: `ids` (message ids M<seq>) sent with their seq, flushed, awaited. */
const round = (...seqs: number[]) => [
  ...seqs.map((seq) => send(`M${seq}`, { seq })),
  flush(),
  wait(),
];
/** Seed 003's world: p1 (Go, batches of up to 10, explicit ids — or as `producer` says) sends `rounds`. */
const seed003 = (rounds: number[][], extra: Json = {}, producer: Json = {}) => ({
  topic: { deduplication: true },
  producers: [
    {
      name: 'p1',
      client: 'go',
      batching: { maxMessages: 10 },
      sequenceIds: 'explicit',
      ...producer,
    },
  ],
  workload: rounds.flatMap((r) => round(...r)),
  ...extra,
});
/** Automatic ids: `before` sent as one batch, then `after` as another. */
const autoRounds = (before: string[], after: string[], extra: Json = {}) => ({
  topic: { deduplication: true },
  producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 10 } }],
  workload: [
    ...before.map((m) => send(m)),
    flush(),
    wait(),
    ...after.map((m) => send(m)),
    flush(),
    wait(),
  ],
  ...extra,
});

const SCENARIOS: Record<string, Json> = {
  // a01: two entries, E3's buffer corrupted. recoverChecksumError drops the head E3 and fails it →
  // rewind; E4 NotDup at us-west (watermark 10:4), Case-3, deleted; the re-read E3 is Dup (10:3 ≤
  // 10:4), -1:-1, Case-1 success → E3 deleted unreplicated: no-silent-loss E3; us-west [E4].
  'u26-a01-two-entries': seed000(['E3', 'E4'], CORRUPT_E3),
  // a02: the seed with a Go producer writing at us-east: the replicator's producer is Java's
  // GeoReplicationProducerImpl whatever wrote the source, and us-east does not deduplicate — the
  // built-in's outcome: E3 lost at the same step, us-west [E4, E5].
  'u26-a02-go-source': {
    ...seed000(E345, CORRUPT_E3),
    producers: [{ name: 'p1', cluster: 'us-east', client: 'go' }],
  },
  // a03: p1 batches all three (maxMessages 3): one entry 10:3 holds E3, E4, E5, so the replicator
  // has one op. E3's ChecksumError drops it (the head, the only one), rewind, the re-read's clean copy
  // is NotDup (nothing of ledger 10 stored yet at us-west) → stored; no violation.
  'u26-a03-source-batch': {
    ...seed000(E345, CORRUPT_E3),
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 3 } }],
  },
  // a04: both clusters deduplicate: us-east judges p1's first sends NotDup, nothing changes at the
  // replicator — E3 lost as in the seed, us-west [E4, E5].
  'u26-a04-dedup-both': {
    ...seed000(E345, CORRUPT_E3),
    topic: { deduplication: true, ledgers: { 'us-east': [{ id: 10, entries: 3 }] } },
  },
  // a05: the intact buffer under V1 (original producer p1, seqs 0–2): recoverChecksumError resends
  // everything on the open connection; E4's receipt (seq 1) while E3 (seq 0) is the head →
  // ProducerImpl.ackReceived closes the connection; the reconnect's resend of E3 is Dup by (p1, 0) ≤ 2,
  // -1:-1 with seq 0 = the head's → success: E3 lost (reference §7.1, V1 flavour); us-west [E4, E5].
  'u26-a05-intact-v1': {
    ...seed000(E345, [checksum('E3', false)]),
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
  },
  // a06: the seed's own order through a schedule — E4 and E5 persisted at us-west before the
  // ChecksumError reaches the replicator (seed rows 3–5). The connection keeps the broker's answers
  // in order: the error first, then E4's and E5's receipts (Case-3); the same end as the auto run.
  'u26-a06-seed-order': seed000(E345, CORRUPT_E3, {
    schedule: [
      ...['connect:p1', 'connect:replicator'],
      ...E345.flatMap((e) => [
        `send:p1:${e}`,
        `deliver:p1->broker-1:${e}`,
        `persist:us-east:${e}`,
        `deliver:broker-1->p1:${e}`,
      ]),
      'read:replicator',
      'fault:checksum-error:E3@us-west:corrupted',
      'deliver:replicator->broker-2:E3',
      'deliver:replicator->broker-2:E4',
      'persist:us-west:E4',
      'deliver:replicator->broker-2:E5',
      'persist:us-west:E5',
    ],
  }),
  // a07: NotAllowedError once on E3 under V1: recoverNotAllowedError fails the head; E4, E5 stored
  // (p1's highest 2) and deleted; the re-read E3 (p1, 0) is Dup, -1:-1 matches the head's seq →
  // success: E3 lost; us-west [E4, E5].
  'u26-a07-not-allowed-once-v1': {
    ...seed000(E345, [{ kind: 'not-allowed', message: 'E3', cluster: 'us-west', times: 1 }]),
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
  },
  // a08: the intact buffer with us-west not deduplicating: resend on the open connection; E4's
  // receipt while E3 is the head is Case-5 (10:4 > 10:3, above persisted 0:0) → the connection
  // closes; the reconnect resends E3, E4, E5, all written: us-west [E4, E3, E4, E5] — E4 twice, no
  // violation (no-duplicates is for a topic that deduplicates), nothing lost.
  'u26-a08-intact-west-dedup-off': {
    ...seed000(E345, [checksum('E3', false)]),
    topic: {
      deduplication: false,
      ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
    },
  },
  // a09: the seed with an unload of us-west once E4 is written there: the close goes behind E4's
  // receipt (Case-3, deleted), E5 read after it is ignored; the reload does not rebuild the V2
  // watermark (#25861), but the reconnect resends E5 ahead of the rewound E3, so E5 is written
  // first and the watermark is 10:5 again when E3 comes: Dup, Case-1 → E3 lost; us-west [E4, E5].
  'u26-a09-unload-west': seed000(E345, [
    ...CORRUPT_E3,
    unloadTopic('us-west', { event: 'persisted', message: 'E4', cluster: 'us-west' }),
  ]),
  // a10: the replicator's connection drops once us-west received E4: E4 is still written (its
  // receipt lost), E5 in flight is lost; the resend of E4 is Dup, -1:-1 → Case-3 (head 10:4 = source)
  // — stored, no loss there; E5 NotDup; the re-read E3 Dup → Case-1: E3 lost; us-west [E4, E5].
  'u26-a10-drop-after-e4': seed000(E345, [
    ...CORRUPT_E3,
    disconnect('replicator', received('E4', 'us-west')),
  ]),

  // b01: three sends, bookie-2's answer for M2 held, the takeover once broker-1 received M3. M3's
  // adds are older than broker-2's fencing reads, so both bookies store 3:3 first; recovery reads
  // 3:1–3:3 on both and closes ledger 3 with 4 entries; the held answer then completes 3:2 and 3:3
  // in order at broker-1: M2 at 3:2, M3 at 3:3, all true. No violation, local [3:0, M1, M2, M3].
  'u26-b01-three-sends-slow-m2': seed001(
    ['M1', 'M2', 'M3'],
    [slowBookie2('M2'), ownershipChange('local', 'broker-2', received('M3'))],
  ),
  // b02: a crash of broker-1 (broker-2 loads the topic) in place of the takeover, once M2 is
  // received, bookie-2 slow on M1. M2's adds still reach the bookies before broker-2's fencing
  // reads; recovery keeps 3:1 and 3:2; p1 never got a receipt and resends both to broker-2, dedup
  // off: written again at 4:0, 4:1. local [3:0, M1, M2, M1, M2], no violation (dedup off).
  'u26-b02-crash-dedup-off': seed001(
    ['M1', 'M2'],
    [slowBookie2('M1'), restartBroker('local', received('M2'), 'broker-2')],
  ),
  // b03: b02 with dedup on: broker-2's load replays ledger 3 (p1's 0 and 1), so both resends are
  // Dup, -1:-1: local [3:0, M1, M2], each completed -1:-1, no violation.
  'u26-b03-crash-dedup-on': seed001(
    ['M1', 'M2'],
    [slowBookie2('M1'), restartBroker('local', received('M2'), 'broker-2')],
    true,
  ),

  // c01: Issue-1's broken channel under V2 into a us-west that does not deduplicate: the copies of
  // M1, M2 are written again; their receipts (source 10:0, 10:1 ≤ persisted) are Case-2, ignored; the
  // unload's reconnect sends M3, M4: us-west [M1, M2, M1, M2, M3, M4], nothing lost.
  'u26-c01-v2-west-dedup-off': seed002(
    P1_P2,
    [brokenChannel(3, ['M1', 'M2']), ...CLOSING_UNLOADS],
    { dedup: 'v2', westDedup: false },
  ),
  // c02: Issue-1 with Go producers at us-east: what wrote the source does not matter to the
  // replicator — the built-in's outcome: M3, M4 completed by M1's and M2's Dup receipts, us-west [M1, M2].
  'u26-c02-go-sources': seed002(P1_P2, [brokenChannel(3, ['M1', 'M2']), ...CLOSING_UNLOADS], {
    client: 'go',
  }),
  // c03: the channel re-writes only M1 in place of M3: M1's Dup receipt (seq 0) completes M3 (seq 0,
  // the head) → M3 lost; M4's send was dropped, the unload's reconnect resends it, (p2, 1) NotDup:
  // us-west [M1, M2, M4], no-silent-loss M3 only.
  'u26-c03-one-frame': seed002(P1_P2, [brokenChannel(3, ['M1']), ...CLOSING_UNLOADS]),
  // c04: the channel breaks at the 2nd send (M2 → M1's frame): M1's Dup receipt (seq 0) arrives with
  // M2 (seq 1) at the head — lower than the head: ignored ("ack for timed out msg"); the reconnect
  // resends M2, M3, M4, all NotDup: us-west [M1, M2, M3, M4], no violation.
  'u26-c04-broken-at-2': seed002(P1_P2, [brokenChannel(2, ['M1']), ...CLOSING_UNLOADS]),
  // c05: three producers with id 0, a lost receipt of M2 at us-west: the reconnect resends M2 (Dup,
  // -1:-1, seq 0 = the head's) and M3 (NotDup): us-west [M1, M2, M3], no violation.
  'u26-c05-three-ids-zero-lost-receipt': seed002(
    { p1: [['M1', 0]], p2: [['M2', 0]], p3: [['M3', 0]] },
    [{ kind: 'lose-receipt', message: 'M2', cluster: 'us-west' }],
  ),

  // d01: row (a) and a third round [3]: the Go batch [0↺, 2] is Dup by its lowest id → M2 completed
  // -1:-1 and lost; [3] NotDup: local [M0, M1, M3], no-silent-loss M2.
  'u26-d01-a-third-round': seed003([[0, 1], [0, 2], [3]]),
  // d02: d01 with go-1565: [0↺] alone Dup, [2] and [3] written: local [M0, M1, M2, M3], clean.
  'u26-d02-a-third-round-1565': seed003([[0, 1], [0, 2], [3]], { fixes: ['go-1565'] }),
  // d03: row (b) with go-highest-sequence-id and a fourth round [2↺, 4]: the broker has 3 as the
  // highest; the batch's lowest 2 ≤ 3 → Dup, M4 lost — the half that clears row (b) leaves row (a)'s
  // loss one round later: local [M0, M1, M2, M3], no-silent-loss M4.
  'u26-d03-b-highest-fourth-round': seed003([[0, 1, 2], [1], [3], [2, 4]], {
    fixes: ['go-highest-sequence-id'],
  }),
  // d04: [0, 1] then [1↺, 2], Go before the fix: the broker records the batch's lowest id 0, so the
  // second batch (lowest 1) is NotDup and M1 is written twice: local [M0, M1, M1, M2], no-duplicates.
  'u26-d04-resend-middle': seed003([
    [0, 1],
    [1, 2],
  ]),
  // d05: d04 with an unload once the first batch is written: the replay reads the entry's
  // sequence_id (0) and no highest_sequence_id, the same 0 as the live path: the same outcome.
  'u26-d05-resend-middle-unload': seed003(
    [
      [0, 1],
      [1, 2],
    ],
    { faults: [unloadTopic('local', { event: 'persisted', message: 'M1' })] },
  ),
  // d06: d05 with go-1565: the entry carries highest_sequence_id 1, the replay restores 1, [1↺]
  // travels alone and is Dup: local [M0, M1, M2], M1's resend completed -1:-1; clean.
  'u26-d06-resend-middle-unload-1565': seed003(
    [
      [0, 1],
      [1, 2],
    ],
    {
      faults: [unloadTopic('local', { event: 'persisted', message: 'M1' })],
      fixes: ['go-1565'],
    },
  ),
  // d07: automatic ids, Go, a restart of the producer between two batches: the new process's
  // generator starts at ProducerSuccess.last_sequence_id + 1; the broker kept the first batch's
  // lowest id (0), so M3 gets seq 1 again (M2 seq 0 is not used: lowest 0 ≤ 0, the second batch
  // [1, 2] NotDup). Prediction: local [M1, M2, M3, M4] with (p1, 1) stored twice → no-duplicates.
  'u26-d07-auto-ids-restart': autoRounds(['M1', 'M2'], ['M3', 'M4'], {
    faults: [
      { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M2' } },
    ],
  }),
  // d08: d07 on Java: the batch carries highest_sequence_id 1, the restarted producer starts at 2:
  // local [M1, M2, M3, M4], clean.
  'u26-d08-auto-ids-restart-java': {
    ...autoRounds(['M1', 'M2'], ['M3', 'M4'], {
      faults: [
        { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M2' } },
      ],
    }),
    producers: [{ name: 'p1', client: 'java', batching: { maxMessages: 10 } }],
  },

  // e01: the seed with a crash of us-east's broker (the source, restarted) once us-west wrote E5:
  // the replicator's individual deletes were in memory only, so it starts again from mark-delete
  // 10:2 with a new producer (lastPersisted 0:0) and resends E3, E4, E5; E3 is Dup (10:3 ≤ 10:5),
  // -1:-1 with source = the head's → Case-3 success: E3 lost again; us-west [E4, E5].
  'u26-e01-source-crash': seed000(E345, [
    ...CORRUPT_E3,
    restartBroker('us-east', { event: 'persisted', message: 'E5', cluster: 'us-west' }),
  ]),
  // e02: row (a) on Java with a batch limit of 2 and M1's receipt lost: the resent batch [0, 1]
  // (highest 1) is Dup, -1:-1 for both; round 2's 0↺ is below lastSequenceIdPushed, so PR 6326 sends
  // it alone (Dup) and 2 on its own: local [M0, M1, M2], clean.
  'u26-e02-a-java-limit-lost-receipt': seed003(
    [
      [0, 1],
      [0, 2],
    ],
    { faults: [{ kind: 'lose-receipt', message: 'M1' }] },
    { client: 'java', batching: { maxMessages: 2 } },
  ),
  // e03: Issue-2's ids (p2's 10, then p1's 1, 2) under V2 with a crash of us-west's broker once it
  // received M2: its replay does not rebuild the replicator's _LID/_EID watermark (#25861), so the
  // resend of M1 (written before the crash) is NotDup: M1 stored twice → no-duplicates at us-west.
  'u26-e03-v2-target-crash': seed002(
    ISSUE_2_IDS,
    [restartBroker('us-west', received('M2', 'us-west'))],
    { dedup: 'v2' },
  ),

  // e04: e03 with the crash once us-west wrote M1 (its receipt dies with the connection): the
  // reconnect resends M1, M2, M3 and the reload kept no watermark, so M1 is NotDup and written again:
  // us-west [M1, M1, M2, M3], no-duplicates (the same replicated source entry 10:0 twice).
  'u26-e04-v2-target-crash-after-m1': seed002(
    ISSUE_2_IDS,
    [restartBroker('us-west', { event: 'persisted', message: 'M1', cluster: 'us-west' })],
    { dedup: 'v2' },
  ),

  // e05: row (b) on Go before the fix with a batch limit of 2: round 1 goes as [0, 1] and [2], the
  // second batch's lowest id is 2, so the broker keeps 2 and [1↺] is Dup: local [M0, M1, M2, M3],
  // clean — the limit hides row (b)'s duplicate.
  'u26-e05-b-go-limit-2': seed003([[0, 1, 2], [1], [3]], {}, { batching: { maxMessages: 2 } }),

  // f01: seed 001's world with one send and the takeover as soon as p1 sent M1: broker-1 still takes
  // M1 and sends its adds, but broker-2's fencing reads are older and fence both bookies first, so
  // 3:1 is refused; recovery closes ledger 3 at 3:0 (1 entry, what broker-1 records too); broker-1's
  // managed ledger fails, p1 reconnects to broker-2 and M1 is written once into the next ledger:
  // local [3:0, M1], no violation.
  'u26-f01-takeover-at-send': seed001(
    ['M1'],
    [slowBookie2('M1'), ownershipChange('local', 'broker-2', { event: 'sent', message: 'M1' })],
  ),
  // f02: row (a) with go-isolate-resends alone and p1's drop once round 1's batch is written: the
  // resent batch [0, 1] is Dup (lowest 0 ≤ 0), -1:-1 for both; round 2's 0↺ travels alone (Dup) and
  // 2 alone is above the broker's 0: local [M0, M1, M2], clean.
  'u26-f02-a-isolate-drop': seed003(
    [
      [0, 1],
      [0, 2],
    ],
    {
      fixes: ['go-isolate-resends'],
      faults: [disconnect('p1', { event: 'persisted', message: 'M0' })],
    },
  ),
  // f03: Issue-1 (V1) with pr-23697: receipts are matched by source position, the copies' receipts
  // are Case-2 and the unload's reconnect sends M3, M4: us-west [M1, M2, M3, M4], as the V2 built-in.
  'u26-f03-issue-1-pr-23697': {
    ...seed002(P1_P2, [brokenChannel(3, ['M1', 'M2']), ...CLOSING_UNLOADS]),
    fixes: ['pr-23697'],
  },

  // ---- searches (tests/explore/unseen-26.test.ts), each with and without the seed's fix ----
  // x01: seed 000 with two entries, a ChecksumError (either buffer) anywhere: E3 lost; the intact
  // buffer's path (Case-5, reconnect, Case-3 on -1:-1) is untouched by guard-rewind → still open.
  'u26-x01-two-entries-checksum': backlog000(['E3', 'E4'], ['checksum-error']),
  // x02: seed 000 with two entries, a NotAllowedError anywhere (on every attempt): a stall, and the
  // loss of reference §1.7 (ignored off the head); with guard-rewind: stops visibly, no loss.
  'u26-x02-two-entries-not-allowed': backlog000(['E3', 'E4'], ['not-allowed']),
  // x03: row (a) Go, a drop anywhere: no-silent-loss with no fault needed; go-1565 closes it.
  'u26-x03-a-go-disconnect': seed003(
    [
      [0, 1],
      [0, 2],
    ],
    { explore: search(['disconnect'], 1) },
  ),
  // x04: d04's rounds, an unload anywhere: no-duplicates with no fault; go-1565 closes it.
  'u26-x04-resend-middle-unload': seed003(
    [
      [0, 1],
      [1, 2],
    ],
    { explore: search(['unload-topic'], 1) },
  ),
  // x05: seed 002's pending queue [0, 1, 0, 1] (V1), a drop of the replicator anywhere: a reconnect
  // resends from the head, every Dup matches its own head → holds; pr-23697 (V2) holds too.
  'u26-x05-v1-drop': {
    ...seed002(P1_P2, []),
    explore: search(['disconnect'], 1),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-26.scenarios.ts', '/tmp/unseen-26');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
