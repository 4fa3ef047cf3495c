// Review 25's scenarios (docs/research/review-25.md): what sessions 19–22 added on the consumer and
// the Go producer, on scenarios nobody wrote — the cursor ledger's range cap against an unload and an
// ownership change, acks in flight with a Go producer, negative acks on chunked and duplicated
// messages, the consumer's pending-chunk limit and its expiry of incomplete messages next to a
// subscription, Go's Send(ctx) before and after the hand-over, the pending queue and the memory
// limit on a shared client, and the message TTL next to a consumer. Each comment is the prediction
// made from Pulsar's sources (ManagedCursorImpl, ConsumerImpl, NegativeAcksTracker,
// PersistentMessageExpiryMonitor, MessageDeduplication, pulsar-client-go's partitionProducer,
// MemoryLimitController; /work/shared/reference/) before the row was run. Rows for `run`
// (tests/scenarios/unseen-25.test.ts) and searches for `check` (tests/explore/unseen-25.test.ts).
// Only names of scenario-format.md and docs/scenario-format-extensions.md are used.
// `npx tsx tests/scenarios/unseen-25.scenarios.ts <dir>` writes them out as files the CLI reads.
import { DEDUP_ON, type Json, persisted, scenarioBook, search, send } from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  received,
  restartBroker,
  sends,
  unloadTopic,
} from './rowParts';

const at = (step: number) => ({ step });
const BIG = { size: 6000000 }; // two chunks at the broker's 5 MiB
const M12 = sends('p1', 'M1', 'M2');
/** Subscription `sub` on `local` with acks in flight, judged by received-once (plus `extra`). */
const sub = (extra: Json = {}) => ({
  name: 'sub',
  acks: 'in-flight',
  invariants: ['received-once'],
  ...extra,
});
/** One cluster on abstract storage: topic `topic`, `producers`, `workload`, then the rest. */
const local = (topic: Json, producers: Json[], workload: Json[], extra: Json = {}) => ({
  topic,
  producers,
  workload,
  ...extra,
});
const GO = { name: 'p1', client: 'go' };
const GO_CHUNKS = { name: 'p1', client: 'go', chunking: true };
const JAVA_CHUNKS = { name: 'p1', chunking: true };
const PR_20948 = ['pr-20948'];
const sync = (id: string, extra: Json = {}, producer = 'p1') =>
  send(id, { sync: true, ...extra }, producer);
const ctxExpired = (message: string, after?: Json) => ({
  kind: 'context-expired',
  message,
  ...(after ? { after } : {}),
});
/** The cursor-ledger range cap (the built-in consumer-ack-ranges-cap's topic and workload): M1, M3,
 * M5 nacked, every other acked, ledgers on one bookie; `cap` ranges, the fault at step 43. */
const rangesCap = (cap: number, brokers: string[], fault: Json) => ({
  clusters: [{ name: 'local', brokers, bookies: ['bookie-1'] }],
  topic: {
    deduplication: true,
    ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 },
    maxUnackedRangesToPersist: cap,
  },
  producers: [{ name: 'p1' }],
  subscriptions: [sub({ negativeAcknowledge: ['M1', 'M3', 'M5'] })],
  workload: sends('p1', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6'),
  faults: [fault],
});
/** Two Java chunking producers whose chunks interleave (the built-in chunked-consumer-pending-limit's
 * schedule): M1[1/2] at 10:0, M2[1/2] at 10:1, then the rest as `auto` takes it. */
const INTERLEAVED = {
  topic: DEDUP_ON,
  producers: [JAVA_CHUNKS, { name: 'p2', chunking: true }],
  workload: [send('M1', BIG), send('M2', BIG, 'p2')],
  fixes: PR_20948,
  schedule: [
    'connect:p1',
    'connect:p2',
    'send:p1:M1',
    'send:p2:M2',
    'deliver:p1->broker-1:M1[1/2]',
    'deliver:p2->broker-1:M2[1/2]',
    'persist:local:M1[1/2]',
    'persist:local:M2[1/2]',
  ],
};
const CHUNK_1_WRITTEN = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
];
/** A batching Go producer's Send(ctx) of M1, twice (the application's retry), dedup `dedup`: the
 * first's context ends once it is written, and the connection drops once the broker read it. */
const syncBatchDrop = (dedup: boolean) =>
  local(
    { deduplication: dedup },
    [{ ...GO, batching: { maxMessages: 10 } }],
    [sync('M1'), sync('M1')],
    {
      faults: [
        ctxExpired('M1', { event: 'sent', message: 'M1' }),
        disconnect('p1', received('M1')),
      ],
    },
  );
/** A Java chunked M1 (pr-20948), dedup `dedup`, the consumer's expiry of incomplete messages on. */
const expiring = (dedup: boolean, extra: Json) =>
  local({ deduplication: dedup }, [JAVA_CHUNKS], [send('M1', BIG), { await: 'p1' }], {
    fixes: PR_20948,
    consumer: { expireTimeOfIncompleteChunkedMessageMillis: 60000 },
    ...extra,
  });
/** The expiry fires once M1[1/2] is written, before its receipt; then p1's connection drops. */
const DROP_AFTER_EXPIRY = {
  faults: [disconnect('p1', at(5))],
  schedule: [...CHUNK_1_WRITTEN, 'chunk-expiry:local'],
};
/** Two Java producers of client `app` with `memoryLimitBytes` 1000 (pb first, `extra` on each). */
const sharedMemory = (extra: Json = {}) => [
  { name: 'pa', pulsarClient: 'app', memoryLimitBytes: 1000, ...extra },
  { name: 'pb', pulsarClient: 'app', memoryLimitBytes: 1000, ...extra },
];
const N1_OVER = send('N1', { size: 1100 }, 'pb');

const SCENARIOS: Record<string, Json> = {
  // ---- the cursor ledger's range cap, acks in flight (ManagedCursorImpl) ----
  // k01: the built-in's cap of 1 with unload-topic where it has its crash: asyncClose →
  // persistPositionWhenClosing → persistPositionToLedger builds the ranges with the same
  // buildIndividualDeletedMessageRanges (N + 1 = 2 kept), so the reload recovers them without 10:5:
  // M6 comes again, as after the crash — received-once M6 (next to the nacks' own).
  'u25-k01-ranges-cap-unload': rangesCap(1, ['broker-1'], unloadTopic('local', at(43))),
  // k02: the crash with a cap of 2: three ranges (10:1, 10:3, 10:5) fit N + 1 = 3 — M6 is not sent
  // again; only the nacked messages are received twice.
  'u25-k02-ranges-cap-2-restart': rangesCap(2, ['broker-1'], restartBroker('local', at(43))),
  // k03: the cap of 1 with an ownership change to broker-2 instead of the crash: broker-2's load
  // recovers the cursor from its ledger (ManagedCursorImpl.recoverFromLedger), whose last write kept
  // two ranges — M6 again, as after the crash.
  'u25-k03-ranges-cap-ownership': rangesCap(
    1,
    ['broker-1', 'broker-2'],
    ownershipChange('local', 'broker-2', at(43)),
  ),
  // k04: M1 acknowledged, M2 nacked, M3 acknowledged (10:2 deleted individually), then the topic
  // unloads before the tracker's timer: the close writes mark-delete 10:0 with 10:2; the reconnect's
  // rewind sends 10:1 alone (M2, acknowledged this time); the tracker kept M2 (connectionOpened does
  // not clear it), its later request finds nothing. received-once M2 only.
  'u25-k04-nack-individual-unload': local(
    DEDUP_ON,
    [{ name: 'p1' }],
    sends('p1', 'M1', 'M2', 'M3'),
    {
      subscriptions: [sub({ negativeAcknowledge: ['M2'] })],
      faults: [unloadTopic('local', at(19))],
    },
  ),
  // k05: a Go producer, two brokers on one bookie: the topic moves to broker-2 while sub's CommandAck
  // of M1 is on its way to broker-1. broker-2 opened the cursor at its load at 10:-1; the ack lands
  // at broker-1 (or is lost with it) and never reaches broker-2 — 10:0 again: received-once M1.
  'u25-k05-go-ack-in-flight-ownership': {
    clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
    topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
    producers: [GO],
    subscriptions: [sub()],
    workload: M12,
    faults: [ownershipChange('local', 'broker-2', at(7))],
  },
  // k06: a Go batch of M1 and M2 (one entry, 10:0), lose-ack on its CommandAck: the rewind sends the
  // entry again — one received-once finding naming both messages.
  'u25-k06-go-batch-lose-ack': local(DEDUP_ON, [{ ...GO, batching: { maxMessages: 2 } }], M12, {
    subscriptions: [sub()],
    faults: [{ kind: 'lose-ack', message: 'M1' }],
  }),
  // ---- negative acks (NegativeAcksTracker, ConsumerImpl.negativeAcknowledge) ----
  // n01: a chunked M1 (pr-20948) nacked whole; its request lands (rewind), then the broker crashes
  // before the chunks come again: the recovered cursor is at 10:-1, both chunks come, pr-20948's
  // consumer starts M1 again at the resent first chunk — M1 twice: received-once M1.
  'u25-n01-chunked-nack-restart': local(DEDUP_ON, [JAVA_CHUNKS], [send('M1', BIG)], {
    subscriptions: [sub({ negativeAcknowledge: ['M1'] })],
    fixes: PR_20948,
    faults: [restartBroker('local', at(12))],
  }),
  // n02: dedup off, M1's receipt lost: M1 at 10:0 and again at 10:1, M2 at 10:2. The application
  // nacks M1 the first time (10:0) and acknowledges the copy at 10:1 (not its first receipt of M1);
  // the request sends 10:0 again — received-once M1 at 10:0; no-duplicates is not judged.
  'u25-n02-nack-dedup-off-resent-copy': local({ deduplication: false }, [{ name: 'p1' }], M12, {
    subscriptions: [sub({ negativeAcknowledge: ['M1'] })],
    faults: [{ kind: 'lose-receipt', message: 'M1' }],
  }),
  // ---- the consumer's chunk limits (ConsumerImpl.processMessageChunk) ----
  // c01: the built-in chunked-consumer-pending-limit with autoAckOldestChunkedMessageOnQueueFull
  // false: removeOldestPendingChunkedMessage drops M1's context without acknowledging; M1[2/2] then
  // has no context (trackMessage, unacknowledged) and comes back on a redelivery. Pulsar: this pass
  // reads M2 only, M1 later; the model documents "accepted but changes nothing": stored M1, M2.
  'u25-c01-pending-limit-no-auto-ack': {
    ...INTERLEAVED,
    consumer: { maxPendingChunkedMessage: 1, autoAckOldestChunkedMessageOnQueueFull: false },
  },
  // c02: the built-in (auto-ack on) with a subscription whose acks are in flight: its consumer
  // evicts M1 the same way and acknowledges M1[1/2] — a CommandAck of 10:0 — and M1[2/2] has no
  // context. no-silent-loss M1, as the built-in; sub receives each entry once. (Java leaves the
  // discarded M1[2/2] unacknowledged, trackMessage; the model acknowledges it: chunking.md.)
  'u25-c02-pending-limit-subscription': {
    ...INTERLEAVED,
    consumer: { maxPendingChunkedMessage: 1, autoAckOldestChunkedMessageOnQueueFull: true },
    subscriptions: [sub()],
  },
  // c03: the built-in chunked-consumer-expires-incomplete with a subscription, acks in flight: the
  // expiry drops M1 for every reader; sub's consumer acknowledges 10:0 and discards M1[2/2] (its
  // publish time is past the expiry: doAcknowledge) — no-silent-loss M1, no received-once.
  'u25-c03-expiry-subscription': expiring(false, {
    subscriptions: [sub()],
    faults: [disconnect('p1', received('M1'))],
    schedule: [
      ...CHUNK_1_WRITTEN,
      'deliver:broker-1->p1:M1',
      'fault:disconnect:p1',
      'chunk-expiry:local',
    ],
  }),
  // c04: the expiry fires after M1[1/2] is written and before its receipt; the connection drops, so
  // Java resends both chunks; dedup off: M1[1/2] at 10:0 and 10:1, M1[2/2] at 10:2. The resent first
  // chunk opens a new context (the expired one is gone) and 10:2 completes it — M1 stored at 10:2,
  // no violation.
  'u25-c04-expiry-then-resend': expiring(false, DROP_AFTER_EXPIRY),
  // c05: c04 with dedup on: with pr-20948 the broker judges only the last chunk
  // (MessageDeduplication.isDuplicate), so the resent first chunk is written again and the last
  // is NotDup — the same: M1 at 10:2, no violation.
  'u25-c05-expiry-then-resend-dedup': expiring(true, DROP_AFTER_EXPIRY),
  // c06: a Go chunking producer, sub with acks in flight, lose-ack on M1: its one CommandAck carries
  // both chunks and is lost whole; both entries again, pr-20948 assembles M1 again — received-once.
  'u25-c06-go-chunked-lose-ack': local(DEDUP_ON, [GO_CHUNKS], [send('M1', BIG)], {
    fixes: PR_20948,
    subscriptions: [sub()],
    faults: [{ kind: 'lose-ack', message: 'M1' }],
  }),
  // ---- Go Send(ctx) ("sync": true) and context-expired (partitionProducer) ----
  // s01: explicit ids, dedup on: Send(ctx) of M1 seq 0 returns ctx.Err() once written; the
  // application retries with seq 0: the broker stored the first, so the retry is Dup (-1:-1); M2 seq
  // 1 at 10:1. M1: "failed: context deadline exceeded, but stored at 10:0", then "completed -1:-1".
  'u25-s01-sync-explicit-seq-retry-dup': local(
    DEDUP_ON,
    [{ ...GO, sequenceIds: 'explicit' }],
    [sync('M1', { seq: 0 }), sync('M1', { seq: 0 }), sync('M2', { seq: 1 })],
    { faults: [ctxExpired('M1', { event: 'sent', message: 'M1' })] },
  ),
  // s02: Go, two producers of client app (memoryLimitBytes 1000): pb's N1 (1100 bytes) is pending,
  // pa's Send(ctx) of M1 waits for memory (reserveMem, before the hand-over) and its context ends:
  // ErrContextExpired, M1 took seq 0 (updateMetaData ran before the wait); pa's M2 waits until N1
  // completes and goes with seq 1. Stored N1, M2; no violation.
  'u25-s02-sync-waits-for-memory': local(
    DEDUP_ON,
    [
      { name: 'pa', client: 'go', pulsarClient: 'app', memoryLimitBytes: 1000 },
      { name: 'pb', client: 'go', pulsarClient: 'app', memoryLimitBytes: 1000 },
    ],
    [N1_OVER, sync('M1', { size: 100 }, 'pa'), send('M2', { size: 100 }, 'pa')],
    {
      faults: [ctxExpired('M1')],
      schedule: ['connect:pa', 'connect:pb', 'send:pb:N1'],
    },
  ),
  // s03: Send(ctx) of M1 and M2, dedup on, the broker crashes once M1 is written, before its
  // receipt: the reconnect resends M1, Dup (-1:-1), which Send returns as success — M1 "completed
  // -1:-1", M2 at 11:0 (the reload's ledger); no violation.
  'u25-s03-sync-restart-dedup': local(DEDUP_ON, [GO], [sync('M1'), sync('M2')], {
    faults: [restartBroker('local', persisted('M1'))],
  }),
  // s04: a batching Go producer's Send(ctx) (flushImmediately), dedup off: M1's context ends once it
  // is written, the connection drops once the broker read it (its receipt lost), the application
  // retries M1 (seq 1): the reconnect resends seq 0, written again — M1 three times, no violation
  // (dedup off).
  'u25-s04-sync-batch-drop-dedup-off': syncBatchDrop(false),
  // s05: s04 with dedup on: the resent seq 0 is Dup; the retry (seq 1) stored — M1 twice (two ids,
  // two messages): no violation.
  'u25-s05-sync-batch-drop-dedup-on': syncBatchDrop(true),
  // s06: Go, maxPendingMessages 1 (blocking): M1 by SendAsync holds the permit, the Send(ctx) of M2
  // waits for it (reserveSemaphore) and its context ends: ErrContextExpired, seq 1 skipped; M3's
  // Send(ctx) takes seq 2 once M1 completes. Stored M1, M3; no violation.
  'u25-s06-sync-waits-for-permit': local(
    DEDUP_ON,
    [{ ...GO, maxPendingMessages: 1 }],
    [send('M1'), sync('M2'), sync('M3')],
    {
      faults: [ctxExpired('M2')],
      schedule: ['connect:p1', 'send:p1:M1', 'fault:context-expired:M2'],
    },
  ),
  // ---- the pending queue and the memory limit on a shared Java client ----
  // m01: not blocking: pb's N1 (1100 bytes) is pending when pa sends M1: the usage is over the
  // limit, canEnqueueRequest refuses M1 (MemoryBufferIsFullError) before it takes a sequence id;
  // after N1, pa's M2 takes seq 0. Stored N1, M2; no violation.
  'u25-m01-java-shared-memory-refused': local(
    DEDUP_ON,
    sharedMemory(),
    [N1_OVER, send('M1', { size: 100 }, 'pa'), { await: 'pb' }, send('M2', { size: 100 }, 'pa')],
    { schedule: ['connect:pa', 'connect:pb', 'send:pb:N1', 'send:pa:M1'] },
  ),
  // m02: blocking: pa's M1 waits for memory; the shared connection drops once the broker read N1
  // (receipt lost): both producers reconnect, pb resends N1, Dup (-1:-1), its bytes come back and M1
  // goes. Stored N1, M1; N1 "completed -1:-1"; no violation.
  'u25-m02-java-shared-memory-drop': local(
    DEDUP_ON,
    sharedMemory({ blockIfQueueFull: true }),
    [N1_OVER, send('M1', { size: 100 }, 'pa')],
    {
      faults: [disconnect('pb', received('N1'))],
      schedule: ['connect:pa', 'connect:pb', 'send:pb:N1'],
    },
  ),
  // m03: Go, client app (memoryLimitBytes 1000), pa with maxPendingMessages 1: pb's N1 (900) and
  // pa's M1 (200) take the usage to 1100 (one request may pass the limit); pa's M2 waits for the
  // permit M1 holds (reserveSemaphore comes before reserveMem) and its context ends:
  // ErrContextExpired, seq 1 skipped; M3 (seq 2) goes once M1 and N1 complete. Stored N1, M1, M3.
  'u25-m03-go-shared-permit-and-memory': local(
    DEDUP_ON,
    [
      {
        name: 'pa',
        client: 'go',
        pulsarClient: 'app',
        memoryLimitBytes: 1000,
        maxPendingMessages: 1,
      },
      { name: 'pb', client: 'go', pulsarClient: 'app', memoryLimitBytes: 1000 },
    ],
    [
      send('N1', { size: 900 }, 'pb'),
      send('M1', { size: 200 }, 'pa'),
      send('M2', { size: 100 }, 'pa'),
      send('M3', { size: 100 }, 'pa'),
    ],
    {
      faults: [ctxExpired('M2')],
      schedule: [
        'connect:pa',
        'connect:pb',
        'send:pb:N1',
        'send:pa:M1',
        'fault:context-expired:M2',
      ],
    },
  ),
  // ---- the message TTL next to a consumer (PersistentMessageExpiryMonitor) ----
  // t01: sub (acks in flight) received M1[1/2] (ack held: not whole) when the TTL passes, before
  // M1[2/2] is written: the mark-delete moves to 10:0; 10:1 is written later, unexpired, and
  // dispatched; the consumer's context survived (the TTL is the broker's) and M1 is whole — its
  // CommandAck 10:0+10:1 lands (10:0 already deleted). Received once; no violation.
  'u25-t01-ttl-between-chunks': local(DEDUP_ON, [JAVA_CHUNKS], [send('M1', BIG)], {
    fixes: PR_20948,
    subscriptions: [sub()],
    faults: [expireMessages('local', at(5))],
    schedule: [...CHUNK_1_WRITTEN, 'consume:sub:10:0', 'fault:expire-messages:local'],
  }),
  // t02: the TTL passes once both chunks are written but sub received only the first: the read
  // position moves after 10:1, the consumer never gets M1[2/2] — M1 lost to sub by policy, stored
  // for the reader; no violation.
  'u25-t02-ttl-after-both-chunks-one-read': local(DEDUP_ON, [JAVA_CHUNKS], [send('M1', BIG)], {
    fixes: PR_20948,
    subscriptions: [sub()],
    faults: [expireMessages('local', at(7))],
    schedule: [
      ...CHUNK_1_WRITTEN,
      'consume:sub:10:0',
      'deliver:p1->broker-1:M1[2/2]',
      'persist:local:M1[2/2]',
      'fault:expire-messages:local',
    ],
  }),
  // t03: dedup on, M1's receipt lost and the TTL passing before the resend: the expiry does not
  // touch the dedup maps — the resend is Dup (-1:-1); sub never receives M1 (expired); M2 at 10:1
  // received. No violation.
  'u25-t03-ttl-dedup-resend': local(DEDUP_ON, [{ name: 'p1' }], M12, {
    subscriptions: [sub()],
    faults: [{ kind: 'lose-receipt', message: 'M1' }, expireMessages('local', persisted('M1'))],
  }),
  // t04: t03 with dedup off: the resend is written again at 10:1 after the TTL and sub receives that
  // copy — its first receipt of M1, another entry: no received-once; stored M1, M1, M2.
  'u25-t04-ttl-dedup-off-resend': local({ deduplication: false }, [{ name: 'p1' }], M12, {
    subscriptions: [sub()],
    faults: [{ kind: 'lose-receipt', message: 'M1' }, expireMessages('local', persisted('M1'))],
  }),
  // t05: M1 nacked, the TTL passes (mark-delete 10:1 in memory, not written: persist-cursor), the
  // broker crashes before the cursor write: the recovered mark-delete is 10:-1, M1 and M2 come
  // again — received-once M1 and M2 (the nack's request, if any, finds nothing more).
  'u25-t05-ttl-nack-restart': local(DEDUP_ON, [{ name: 'p1' }], M12, {
    subscriptions: [sub({ negativeAcknowledge: ['M1'] })],
    faults: [expireMessages('local', at(12)), restartBroker('local', at(13))],
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
      'deliver:broker-1->p1:M1',
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'persist:local:M2',
      'deliver:broker-1->p1:M2',
      'consume:sub:10:0',
      'consume:sub:10:1',
      'ack:sub:10:1',
      'fault:expire-messages:local',
      'fault:restart-broker:local',
    ],
  }),
  // ---- searches ----
  // x01: Go Send(ctx) of M1 and M2, dedup on; a context-expired or a lost receipt anywhere (1): an
  // expiry after the hand-over fails the Send but keeps the write; no retry in the workload —
  // stored once each: holds.
  'u25-x01-go-sync-search': local(DEDUP_ON, [GO], [sync('M1'), sync('M2')], {
    explore: search(['context-expired', 'lose-receipt'], 1),
  }),
  // x02: a chunked M1 (pr-20948, dedup off), the consumer's expiry on, a drop anywhere (1): the
  // search may fire chunk-expiry between the chunks — M1 told stored, lost to every reader:
  // no-silent-loss.
  'u25-x02-chunk-expiry-search': local({ deduplication: false }, [JAVA_CHUNKS], [send('M1', BIG)], {
    fixes: PR_20948,
    consumer: { expireTimeOfIncompleteChunkedMessageMillis: 60000 },
    explore: search(['disconnect'], 1),
  }),
  // x03: the shared Java client with a memory limit, blocking (m02 without its fault or schedule), a
  // drop or a lost receipt anywhere (1): every resend is Dup, the waiting send goes — holds.
  'u25-x03-java-shared-memory-search': local(
    DEDUP_ON,
    sharedMemory({ blockIfQueueFull: true }),
    [N1_OVER, send('M1', { size: 100 }, 'pa')],
    { explore: search(['disconnect', 'lose-receipt'], 1) },
  ),
  // x04: M1, sub with acks in flight, M1 nacked, the ack timeout on, no received-once; a crash
  // anywhere (1): redeliveries only — the stored side holds.
  'u25-x04-nack-timeout-restart-search': local(DEDUP_ON, [{ name: 'p1' }], [send('M1')], {
    subscriptions: [
      { name: 'sub', acks: 'in-flight', negativeAcknowledge: ['M1'], ackTimeout: true },
    ],
    explore: search(['restart-broker'], 1),
  }),
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-25.scenarios.ts', '/tmp/unseen-25');
