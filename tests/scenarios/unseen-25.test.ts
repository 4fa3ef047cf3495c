// @vitest-environment node
// Review 25 (docs/research/review-25.md): what sessions 19–22 added on the consumer and the Go
// producer, on scenarios nobody wrote before — the cursor ledger's range cap against an unload and an
// ownership change, acks in flight next to a Go producer, negative acks on a chunked message and on
// a resent copy, the consumer's pending-chunk limit and its expiry of incomplete messages next to a
// subscription, Go's Send(ctx) before and after the hand-over, the pending queue and the memory
// limit on a shared client, and the message TTL next to a consumer. Each row was predicted from
// Pulsar's sources before it was run; every row asserts the stored messages, the application's
// outcomes, the violations (step and detail) and how the run ended; the stories below look at the
// steps behind rows k03, k05, t01 and t05. Scenarios: unseen-25.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  scenarioIn,
  violated,
} from './reviewRows';
import { runOf, textsOf } from './helpers';
import { localStored, receivedTwice } from './rowOutcomes';
import { scenario } from './unseen-25.scenarios';
import { scenario as scenario23 } from './unseen-23.scenarios';

// What the rows store, most of them one of these: six messages in ledger 10 (the range-cap rows);
// a chunked M1 whose last chunk is at 10:1 (or, after a resent first chunk, at 10:2).
const SIX = localStored(['M1', 'M2', 'M3', 'M4', 'M5', 'M6'], {
  M1: '10:0',
  M2: '10:1',
  M3: '10:2',
  M4: '10:3',
  M5: '10:4',
  M6: '10:5',
});
const CHUNKED_M1 = localStored(['M1'], { M1: '10:1' });
const RESENT_CHUNKED_M1 = localStored(['M1'], { M1: '10:2' });

// Why sub's consumer received an entry again, in its own words (receivedTwice's last argument).
const notAckedBefore = (cause: string) => `it was not acknowledged before ${cause}`;
const ackLost = (position: string) => `the ack of ${position} was lost (the connection dropped)`;
const nacked = (message: string) =>
  `the application negatively acknowledged ${message}; the consumer asked for it again after negativeAckRedeliveryDelay`;
const UNLOADED = 'the topic unloaded';
const CRASHED = 'broker-1 crashed';
/** The range-cap rows' nacked messages, each sent again at `steps` for `why`. */
const nackedAgain = (steps: [number, number, number], why: (m: string) => string) =>
  (['M1', 'M3', 'M5'] as const).map((m, i) => receivedTwice(steps[i]!, m, `10:${2 * i}`, why(m)));
/** Both entries of the chunked M1 (10:0, 10:1) sent again at `step` and the next, each for `why`. */
const bothChunksAgain = (step: number, why: (position: string) => string) =>
  ['10:0', '10:1'].map((p, i) => receivedTwice(step + i, 'M1', p, why(p)));
const CTX_DONE = 'failed: context deadline exceeded, but stored at 10:0';

const ROWS: ReviewRow[] = [
  {
    id: 'k01',
    title:
      'the range cap of 1 with an unload where the built-in crashes: the close writes the same N + 1 ranges, so M6 comes again, as after the crash — as predicted',
    scenario: scenario('u25-k01-ranges-cap-unload'),
    expected: quiescentWith(
      SIX,
      ...nackedAgain([47, 50, 53], () => notAckedBefore(UNLOADED)),
      receivedTwice(
        56,
        'M6',
        '10:5',
        'its ack landed (deleted individually), but the cursor ledger kept only the first ranges (managedLedgerMaxUnackedRangesToPersist), and the topic unloaded',
      ),
    ),
  },
  {
    id: 'k02',
    title:
      'a cap of 2 and the crash: three ranges fit N + 1 — M6 is not sent again, only the nacked ones: as predicted',
    scenario: scenario('u25-k02-ranges-cap-2-restart'),
    expected: quiescentWith(SIX, ...nackedAgain([49, 52, 55], () => notAckedBefore(CRASHED))),
  },
  {
    id: 'k03',
    title:
      "the cap of 1 with an ownership change: predicted M6 again from broker-2's recovered cursor, but sub's consumer stays on broker-1, which still believes it owns the topic and serves from memory — misprediction (the flap's old owner learns only at a fenced write)",
    scenario: scenario('u25-k03-ranges-cap-ownership'),
    expected: quiescentWith(SIX, ...nackedAgain([50, 53, 56], nacked)),
  },
  {
    id: 'k04',
    title:
      "M2 nacked, M3's ack landed (deleted individually), unload before the cursor write: the close writes 10:0 with 10:2, only M2 comes again — as predicted",
    scenario: scenario('u25-k04-nack-individual-unload'),
    expected: quiescentWith(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
      receivedTwice(23, 'M2', '10:1', notAckedBefore(UNLOADED)),
    ),
  },
  {
    id: 'k05',
    title:
      "a Go producer, the topic moves while M1's CommandAck is on its way: predicted M1 again, but broker-1 writes the mark-delete before broker-2's load opens the cursor (initializeCursors follows the ledger list write) — misprediction, as review 23's a08",
    scenario: scenario('u25-k05-go-ack-in-flight-ownership'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'k06',
    title:
      'a Go batch of M1 and M2 in one entry, its CommandAck lost: the entry comes again — one received-once naming both, as predicted',
    scenario: scenario('u25-k06-go-batch-lose-ack'),
    expected: quiescentWith(
      localStored(['M1', 'M2'], { M1: '10:0', M2: '10:0' }),
      violated(
        'received-once',
        10,
        ['M1', 'M2'],
        `sub's consumer received 10:0 (M1, M2) twice — one stored entry at local, delivered again: ${ackLost('10:0')}`,
      ),
    ),
  },
  {
    id: 'n01',
    title:
      "a chunked M1 nacked whole, the broker crashes after the request's rewind: both chunks once more, M1 assembled again — received-once at each chunk, as predicted",
    scenario: scenario('u25-n01-chunked-nack-restart'),
    expected: quiescentWith(CHUNKED_M1, ...bothChunksAgain(15, () => nacked('M1'))),
  },
  {
    id: 'n02',
    title:
      "dedup off, M1's receipt lost: M1 at 10:0 and 10:1; the application nacks the first and acknowledges the copy — only 10:0 again, as predicted",
    scenario: scenario('u25-n02-nack-dedup-off-resent-copy'),
    expected: quiescentWith(
      localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' }),
      receivedTwice(23, 'M1', '10:0', nacked('M1')),
    ),
  },
  {
    id: 'c01',
    title:
      "a pending-chunk limit of 1 without the auto-ack: Pulsar's pass reads M2 and M1 comes back on a redelivery; the model keeps M1 for the reader (documented) — as predicted",
    scenario: scenario('u25-c01-pending-limit-no-auto-ack'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:2', M2: '10:3' })),
  },
  {
    id: 'c02',
    title:
      'the limit with the auto-ack next to a subscription with acks in flight: M1 evicted for every reader — no-silent-loss, no received-once: as predicted',
    scenario: scenario('u25-c02-pending-limit-subscription'),
    expected: quiescentWith(
      localStored(['M2'], { M1: '10:2', M2: '10:3' }),
      violated(
        'no-silent-loss',
        13,
        ['M1'],
        "M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      ),
    ),
  },
  {
    id: 'c03',
    title:
      'the expiry of an incomplete M1 next to a subscription with acks in flight: lost to every reader, no received-once — as predicted',
    scenario: scenario('u25-c03-expiry-subscription'),
    expected: quiescentWith(
      localStored([], { M1: '10:1' }),
      violated(
        'no-silent-loss',
        11,
        ['M1'],
        "M1 was completed as a success at 10:1 for p1, but local does not store it: the consumer's expireTimeOfIncompleteChunkedMessage expired it after 10:0, incomplete (1 of its chunks read), and acknowledged its chunks",
      ),
    ),
  },
  {
    id: 'c04',
    title:
      "the expiry before the first chunk's receipt, then a drop: both chunks resent, the resent first chunk opens a new context — M1 at 10:2, as predicted",
    scenario: scenario('u25-c04-expiry-then-resend'),
    expected: quiescentNoAlarm(RESENT_CHUNKED_M1),
  },
  {
    id: 'c05',
    title:
      'c04 with dedup on: pr-20948 judges only the last chunk, the resent first chunk is written again — the same, as predicted',
    scenario: scenario('u25-c05-expiry-then-resend-dedup'),
    expected: quiescentNoAlarm(RESENT_CHUNKED_M1),
  },
  {
    id: 'c06',
    title:
      "a Go chunking producer, the one CommandAck of M1's two chunks lost: both entries again — as predicted",
    scenario: scenario('u25-c06-go-chunked-lose-ack'),
    expected: quiescentWith(CHUNKED_M1, ...bothChunksAgain(12, ackLost)),
  },
  {
    id: 's01',
    title:
      'explicit ids: Send(ctx) returns context deadline exceeded after the write, the retry with seq 0 is Dup — as predicted',
    scenario: scenario('u25-s01-sync-explicit-seq-retry-dup'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: [CTX_DONE, 'completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
  {
    id: 's02',
    title:
      "a Go Send(ctx) waiting for its shared client's memory gives up (ErrContextExpired); M2 goes once N1's bytes come back — as predicted",
    scenario: scenario('u25-s02-sync-waits-for-memory'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M2'] },
      outcomes: {
        N1: ['stored at 10:0'],
        M1: ['failed: ErrContextExpired'],
        M2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 's03',
    title:
      'Send(ctx), dedup on, the broker crashes once M1 is written: the resend is Dup and Send returns it as a success — as predicted',
    scenario: scenario('u25-s03-sync-restart-dedup'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 's04',
    title:
      "a batching Go Send(ctx), dedup off: the expired send's resend and the retry are both written — M1 three times, no violation: as predicted",
    scenario: scenario('u25-s04-sync-batch-drop-dedup-off'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M1', 'M1'] },
      outcomes: { M1: [CTX_DONE, 'stored at 10:2'] },
    }),
  },
  {
    id: 's05',
    title: 's04 with dedup on: the resend is Dup, the retry (seq 1) stored — as predicted',
    scenario: scenario('u25-s05-sync-batch-drop-dedup-on'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M1'] },
      outcomes: { M1: [CTX_DONE, 'stored at 10:1'] },
    }),
  },
  {
    id: 's06',
    title:
      'a Go Send(ctx) waiting for a permit gives up; its id is skipped and M3 is stored after M1 — as predicted',
    scenario: scenario('u25-s06-sync-waits-for-permit'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['failed: ErrContextExpired'],
        M3: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'm01',
    title:
      "a shared Java client over its memory limit refuses pa's M1 before it takes an id; M2 takes seq 0 — as predicted",
    scenario: scenario('u25-m01-java-shared-memory-refused'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M2'] },
      outcomes: {
        N1: ['stored at 10:0'],
        M1: ['failed: MemoryBufferIsFullError'],
        M2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'm02',
    title:
      "blocking, the shared connection drops with N1's receipt: N1's resend is Dup, its bytes come back and M1 goes — as predicted",
    scenario: scenario('u25-m02-java-shared-memory-drop'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M1'] },
      outcomes: { N1: ['completed -1:-1'], M1: ['stored at 10:1'] },
    }),
  },
  {
    id: 'm03',
    title:
      "Go, a shared memory limit and pa's one permit: M2 waits for the permit and gives up; M3 after — as predicted",
    scenario: scenario('u25-m03-go-shared-permit-and-memory'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M1', 'M3'] },
      outcomes: {
        N1: ['stored at 10:0'],
        M1: ['stored at 10:1'],
        M2: ['failed: ErrContextExpired'],
        M3: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 't01',
    title:
      "the TTL between a chunked M1's chunks, the first read: the second is written later and completes the consumer's context — once, as predicted",
    scenario: scenario('u25-t01-ttl-between-chunks'),
    expected: quiescentNoAlarm(CHUNKED_M1),
  },
  {
    id: 't02',
    title:
      'the TTL once both chunks are written, the first read: the second is never dispatched — lost to sub by policy, stored for the reader: as predicted',
    scenario: scenario('u25-t02-ttl-after-both-chunks-one-read'),
    expected: quiescentNoAlarm(CHUNKED_M1),
  },
  {
    id: 't03',
    title:
      "dedup on, M1's receipt lost, the TTL before the resend: dedup still knows M1 — Dup, as predicted",
    scenario: scenario('u25-t03-ttl-dedup-resend'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
  {
    id: 't04',
    title:
      "t03 with dedup off: the resend is a new entry after the TTL and sub's first receipt of M1 — as predicted",
    scenario: scenario('u25-t04-ttl-dedup-off-resend'),
    expected: quiescentNoAlarm(localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 't05',
    title:
      "M1 nacked, M2's ack landed, the TTL, a crash before the cursor write: both again — as predicted; M1's reason named an ack it never had (fixed: the TTL's mark-delete)",
    scenario: scenario('u25-t05-ttl-nack-restart'),
    expected: quiescentWith(
      localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' }),
      receivedTwice(
        16,
        'M1',
        '10:0',
        'the message TTL expired it (mark-delete 10:1 in memory), but broker-1 crashed before the cursor ledger held it',
      ),
      receivedTwice(
        19,
        'M2',
        '10:1',
        'its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:1',
      ),
    ),
  },
];

describeRows('review 25: the consumer, chunks and the Go producer on unseen scenarios', ROWS);

describe('review 25: the steps behind the rows', () => {
  it('k03: after the flap broker-1 keeps serving sub from its in-memory cursor, while broker-2 loaded it without 10:5', () => {
    const r = runOf(scenarioIn(ROWS, 'k03'));
    const loaded =
      'cursor sub opened from its cursor ledger with recovery (fenced): mark-delete 10:-1, with the individually deleted 10:1, 10:3;';
    expect(textsOf(r, 'broker-2').some((t) => t.includes(loaded))).toBe(true);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub rewinds to mark-delete 10:-1 for the consumer's new epoch: 10:0, 10:2, 10:4 will be delivered again, skipping the individually deleted 10:1, 10:3, 10:5",
    );
  });
  it("k05: broker-1 writes M1's mark-delete before broker-2's load opens the cursor, which reads 10:0", () => {
    const r = runOf(scenarioIn(ROWS, 'k05'));
    const b1 = textsOf(r, 'broker-1');
    expect(b1).toContain('cursor sub: mark-delete 10:0 persisted to the cursor ledger');
    expect(
      textsOf(r, 'broker-2').some((t) =>
        t.includes('opened from its cursor ledger with recovery (fenced): mark-delete 10:0'),
      ),
    ).toBe(true);
  });
  it("t01: the TTL moves sub past M1's first chunk, yet the consumer's context survives and the last chunk completes M1", () => {
    const r = runOf(scenarioIn(ROWS, 't01'));
    expect(textsOf(r, 'sub-consumer')).toContain(
      'message TTL: subscription sub expires 10:0 (M1): mark-delete → 10:0',
    );
    expect(textsOf(r, 'sub-consumer')).toContain(
      'received 10:1 (M1) from broker-1; acknowledges it: CommandAck 10:0, 10:1 on its way',
    );
  });
  it("t05: M1 was never acknowledged — the recovered cursor sends it again because the TTL's mark-delete was lost", () => {
    const r = runOf(scenarioIn(ROWS, 't05'));
    expect(textsOf(r, 'sub-consumer')).toContain(
      'message TTL: subscription sub expires 10:0 (M1): mark-delete → 10:1',
    );
    expect(r.violations[0]!.detail).not.toContain('its ack landed');
  });
  it("n01's crash after the negative ack's rewind: the recovery line says the rewound chunks still come again", () => {
    // Review 25's left-open wording: the crash adds nothing to send again, but 10:0 and 10:1, set to
    // come again by the request at step 12, still do (steps 15 and 16) — not "nothing to deliver".
    const r = runOf(scenarioIn(ROWS, 'n01'));
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: nothing more to deliver again (10:0, 10:1 still to be delivered again, from the earlier rewind)',
    );
  });
  it("t05's left-open twin: the TTL's mark-delete lost to an ownership change (review 23's a08b, the ack replaced by the expiry) names the TTL too", () => {
    // The old owner's cursor write is fenced (ManagedCursorFencing.fencedWriteReason): the reason
    // after "but" is the fencing's, what moved the mark-delete is the expiry's — M1 had no ack.
    const a08b = scenario23('u23-a08b-ownership-change-old-owner-persists-late') as Record<
      string,
      unknown
    > & { schedule: string[] };
    const r = runOf({
      ...a08b,
      subscriptions: [
        {
          name: 'sub',
          acks: 'in-flight',
          invariants: ['received-once'],
          negativeAcknowledge: ['M1'],
        },
      ],
      faults: [
        { kind: 'expire-messages', cluster: 'local', after: { step: 7 } },
        { kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 8 } },
      ],
      schedule: a08b.schedule.map((k) =>
        k === 'ack:sub:10:0' ? 'fault:expire-messages:local' : k,
      ),
    });
    expect(textsOf(r, 'sub-consumer')).toContain(
      'received 10:0 (M1) from broker-2 again — redelivered: the message TTL expired it (mark-delete 10:0 in memory), but broker-2 had loaded the cursor at mark-delete 10:-1 before the mark-delete was written (the write was fenced); acknowledges it: CommandAck 10:0 on its way',
    );
    expect(r.violations.map((v) => v.invariant)).toEqual(['received-once']);
  });
});
