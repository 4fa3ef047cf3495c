// Review 18's unseen scenarios (docs/research/review-18.md): contract-only variations of every seed,
// written as a customer would write them from /work/shared/design/scenario-format.md alone — no
// extension key, no `when` trigger, no extension fault kind. Counts, client, batching and its limit,
// V1/V2, which cluster deduplicates, where the fault lands, its neighbouring kind, with and without
// each fix. Each comment is the prediction made from Pulsar's sources before the row was run. Rows
// for `run` (tests/scenarios/unseen-18.test.ts) and searches for `check`
// (tests/explore/unseen-18.test.ts); `npx tsx tests/scenarios/unseen-18.scenarios.ts <dir>` writes
// them out as files the CLI reads.
import { EAST_WEST, scenarioBook, search } from './reviewScenarios';
import { received, SEED_001_RECIPE, TWO_BOOKIES, unloadTopic } from './rowParts';

const send = (id: string, producer = 'p1', seq?: number) => ({
  send: id,
  producer,
  ...(seq === undefined ? {} : { seq }),
});
const flush = (p = 'p1') => ({ flush: p });
const wait = (p = 'p1') => ({ await: p });
const ids = (...xs: string[]) => xs.map((x) => send(x));

// ---- seed 000: V2 replicator, a head-of-queue failure at the remote ----
/** Seed 000's shape: p1 writes the entries at us-east (ledger 10 already holds 3), the replicator
 * starts after the workload so it pipelines them all, us-west deduplicates. */
const geo000 = (
  entries: string[],
  faults: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  dedup: 'v1' | 'v2' = 'v2',
  westDedup = true,
) => ({
  clusters: EAST_WEST,
  topic: {
    deduplication: { 'us-east': false, 'us-west': westDedup },
    ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
  },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup, start: 'after-workload' },
  workload: [...ids(...entries), wait()],
  faults,
  ...extra,
});
const checksum = (message: string, corrupted: boolean) => ({
  kind: 'checksum-error',
  message,
  cluster: 'us-west',
  localBufferCorrupted: corrupted,
});
const notAllowed = (message: string, times?: number) => ({
  kind: 'not-allowed',
  message,
  cluster: 'us-west',
  ...(times === undefined ? {} : { times }),
});
const E34 = ['E3', 'E4'];
const E345 = ['E3', 'E4', 'E5'];
const E3456 = ['E3', 'E4', 'E5', 'E6'];

// ---- seed 001: one cluster, two brokers, two bookies, ledger 3 with one entry ----
const fencing = (
  faults: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  ledger = { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
) => ({
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: TWO_BOOKIES }],
  topic: { ledger, ledgers: { local: [{ id: 3, entries: 1 }] } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: ids('M1', 'M2'),
  faults,
  ...extra,
});
const SLOW_B2_M1 = { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M1' };
const TAKEOVER_AT = (event: string, message: string) => ({
  kind: 'ownership-change',
  cluster: 'local',
  to: 'broker-2',
  after: { event, message },
});

const seedRecipe = (client: 'go' | 'java', fixes: string[] = []) => ({
  ...fencing([SLOW_B2_M1, TAKEOVER_AT('received', 'M2')], { schedule: SEED_001_RECIPE, fixes }),
  producers: [{ name: 'p1', client }],
});

// ---- seeds 002 / 004: the replicator's pending queue of original sequence ids ----
const geoV1 = (
  producers: { name: string; ids: [string, number][] }[],
  faults: Record<string, unknown>[],
  dedup: 'v1' | 'v2' = 'v1',
  extra: Record<string, unknown> = {},
) => ({
  clusters: EAST_WEST,
  topic: { deduplication: true },
  producers: producers.map((p) => ({ name: p.name, cluster: 'us-east', sequenceIds: 'explicit' })),
  replication: { from: 'us-east', to: 'us-west', dedup, start: 'after-workload' },
  workload: producers.flatMap((p) => [...p.ids.map(([m, s]) => send(m, p.name, s)), wait(p.name)]),
  faults,
  ...extra,
});
const P1_IDS = {
  name: 'p1',
  ids: [
    ['M1', 0],
    ['M2', 1],
  ] as [string, number][],
};
const P1_P2 = [
  P1_IDS,
  {
    name: 'p2',
    ids: [
      ['M3', 0],
      ['M4', 1],
    ] as [string, number][],
  },
];
const dupFrames = (atSend: number, frames: string[]) => ({
  kind: 'duplicate-frames',
  producer: 'replicator',
  atSend,
  frames,
});
const dropReplicatorAt = (event: string, message: string) => ({
  kind: 'disconnect',
  producer: 'replicator',
  after: { event, message, cluster: 'us-west' },
});

// ---- seed 003: Go (or Java) batching with explicit ids, rounds separated by await ----
const rounds = (
  client: 'go' | 'java',
  rs: [string, number][][],
  batching: Record<string, unknown> | null = { maxMessages: 10 },
  extra: Record<string, unknown> = {},
) => ({
  topic: { deduplication: true },
  producers: [
    {
      name: 'p1',
      client,
      ...(batching ? { batching } : {}),
      sequenceIds: 'explicit',
    },
  ],
  workload: rs.flatMap((r) => [...r.map(([m, s]) => send(m, 'p1', s)), flush(), wait()]),
  ...extra,
});
const ROW_A: [string, number][][] = [
  [
    ['M0', 0],
    ['M1', 1],
  ],
  [
    ['M0', 0],
    ['M2', 2],
  ],
];
const ROW_B: [string, number][][] = [
  [
    ['M0', 0],
    ['M1', 1],
    ['M2', 2],
  ],
  [['M1', 1]],
  [['M3', 3]],
];

export const SCENARIOS: Record<string, Record<string, unknown>> = {
  // ======== seed 000 family ========
  // s00: four entries, E3's local copy corrupted: recoverChecksumError drops the head only, E4–E6 persist (watermark 10:6), the rewind re-reads E3, Dup, -1:-1, Case-1 → success: E3 lost (no-silent-loss), us-west E4, E5, E6.
  'u18-s00-four-entries-corrupted-head': geo000(E3456, [checksum('E3', true)]),
  // s01: the corrupted copy is E4's. Under auto E3 is answered before E4 reaches us-west, so E4 is the head when its ChecksumError arrives: dropped, rewind; E5's first copy persists before the re-read (requests before reads), Case-3 → watermark 10:5; E4' Dup → Case-1 → E4 lost, us-west E3, E5.
  'u18-s01-corrupted-middle': geo000(E345, [checksum('E4', true)]),
  // s02: the corrupted copy is the last entry's: nothing is pipelined behind E5; the rewind re-reads a clean E5 (10:5 > 10:4): stored; no violation.
  'u18-s02-corrupted-last': geo000(E345, [checksum('E5', true)]),
  // s03: E4's checksum fails on the wire, local copy intact: resendMessages on the open connection; E3 already completed, E4 and E5 written again; E5's first copy persisted?  The resent E4 reaches us-west after E5's first copy, Dup (10:4 ≤ 10:5) but matches the head (Case-3) → -1:-1 success, E4 lost as in the seed's intact branch.
  'u18-s03-intact-middle': geo000(E345, [checksum('E4', false)]),
  // s04: NotAllowedError once (times 1) on E3 — a transient pre-dedup rejection: head dropped, rewind, E4/E5 persisted meanwhile; the re-sent E3 passes, Dup, Case-1: lost.
  'u18-s04-not-allowed-once': geo000(E345, [notAllowed('E3', 1)]),
  // s05: NotAllowedError on every attempt of the last entry: E3, E4 stored, E5 rejected, rewind, rejected again… never completes: replication-progress (a loop), no loss.
  'u18-s05-not-allowed-last-forever': geo000(E345, [notAllowed('E5')]),
  // s06: the seed under V1 (dedup by original producer + sequence id): E4 (p1, 1), E5 (p1, 2) persisted; E3' (p1, 0) ≤ 2 → Dup, -1:-1, matches the head's seq → success: lost under V1 too.
  'u18-s06-corrupted-head-v1': geo000(E345, [checksum('E3', true)], {}, 'v1'),
  // s07: the seed with us-west not deduplicating: E3' is stored after E4, E5 (out of order), nothing lost, no violation.
  'u18-s07-corrupted-head-remote-dedup-off': geo000(E345, [checksum('E3', true)], {}, 'v2', false),
  // s08: s01 with guard-rewind: E5 is pipelined behind the failed head: the replicator stops visibly (replication-progress), no loss; us-west E3 and E5 (its first copy was already written).
  'u18-s08-corrupted-middle-guard-rewind': geo000(E345, [checksum('E4', true)], {
    fixes: ['guard-rewind'],
  }),
  // s09: s01 with fail-on-corrupt-head: terminal stop at E4, replication-progress, no loss.
  'u18-s09-corrupted-middle-fail-on-corrupt-head': geo000(E345, [checksum('E4', true)], {
    fixes: ['fail-on-corrupt-head'],
  }),
  // s10: s02 (last entry) with guard-rewind: nothing pipelined behind E5 → the guard does not fire; the rewind re-sends a clean E5: stored, clean.
  'u18-s10-corrupted-last-guard-rewind': geo000(E345, [checksum('E5', true)], {
    fixes: ['guard-rewind'],
  }),
  // s11: the replicator starts immediately: each entry is replicated before p1 sends the next (reads come before workload steps), so E3's corrupted head has nothing behind it: rewind, clean re-read, stored. No violation.
  'u18-s11-corrupted-head-immediately': {
    ...geo000(E345, [checksum('E3', true)]),
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  },
  // s12: s04 with sentinel-not-confirmed: E3' gets -1:-1 at the head with 10:3 ≤ 10:5: Case-1 treats it as a failed send → rewind, E3 again, Dup again… a visible loop (replication-progress), no loss.
  'u18-s12-not-allowed-once-sentinel': geo000(E345, [notAllowed('E3', 1)], {
    fixes: ['sentinel-not-confirmed'],
  }),

  // s13: NotAllowedError at the source, on p1's E4 while E3 is still p1's head (a recipe): recoverNotAllowedError ignores it (not the head's), so E4 stays pending for ever and p1's await never returns. The replicator does not wait for the source's producers: it replicates E3 once nothing else can happen; E4 'pending', no violation (before review 18 the after-workload gate held the read back and called it a replication stall).
  'u18-s13-source-not-allowed-not-head': geo000(
    ['E3', 'E4'],
    [{ kind: 'not-allowed', message: 'E4', cluster: 'us-east' }],
    {
      schedule: [
        'connect:p1',
        'connect:replicator',
        'send:p1:E3',
        'deliver:p1->broker-1:E3',
        'send:p1:E4',
        'fault:not-allowed:E4@us-east',
        'deliver:p1->broker-1:E4',
        'deliver:broker-1->p1:E4',
      ],
    },
  ),

  // ======== seed 001 family ========
  // f00: the seed's faults on the auto policy (no recipe): slow bookie-2 on M1, takeover when M2 reaches broker-1. Prediction: the auto order answers every add before the takeover can land between them (persistence before requests), so the race does not form: stored 3:0, M1, M2, no violation.
  'u18-f00-seed-faults-auto': fencing([SLOW_B2_M1, TAKEOVER_AT('received', 'M2')]),
  // f01: the takeover after M1 is persisted, no slow bookie: broker-2 fences and closes ledger 3 with 2 entries; M2 at broker-1 is fenced → p1 reconnects to broker-2 and resends: M1, M2 once each, ledger-entries-match holds.
  'u18-f01-takeover-after-persist': fencing([TAKEOVER_AT('persisted', 'M1')]),
  // f02: ack quorum 1: bookie-1's answer alone completes 3:1; the takeover when M1 reaches broker-1 fences before the add is written → the add fails fenced, p1 resends at broker-2: M1 once; no violation.
  'u18-f02-ack-quorum-1-takeover-at-receipt': fencing(
    [TAKEOVER_AT('received', 'M1')],
    {},
    {
      ensemble: 2,
      writeQuorum: 2,
      ackQuorum: 1,
    },
  ),
  // f03: the seed's recipe with a Go producer: the race is the broker's, the client only resends: the same stored list and ledger-entries-match as the built-in.
  'u18-f03-seed-recipe-go': seedRecipe('go'),
  // f04: f03 with pr-24722: the fenced error re-reads the recovered ledger (2 entries): clean.
  'u18-f04-seed-recipe-go-pr-24722': seedRecipe('go', ['pr-24722']),
  // f05: the neighbouring fault: unload-topic instead of the ownership change (the same broker closes its own ledger, no fencing by another owner): M1, M2 stored, no ledger-entries-match.
  'u18-f05-unload-instead-of-takeover': fencing([SLOW_B2_M1, unloadTopic('local', received('M2'))]),
  // f06: the takeover with dedup on, fired when M1 is persisted and its receipt not yet back: the resend at broker-2 is Dup (recovered from the ledger): M1 once, completed -1:-1… or stored at its position if broker-2's dedup replay says so.
  'u18-f06-takeover-dedup-on': {
    ...fencing([TAKEOVER_AT('persisted', 'M1')]),
    topic: {
      deduplication: true,
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
      ledgers: { local: [{ id: 3, entries: 1 }] },
    },
  },

  // ======== seeds 002 / 004 family ========
  // r00: issue-1 with the broken channel from the 2nd send, frames [M1]: the remote gets M1, M1; receipts seq 0 (real) completes M1, seq 0 (-1:-1) < head M2's 1 → ignored; every further send is dropped until the connection closes, which nothing does → a stall: replication-progress, no loss.
  'u18-r00-dup-frames-at-2': geoV1(P1_P2, [dupFrames(2, ['M1'])]),
  // r01: issue-1 with p2's ids 5, 6 (pending [0, 1, 5, 6]): the duplicated M1, M2 receipts (0, 1) are below the head's 5 → ignored; M3, M4 never arrive; stall: replication-progress, no loss (the seed's loss needs equal ids).
  'u18-r01-issue-1-distinct-ids': geoV1(
    [
      P1_IDS,
      {
        name: 'p2',
        ids: [
          ['M3', 5],
          ['M4', 6],
        ],
      },
    ],
    [dupFrames(3, ['M1', 'M2'])],
  ),
  // r02: issue-1 under V2, no unload: the -1:-1 receipts carry source positions 10:0, 10:1 ≤ persisted → Case-2 ignored; M3, M4 dropped by the channel → stall (replication-progress) but no loss.
  'u18-r02-issue-1-v2-no-unload': geoV1(P1_P2, [dupFrames(3, ['M1', 'M2'])], 'v2'),
  // r03: three original producers, each seq 0, V1, no fault: pending [0, 0, 0]; each receipt matches its head: all stored, clean.
  'u18-r03-three-producers-same-id': geoV1(
    [
      { name: 'p1', ids: [['M1', 0]] },
      { name: 'p2', ids: [['M2', 0]] },
      { name: 'p3', ids: [['M3', 0]] },
    ],
    [],
  ),
  // r04: issue-1's producers, V1, the replicator's connection drops when M3 reaches us-west: resend of pending; Dup answers match their heads in order (0, 1 / 0, 1): all four stored once, clean.
  'u18-r04-v1-drop-at-m3': geoV1(P1_P2, [dropReplicatorAt('received', 'M3')]),
  // r05: issue-2's ids increasing (p2 M1 0, p1 M2 1, M3 2) V1, drop when M3 reaches us-west: no reordering of ids, no churn: clean, M1–M3 once.
  'u18-r05-issue-2-increasing-ids': geoV1(
    [
      { name: 'p2', ids: [['M1', 0]] },
      {
        name: 'p1',
        ids: [
          ['M2', 1],
          ['M3', 2],
        ],
      },
    ],
    [dropReplicatorAt('received', 'M3')],
  ),
  // r06: issue-2's ids (10, 1, 2), V1, auto policy, drop when M1 is persisted at us-west: resend [10, 1, 2]; M1 Dup (-1:-1, seq 10 = head) ok; 1, 2 written: clean.
  'u18-r06-issue-2-auto-drop-at-persist': geoV1(
    [
      { name: 'p2', ids: [['M1', 10]] },
      {
        name: 'p1',
        ids: [
          ['M2', 1],
          ['M3', 2],
        ],
      },
    ],
    [dropReplicatorAt('persisted', 'M1')],
  ),

  // ======== seed 003 family ========
  // g00: row (a) with the batch limit doing the flushing (maxMessages 2): same batches → M2 lost (no-silent-loss).
  'u18-g00-row-a-limit-2': rounds('go', ROW_A, { maxMessages: 2 }),
  // g01: row (a) on Java with maxMessages 2: the resend of 0 is isolated (PR 6326): [0] Dup, [2] stored: clean.
  'u18-g01-row-a-java-limit-2': rounds('java', ROW_A, { maxMessages: 2 }),
  // g02: row (a), Go, no batching: each message its own send; M0 resend Dup, M2 stored: clean.
  'u18-g02-row-a-go-no-batching': rounds('go', ROW_A, null),
  // g03: [0,1,2] then [1 resend, 3] on Go: the batch's lowest 1 ≤ highest persisted (the broker recorded 0 for the first batch, no highest id) — 1 > 0 → NotDup: M1 stored again and M3 stored: no-duplicates.
  'u18-g03-resend-middle-plus-new': rounds('go', [
    [
      ['M0', 0],
      ['M1', 1],
      ['M2', 2],
    ],
    [
      ['M1', 1],
      ['M3', 3],
    ],
  ]),
  // g04: g03 with go-1565: the resend goes alone and the first batch recorded 2: [1] Dup, [3] stored: clean.
  'u18-g04-resend-middle-plus-new-go-1565': rounds(
    'go',
    [
      [
        ['M0', 0],
        ['M1', 1],
        ['M2', 2],
      ],
      [
        ['M1', 1],
        ['M3', 3],
      ],
    ],
    { maxMessages: 10 },
    { fixes: ['go-1565'] },
  ),
  // g05: [0,1] then [1 resend] then [2] on Go: broker recorded 0 → [1] stored twice: no-duplicates; M2 stored.
  'u18-g05-row-b-short': rounds('go', [
    [
      ['M0', 0],
      ['M1', 1],
    ],
    [['M1', 1]],
    [['M2', 2]],
  ]),
  // g06: g05 with go-highest-sequence-id alone: the first batch records 1, the resend alone is Dup: clean.
  'u18-g06-row-b-short-highest': rounds(
    'go',
    [
      [
        ['M0', 0],
        ['M1', 1],
      ],
      [['M1', 1]],
      [['M2', 2]],
    ],
    { maxMessages: 10 },
    {
      fixes: ['go-highest-sequence-id'],
    },
  ),
  // g07: row (b) with dedup off: stored 0, 1, 2, 1, 3, no violation (dedup off promises nothing).
  'u18-g07-row-b-dedup-off': { ...rounds('go', ROW_B), topic: { deduplication: false } },
  // g08: row (a) with maxMessages 1: every batch holds one message: the resend of 0 is Dup alone, 2 stored: clean.
  'u18-g08-row-a-limit-1': rounds('go', ROW_A, { maxMessages: 1 }),
  // g09: row (a) with sequenceIds auto and the resend giving seq 0: the generator gives M2 id 2 — same batches as the seed: M2 lost.
  'u18-g09-row-a-auto-ids': {
    ...rounds('go', ROW_A),
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 10 } }],
    workload: [
      send('M0'),
      send('M1'),
      flush(),
      wait(),
      send('M0', 'p1', 0),
      send('M2'),
      flush(),
      wait(),
    ],
  },

  // ======== explorer searches ========
  // x01: two entries, a checksum error anywhere (either buffer): violated — the corrupted head's loss (E3 failed, E4 persisted, E3' Dup, Case-1); liveness holds (a ChecksumError is transient: the re-read passes).
  'u18-x01-two-entries-checksum': {
    ...geo000(E34, []),
    explore: search(['checksum-error'], 1, 30),
  },
  // x02: the same with us-west not deduplicating: nothing is dropped as Dup, every re-send is written: safety and liveness hold.
  'u18-x02-remote-dedup-off-checksum': {
    ...geo000(E34, [], {}, 'v2', false),
    explore: search(['checksum-error'], 1, 30),
  },
  // x03: two entries, NotAllowedError anywhere (every attempt): the loop (liveness), and the loss the seed says cannot happen — E3' rejected again while E4's second copy is the head (recoverNotAllowedError ignores it), then Case-1 completes E3'.
  'u18-x03-not-allowed': {
    ...geo000(E34, [], {}, 'v2'),
    explore: search(['not-allowed'], 1),
  },
  // x04: row (a) on Java with a drop or a lost receipt anywhere: holds.
  'u18-x04-row-a-java-disconnect': {
    ...rounds('java', ROW_A),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // x05: row (a) on Go with go-1565 and a drop anywhere: holds.
  'u18-x05-row-a-go-1565-disconnect': {
    ...rounds('go', ROW_A, { maxMessages: 10 }, { fixes: ['go-1565'] }),
    explore: search(['disconnect'], 1),
  },
  // x06: one bookie, two brokers, dedup on, M1, M2, a takeover anywhere, pr-24722: holds.
  'u18-x06-takeover-dedup-pr-24722': {
    clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
    topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
    producers: [{ name: 'p1' }],
    workload: ids('M1', 'M2'),
    fixes: ['pr-24722'],
    explore: search(['ownership-change'], 1),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-18.scenarios.ts', '/tmp/u18');
