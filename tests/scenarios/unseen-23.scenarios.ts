// Review 23's scenarios (docs/research/review-23.md): the consumer side nobody wrote yet — a
// subscription's acknowledgements in flight with the cursor ledger, broker restarts, unloads and
// ownership changes; negative acks and the ack timeout across reconnects; chunked messages
// redelivered; a message TTL racing acks; deduplication and replication under a consuming
// subscription. Each comment is the prediction made from Pulsar's sources (ConsumerImpl,
// NegativeAcksTracker, UnAckedMessageTracker, PersistentDispatcherSingleActiveConsumer,
// ManagedCursorImpl; /work/shared/reference/) before the row was run. Rows for `run`
// (tests/scenarios/unseen-23.test.ts) and searches for `check` (tests/explore/unseen-23.test.ts).
// Only names of scenario-format.md and docs/scenario-format-extensions.md are used.
// `npx tsx tests/scenarios/unseen-23.scenarios.ts <dir>` writes them out as files the CLI reads.
import {
  DEDUP_ON,
  EAST_TO_WEST,
  EAST_WEST,
  type Json,
  P1_EAST,
  scenarioBook,
  search,
  send,
} from './reviewScenarios';
import { CHUNKED_M1_STORED } from './helpers';

const BIG = { size: 6000000 }; // two chunks at the broker's 5 MiB
const M12 = [send('M1'), send('M2')];
/** Subscription `sub` on `local` with acks in flight, judged by received-once (plus `extra`). */
const sub = (extra: Json = {}) => ({
  name: 'sub',
  acks: 'in-flight',
  invariants: ['received-once'],
  ...extra,
});
/** One cluster (abstract storage), producer p1 (`p1` options), subscription `s`. */
const one = (dedup: boolean, s: Json, workload: Json[], faults: Json[] = [], extra: Json = {}) => ({
  topic: { deduplication: dedup },
  producers: [{ name: 'p1', ...(extra.p1 as Json | undefined) }],
  subscriptions: [s],
  workload,
  faults,
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'p1')),
});
const at = (step: number) => ({ step });
const restart = (after: Json) => ({ kind: 'restart-broker', cluster: 'local', after });
const unload = (after: Json) => ({ kind: 'unload-topic', cluster: 'local', after });
const ttl = (after: Json) => ({ kind: 'expire-messages', cluster: 'local', after });
const loseAck = (message: string) => ({ kind: 'lose-ack', message });
const QUIET = { when: 'quiescent' };
/** A schedule up to a fault's placement: `steps`, then the plan fault (triggered by the last of them). */
const thenFault = (steps: string[], fault: Json, key: string) => ({
  // lose-ack has no trigger: the schedule places it while the ack is on its way.
  faults: [fault.kind === 'lose-ack' ? fault : { ...fault, after: at(steps.length) }],
  schedule: [...steps, key],
});
/** Two brokers on one bookie (dedup on), M1 then M2; the topic moves to broker-2 at step 8. */
const MOVED_AT_8 = {
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
  topic: { deduplication: true, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1' }],
  subscriptions: [sub()],
  workload: M12,
  faults: [{ kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: at(8) }],
};
/** us-east → us-west (`topic` on both), p1 at us-east, `sub` at `subCluster`, M1 then M2, `fault`. */
const geo = (topic: Json, subCluster: string, fault: Json) => ({
  clusters: EAST_WEST,
  topic,
  producers: P1_EAST,
  replication: EAST_TO_WEST,
  subscriptions: [{ ...sub(), cluster: subCluster }],
  workload: M12,
  faults: [fault],
});
/** The replicator's receipt of M1 at us-west is lost. */
const LOST_AT_WEST = { kind: 'lose-receipt', message: 'M1', cluster: 'us-west' };
/** M1 then M2 written and answered, both entries consumed, neither ack landed yet. */
const BOTH_CONSUMED = [
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
];
/** M1 alone written and answered, then consumed. */
const M1_CONSUMED = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'persist:local:M1',
  'deliver:broker-1->p1:M1',
  'consume:sub:10:0',
];

const SCENARIOS: Record<string, Json> = {
  // ---- acks in flight × the cursor ledger × restart / unload / ownership (ManagedCursorImpl) ----
  // (auto's order on abstract storage: consume 10:0 at step 6, its ack lands at 7, persisted at 8.)
  // a01: restart-broker once all is quiet: every mark-delete was persisted (auto persists at once),
  // recoverFromLedger finds 10:1 — nothing again. Stored M1, M2; no violation.
  'u23-a01-restart-after-all-persisted': one(true, sub(), M12, [restart(QUIET)]),
  // a02: restart-broker after M1's ack landed (step 7) but before the cursor ledger held it: the
  // new load recovers mark-delete 10:-1 and 10:0 comes again — received-once (M1).
  'u23-a02-restart-ack-landed-not-persisted': one(true, sub(), M12, [restart(at(7))]),
  // a03: unload-topic at the same point: PersistentTopic.close → ManagedCursorImpl.asyncClose
  // persists the in-memory mark-delete 10:0; the reloaded topic reads on after it — no violation.
  'u23-a03-unload-ack-landed-not-persisted': one(true, sub(), M12, [unload(at(7))]),
  // a04: unload-topic while M1's CommandAck is on its way (step 6): the ack is lost with the
  // connection; the close persists 10:-1, so 10:0 is sent again — received-once (M1).
  'u23-a04-unload-ack-in-flight': one(true, sub(), M12, [unload(at(6))]),
  // a05: restart-broker while M1's CommandAck is on its way: lost the same way — received-once (M1).
  'u23-a05-restart-ack-in-flight': one(true, sub(), M12, [restart(at(6))]),
  // a06: restart-broker right after the cursor ledger got 10:0 (step 8): recovered at 10:0, M2
  // not written yet — received once each, no violation.
  'u23-a06-restart-after-persist': one(true, sub(), M12, [restart(at(8))]),
  // a07: unload after M1's ack landed (persisted by the close), then a crash once quiet: the
  // cursor ledger holds every mark-delete by then — no violation.
  'u23-a07-unload-then-restart': one(true, sub(), M12, [unload(at(7)), restart(QUIET)]),
  // a08: bookies, two brokers: ownership moves to broker-2 after M1's ack landed at broker-1 and
  // before its mark-delete reached the cursor ledger. broker-2 opens the cursor with
  // recoverFromLedger (the old owner never closed it): 10:0 again — received-once (M1).
  'u23-a08-ownership-change-ack-not-persisted': MOVED_AT_8,
  // a08b: the same, but broker-2's load (fencing, ledger list) completes before broker-1's cursor
  // write: in Pulsar broker-2 opened the cursor at that load (ManagedCursorImpl.recover, reading
  // mark-delete 10:-1, fencing the cursor ledger) and broker-1's later write fails
  // (persistPositionToLedger:fenced) — 10:0 comes again: received-once (M1).
  'u23-a08b-ownership-change-old-owner-persists-late': {
    ...MOVED_AT_8,
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:10:0',
      'deliver:bookie-1->broker-1:10:0',
      'deliver:broker-1->p1:M1',
      'consume:sub:10:0',
      'ack:sub:10:0',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-1:fence-10',
      'deliver:bookie-1->broker-2:fence-10',
      'metadata:broker-2:ledgers',
      'persist-cursor:sub:10:0',
    ],
  },
  // a09: dedup on, M1's receipt lost: the resend is Dup (-1:-1), one entry — the consumer receives
  // it once: no violation (what deduplication does promise, on the read side too).
  'u23-a09-dedup-lost-receipt-received-once': one(true, sub(), M12, [
    { kind: 'lose-receipt', message: 'M1' },
  ]),
  // a10: the same without dedup: M1 stored twice (10:0, 10:1), M2 at 10:2; each entry received
  // once, so received-once holds — the duplicate is two entries, which received-once does not
  // judge; no-duplicates is not judged with dedup off. No violation.
  'u23-a10-no-dedup-lost-receipt-two-entries': one(false, sub(), M12, [
    { kind: 'lose-receipt', message: 'M1' },
  ]),
  // a11: both entries consumed, both CommandAcks on the connection, lose-ack on M2's: both acks go
  // with it, the dispatcher rewinds to 10:-1 and sends both again — received-once (M1, then M2).
  'u23-a11-two-acks-lost-together': {
    ...one(true, sub(), M12),
    ...thenFault(BOTH_CONSUMED, loseAck('M2'), 'fault:lose-ack:M2@local:sub'),
  },
  // a12: the same, M1's ack landed first (mark-delete 10:0 in memory), then lose-ack on M2's: the
  // same broker rewinds to its in-memory mark-delete: only 10:1 again — received-once (M2).
  'u23-a12-second-ack-lost-first-landed': {
    ...one(true, sub(), M12),
    ...thenFault([...BOTH_CONSUMED, 'ack:sub:10:0'], loseAck('M2'), 'fault:lose-ack:M2@local:sub'),
  },
  // ---- negative acks across reconnects (NegativeAcksTracker, ConsumerImpl.connectionOpened) ----
  // n01: M1 nacked, M2's ack on its way and lost (lose-ack): the reconnect rewinds to 10:-1 (M1 not
  // acknowledged); the NegativeAcksTracker keeps M1's id (connectionOpened does not clear it) but
  // the rewind already sends M1 and M2 again; the application acknowledges both. The tracker's
  // timer fires later and asks again: the mark-delete is past both — nothing. received-once (M1).
  'u23-n01-nack-then-lose-ack': one(true, sub({ negativeAcknowledge: ['M1'] }), M12, [
    loseAck('M2'),
  ]),
  // n02: M1 alone nacked; the timer fired and the request is on its way when the broker crashes:
  // the request is lost; the recovered cursor (10:-1) sends M1 again on the reconnect and the
  // application acknowledges it — received-once (M1), stored once.
  'u23-n02-nack-request-lost-in-crash': {
    ...one(true, sub({ negativeAcknowledge: ['M1'] }), [send('M1')]),
    ...thenFault([...M1_CONSUMED, 'negative-ack:sub'], restart({}), 'fault:restart-broker:local'),
  },
  // n03: M1 nacked, the topic unloaded before the timer: close persists 10:-1, the reconnect sends
  // M1 again, acknowledged; the timer fires, asks again, nothing after mark-delete 10:0.
  // received-once (M1), two receipts only.
  'u23-n03-nack-then-unload': {
    ...one(true, sub({ negativeAcknowledge: ['M1'] }), [send('M1')]),
    ...thenFault(M1_CONSUMED, unload({}), 'fault:unload-topic:local'),
  },
  // n04: M1 and M2 both nacked: one request (Exclusive, no ids) sends both again; each acknowledged
  // the second time — received-once (M1 first), each stored once.
  'u23-n04-two-nacked': one(true, sub({ negativeAcknowledge: ['M1', 'M2'] }), M12),
  // n05: M1 nacked with dedup and M1's receipt lost: the producer's resend is Dup, one entry; the
  // consumer gets 10:0 twice only because it asked — received-once (M1), no-duplicates holds.
  'u23-n05-nack-with-dedup-resend': one(true, sub({ negativeAcknowledge: ['M1'] }), M12, [
    { kind: 'lose-receipt', message: 'M1' },
  ]),
  // n06: M1 nacked, M2's ack landed (10:1 deleted individually, mark-delete 10:-1), then a crash
  // before the timer: Pulsar's cursor ledger holds the individually deleted range with the
  // mark-delete (asyncDelete persists both), so the recovered cursor sends only 10:0 —
  // received-once (M1); M2 received once. Session 21 (hC): that write is a step of its own
  // (persist-cursor), placed before the crash; crashing before it sends M2 again too
  // (tests/scenarios/cursor-ledger-deleted-ranges.test.ts).
  'u23-n06-nack-hole-then-restart': {
    ...one(true, sub({ negativeAcknowledge: ['M1'] }), M12),
    ...thenFault(
      [...BOTH_CONSUMED, 'ack:sub:10:1', 'persist-cursor:sub:10:-1'],
      restart({}),
      'fault:restart-broker:local',
    ),
  },
  // n07: nack and ack timeout together: M1 nacked (NegativeAcksTracker; no longer timed), M2
  // worked on and acknowledged in time; the nack timer sends M1 again, which is worked on and
  // acknowledged — received-once (M1) only.
  'u23-n07-nack-and-ack-timeout': one(
    true,
    sub({ negativeAcknowledge: ['M1'], ackTimeout: true }),
    M12,
  ),
  // ---- the ack timeout across reconnects (UnAckedMessageTracker) ----
  // k01: M1 worked on, the ack timeout fires, the topic unloads before the request lands: the
  // request is lost; close persists 10:-1 and the reconnect sends M1 again; the application
  // acknowledges the first copy and then the second (already deleted) — received-once (M1).
  'u23-k01-ack-timeout-request-lost-unload': {
    ...one(true, sub({ ackTimeout: true }), [send('M1')]),
    ...thenFault([...M1_CONSUMED, 'ack-timeout:sub'], unload({}), 'fault:unload-topic:local'),
  },
  // k02: M1 acknowledged by the application, its CommandAck lost (lose-ack): the rewind sends it
  // again and the application works on it again (the tracker adds it again), acknowledges it —
  // received-once (M1).
  'u23-k02-ack-timeout-ack-lost': {
    ...one(true, sub({ ackTimeout: true }), [send('M1')]),
    ...thenFault(
      [...M1_CONSUMED, 'acknowledge:sub:10:0'],
      loseAck('M1'),
      'fault:lose-ack:M1@local:sub',
    ),
  },
  // k03: M1 and M2 both worked on when the timeout fires: both asked for again, both received twice
  // — received-once (M1 first).
  'u23-k03-ack-timeout-two': {
    ...one(true, sub({ ackTimeout: true }), M12),
    schedule: [...BOTH_CONSUMED, 'ack-timeout:sub'],
  },
  // k04: the timeout fires, then the application acknowledges M1 (its CommandAck behind the
  // request): the request lands first and rewinds to 10:-1; the ack lands next (mark-delete 10:0,
  // the read position moves past it) before the dispatcher reads again — nothing sent twice.
  'u23-k04-ack-timeout-ack-behind-request': {
    ...one(true, sub({ ackTimeout: true }), [send('M1')]),
    schedule: [...M1_CONSUMED, 'ack-timeout:sub', 'acknowledge:sub:10:0', 'redeliver:sub'],
  },
  // k05: restart-broker while the application still works on M1 (tracked, no ack sent): the
  // reconnect sends M1 again; the application acknowledges both copies — received-once (M1).
  'u23-k05-ack-timeout-restart-while-working': {
    ...one(true, sub({ ackTimeout: true }), [send('M1')]),
    ...thenFault(M1_CONSUMED, restart({}), 'fault:restart-broker:local'),
  },
  // ---- chunked messages redelivered (ConsumerImpl.processMessageChunk, unAckedChunkedMessageIdSequenceMap) ----
  // c01: M1 in two chunks, pr-20948, lose-ack on M1. In Pulsar no CommandAck leaves for a chunk
  // until the whole message is delivered and acknowledged (the chunk ids are acked together), so
  // the first ack in flight carries 10:0 and 10:1 together; losing it sends both again and the
  // application gets M1 twice — received-once (M1, 10:0 and 10:1). Got before the fix: chunk 1's
  // ack left alone at its receipt and was the one lost (10:0 twice, M1 assembled once); after it
  // (ConsumerChunkAcks.ts), as predicted. A schedule that lands chunk 1's ack and persists it
  // before chunk 2 arrives (then a crash: only 10:1 read on, M1 kept) is refused now
  // (tests/scenarios/consumer-chunk-acks.test.ts).
  'u23-c01-chunked-lose-ack': one(true, sub(), [send('M1', BIG)], [loseAck('M1')], {
    p1: { chunking: true },
    fixes: ['pr-20948'],
  }),
  // c02: the same with restart-broker after chunk 1 was received (step 9) and before chunk 2: in
  // Pulsar nothing of M1 was acknowledged, the crash redelivers 10:0; with pr-20948 the resent
  // first chunk starts the message again, 10:1 completes it — 10:0 received twice: received-once.
  'u23-c02-chunked-restart-between-chunks': one(true, sub(), [send('M1', BIG)], [restart(at(9))], {
    p1: { chunking: true },
    fixes: ['pr-20948'],
  }),
  // c03: c02 without pr-20948 (and without dedup, which before the fix drops chunk 2 as Dup): the consumer keeps its open context across the reconnect
  // (chunkedMessagesMap is not cleared), the redelivered first chunk is not the next id and drops
  // M1; chunk 2 then has no context — M1 lost to sub (no-silent-loss is about stored data: a
  // subscription's loss is not judged). Predicted: received-once (10:0); no other violation.
  'u23-c03-chunked-restart-between-chunks-no-fix': one(
    false,
    sub(),
    [send('M1', BIG)],
    [restart(at(9))],
    { p1: { chunking: true } },
  ),
  // c04: a chunked M1 nacked (negativeAcknowledge names the message): the application nacks M1 when
  // it is delivered whole; the Exclusive request sends both chunk entries again; with pr-20948 the
  // resent first chunk opens the context again and M1 is delivered again — received-once.
  // Got before the fix: chunk 1's entry nacked alone, chunk 2's acknowledged (deleted
  // individually), so the request sent only 10:0 and M1 never came whole again; now nacked at its
  // last chunk with both held (NegativeAcksTracker.ts), as predicted.
  'u23-c04-chunked-nack': one(
    true,
    sub({ negativeAcknowledge: ['M1'] }),
    [send('M1', BIG), send('M2')],
    [],
    {
      p1: { chunking: true },
      fixes: ['pr-20948'],
    },
  ),
  // c06: both chunks received (M1 complete, both CommandAcks on their way), then lose-ack: both
  // entries again, pr-20948's consumer assembles M1 a second time — received-once (M1, 10:0).
  'u23-c06-chunked-both-acks-lost': {
    ...one(true, sub(), [send('M1', BIG)], [loseAck('M1')], {
      p1: { chunking: true },
      fixes: ['pr-20948'],
    }),
    schedule: [
      ...CHUNKED_M1_STORED,
      'consume:sub:10:0',
      'consume:sub:10:1',
      'fault:lose-ack:M1@local:sub',
    ],
  },
  // ---- a message TTL racing acks (PersistentMessageExpiryMonitor → asyncMarkDelete) ----
  // t01: the TTL fires while M1's CommandAck is on its way (step 6): the mark-delete moves to the
  // last confirmed entry 10:0; the ack lands on an entry already deleted — nothing again. M2,
  // written later, is received. No violation.
  'u23-t01-ttl-while-ack-in-flight': one(true, sub(), M12, [ttl(at(6))]),
  // t02: M1 nacked; the TTL expires it before the tracker's timer: the rewind starts after
  // mark-delete 10:0 — M1 received once; M2 received once. No violation.
  'u23-t02-nack-then-ttl': {
    ...one(true, sub({ negativeAcknowledge: ['M1'] }), [send('M1')]),
    ...thenFault(M1_CONSUMED, ttl({}), 'fault:expire-messages:local'),
  },
  // t03: the TTL moves the mark-delete to 10:0 (M1 consumed, its ack in flight), then a crash
  // before any persist: the docs keep the expiry's mark-delete across a restart (session 15);
  // predicted: nothing again, no violation.
  'u23-t03-ttl-then-restart': {
    ...one(true, sub(), [send('M1')]),
    faults: [ttl(at(6)), restart(at(7))],
    schedule: [...M1_CONSUMED, 'fault:expire-messages:local', 'fault:restart-broker:local'],
  },
  // t04: ack timeout with the TTL first: M1 worked on, the TTL expires it, the timeout asks again:
  // the rewind starts after mark-delete 10:0 — nothing sent twice. No violation.
  'u23-t04-ttl-then-ack-timeout': {
    ...one(true, sub({ ackTimeout: true }), [send('M1')]),
    faults: [ttl(at(6))],
    schedule: [...M1_CONSUMED, 'fault:expire-messages:local', 'ack-timeout:sub'],
  },
  // ---- deduplication + replication + a consuming subscription ----
  // r01: us-east → us-west, dedup on both, sub on us-west with acks in flight; the replicator's
  // receipt of M1 at us-west lost: the resend is Dup there, one entry; sub receives each once.
  'u23-r01-geo-lost-receipt-sub-west': geo(DEDUP_ON, 'us-west', LOST_AT_WEST),
  // r02: the same without dedup: M1 stored twice at us-west (two entries), each received once —
  // received-once holds; no-duplicates not judged. No violation.
  'u23-r02-geo-lost-receipt-no-dedup': geo({ deduplication: false }, 'us-west', LOST_AT_WEST),
  // r03: sub on us-east, restart-broker at us-east once quiet: the replicator's cursor and sub's
  // were persisted; nothing sent again on either side — no violation, stored M1, M2 on both.
  'u23-r03-geo-restart-source-quiet': geo(DEDUP_ON, 'us-east', {
    kind: 'restart-broker',
    cluster: 'us-east',
    after: QUIET,
  }),
  // ---- searches (`check`) ----
  // x01: acks in flight, dedup on, M1 alone, a lose-ack or an unload anywhere (1): received-once
  // (a lost ack); no-duplicates holds.
  'u23-x01-lose-ack-or-unload': {
    ...one(true, sub(), [send('M1')]),
    explore: search(['lose-ack', 'unload-topic'], 1),
  },
  // x02: the same with only an unload (1): an unload with an ack on its way — received-once.
  'u23-x02-unload-only': {
    ...one(true, sub(), [send('M1')]),
    explore: search(['unload-topic'], 1),
  },
  // x03: dedup on, acks in flight without received-once, M1 alone, a lost receipt or a lost ack anywhere
  // (1): what is stored is judged — holds.
  'u23-x03-stored-side-holds': {
    ...one(true, { name: 'sub', acks: 'in-flight' }, [send('M1')]),
    explore: search(['lose-receipt', 'lose-ack'], 1),
  },
  // x04: a chunked M1 (pr-20948), acks in flight, a lost ack anywhere (1): received-once.
  'u23-x04-chunked-lose-ack-search': {
    ...one(true, sub(), [send('M1', BIG)], [], { p1: { chunking: true }, fixes: ['pr-20948'] }),
    explore: search(['lose-ack'], 1),
  },
  // x05: acks in flight without received-once, M1 alone, the TTL or a lost ack anywhere (1): a TTL is policy,
  // a redelivery is at-least-once — holds.
  'u23-x05-ttl-or-lose-ack': {
    ...one(true, { name: 'sub', acks: 'in-flight' }, [send('M1')]),
    explore: search(['expire-messages', 'lose-ack'], 1),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-23.scenarios.ts', '/tmp/u23');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
