// Review 27's scenarios (docs/research/review-27.md): the newest rules crossed with each other, where
// reviews 20–26 pressed each alone — chunked messages with geo-replication and with deduplication's
// reload, snapshot and purge; a subscription's acks in flight with an ownership change, the message
// TTL and the close that meets BadVersion; the unexpected-chunk ack rule with the ack timeout and
// reconnects; a Go Send(ctx) with batching and a drop; the client's memory limit with chunking; dedup
// snapshots and the purge with an ownership change. Each comment is the prediction made from
// Pulsar's sources (ConsumerImpl.processMessageChunk, UnAckedMessageTracker, ManagedCursorImpl,
// MessageDeduplication, PersistentMessageExpiryMonitor, GeoPersistentReplicator, ProducerImpl,
// MemoryLimitController, pulsar-client-go partitionProducer; /work/shared/reference/) before the row
// was run. Only names of scenario-format.md and docs/scenario-format-extensions.md are used. Rows for
// `run` (tests/scenarios/unseen-27.test.ts) and searches for `check` (tests/explore/unseen-27.test.ts).
// `npx tsx tests/scenarios/unseen-27.scenarios.ts <dir>` writes them out as files the CLI reads.
import { DEDUP_ON, EAST_WEST, type Json, scenarioBook, search, send } from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  received,
  restartBroker,
  sends,
  unloadTopic,
} from './rowParts';
import { scenario as scenario23 } from './unseen-23.scenarios';
import { scenario as scenario25 } from './unseen-25.scenarios';

const BIG = { size: 6000000 }; // two chunks at the broker's 5 MiB
const PR_20948 = ['pr-20948'];
const wait = (p = 'p1') => ({ await: p });
const at = (step: number) => ({ step });
const persistedAt = (message: string, cluster: string) => ({
  event: 'persisted',
  message,
  cluster,
});
/** Subscription `sub` with acks in flight, judged by received-once (plus `extra`). */
const sub = (extra: Json = {}) => ({
  name: 'sub',
  acks: 'in-flight',
  invariants: ['received-once'],
  ...extra,
});
const sync = (id: string, extra: Json = {}, producer = 'p1') =>
  send(id, { sync: true, ...extra }, producer);
const ctxExpired = (message: string, after?: Json) => ({
  kind: 'context-expired',
  message,
  ...(after ? { after } : {}),
});

// ---- chunks and geo-replication ----
/** p1 (Java, or `client`) chunks M1 at us-east (no dedup there), then M2; the link `dedup`; us-west
 * deduplicates; `extra` last. */
const geoChunked = (dedup: string, extra: Json = {}, client?: string) => ({
  clusters: EAST_WEST,
  topic: { deduplication: { 'us-east': false, 'us-west': true } },
  producers: [{ name: 'p1', cluster: 'us-east', chunking: true, ...(client ? { client } : {}) }],
  replication: { from: 'us-east', to: 'us-west', dedup },
  workload: [send('M1', BIG), send('M2'), wait()],
  ...extra,
});
const WEST_SUB = sub({ cluster: 'us-west' });

// ---- chunks, dedup and a second broker (one bookie) ----
const TWO_BROKERS_ONE_BOOKIE = [
  { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] },
];
const ONE_BOOKIE_LEDGER = { ensemble: 1, writeQuorum: 1, ackQuorum: 1 };
/** Java (or `client`) chunking p1, dedup on with `topic` extras, pr-20948, two brokers, `faults`. */
const chunkedMoved = (topic: Json, faults: Json[], client?: string, extra: Json = {}) => ({
  clusters: TWO_BROKERS_ONE_BOOKIE,
  topic: { deduplication: true, ledger: ONE_BOOKIE_LEDGER, ...topic },
  producers: [{ name: 'p1', chunking: true, ...(client ? { client } : {}) }],
  workload: [send('M1', BIG), wait()],
  fixes: PR_20948,
  faults,
  ...extra,
});
/** M1[1/2] written by broker-1, then the topic moves to broker-2, which fences ledger 10 and loads
 * the topic before broker-1 reads M1[2/2] (`consumed` are sub's receipts before the move). */
const chunkOneThenMove = (consumed: string[] = []) => [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'deliver:broker-1->bookie-1:10:0',
  'deliver:bookie-1->broker-1:10:0',
  ...consumed,
  'fault:ownership-change:local:broker-2',
  'deliver:broker-2->bookie-1:fence-10',
  'deliver:bookie-1->broker-2:fence-10',
  'metadata:broker-2:ledgers',
];
const MOVE_AFTER_CHUNK_ONE = (consumed: string[] = []) => ({
  faults: [ownershipChange('local', 'broker-2', at(5 + consumed.length))],
  schedule: chunkOneThenMove(consumed),
});
/** Two brokers on one bookie, dedup on with `topic` extras, p1 (and `more`) sending `workload`. */
const movedPlain = (
  topic: Json,
  producers: Json[],
  workload: Json[],
  faults: Json[],
  extra: Json = {},
) => ({
  clusters: TWO_BROKERS_ONE_BOOKIE,
  topic: { deduplication: true, ledger: ONE_BOOKIE_LEDGER, ...topic },
  producers,
  workload,
  faults,
  ...extra,
});

// ---- acks in flight, the ownership change and the close that meets BadVersion ----
/** Review 23's a08b (M1's ack lands on broker-1, broker-2 loads the topic, broker-1's fenced cursor
 * write falls back to the metadata-store node), M2 written at broker-2, sub moved there and M1's
 * second receipt acknowledged — the story of tests/scenarios/cursor-close-bad-version.test.ts. */
const A08B = scenario23('u23-a08b-ownership-change-old-owner-persists-late');
const MOVED_AND_ACKED = [
  ...(A08B.schedule as string[]),
  'send:p1:M2',
  'deliver:p1->broker-1:M2',
  'deliver:broker-1->bookie-1:10:1',
  'deliver:bookie-1->broker-1:10:1',
  'metadata:broker-1:ledgers',
  'deliver:broker-1->p1:CloseProducer',
  'connect:p1',
  'deliver:p1->broker-2:M2',
  'deliver:broker-2->bookie-1:11:0',
  'deliver:bookie-1->broker-2:11:0',
  'deliver:broker-2->p1:M2',
  'consume:sub:10:0',
  'ack:sub:10:0',
];
/** A08B's world on `schedule`, then the topic unloads (at the schedule's end); `faults` before it. */
const movedThenUnloaded = (schedule: string[], faults: Json[] = []) => ({
  ...A08B,
  faults: [...(A08B.faults as Json[]), ...faults, unloadTopic('local', at(schedule.length))],
  schedule,
});

// ---- the unexpected-chunk ack rule (ConsumerImpl.processMessageChunk) ----
const EVICTED = scenario25('u25-c02-pending-limit-subscription');
const EXPIRED = scenario25('u25-c03-expiry-subscription');
const TIMED_SUB = sub({ ackTimeout: true });

// ---- Go Send(ctx) with batching ----
const GO_BATCH = { name: 'p1', client: 'go', batching: { maxMessages: 10 } };
/** A batching Go producer with explicit ids: SendAsync M1 (seq 0), Send(ctx) M2 (seq 1), then
 * `more`; M2's context ends once it is written, the connection drops once the broker read it. */
const goBatchSync = (dedup: boolean, more: Json[] = []) => ({
  topic: { deduplication: dedup },
  producers: [{ ...GO_BATCH, sequenceIds: 'explicit' }],
  workload: [send('M1', { seq: 0 }), sync('M2', { seq: 1 }), ...more, wait()],
  faults: [ctxExpired('M2', { event: 'sent', message: 'M2' }), disconnect('p1', received('M2'))],
});

// ---- the memory limit with chunking ----
/** Producers pa (chunking, `chunkMaxMessageSize` 600) and pb of client `app`, `memoryLimitBytes`
 * 1000, `client` Java or Go, `extra` on each. */
const chunkingShared = (client: string, extra: Json = {}) => [
  {
    name: 'pa',
    client,
    pulsarClient: 'app',
    memoryLimitBytes: 1000,
    chunking: true,
    chunkMaxMessageSize: 600,
    ...extra,
  },
  { name: 'pb', client, pulsarClient: 'app', memoryLimitBytes: 1000, ...extra },
];

const SCENARIOS: Record<string, Json> = {
  // ---- chunks × geo-replication × dedup ----
  // g01: V1 with pr-20948 and a subscription at us-west (acks in flight); the replicator's
  // connection drops once us-west received M1[2/2] (both receipts lost): the reconnect resends both
  // chunks; the first, not last, is written unchecked again (10:2 at us-west), the last is Dup by
  // (p1, 0) → -1:-1, success. us-west holds c1, c2, c1, M2: the reader assembles M1 once. sub's
  // consumer: M1 whole at 10:1 (one CommandAck 10:0+10:1); the repeated first chunk at 10:2 opens a
  // new context (master's chunk-0 branch: the old one is gone, completed), never completed: its ack
  // is held, a hole before M2. No invariant is broken: stored M1, M2 at both; no violation.
  'u27-g01-v1-chunk-resend-west-sub': geoChunked('v1', {
    fixes: PR_20948,
    subscriptions: [WEST_SUB],
    faults: [disconnect('replicator', received('M1', 'us-west'))],
  }),
  // g02: V2 without pr-20948 (a replicated chunk is judged by its source position, so the fix is not
  // needed), a subscription at us-west, the replicator drops once us-west persisted M1[1/2]: the
  // resend of 10:0 is Dup by the watermark (10:0 ≤ 10:0), -1:-1 on the head: success; M1[2/2] NotDup.
  // us-west holds M1 once (two chunk entries) and M2; sub receives each entry once: no violation.
  'u27-g02-v2-chunk-drop-west-sub': geoChunked('v2', {
    subscriptions: [WEST_SUB],
    faults: [disconnect('replicator', persistedAt('M1', 'us-west'))],
  }),
  // g03: a Go chunking producer at us-east, V1 with pr-20948: the replicator sends each chunk entry
  // with Go's chunk metadata (uuid, chunk ids) under the original producer p1, seq 0 for both: the
  // first unchecked, the last NotDup — M1 assembles at us-west, M2 too: no violation.
  'u27-g03-go-chunks-v1': geoChunked('v1', { fixes: PR_20948 }, 'go'),
  // g04: V1 with pr-20948, the TTL at us-east between M1's chunks (after M1[1/2] is written; the
  // replicator starts after the workload) and a us-east subscription with acks in flight: the TTL
  // mark-deletes the replicator's and sub's cursors past 10:0; M1[2/2] alone is replicated (the
  // last chunk NotDup at us-west, stored alone) — no-silent-loss M1 at us-west "expired by the
  // message TTL"; sub's consumer discards 10:1 (no context) and acknowledges it: the TTL expired an
  // earlier chunk (publish time past the expiry: unexpected-chunk-acked).
  'u27-g04-v1-ttl-between-chunks-east-sub': geoChunked('v1', {
    fixes: PR_20948,
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
    subscriptions: [sub({ cluster: 'us-east' })],
    faults: [expireMessages('us-east', persistedAt('M1', 'us-east'))],
  }),
  // g05: V2 with a dedup snapshot every entry at us-west (recordMessagePersistedRepl puts the
  // watermark in the map), us-west unloads once M1[1/2] is persisted there: the reload starts from the
  // snapshot (the _LID/_EID watermark 10:0 kept, #25861 does not bite); the replicator's producer
  // closes and restarts from the persisted mark-delete: 10:0 re-read is Dup (-1:-1) or already
  // deleted, 10:1 NotDup: M1 once at us-west, M2; no violation.
  'u27-g05-v2-snapshot-unload-between-chunks': geoChunked('v2', {
    topic: {
      deduplication: { 'us-east': false, 'us-west': true },
      deduplicationEntriesInterval: { 'us-west': 1 },
    },
    faults: [unloadTopic('us-west', persistedAt('M1', 'us-west'))],
  }),

  // ---- chunks × dedup × the topic moving ----
  // d01: Java chunking, dedup on, pr-20948, the topic moves to broker-2 once M1[1/2] is written:
  // broker-2's load replays the ledger (replayCursor reads no chunk id: the lone first chunk records
  // p1's seq 0 as persisted); p1's M1[2/2] is fenced at broker-1 or resent to broker-2 → Dup, -1:-1:
  // M1 told sent, never assembled — no-silent-loss M1 (chunked-reload-pr-20948's loss by a move).
  'u27-d01-chunk-moved-between-chunks': chunkedMoved({}, [], undefined, MOVE_AFTER_CHUNK_ONE()),
  // d01a: the same move on the first chunk's persist with `auto` (the row as first written, trigger
  // only): broker-1 may still write M1[2/2] before broker-2's fencing read — an interleaving Pulsar
  // allows — and then the ledger holds M1 whole: no loss.
  'u27-d01a-chunk-moved-auto': chunkedMoved({}, [
    ownershipChange('local', 'broker-2', persistedAt('M1', 'local')),
  ]),
  // d02: d01 with replay-last-chunk: the replay records M1 only at its last chunk; the resent last
  // chunk is NotDup, M1 assembles (10:0 + 11:0): no violation.
  'u27-d02-chunk-moved-replay-last-chunk': {
    ...chunkedMoved({}, [], undefined, MOVE_AFTER_CHUNK_ONE()),
    fixes: [...PR_20948, 'replay-last-chunk'],
  },
  // d03: d01 with a dedup snapshot every entry: M1[1/2]'s write counts (it records no id live, with
  // pr-20948), so broker-1 snapshots {} at 10:0 and moves pulsar.dedup there; broker-2's replay starts
  // after 10:0 and reads nothing: p1 unknown, M1[2/2] NotDup — M1 whole; the snapshot hides the replay
  // rule. No violation.
  'u27-d03-chunk-moved-snapshot-every-entry': chunkedMoved(
    { deduplicationEntriesInterval: 1 },
    [],
    undefined,
    MOVE_AFTER_CHUNK_ONE(),
  ),
  // d04: a Go chunking producer, dedup on, pr-20948, the broker crashes once M1[1/2] is written
  // (before its receipt): the new load's replay records seq 0; Go's reconnect resends both chunks
  // (grabCnx: every pending item) — the first unchecked, written again; the last Dup: M1 never
  // assembles (the topic holds c1, c1) — no-silent-loss M1.
  'u27-d04-go-chunk-crash-between-chunks': chunkedMoved(
    {},
    [restartBroker('local', persistedAt('M1', 'local'))],
    'go',
  ),
  // d05: Java chunking, dedup on, pr-20948, with the inactivity purge: M1's (last chunk's) receipt is
  // lost with the connection and p1 is purged before it reconnects; the resent M1[2/2] is a first
  // send (NotDup) and written again. The topic holds c1, c2, c2: a pr-20948 consumer skips the
  // repeated last chunk, so M1 assembles once — no-duplicates (which counts assembled messages) holds,
  // unlike the built-in dedup-purge-inactive-producer with a plain message. No violation.
  'u27-d05-chunk-purged-resend': {
    topic: { deduplication: true, deduplicationInactivityPurge: true },
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', BIG), wait()],
    fixes: PR_20948,
    faults: [{ kind: 'lose-receipt', message: 'M1' }],
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      'deliver:p1->broker-1:M1[2/2]',
      'persist:local:M1[2/2]',
      'fault:lose-receipt:M1@local',
      'dedup-purge:local:p1',
    ],
  },

  // ---- dedup snapshot / purge × the ownership change ----
  // p01: plain M1, M2, a snapshot every entry, M2's receipt lost and the topic moving once M2 is
  // written: broker-2's load starts from the snapshot at 10:1 ({p1=1}); the resend of M2 is Dup
  // (-1:-1): stored M1, M2 once; no violation.
  'u27-p01-snapshot-then-move': movedPlain(
    { deduplicationEntriesInterval: 1 },
    [{ name: 'p1' }],
    sends('p1', 'M1', 'M2'),
    [
      { kind: 'lose-receipt', message: 'M2' },
      ownershipChange('local', 'broker-2', persistedAt('M2', 'local')),
    ],
  ),
  // p02: two producers, a snapshot every entry keeping one name (cap 1, by name: p1), p2's N1
  // receipt lost and the topic moving once N1 is written (the last entry, so the snapshot is there):
  // broker-2 starts from the snapshot without p2, replays nothing after it: p2's resend of N1 is
  // NotDup, written again — no-duplicates N1, naming the cap (review 24's l04 with a move).
  'u27-p02-capped-snapshot-then-move': movedPlain(
    { deduplicationEntriesInterval: 1, deduplicationMaxNumberOfProducers: 1 },
    [{ name: 'p1' }, { name: 'p2' }],
    [send('M1'), wait(), send('N1', {}, 'p2'), wait('p2')],
    [
      { kind: 'lose-receipt', message: 'N1' },
      ownershipChange('local', 'broker-2', persistedAt('N1', 'local')),
    ],
  ),
  // p02b: p02 where p2's reconnect reaches broker-2: once the topic moved, p1's M2 is fenced at
  // broker-1, which closes the topic; only then does p2 (its N1 receipt lost) reconnect — to broker-2,
  // which started from the snapshot at 10:1 without p2 and replayed nothing after it: the resent N1
  // is NotDup, written again at 11:x — no-duplicates N1, naming the cap.
  'u27-p02b-capped-snapshot-move-reaches-new-owner': movedPlain(
    { deduplicationEntriesInterval: 1, deduplicationMaxNumberOfProducers: 1 },
    [{ name: 'p1' }, { name: 'p2' }],
    [send('M1'), send('N1', {}, 'p2'), send('M2'), wait(), wait('p2')],
    [{ kind: 'lose-receipt', message: 'N1' }, ownershipChange('local', 'broker-2', at(12))],
    {
      schedule: [
        'connect:p1',
        'connect:p2',
        'send:p1:M1',
        'deliver:p1->broker-1:M1',
        'deliver:broker-1->bookie-1:10:0',
        'deliver:bookie-1->broker-1:10:0',
        'deliver:broker-1->p1:M1',
        'send:p2:N1',
        'deliver:p2->broker-1:N1',
        'deliver:broker-1->bookie-1:10:1',
        'deliver:bookie-1->broker-1:10:1',
        'fault:lose-receipt:N1@local',
        'fault:ownership-change:local:broker-2',
        'deliver:broker-2->bookie-1:fence-10',
        'deliver:bookie-1->broker-2:fence-10',
        'metadata:broker-2:ledgers',
        'send:p1:M2',
        'deliver:p1->broker-1:M2',
        'deliver:broker-1->bookie-1:10:2',
        'deliver:bookie-1->broker-1:10:2',
        'metadata:broker-1:ledgers',
        'connect:p2',
      ],
    },
  ),
  // p03: the inactivity purge with the move: M1 written at broker-1 and its receipt lost (p1's
  // connection drops: p1 inactive at broker-1); the topic then moves to broker-2 before p1 is back.
  // broker-2's load marks no one inactive (PR 21193) and replays M1: p1 known at seq 0, so no purge
  // is offered there; the resend is Dup — M1 once, no violation. (A purge at broker-1, the old owner,
  // cannot reach broker-2's maps.)
  'u27-p03-purge-then-move': movedPlain(
    { deduplicationInactivityPurge: true },
    [{ name: 'p1' }],
    sends('p1', 'M1', 'M2'),
    [
      { kind: 'lose-receipt', message: 'M1' },
      ownershipChange('local', 'broker-2', persistedAt('M1', 'local')),
    ],
  ),
  // p04: the snapshot timer with the move: the timer's snapshot at 10:0 after M1 is written
  // (dedup-snapshot:local), then M1's receipt lost and the move: broker-2 starts from {p1=0} at 10:0:
  // the resend is Dup; M2 follows at 11:0. No violation.
  'u27-p04-snapshot-timer-then-move': movedPlain(
    { deduplicationSnapshotTimer: true },
    [{ name: 'p1' }],
    sends('p1', 'M1', 'M2'),
    [
      { kind: 'lose-receipt', message: 'M1' },
      ownershipChange('local', 'broker-2', { event: 'persisted', message: 'M1' }),
    ],
  ),

  // ---- acks in flight × the ownership change × TTL × the BadVersion close ----
  // a01: the BadVersion story with the TTL instead of M2's ack: sub received 11:0 (M2) from broker-2,
  // the message TTL passes there (mark-delete 11:0 in memory, unwritten: broker-2 never wrote the
  // cursor), the topic unloads: the close's node write meets BadVersion (broker-1 wrote the node after
  // its fenced write), the reload opens the node's copy at 10:0 and sends 11:0 again — received-once
  // M2, its reason naming the TTL's mark-delete and the close that could not persist it; M1 once more
  // is not sent (10:0 is the node's mark-delete).
  'u27-a01-bad-version-close-after-ttl': movedThenUnloaded(
    [...MOVED_AND_ACKED, 'consume:sub:11:0', 'fault:expire-messages:local'],
    [expireMessages('local', at(MOVED_AND_ACKED.length + 1))],
  ),
  // a02: a01 with the TTL before sub received 11:0: the TTL skips M2 for sub (a policy loss), the
  // close meets BadVersion, the reload opens at 10:0 and now sends 11:0 — sub's first receipt of M2:
  // only M1's received-once (from the move) is reported.
  'u27-a02-bad-version-close-ttl-before-receipt': movedThenUnloaded(
    [...MOVED_AND_ACKED, 'fault:expire-messages:local'],
    [expireMessages('local', at(MOVED_AND_ACKED.length))],
  ),
  // a03: a chunked M1 (pr-20948), a subscription with acks in flight, two brokers on one bookie: sub
  // received M1[1/2] from broker-1 (its ack held: M1 not whole) when the topic moves; broker-1's write
  // of M1[2/2] is fenced, p1 and sub move to broker-2. broker-2's cursor is at 10:-1 (nothing acked),
  // so 10:0 comes again: master's chunk-0 branch replaces the context with the same entry (no ack),
  // M1[2/2] at 11:0 completes M1 — one CommandAck 10:0+11:0. received-once M1 at 10:0 (delivered
  // twice: not acknowledged before the move), M1 handed to the application once.
  'u27-a03-chunk-held-ack-moved': chunkedMoved({}, [], undefined, {
    subscriptions: [sub()],
    ...MOVE_AFTER_CHUNK_ONE(['consume:sub:10:0']),
  }),
  // a03b: a03 without deduplication (so the move's replay cannot drop M1[2/2]): p1's resent
  // M1[2/2] is written at 11:0; broker-2's cursor is at 10:-1, so 10:0 comes again and master's
  // chunk-0 branch replaces the context with the same entry (no ack), 11:0 completes M1 — one
  // CommandAck 10:0+11:0; received-once M1 at 10:0 (not acknowledged before the move), the
  // application has M1 once.
  'u27-a03b-chunk-held-ack-moved-dedup-off': chunkedMoved({ deduplication: false }, [], undefined, {
    subscriptions: [sub()],
    ...MOVE_AFTER_CHUNK_ONE(['consume:sub:10:0']),
  }),
  // a04: acks in flight, the TTL at broker-2 after the move (review 25's t05 twin moved a step): M1
  // acked and persisted at broker-1 before the move, M2 written at broker-2 and expired there by the
  // TTL before sub reads it, then broker-2 crashes before any cursor write: the crash's load
  // recovers the cursor from its ledger — broker-1's last write (10:0) — and sends 11:0: sub's first
  // receipt of M2 (the TTL's skip was never written). No received-once.
  'u27-a04-moved-ttl-then-crash': {
    ...A08B,
    faults: [
      ...(A08B.faults as Json[]),
      expireMessages('local', at(MOVED_AND_ACKED.length - 2)),
      restartBroker('local', at(MOVED_AND_ACKED.length - 1)),
    ],
    schedule: [
      ...MOVED_AND_ACKED.slice(0, -2),
      'fault:expire-messages:local',
      'fault:restart-broker:local',
    ],
  },

  // ---- the unexpected-chunk ack rule × the ack timeout × reconnects ----
  // u01: review 25's c02 (the pending limit evicts M1; M1[2/2] at 10:2 discarded within the expiry:
  // trackMessage) with the ack timeout and an unload after the timer's redelivery: 10:2 comes three
  // times (first, the ack timeout's request, the unload's rewind), discarded each time; received-once
  // 10:2 with "the consumer discarded it each time"; no-silent-loss M1 (the eviction's, as the
  // built-in). Session 26: the ack timeout's copy is acknowledged (past the limit: the rounds Java
  // repeats until then, taken as one), so the unload sends nothing again — 10:2 comes twice.
  'u27-u01-evicted-chunk-timeout-then-unload': {
    ...EVICTED,
    subscriptions: [TIMED_SUB],
    faults: [unloadTopic('local', { when: 'quiescent' })],
  },
  // u02: review 25's c03 (the consumer's timer expired M1; M1[2/2] past the expiry: acknowledged) with
  // the ack timeout: the acknowledged chunk is not tracked, the timer finds nothing — no redelivery;
  // no-silent-loss M1 (the expiry's), no received-once.
  'u27-u02-expired-chunk-timeout': { ...EXPIRED, subscriptions: [TIMED_SUB] },
  // u03: the first chunk never stored (ChecksumError with a corrupted buffer on M1's first chunk,
  // before PR 20948's resend: the built-in chunked-checksum-first-chunk-loss) and a subscription with
  // the ack timeout: the lone M1[2/2] is a gap (no context): tracked, timed out, asked for again,
  // discarded again — Java would repeat this every ackTimeout for ever; the run ends once the timer
  // has nothing new (received-once on that entry, discarded each time) — and no-silent-loss M1.
  // Session 26: Java repeats it only until M1's publish time is past the incomplete-chunk expiry,
  // then acknowledges the chunk; the model takes those rounds as one, so the copy the timeout asked
  // for is acknowledged and the cursor's hole closes.
  'u27-u03-gap-chunk-ack-timeout': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', chunking: true }],
    workload: [send('M1', BIG), wait()],
    fixes: PR_20948,
    subscriptions: [TIMED_SUB],
    faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: true }],
  },
  // u04: u01 with a broker crash instead of the unload: sub's cursor write held mark-delete 10:1 only
  // if a persist-cursor ran; the crash's recovery opens the cursor at the last persisted mark-delete,
  // so at least 10:2 comes again (discarded again) — and whatever the ledger did not hold: received-
  // once for 10:2 and any entry after the persisted mark-delete. Session 26: the timeout's copy of
  // 10:2 is acknowledged and mark-delete 10:3 persisted before the crash: nothing comes again.
  'u27-u04-evicted-chunk-timeout-then-crash': {
    ...EVICTED,
    subscriptions: [TIMED_SUB],
    faults: [restartBroker('local', { when: 'quiescent' })],
  },
  // u05: review 20's c03 (the TTL between M1's chunks at us-east, V2) with the us-east subscription's
  // acks in flight and expireTimeOfIncompleteChunkedMessageMillis 0 and the ack timeout: the lone
  // 10:1 is tracked (0 turns the ack off), timed out and discarded again; no-silent-loss M1 at
  // us-west by the TTL; received-once 10:1 at us-east.
  'u27-u05-ttl-chunk-expiry-off-timeout': {
    ...geoChunked('v2', {
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
      subscriptions: [sub({ cluster: 'us-east', ackTimeout: true })],
      consumer: { expireTimeOfIncompleteChunkedMessageMillis: 0 },
      faults: [expireMessages('us-east', at(5))],
    }),
  },

  // ---- Go Send(ctx) × batching × a drop ----
  // s01: a batching Go producer, explicit ids, dedup on: SendAsync M1 (seq 0) then Send(ctx) M2
  // (seq 1), flushed together as [0, 1]; M2's context ends once the batch is written, and the
  // connection drops once the broker read it (receipt lost): the reconnect resends [0, 1], Dup by
  // its lowest id (no highest id before go-1565) → -1:-1 for both: M1 "completed -1:-1", M2 failed
  // with the context but stored once. No violation.
  'u27-s01-go-batch-sync-drop': goBatchSync(true),
  // s02: s01 with the application retrying M2 (seq 1) by Send(ctx): Dup, "completed -1:-1" — still
  // one M2.
  'u27-s02-go-batch-sync-drop-retry': goBatchSync(true, [sync('M2', { seq: 1 })]),
  // s03: s01 with dedup off: the resent batch is written again (M1, M2, M1, M2): no violation (dedup
  // off: no-duplicates is not judged).
  'u27-s03-go-batch-sync-drop-dedup-off': goBatchSync(false),
  // s04: maxPendingMessages 1 (blocking), batching, automatic ids: SendAsync M1 holds the permit in
  // the open batch; Send(ctx) of M2 waits for the permit and its context ends: ErrContextExpired with
  // no id taken (a batched message's id comes from the batch builder); M3 (SendAsync) takes seq 1.
  // The drop once M1 was read: [0] resent, Dup; stored M1, M3; no violation.
  'u27-s04-go-batch-sync-waits-for-permit': {
    topic: DEDUP_ON,
    producers: [{ ...GO_BATCH, maxPendingMessages: 1 }],
    workload: [send('M1'), sync('M2'), send('M3'), wait()],
    faults: [ctxExpired('M2'), disconnect('p1', received('M1'))],
    schedule: ['connect:p1', 'send:p1:M1', 'fault:context-expired:M2'],
  },

  // ---- the memory limit × chunking (dedup on, so each row has pr-20948: before it the second
  // chunk is Dup by the shared id and every chunked message is lost — the rows were first run
  // without it and showed exactly that, review 22's c04) ----
  // m01: Java, not blocking, pa chunks M1 of 1100 bytes (chunkMaxMessageSize 600: two chunks): its
  // own reservation takes the client's usage to 1100 (one request may go over), and the second
  // chunk's canEnqueueRequest(0) → tryReserveMemory(0) fails: M1 refused by its own bytes
  // (MemoryBufferIsFullError), everything given back (#13454); pb's N1 then goes. Stored N1.
  'u27-m01-java-chunk-over-own-limit': {
    topic: DEDUP_ON,
    fixes: PR_20948,
    producers: chunkingShared('java'),
    workload: [send('M1', { size: 1100 }, 'pa'), wait('pa'), send('N1', { size: 100 }, 'pb')],
  },
  // m02: Java, not blocking, pa chunks M1 of 900 (two chunks: 600 + 300): the usage 900; each chunk's
  // receipt gives the whole 900 back — the usage ends at −900. Then pb's N1, N2 of 1000 each go
  // back to back: N1 takes the usage to 100, N2 to 1100, and N3 is refused (MemoryBufferIsFullError)
  // while both are pending. Without the double release N2 would already be refused. Stored M1, N1, N2.
  'u27-m02-java-chunk-double-release': {
    topic: DEDUP_ON,
    fixes: PR_20948,
    producers: chunkingShared('java'),
    workload: [
      send('M1', { size: 900 }, 'pa'),
      wait('pa'),
      send('N1', { size: 1000 }, 'pb'),
      send('N2', { size: 1000 }, 'pb'),
      send('N3', { size: 100 }, 'pb'),
    ],
    schedule: [
      'connect:pa',
      'connect:pb',
      'send:pa:M1',
      'deliver:pa->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'deliver:broker-1->pa:M1',
      'deliver:pa->broker-1:M1[2/2]',
      'persist:local:M1[2/2]',
      'deliver:broker-1->pa:M1',
      'send:pb:N1',
      'send:pb:N2',
      'send:pb:N3',
    ],
  },
  // m03: Go (blocking by default), pa chunks M1 of 1100 (600 + 500): reserveMem takes the usage to
  // 1100 (over); pb's N1 (100) waits for memory (reserveMem blocks); M1[1/2]'s receipt gives its 600
  // slice back (usage 500): N1 goes before M1 is complete. Stored M1, N1; no violation, no quiet end.
  'u27-m03-go-chunk-slices-release': {
    topic: DEDUP_ON,
    fixes: PR_20948,
    producers: chunkingShared('go'),
    workload: [send('M1', { size: 1100 }, 'pa'), send('N1', { size: 100 }, 'pb')],
    schedule: [
      'connect:pa',
      'connect:pb',
      'send:pa:M1',
      'deliver:pa->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'deliver:broker-1->pa:M1',
      'send:pb:N1',
    ],
  },
  // m04: m03 with N1 a Send(ctx) whose context ends while it waits for memory: ErrContextExpired
  // (non-batched: seq 0 taken and skipped), N2 by SendAsync takes seq 1 once M1 completes. Stored M1,
  // N2; no violation.
  'u27-m04-go-chunk-memory-context-expired': {
    topic: DEDUP_ON,
    fixes: PR_20948,
    producers: chunkingShared('go'),
    workload: [
      send('M1', { size: 1100 }, 'pa'),
      sync('N1', { size: 100 }, 'pb'),
      send('N2', { size: 100 }, 'pb'),
    ],
    faults: [ctxExpired('N1')],
    schedule: ['connect:pa', 'connect:pb', 'send:pa:M1', 'fault:context-expired:N1'],
  },

  // ---- searches (tests/explore/unseen-27.test.ts) ----
  // x01: d01's world, the move placed anywhere (ownership-change, 1): no-silent-loss M1 (the replay's
  // first chunk); with replay-last-chunk: holds.
  'u27-x01-chunk-move-search': chunkedMoved({}, [], undefined, {
    explore: search(['ownership-change'], 1, 80),
  }),
  // x02: m04's world (Go, a shared client over its memory limit by pa's chunked M1), a context
  // expiry or a drop anywhere (1), dedup on with pr-20948: an expired Send(ctx) burns its id, every
  // resend is Dup or a first chunk written unchecked — holds.
  'u27-x02-go-chunk-memory-search': {
    topic: DEDUP_ON,
    fixes: PR_20948,
    producers: chunkingShared('go'),
    workload: [send('M1', { size: 1100 }, 'pa'), sync('N1', { size: 100 }, 'pb')],
    explore: search(['context-expired', 'disconnect'], 1, 60),
  },
  // x03: s01's producer (batching, explicit ids, dedup on, Send(ctx) of M2), a context expiry or a
  // drop anywhere (1): every resend is Dup — holds; with go-1565 holds too.
  'u27-x03-go-batch-sync-search': {
    ...goBatchSync(true),
    faults: [],
    explore: search(['context-expired', 'disconnect'], 1, 60),
  },
  // x04: g01's world (V1; M1 alone and no subscription, for the search's size), a drop of the replicator anywhere (1): without
  // pr-20948 us-west drops M1's last chunk as Dup with no fault (the built-in geo-chunked-v1-pr-20948);
  // with it holds — a repeated first chunk is written, the last is Dup, the reader assembles M1 once.
  'u27-x04-v1-chunk-replicator-drop-search': geoChunked('v1', {
    workload: [send('M1', BIG), wait()],
    explore: { faults: { kinds: ['disconnect'], max: 1 }, maxDepth: 36 },
  }),
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-27.scenarios.ts', '/tmp/unseen-27');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
