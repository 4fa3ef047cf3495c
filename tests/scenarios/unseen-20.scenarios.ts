// Review 20's scenarios (docs/research/review-20.md): the newest rules, least scrutinised — a trim
// (`trim-topic`), the topic-scoped unload (`unload-topic` with scope "topic"), deduplication switched
// at runtime and its Recovering window, several replication links, chunked messages replicated, a
// message TTL (`expire-messages`) — and their combinations with the seeds' faults. Each comment is
// the prediction made from Pulsar's sources (/work/shared/reference/, apache/pulsar) before the row
// was run. Rows for `run` (tests/scenarios/unseen-20.test.ts) and searches for `check`
// (tests/explore/unseen-20.test.ts). The extensions used are in docs/scenario-format-extensions.md.
// `npx tsx tests/scenarios/unseen-20.scenarios.ts <dir>` writes them out as files the CLI reads.
import { PE_PW, persisted, scenarioBook, search, type Json } from './reviewScenarios';
import {
  DEDUP_ON_BOOKIES,
  disconnect,
  expireMessages,
  ownershipChange,
  TWO_BOOKIES,
} from './rowParts';

const EAST = { name: 'us-east', brokers: ['broker-1'] };
const WEST = { name: 'us-west', brokers: ['broker-2'] };
const EU = { name: 'eu-central', brokers: ['broker-3'] };
const send = (id: string, producer = 'p1', more: Json = {}) => ({ send: id, producer, ...more });
const wait = (p = 'p1') => ({ await: p });
const quiet = { when: 'quiescent' };
const trim = (cluster: string, after: Json = quiet) => ({ kind: 'trim-topic', cluster, after });
const M123 = [send('M1'), send('M2'), send('M3'), wait()];
const E12 = [send('E1'), send('E2'), wait()];

/** One cluster on abstract storage, a ledger per entry, a subscription; p1 sends M1–M3. */
const local = (dedup: boolean, faults: Json[], extra: Json = {}) => ({
  topic: { deduplication: dedup, maxEntriesPerLedger: 1 },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub' }],
  workload: M123,
  faults,
  ...extra,
});
/** us-east → us-west (V2 unless said); p1 writes E1, E2 at us-east. */
const geo = (
  dedup: { east: boolean; west: boolean },
  faults: Json[] = [],
  repl: Json = {},
  extra: Json = {},
) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: { 'us-east': dedup.east, 'us-west': dedup.west } },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', ...repl },
  workload: E12,
  faults,
  ...extra,
});
const BOTH = { east: true, west: true };
/** us-east → us-west and us-east → eu-central, each V2 (its own cursor and producer). */
const fanOut = (faults: Json[] = [], links: Json = {}, extra: Json = {}) => ({
  clusters: [EAST, WEST, EU],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: [
    { from: 'us-east', to: 'us-west', dedup: 'v2', ...links },
    { from: 'us-east', to: 'eu-central', dedup: 'v2', ...links },
  ],
  workload: E12,
  faults,
  ...extra,
});
const REPL_WEST = 'replicator:us-east->us-west';
/** p1 at us-east, chunking, M1 of two chunks (6 MB) and a small M2, replicated to us-west. */
const geoChunked = (repl: Json, faults: Json[] = [], extra: Json = {}) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: { 'us-east': false, 'us-west': true } },
  producers: [{ name: 'p1', cluster: 'us-east', chunking: true }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', ...repl },
  workload: [send('M1', 'p1', { size: 6000000 }), send('M2'), wait()],
  faults,
  ...extra,
});

const SCENARIOS: Record<string, Json> = {
  // ---- trim-topic (ManagedLedgerImpl.internalTrimLedgers) ----
  // t01: dedup on from the start: the dedup cursor (pulsar.dedup, opened at 10:-1, never
  // snapshotted in the run) is the slowest durable cursor — nothing is deleted; stored M1–M3.
  'u20-t01-dedup-cursor-holds': local(true, [trim('local')]),
  // t02: dedup on, switched off after M1 persisted (MessageDeduplication.checkStatus deletes
  // pulsar.dedup): only the subscription holds; it consumed M3 (12:0, the last entry of the last
  // ledger) — ledgers 10 and 11 go; 12 is the current ledger (ManagedLedgerImpl keeps its
  // currentLedger; on abstract storage the model keeps the last only while open): stored M3, or none.
  'u20-t02-dedup-off-then-trim': local(true, [
    { kind: 'set-deduplication', cluster: 'local', enabled: false, after: persisted('M1') },
    trim('local'),
  ]),
  // t03: dedup off, the trim right after M2 persisted, before the subscription consumed M1: the
  // subscription at 10:-1 holds everything — nothing deleted; stored M1–M3, no violation.
  'u20-t03-subscription-holds': local(false, [trim('local', persisted('M2'))]),
  // t04: fan-out, dedup off, ledger per entry; the link to eu-central starts after the workload: a
  // trim once us-west has E2 but before eu-central read anything deletes nothing (pulsar.repl.eu-central
  // at 10:-1); both remotes store E1, E2.
  'u20-t04-fanout-slowest-replicator': {
    ...fanOut([trim('us-east', persisted('E2', 'us-west'))]),
    topic: { deduplication: false, maxEntriesPerLedger: 1 },
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-east', to: 'eu-central', dedup: 'v2', start: 'after-workload' },
    ],
  },
  // t06: TTL then trim at us-east (replicator after the workload): E1, E2 expired unreplicated —
  // no-silent-loss with the TTL's words at the expiry; the trim then deletes 10 (and 11 but the
  // current); the loss stays reported.
  'u20-t06-ttl-then-trim': geo(
    BOTH,
    [
      expireMessages('us-east', persisted('E2', 'us-east')),
      trim('us-east', { event: 'persisted', message: 'E3', cluster: 'us-east' }),
    ],
    { start: 'after-workload' },
    {
      topic: { deduplication: false, maxEntriesPerLedger: 1 },
      workload: [...E12, send('E3'), wait()],
    },
  ),
  // t07: seed 000's corrupted head (Case-1 loses E3), then a trim at the end: the replicator's cursor
  // at 10:5 — ledger 10 is current (one ledger), nothing deleted; E3's loss stays.
  'u20-t07-checksum-then-trim': {
    clusters: [EAST, WEST],
    topic: {
      deduplication: { 'us-east': false, 'us-west': true },
      ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
      maxEntriesPerLedger: 4,
    },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
    workload: [send('E3'), send('E4'), send('E5'), wait()],
    faults: [
      { kind: 'checksum-error', message: 'E3', cluster: 'us-west', localBufferCorrupted: true },
      trim('us-east'),
    ],
  },
  // t08: topic unload of the source (scope topic), then a trim: the reload closed ledger 10 and
  // opened 11; the replicator consumed E1 — ledger 10 goes (wholly consumed, not current). E2 is
  // written to 11 and replicated; nothing lost.
  'u20-t08-unload-then-trim': geo(
    BOTH,
    [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: persisted('E1', 'us-west'),
      },
      trim('us-east'),
    ],
    {},
    { workload: [send('E1'), wait(), send('E2'), wait()] },
  ),
  // t09: two bookies, dedup off, a ledger per two entries; ownership change after M2: the new owner
  // recovers ledger 10 and writes to 11; the trim at the end deletes 10 once the subscription is
  // past it (the default order consumes everything) — stored M3 (and anything after), no violation.
  'u20-t09-takeover-then-trim': {
    clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: TWO_BOOKIES }],
    topic: { deduplication: false, maxEntriesPerLedger: 2 },
    producers: [{ name: 'p1' }],
    subscriptions: [{ name: 'sub', broker: 'broker-1' }],
    workload: M123,
    faults: [ownershipChange('local', 'broker-2', persisted('M2')), trim('local')],
  },
  // t10: a lost receipt with dedup on: the resend is Dup (-1:-1) and stored once; the trim finds the
  // dedup cursor at 10:-1 and deletes nothing.
  'u20-t10-lose-receipt-trim': local(true, [
    { kind: 'lose-receipt', message: 'M2' },
    trim('local'),
  ]),

  // t11: dedup on, a subscription, the TTL then a trim: checkMessageExpiry expires subscriptions and
  // replicators only — the dedup cursor (not a subscription) stays at 10:-1 and holds every ledger:
  // nothing deleted, stored M1–M3.
  'u20-t11-ttl-spares-dedup-cursor': local(true, [
    expireMessages('local', persisted('M3')),
    trim('local'),
  ]),

  // ---- unload-topic, scope "topic" (PersistentTopic.close(false)) ----
  // u01: fan-out, remotes not deduplicating; topic unload of us-east once E1 persisted at us-west:
  // close waits for both replicators' producer closes (each remote answers after the writes before
  // it) — E1 and E2 stored once at each remote, nothing lost.
  'u20-u01-fanout-topic-unload': {
    ...fanOut([
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: persisted('E1', 'us-west'),
      },
    ]),
    topic: { deduplication: { 'us-east': true, 'us-west': false, 'eu-central': false } },
  },
  // u02: topic unload of the remote (us-west, not deduplicating) once E1 is persisted there: its
  // producers are closed at once (Producer.disconnect → closeNow): the replicator's pending E2 resend
  // is as after a bundle unload — E1's receipt was sent before the close, so stored once each.
  'u20-u02-remote-topic-unload': geo({ east: true, west: false }, [
    { kind: 'unload-topic', cluster: 'us-west', scope: 'topic', after: persisted('E1', 'us-west') },
  ]),
  // u03: topic unload of the source while the replicator loops on NotAllowedError (for ever, E1):
  // after the reload a new replicator producer meets the same error — the loop goes on:
  // replication-progress, E1, E2 not at us-west; nothing reported done.
  'u20-u03-topic-unload-not-allowed': geo(BOTH, [
    { kind: 'not-allowed', message: 'E1', cluster: 'us-west' },
    { kind: 'unload-topic', cluster: 'us-east', scope: 'topic', after: { step: 14 } },
  ]),
  // u04: a set-deduplication off due while the topic unload's close waits: not applicable while
  // closing; it runs after the reload. Remote dedup off after that; nothing duplicated (no drop).
  'u20-u04-toggle-during-close': geo(BOTH, [
    { kind: 'unload-topic', cluster: 'us-east', scope: 'topic', after: persisted('E1', 'us-west') },
    {
      kind: 'set-deduplication',
      cluster: 'us-east',
      enabled: false,
      after: persisted('E1', 'us-west'),
    },
  ]),
  // u05: PR 23697's broken channel on the replicator (frames E1 at its 2nd send), then a topic
  // unload of the source at the end: V2 at us-west drops the stale E1 frame as Dup by position; the
  // reload's replicator resends from its cursor — E1, E2 once at us-west, no loss.
  'u20-u05-duplicate-frames-topic-unload': geo(
    BOTH,
    [
      { kind: 'duplicate-frames', producer: 'replicator', atSend: 2, frames: ['E1'] },
      { kind: 'unload-topic', cluster: 'us-east', scope: 'topic', after: quiet },
    ],
    { start: 'after-workload' },
  ),

  // u06: fan-out, the eu-central link starts after the workload (its producer not connected yet):
  // a topic unload of us-east once E1 persisted at us-west waits for the us-west producer's close
  // only; both remotes end with E1, E2 once.
  'u20-u06-topic-unload-one-link-idle': fanOut(
    [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: persisted('E1', 'us-west'),
      },
    ],
    {},
    {
      replication: [
        { from: 'us-east', to: 'us-west', dedup: 'v2' },
        { from: 'us-east', to: 'eu-central', dedup: 'v2', start: 'after-workload' },
      ],
    },
  ),
  // u07: dedup switched on at the source (local topic, M1 persisted) and a topic unload at once:
  // the load ends Recovering (it replays from the new cursor); M2's lost receipt then resent: Dup.
  'u20-u07-topic-unload-in-recovering': local(false, [
    { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M1') },
    { kind: 'unload-topic', cluster: 'local', scope: 'topic', after: persisted('M1') },
    { kind: 'lose-receipt', message: 'M2' },
  ]),

  // ---- deduplication switched at runtime (MessageDeduplication.checkStatus) ----
  // d01: remote (us-west) switched on after E1 persisted there, the replicator dropped after E2
  // persisted there (before its receipt): the resend is checked only once Enabled. The auto order
  // replays first (persistence-class step) → Dup by position (the replay rebuilt <repl>_LID/_EID?)
  // — predicted stored once, no violation.
  'u20-d01-remote-on-replicator-drop': geo({ east: true, west: false }, [
    {
      kind: 'set-deduplication',
      cluster: 'us-west',
      enabled: true,
      after: persisted('E1', 'us-west'),
    },
    disconnect('replicator', persisted('E2', 'us-west')),
  ]),
  // d02: remote switched off after E1 persisted, replicator dropped after E2 persisted: E2's resend
  // is written again — twice at us-west, no alarm (dedup off there).
  'u20-d02-remote-off-replicator-drop': geo(BOTH, [
    {
      kind: 'set-deduplication',
      cluster: 'us-west',
      enabled: false,
      after: persisted('E1', 'us-west'),
    },
    disconnect('replicator', persisted('E2', 'us-west')),
  ]),
  // d03: local on → the topic unloaded (bundle) during Recovering (before the replay): the load
  // replays from the new cursor and ends Recovering; M2's lost receipt resend after it is Dup.
  'u20-d03-on-then-unload-in-recovering': local(false, [
    { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M1') },
    { kind: 'unload-topic', cluster: 'local', after: { event: 'sent', message: 'M2' } },
    { kind: 'lose-receipt', message: 'M2' },
  ]),
  // d04: off then on again (two switches): the second is due while... off is one step; on opens a
  // cursor at the LAC then; a lost receipt of M3 after: Dup — stored once each.
  'u20-d04-off-on-lose-receipt': local(true, [
    { kind: 'set-deduplication', cluster: 'local', enabled: false, after: persisted('M1') },
    { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M2') },
    { kind: 'lose-receipt', message: 'M3' },
  ]),
  // d05: switched on, then a trim: the new dedup cursor sits at the LAC at the switch (11:0 after
  // M2); subscription consumed M3: ledgers 10 and 11 (wholly before both) go — stored M3.
  'u20-d05-on-then-trim': local(false, [
    { kind: 'set-deduplication', cluster: 'local', enabled: true, after: persisted('M2') },
    trim('local'),
  ]),
  // d06: chunked producer (pr-20948 on), dedup switched on after M1's first chunk persisted (step 4:
  // cursor at 10:0), and M1's first receipt lost: chunk 1 and chunk 2 are resent; chunk 1's copy
  // (10:1, Recovering: NotDup unpushed) is after the cursor, so the replay records (p1, 0) from it —
  // the gap the proposed replay-last-chunk fix closes (review 15) — and chunk 2 is Dup: M1 completed
  // -1:-1 with no last chunk stored: no-silent-loss (if the replay runs before chunk 2 arrives).
  'u20-d06-chunked-on-mid-message': {
    topic: { deduplication: false },
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', 'p1', { size: 6000000 }), send('M2'), wait()],
    faults: [
      { kind: 'set-deduplication', cluster: 'local', enabled: true, after: { step: 4 } },
      { kind: 'lose-receipt', message: 'M1' },
    ],
    fixes: ['pr-20948'],
  },

  // ---- several replication links ----
  // r01: fan-out, the us-west replicator dropped after E1 persisted there: resend Dup by position at
  // us-west; eu-central untouched — E1, E2 once at each, no violation.
  'u20-r01-fanout-drop-one': fanOut([
    { kind: 'disconnect', producer: REPL_WEST, after: persisted('E1', 'us-west') },
  ]),
  // r02: chain us-east → us-west → eu-central: us-west's replicator deletes E1, E2 unsent
  // (replicated_from set: GeoPersistentReplicator skips isReplicated) — eu-central stores nothing.
  // Pulsar needs a full mesh; the skip is the rule, not a loss: predicted no violation.
  'u20-r02-chain-no-forward': {
    clusters: [EAST, WEST, EU],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-west', to: 'eu-central', dedup: 'v2' },
    ],
    workload: E12,
  },
  // r03: fan-in, V1: pe at us-east and a producer of the same name at us-west, each seq 0 — V1 at
  // eu-central keys by original producer (isDuplicateReplV1 → isDuplicateNormal): the second (p1,
  // 0) is Dup, -1:-1, its replicator deletes it: no-silent-loss at eu-central.
  'u20-r03-fanin-v1-same-name': {
    clusters: [EAST, WEST, EU],
    topic: { deduplication: true },
    producers: [
      { name: 'pe', cluster: 'us-east', producerName: 'app' },
      { name: 'pw', cluster: 'us-west', producerName: 'app' },
    ],
    replication: [
      { from: 'us-east', to: 'eu-central', dedup: 'v1' },
      { from: 'us-west', to: 'eu-central', dedup: 'v1', start: 'after-workload' },
    ],
    workload: [send('E1', 'pe'), send('W1', 'pw'), wait('pe'), wait('pw')],
  },
  // r04: r03 with V2: each replicator producer has its own LID/EID watermark — E1 and W1 stored.
  'u20-r04-fanin-v2': {
    clusters: [EAST, WEST, EU],
    topic: { deduplication: true },
    producers: PE_PW,
    replication: [
      { from: 'us-east', to: 'eu-central', dedup: 'v2' },
      { from: 'us-west', to: 'eu-central', dedup: 'v2' },
    ],
    workload: [send('E1', 'pe'), send('W1', 'pw'), wait('pe'), wait('pw')],
  },
  // r05: fan-out, seed 000's corrupted head on the eu-central link only (E1 pipelined before E2):
  // Case-1 loses E1 at eu-central; us-west gets both.
  'u20-r05-fanout-checksum-one-link': fanOut(
    [{ kind: 'checksum-error', message: 'E1', cluster: 'eu-central', localBufferCorrupted: true }],
    { start: 'after-workload' },
  ),
  // r06: fan-out, NotAllowedError for ever on E1 at us-west: that link loops (replication-progress);
  // eu-central gets E1, E2.
  'u20-r06-fanout-not-allowed-one-link': fanOut([
    { kind: 'not-allowed', message: 'E1', cluster: 'us-west' },
  ]),
  // r07: fan-out, a TTL at us-east before either replicator read (both after the workload): both
  // cursors expired — E1, E2 lost to both remotes, TTL words, two findings (or one naming both).
  'u20-r07-fanout-ttl': fanOut([expireMessages('us-east', persisted('E2', 'us-east'))], {
    start: 'after-workload',
  }),
  // r08: two-way, dedup off both, a ledger per entry; trims at both ends: each replicator deleted
  // the entries replicated in unsent (replicated_from) and consumed its own — every closed ledger
  // goes but the current; nothing lost (trimmed entries count as stored), no violation.
  'u20-r08-two-way-trim': {
    clusters: [EAST, WEST],
    topic: { deduplication: false, maxEntriesPerLedger: 1 },
    producers: PE_PW,
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-west', to: 'us-east', dedup: 'v2' },
    ],
    workload: [send('E1', 'pe'), send('W1', 'pw'), wait('pe'), wait('pw')],
    faults: [trim('us-west'), trim('us-east')],
  },

  // r09: a full mesh of three clusters (six V2 links), dedup on: each cluster's replicators forward
  // only its own producer's entries (the rest are replicated_from, deleted unsent) — E1, W1, C1 once
  // at each cluster, no violation.
  'u20-r09-three-way-mesh': {
    clusters: [EAST, WEST, EU],
    topic: { deduplication: true },
    producers: [
      { name: 'pe', cluster: 'us-east' },
      { name: 'pw', cluster: 'us-west' },
      { name: 'pc', cluster: 'eu-central' },
    ],
    replication: ['us-east', 'us-west', 'eu-central'].flatMap((from) =>
      ['us-east', 'us-west', 'eu-central']
        .filter((to) => to !== from)
        .map((to) => ({ from, to, dedup: 'v2' })),
    ),
    workload: [
      send('E1', 'pe'),
      send('W1', 'pw'),
      send('C1', 'pc'),
      wait('pe'),
      wait('pw'),
      wait('pc'),
    ],
  },
  // r10: two-way, the TTL at us-west once E1 arrived there and W1 was written, us-west's replicator
  // behind (after the workload): W1 expired unreplicated — no-silent-loss for W1 at us-east (TTL
  // words); E1's copy at us-west is replicated_from, skipped anyway — not reported.
  'u20-r10-two-way-ttl': {
    clusters: [EAST, WEST],
    topic: { deduplication: true },
    producers: PE_PW,
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-west', to: 'us-east', dedup: 'v2', start: 'after-workload' },
    ],
    workload: [send('E1', 'pe'), wait('pe'), send('W1', 'pw'), wait('pw')],
    faults: [expireMessages('us-west', persisted('W1', 'us-west'))],
  },

  // ---- chunked messages replicated ----
  // c01: V2, the replicator dropped after M1[1/2] persisted at us-west (step 12; a trigger cannot
  // name a chunk — "M1[1/2]" is refused at $.faults[0].after.message): the resend of chunk 1 is Dup
  // by position (-1:-1), chunk 2 follows — M1 assembles once at us-west; no violation.
  'u20-c01-geo-chunked-v2-drop': geoChunked({}, [
    { kind: 'disconnect', producer: 'replicator', after: { step: 12 } },
  ]),
  // c02: V1 with pr-20948, the same drop: chunk 1 (not last) is written unchecked again; chunk 2 is
  // judged (NotDup) — us-west holds chunk 1 twice; a consumer restarts on the repeated first chunk
  // and assembles M1 once; no violation.
  'u20-c02-geo-chunked-v1-20948-drop': geoChunked(
    { dedup: 'v1' },
    [{ kind: 'disconnect', producer: 'replicator', after: { step: 12 } }],
    { fixes: ['pr-20948'] },
  ),
  // c03: V2, a TTL at us-east between M1's chunks (after chunk 1 persisted — step 5 —, replicator
  // after the workload): chunk 1 expired unsent (PersistentMessageExpiryMonitor judges entries, not
  // messages), chunk 2 and M2 replicated — us-west holds M1's last chunk
  // alone (no message), no-silent-loss names M1 by the TTL. The us-east subscription's consumer
  // discards that chunk too (session 18, hH: chunk-subscription-ttl.test.ts).
  'u20-c03-geo-chunked-ttl-mid-message': geoChunked(
    { start: 'after-workload' },
    [{ kind: 'expire-messages', cluster: 'us-east', after: { step: 5 } }],
    { subscriptions: [{ name: 'sub', cluster: 'us-east' }] },
  ),
  // c04: V2 fan-out of a chunked message: each link replicates both chunks: M1, M2 at both remotes.
  'u20-c04-geo-chunked-fanout': {
    ...geoChunked({}),
    clusters: [EAST, WEST, EU],
    topic: { deduplication: { 'us-east': false, 'us-west': true, 'eu-central': true } },
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-east', to: 'eu-central', dedup: 'v2' },
    ],
  },
  // c05: V2, NotAllowedError twice on M1 at us-west (the fault names the message; "M1[2/2]" is
  // refused at $.faults[0].message), its first chunk's send: recoverNotAllowedError fails the head
  // (chunk 1), the replicator rewinds; chunk 2, pipelined behind, is NotDup (10:1) and raises V2's
  // watermark to 10:1; chunk 1's third send is Dup (10:0 ≤ 10:1), -1:-1, Case-1 deletes it — review
  // 18's loss, for a chunk: M1 never assembles at us-west (no-silent-loss); M2 replicated.
  'u20-c05-geo-chunked-not-allowed-twice': geoChunked({}, [
    { kind: 'not-allowed', message: 'M1', cluster: 'us-west', times: 2 },
  ]),

  // c06: c05 with the error once: chunk 1 fails, chunk 2 (pipelined) is NotDup at 10:1 and raises
  // V2's watermark; the rewound chunk 1 is Dup (10:0 ≤ 10:1), -1:-1, deleted (Case-1): M1 never
  // assembles at us-west — no-silent-loss M1.
  'u20-c06-geo-chunked-not-allowed-once': geoChunked({}, [
    { kind: 'not-allowed', message: 'M1', cluster: 'us-west', times: 1 },
  ]),

  // ---- expire-messages ----
  // e01: the TTL at the remote us-west with a subscription there: only that subscription expires;
  // the remote's topic has no replicator from it — nothing is lost, E1, E2 at us-west.
  'u20-e01-ttl-at-remote': geo(
    BOTH,
    [expireMessages('us-west', persisted('E2', 'us-west'))],
    {},
    { subscriptions: [{ name: 'sub', cluster: 'us-west' }] },
  ),
  // e02: a TTL during a topic unload's wait (after E1 persisted at us-west, replicator live): not
  // applicable while closing; it fires after the reload on whatever is unreplicated then.
  'u20-e02-ttl-during-topic-unload': geo(
    BOTH,
    [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'topic',
        after: persisted('E1', 'us-west'),
      },
      expireMessages('us-east', persisted('E1', 'us-west')),
    ],
    {},
    { subscriptions: [{ name: 'sub', cluster: 'us-east' }] },
  ),
  // e03: slow bookie at a source on bookies, TTL after M1 confirmed: the TTL expires only what is
  // confirmed (M1); M2's add waits for bookie-2 — replicated later; M1 lost by TTL.
  'u20-e03-ttl-slow-bookie': {
    clusters: [{ name: 'us-east', brokers: ['broker-1'], bookies: TWO_BOOKIES }, WEST],
    topic: DEDUP_ON_BOOKIES,
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
    workload: [send('M1'), send('M2'), wait()],
    faults: [
      { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M2' },
      expireMessages('us-east', persisted('M1', 'us-east')),
    ],
  },

  // ---- searches (check) ----
  // x01: local, dedup on, a trim and a lost receipt anywhere (2): holds.
  'u20-x01-trim-lose-receipt': {
    ...local(true, []),
    explore: search(['trim-topic', 'lose-receipt'], 2),
  },
  // x02: geo V2, ledger per entry, E1 only (two messages pass 200,000 states), a trim (either
  // cluster) and a drop anywhere (2): a trim deletes only what every cursor consumed — holds.
  'u20-x02-geo-trim-disconnect': {
    ...geo(BOTH, [], {}, { workload: [send('E1'), wait()] }),
    topic: { deduplication: { 'us-east': false, 'us-west': true }, maxEntriesPerLedger: 1 },
    explore: search(['trim-topic', 'disconnect'], 2),
  },
  // x03: local, set-deduplication and a trim anywhere (2), ledger per entry: holds.
  'u20-x03-toggle-trim': {
    ...local(false, []),
    explore: search(['set-deduplication', 'trim-topic'], 2),
  },
  // x04: fan-out, a replicator drop anywhere (1): holds.
  // (E1 only: E1, E2 on two links pass 750,000 states.)
  'u20-x04-fanout-disconnect': {
    ...fanOut([], {}, { workload: [send('E1'), wait()] }),
    explore: search(['disconnect'], 1),
  },
  // x05: geo, remote not deduplicating, topic unload and a drop (2): copies at us-west are no
  // promise broken — safety holds; liveness holds.
  // (E1 only: with E2, 79,297 states in 22 s — the same verdict.)
  'u20-x05-topic-unload-disconnect': {
    ...geo({ east: true, west: false }, [], {}, { workload: [send('E1'), wait()] }),
    explore: search(['unload-topic:topic', 'disconnect'], 2),
  },
  // x06: chunked V2, a drop anywhere (1): predicted holds (the replicator's chunks are judged by
  // source position). Since session 18's consumer rule (main moved during the review): p1's own drop
  // stores chunk 1 twice at us-east (not deduplicating) and a consumer before PR 20948 drops M1 at the
  // repeat — no-silent-loss in 12; with pr-20948 it holds.
  // (M1 alone: with M2, 323,673 states in 169 s — the same verdict.)
  'u20-x06-geo-chunked-disconnect': {
    ...geoChunked({}, [], { workload: [send('M1', 'p1', { size: 6000000 }), wait()] }),
    explore: search(['disconnect'], 1, 80),
  },
  // x07: geo V2, the TTL and a trim anywhere (2): a TTL loss found (no-silent-loss), liveness holds.
  'u20-x07-ttl-trim': {
    ...geo(BOTH, [], {}, { workload: [send('E1'), wait()] }),
    topic: { deduplication: { 'us-east': false, 'us-west': true }, maxEntriesPerLedger: 1 },
    explore: search(['expire-messages', 'trim-topic'], 2),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-20.scenarios.ts', '/tmp/u20');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
