// Review 19's scenarios (docs/research/review-19.md): each invariant of the contract at its edges —
// does it fire exactly when its definition ("Invariants (v1 ids)" in scenario-format.md) says, no
// false alarm and no miss? Rows for `run` (tests/scenarios/unseen-19.test.ts) and searches for
// `check` (tests/explore/unseen-19.test.ts). Each comment is the prediction made from the definition
// and Pulsar's sources before the row was run. Most use the contract alone; where an edge needs an
// extension (a message TTL, a dedup switch, a ledger size, chunking) the comment says so.
// `npx tsx tests/scenarios/unseen-19.scenarios.ts <dir>` writes them out as files the CLI reads.
import { EAST_WEST, type Json, persisted, scenarioBook, search } from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  received,
  SEED_001_RECIPE,
  TWO_BOOKIES,
} from './rowParts';

const send = (id: string, producer = 'p1', seq?: number, more: Json = {}) => ({
  send: id,
  producer,
  ...(seq === undefined ? {} : { seq }),
  ...more,
});
const wait = (p = 'p1') => ({ await: p });

/** One cluster on abstract storage; p1 sends `workload`. */
const local = (dedup: boolean, workload: Json[], faults: Json[] = [], extra: Json = {}) => ({
  topic: { deduplication: dedup },
  producers: [{ name: 'p1', sequenceIds: 'explicit' }],
  workload,
  faults,
  ...extra,
});
/** us-east → us-west; p1 writes at us-east; `dedup` per cluster. */
const geo = (
  dedup: { east: boolean; west: boolean },
  workload: Json[],
  faults: Json[] = [],
  repl: Json = {},
  extra: Json = {},
) => ({
  clusters: EAST_WEST,
  topic: { deduplication: { 'us-east': dedup.east, 'us-west': dedup.west } },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload', ...repl },
  workload,
  faults,
  ...extra,
});
const BOTH = { east: true, west: true };
const E12 = [send('E1'), send('E2'), wait()];
/** One cluster with two bookies (BookKeeper modelled) and a consuming subscription. */
const bk = (workload: Json[], faults: Json[] = [], topic: Json = {}, extra: Json = {}) => ({
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: TWO_BOOKIES }],
  topic: { ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 }, ...topic },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload,
  faults,
  ...extra,
});

const SCENARIOS: Record<string, Json> = {
  // ---- no-silent-loss: a -1:-1 is a success; is the message stored? ----
  // n01: the application resends M1 with its own seq after M1's receipt: Dup, -1:-1, and M1 IS
  // stored (10:0) — no alarm.
  'u19-n01-dup-original-stored': local(true, [send('M1', 'p1', 0), wait(), send('M1', 'p1', 0)]),
  // n02: M2 reuses M1's seq 0: Dup (seq ≤ highest persisted), -1:-1 to M2's callback, M2 never
  // stored — the definition's "completed as success (-1:-1)" not stored: alarm M2 (the app's
  // misuse of ids, but Pulsar did report it done).
  'u19-n02-dup-original-never-stored': local(true, [
    send('M1', 'p1', 0),
    wait(),
    send('M2', 'p1', 0),
  ]),
  // n03: M2 with a lower seq (1 < 3) than M1: Dup by `highestSequencedPersisted`, alarm M2.
  'u19-n03-lower-seq-dropped': local(true, [send('M1', 'p1', 3), wait(), send('M2', 'p1', 1)]),
  // n04: n02 with deduplication off: M2 is written (10:1); nothing completed is missing — no alarm.
  'u19-n04-same-seq-dedup-off': local(false, [send('M1', 'p1', 0), wait(), send('M2', 'p1', 0)]),
  // n05: M2's receipt lost, the resend is Dup at broker-1 and answered -1:-1 — M2 stored once at
  // 10:1; no alarm (the contract's "-1:-1" for an original that is stored).
  'u19-n05-lost-receipt-dup': local(
    true,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [{ kind: 'lose-receipt', message: 'M2' }],
  ),
  // n06: the replicator's connection drops once E1 persisted at us-west (before its receipt): the
  // resend is Dup by source position (V2), -1:-1, the replicator deletes 10:0 — us-west stores E1
  // once: no alarm.
  'u19-n06-replicated-dup-stored': geo(BOTH, E12, [
    disconnect('replicator', persisted('E1', 'us-west')),
  ]),
  // n07: extension expire-messages — the TTL mark-deletes the replicator's whole backlog before any
  // read: "a source entry the replicator … mark-deleted" not stored at us-west: alarm E1 and E2 with
  // the TTL detail (decided: reported, review-19.md "TTL").
  'u19-n07-ttl-before-read': geo(
    BOTH,
    E12,
    [expireMessages('us-east', persisted('E2', 'us-east'))],
    {},
    { subscriptions: [{ name: 'sub', cluster: 'us-east' }] },
  ),
  // n08: the TTL fires while E1's send is in flight (start immediately, after E1 reached us-west):
  // the send goes on and E1 is stored at us-west; E2 (not yet read? it was confirmed by then) —
  // E1 no alarm; E2 expired unsent: alarm E2 only.
  'u19-n08-ttl-in-flight': geo(BOTH, E12, [expireMessages('us-east', received('E1', 'us-west'))], {
    start: 'immediately',
  }),
  // n09: a subscription's TTL mark-delete is no replicator's: nothing is reported done by it —
  // no alarm; M1, M2 still stored (expiry deletes no data).
  'u19-n09-ttl-subscription-only': {
    ...local(
      true,
      [send('M1', 'p1', 0), send('M2', 'p1', 1), wait()],
      [expireMessages('local', persisted('M2'))],
    ),
    subscriptions: [{ name: 'sub' }],
  },
  // n10: disableReplication on E1 (extension): the replicator skips it by the sender's wish — not
  // reported as replicated: no alarm, us-west stores E2 only, no stall (nothing owed).
  'u19-n10-disable-replication': geo(BOTH, [
    send('E1', 'p1', undefined, { disableReplication: true }),
    send('E2'),
    wait(),
  ]),

  // ---- no-duplicates ----
  // d01: dedup off, M1's receipt lost: the resend is written again (10:0, 10:1) — no alarm: the
  // topic promises nothing.
  'u19-d01-dedup-off-resend': local(
    false,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [{ kind: 'lose-receipt', message: 'M1' }],
  ),
  // d02: dedup on, switched off after M1 persisted (extension set-deduplication), M1's receipt lost:
  // the resend is written while dedup is off; at the end dedup is off — no alarm.
  'u19-d02-dedup-switched-off': local(
    true,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [
      { kind: 'set-deduplication', cluster: 'local', enabled: false, after: persisted('M1') },
      { kind: 'lose-receipt', message: 'M1' },
    ],
  ),
  // d03: off → on after M1 persisted (cursor at M1's entry, Latest), M1's receipt lost: the resend
  // is written after the cursor; the built-in dedup-enabled-at-runtime says no-duplicates. Across a
  // rollover (maxEntriesPerLedger 1, extension): the copies are 10:0 and 11:0 — alarm M1 at the
  // resend's persist.
  'u19-d03-dedup-on-rollover-copies': local(
    false,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [
      { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M1') },
      { kind: 'lose-receipt', message: 'M1' },
    ],
    { topic: { deduplication: false, maxEntriesPerLedger: 1 } },
  ),
  // d04: dedup on throughout across a rollover (maxEntriesPerLedger 1): M1's resend is Dup by the
  // maps, whatever ledger M1 is in — stored once, no alarm.
  'u19-d04-rollover-dedup-on': local(
    true,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [{ kind: 'lose-receipt', message: 'M1' }],
    {
      topic: { deduplication: true, maxEntriesPerLedger: 1 },
    },
  ),
  // d05: a Java batch [M1, M2] (one entry, seqs 0..1) whose receipt is lost: the resent batch is
  // Dup (its highest id 1 ≤ persisted) — stored once each, no alarm.
  'u19-d05-batch-resend-dup': {
    ...local(
      true,
      [send('M1', 'p1', 0), send('M2', 'p1', 1), { flush: 'p1' }],
      [{ kind: 'lose-receipt', message: 'M1' }],
    ),
    producers: [{ name: 'p1', sequenceIds: 'explicit', batching: { maxMessages: 10 } }],
  },
  // d06: the same batch with dedup off: the resend writes [M1, M2] again — M1, M2, M1, M2 and no
  // alarm.
  'u19-d06-batch-resend-dedup-off': {
    ...local(
      false,
      [send('M1', 'p1', 0), send('M2', 'p1', 1), { flush: 'p1' }],
      [{ kind: 'lose-receipt', message: 'M1' }],
    ),
    producers: [{ name: 'p1', sequenceIds: 'explicit', batching: { maxMessages: 10 } }],
  },
  // d07: a chunked M1 (extension chunking; 2 chunks), its last chunk's receipt lost: every chunk is
  // resent; the first resent chunk has seq 0 ≤ highest persisted 0 and is Dup, and so are the
  // others — M1 assembled once: no alarm.
  'u19-d07-chunked-resend': {
    ...local(
      true,
      [send('M1', 'p1', 0, { size: 6000000 }), send('M2', 'p1', 1)],
      [{ kind: 'lose-receipt', message: 'M1' }],
    ),
    producers: [{ name: 'p1', sequenceIds: 'explicit', chunking: true }],
  },
  // d08: V2 replication, us-east not deduplicating, E1's receipt lost at us-east: E1 is stored twice
  // at the source (10:0, 10:2: E2 between) and both source entries are replicated — us-west stores
  // E1 twice; V2 dedups by source position only, so nothing promised: no alarm.
  'u19-d08-v2-two-source-copies': geo({ east: false, west: true }, E12, [
    { kind: 'lose-receipt', message: 'E1', cluster: 'us-east' },
  ]),
  // d09: the same under V1: us-west dedups by (p1, seq 0): the second copy is Dup — us-west stores
  // E1 once; no alarm.
  'u19-d09-v1-two-source-copies': geo(
    { east: false, west: true },
    E12,
    [{ kind: 'lose-receipt', message: 'E1', cluster: 'us-east' }],
    { dedup: 'v1' },
  ),
  // d10: deduplication at us-east only; the replicator's connection drops after E1 persisted at
  // us-west: its resend is written again there (20:0, 20:1) — us-west promises nothing: no alarm.
  'u19-d10-dedup-source-only': geo({ east: true, west: false }, E12, [
    disconnect('replicator', persisted('E1', 'us-west')),
  ]),
  // d11: deduplication at us-west only: the same drop; the resend is Dup — E1 once, no alarm.
  'u19-d11-dedup-remote-only': geo({ east: false, west: true }, E12, [
    disconnect('replicator', persisted('E1', 'us-west')),
  ]),
  // d12: d07 with PR 20948 (merged; `pr-20948`): a chunk is checked against the last chunk's
  // persisted id only — the first send stores both chunks, the resent chunks are Dup: M1 once, no
  // alarm.
  'u19-d12-chunked-resend-pr-20948': {
    ...local(
      true,
      [send('M1', 'p1', 0, { size: 6000000 }), send('M2', 'p1', 1)],
      [{ kind: 'lose-receipt', message: 'M1' }],
    ),
    producers: [{ name: 'p1', sequenceIds: 'explicit', chunking: true }],
    fixes: ['pr-20948'],
  },
  // d13: dedup switched on while M1 is on its way (received, not yet persisted): Recovering — M1
  // is NotDup and unrecorded; the replay step runs before the reconnect (persistence class, older),
  // and it replays M1's entry: the resend is Dup — M1 once, no alarm.
  'u19-d13-recovering-resend': local(
    false,
    [send('M1', 'p1', 0), send('M2', 'p1', 1)],
    [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: true,
        after: received('M1'),
      },
      { kind: 'lose-receipt', message: 'M1' },
    ],
  ),

  // d14: a Java batch [E1, E2] at us-east (one source entry, indexes 0 and 1) replicated V2; the
  // replicator's connection drops once it persisted at us-west: the resent entry is Dup by its source
  // position — E1, E2 once each at us-west, no alarm.
  'u19-d14-replicated-batch-drop': {
    ...geo(
      BOTH,
      [send('E1'), send('E2'), { flush: 'p1' }, wait()],
      [disconnect('replicator', persisted('E1', 'us-west'))],
    ),
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 10 } }],
  },
  // d15: d14 with us-west not deduplicating: the batch is written twice there (E1, E2, E1, E2) —
  // promised by nothing, no alarm.
  'u19-d15-replicated-batch-drop-remote-off': {
    ...geo(
      { east: true, west: false },
      [send('E1'), send('E2'), { flush: 'p1' }, wait()],
      [disconnect('replicator', persisted('E1', 'us-west'))],
    ),
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 10 } }],
  },

  // d16: d15 under V1 and both deduplicating, the drop after us-west persisted the batch: the resent
  // batch is Dup by (p1, highest 1) — once each; each message keyed by (p1, its seq), no alarm.
  'u19-d16-replicated-batch-drop-v1': {
    ...geo(
      BOTH,
      [send('E1'), send('E2'), { flush: 'p1' }, wait()],
      [disconnect('replicator', persisted('E1', 'us-west'))],
      { dedup: 'v1' },
    ),
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 10 } }],
  },

  // ---- ledger invariants: backlog, acked positions, entry counts ----
  // b01: seed 001's recipe (slow bookie-2 on M1, a takeover once M2 is received) with the
  // subscription consuming afterwards on auto: ledger 3 recorded with 1 entry, BookKeeper closed it
  // with 2 — ledger-entries-match at step 17 as the built-in; the consumer reads what the list
  // records (3:0, then ledger 4) and acks only there: no acked-positions-exist, backlog never < 0.
  'u19-b01-seed-001-consumer': bk(
    [send('M1'), send('M2')],
    [
      { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M1' },
      ownershipChange('local', 'broker-2', received('M2')),
    ],
    { ledgers: { local: [{ id: 3, entries: 1 }] } },
    { schedule: SEED_001_RECIPE },
  ),
  // b06: b01 on the auto policy: bookie-2's held answer is taken last, but both adds reach both
  // bookies before the fencing reads (review 18 f00) — recovery closes ledger 3 with what was
  // recorded: no alarm.
  'u19-b06-seed-001-consumer-auto': bk(
    [send('M1'), send('M2')],
    [
      { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M1' },
      ownershipChange('local', 'broker-2', received('M2')),
    ],
    { ledgers: { local: [{ id: 3, entries: 1 }] } },
  ),
  // b02: a closed empty ledger: the topic is unloaded before any send (ledger 10 closed with 0
  // entries, BookKeeper's last entry -1), then M1, M2 go to ledger 11 — 0 = -1 + 1: no alarm; the
  // subscription's backlog never negative.
  'u19-b02-closed-empty-ledger': bk(
    [send('M1'), send('M2')],
    [{ kind: 'unload-topic', cluster: 'local', after: { step: 1 } }],
  ),
  // b03: acked positions across a rollover (maxEntriesPerLedger 1): M1 at 10:0, M2 at 11:0, M3 at
  // 12:0, each consumed and acked — every ack within the list: no alarm.
  'u19-b03-acks-across-rollover': bk([send('M1'), send('M2'), send('M3')], [], {
    maxEntriesPerLedger: 1,
  }),
  // b04: acked positions after an ownership change (no slow bookie): broker-2 recovers ledger 10 at
  // what both bookies hold, records it, and the consumer's acks stay within it: no alarm.
  'u19-b04-acks-after-takeover': bk(
    [send('M1'), send('M2')],
    [ownershipChange('local', 'broker-2', persisted('M1'))],
  ),
  // b05: a message TTL on the subscription (extension): its mark-delete moves to the last confirmed
  // entry — a position that exists; backlog 0: no alarm.
  'u19-b05-ttl-subscription-bk': bk(
    [send('M1'), send('M2')],
    [expireMessages('local', persisted('M2'))],
  ),

  // ---- replication-progress ----
  // p01: NotAllowedError on every attempt of E1 at us-west (the head): reconnect and resend for
  // ever — a loop without progress (weakly fair: nothing else stays enabled), E1 never replicated.
  'u19-p01-not-allowed-for-ever': geo(BOTH, E12, [
    { kind: 'not-allowed', message: 'E1', cluster: 'us-west' },
  ]),
  // p02: the same error twice only, on a single entry: the third attempt passes — E1 replicated,
  // no violation (a run that can still progress is not a loop).
  'u19-p02-not-allowed-twice': geo(
    BOTH,
    [send('E1'), wait()],
    [{ kind: 'not-allowed', message: 'E1', cluster: 'us-west', times: 2 }],
  ),
  // p06: twice, with E2 pipelined behind E1 (predicted as p02, mispredicted): E2 persists while E1
  // is refused, the rewind's E1 is Dup by position (10:0 ≤ 10:1) and Case-1 completes it — E1
  // lost (review 18 s04's shape).
  'u19-p06-not-allowed-twice-pipelined': geo(BOTH, E12, [
    { kind: 'not-allowed', message: 'E1', cluster: 'us-west', times: 2 },
  ]),
  // p07: NotAllowedError for ever on E2 (not the head): while E1 is pending its error is ignored
  // (`recoverNotAllowedError` acts on the head only) and E2 stays pending with no answer — nothing
  // can happen with E2 owed: a stall, replication-progress at the end.
  'u19-p07-not-allowed-behind-head': geo(BOTH, E12, [
    { kind: 'not-allowed', message: 'E2', cluster: 'us-west' },
  ]),
  // p03: the TTL empties the backlog: nothing is owed any more — no-silent-loss (n07's) but no stall.
  'u19-p03-ttl-nothing-owed': geo(
    BOTH,
    [send('E1'), wait()],
    [expireMessages('us-east', persisted('E1', 'us-east'))],
  ),
  // p04: a checksum error on E1 with its local copy corrupted at the head (seed 000 with one entry
  // and nothing behind it): dropped by the client (`recoverChecksumError`), the replicator rewinds
  // only on the failure — here the send is dropped with no callback? Prediction: the replicator's
  // producer fails the send, the cursor rewinds, E1 re-read clean and stored: no violation.
  'u19-p04-corrupted-single-entry': geo(
    BOTH,
    [send('E1'), wait()],
    [{ kind: 'checksum-error', message: 'E1', cluster: 'us-west', localBufferCorrupted: true }],
  ),
  // p05: a replicator disconnect once everything is stored at us-west and before the receipts: the
  // resends are Dup (-1:-1), deleted — replication finishes, no loop.
  'u19-p05-drop-after-persist': geo(BOTH, E12, [
    disconnect('replicator', persisted('E2', 'us-west')),
  ]),
  // p08: a corrupted head with E2 pipelined behind it and the proposed `guard-rewind`: the
  // replicator stops visibly (terminal) once E2 may be persisted — E2's send still arrives; E1 is
  // owed and nothing more can happen: a stall (replication-progress at the last step), no loss.
  'u19-p08-guard-rewind-stall': geo(
    BOTH,
    E12,
    [{ kind: 'checksum-error', message: 'E1', cluster: 'us-west', localBufferCorrupted: true }],
    {},
    { fixes: ['guard-rewind'] },
  ),

  // ---- searches ----
  // x01: one cluster, dedup on, M1, M2; a drop or a lost receipt anywhere (1): holds.
  'u19-x01-dedup-on-drops': {
    ...local(true, [send('M1', 'p1', 0), send('M2', 'p1', 1)]),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // x02: the same with dedup off: copies are written but promised by nothing — no-duplicates never
  // fires, nothing is lost: holds (no false alarm).
  'u19-x02-dedup-off-drops': {
    ...local(false, [send('M1', 'p1', 0), send('M2', 'p1', 1)]),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // x03: dedup on, a switch (off) and a lost receipt anywhere (2): a copy written while off is never
  // judged, and switching back on is not placed (kind flips the current setting: off→on needs a
  // second switch) — holds.
  'u19-x03-dedup-toggle-lose-receipt': {
    ...local(true, [send('M1', 'p1', 0), send('M2', 'p1', 1)]),
    explore: search(['set-deduplication', 'lose-receipt'], 2),
  },
  // x04: geo V2, a message TTL anywhere (1): the expiry before a read loses E1 (no-silent-loss, TTL
  // detail); liveness holds (nothing owed after an expiry).
  'u19-x04-geo-ttl': {
    ...geo(BOTH, E12),
    explore: search(['expire-messages'], 1),
  },
  // x05: geo V2 deduplicating, the replicator dropped anywhere (1): resends Dup by position — holds.
  'u19-x05-geo-replicator-drop': {
    ...geo(BOTH, E12),
    producers: [{ name: 'p1', cluster: 'us-east' }],
    explore: search(['disconnect'], 1),
  },
  // x06: b04's cluster (two bookies; no subscription, which multiplies the states past 750,000),
  // dedup on, a takeover anywhere (1), depth 17:
  // predicted holds ("the race needs a slow bookie") — mispredicted: the search orders the bookies'
  // answers itself, so seed 001's race needs no fault but the takeover (ledger-entries-match).
  'u19-x06-takeover-consumer': {
    ...bk([send('M1')], [], { deduplication: true, ledgers: { local: [{ id: 3, entries: 1 }] } }),
    explore: search(['ownership-change'], 1),
  },
  // x07: V1, us-east not deduplicating; a lost receipt at us-east and a replicator drop anywhere
  // (2): us-west drops a second copy of (p1, seq) whichever source entry it comes from — holds, and
  // us-west never stores E1 twice.
  'u19-x07-v1-source-copies': {
    ...geo({ east: false, west: true }, E12, [], { dedup: 'v1' }),
    explore: search(['lose-receipt', 'disconnect'], 2, 40),
  },
  // x08: x06's race at a replication source (us-east on two bookies, two brokers), E1 replicated
  // V2 to us-west, a takeover at us-east anywhere (1): the replicator reads only what broker-1
  // confirmed, and a confirmed entry is recovered, so its cursor never acknowledges a position the
  // list does not record — ledger-entries-match as x06, no acked-positions-exist.
  'u19-x08-takeover-at-source': {
    clusters: [
      { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: TWO_BOOKIES },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: {
      deduplication: true,
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
      ledgers: { 'us-east': [{ id: 3, entries: 1 }] },
    },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
    workload: [send('E1')],
    explore: search(['ownership-change'], 1),
  },
  // x09: p01's NotAllowedError for ever on E1, start immediately, no fault placed: p1's E2 and the
  // rewind interleave; a cycle that starves p1's send is not fair — only the loop once p1 is done
  // counts: liveness violated (the loop), safety holds.
  'u19-x09-not-allowed-loop-fair': {
    ...geo(BOTH, E12, [{ kind: 'not-allowed', message: 'E1', cluster: 'us-west' }], {
      start: 'immediately',
    }),
    explore: search(['disconnect'], 0),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-19.scenarios.ts', '/tmp/u19');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
