// @vitest-environment node
// Review 27 (docs/research/review-27.md): the newest rules crossed with each other on scenarios
// nobody wrote — chunked messages with geo-replication and with deduplication's reload, snapshot
// and purge; acks in flight with an ownership change, the message TTL and the cursor close that
// meets BadVersion; the unexpected-chunk ack rule with the ack timeout and reconnects; a Go
// Send(ctx) with batching and a drop; the client's memory limit with chunking; dedup snapshots and
// the purge with the topic moving. Each row was predicted from Pulsar's sources before it was run;
// every row asserts the stored messages, the application's outcomes, the violations (step and
// detail) and how the run ended; the stories below look at the steps behind rows p02b, a01 and u03.
// Scenarios: unseen-27.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  violated,
} from './reviewRows';
import { runOf, textsOf } from './helpers';
import { eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-27.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'g01',
    title:
      "V1 + pr-20948, the replicator drops once us-west read M1's first chunk: the first chunk written again, the last Dup; us-west's consumer replaces the context at the repeated first chunk and reads M1 once — clean, as predicted (the trigger fires at the first chunk: c1, c1, c2)",
    scenario: scenario('u27-g01-v1-chunk-resend-west-sub'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'g02',
    title:
      "V2, the replicator drops once us-west wrote M1[1/2]: the resend is Dup by the watermark, M1[2/2] NotDup; us-west's subscription receives each entry once — clean, as predicted",
    scenario: scenario('u27-g02-v2-chunk-drop-west-sub'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'g03',
    title:
      "a Go chunking producer at us-east, V1 + pr-20948: the replicated chunks carry Go's chunk metadata under p1; M1 assembles at us-west — as predicted",
    scenario: scenario('u27-g03-go-chunks-v1'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'g04',
    title:
      "V1 + pr-20948, the TTL at us-east between M1's chunks with a us-east subscription: only M1[2/2] replicated — no-silent-loss M1 at us-west by the TTL; the subscription acknowledges the lone chunk — as predicted",
    scenario: scenario('u27-g04-v1-ttl-between-chunks-east-sub'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:1', M2: '10:2' }),
      violated(
        'no-silent-loss',
        25,
        ['M1'],
        "M1 (us-east 10:0–10:1): its chunk at 10:0 expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west cannot assemble it",
      ),
    ),
  },
  {
    id: 'g05',
    title:
      'V2 with a dedup snapshot every entry at us-west, us-west unloads once M1[1/2] is written there: the snapshot keeps the watermark, M1 once — as predicted',
    scenario: scenario('u27-g05-v2-snapshot-unload-between-chunks'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'd01',
    title:
      "Java chunking, dedup on, pr-20948, the topic moves (fence first) once M1[1/2] is written: broker-2's replay records seq 0 from the lone first chunk, the resent M1[2/2] is Dup — no-silent-loss M1, as predicted",
    scenario: scenario('u27-d01-chunk-moved-between-chunks'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      violated(
        'no-silent-loss',
        18,
        ['M1'],
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ),
    ),
  },
  {
    id: 'd01a',
    title:
      "d01 with the move on the first chunk's persist and auto's order: broker-1 writes M1[2/2] before broker-2's fencing read — M1 whole, no loss (another interleaving Pulsar allows; the row's first version)",
    scenario: scenario('u27-d01a-chunk-moved-auto'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:1' })),
  },
  {
    id: 'd02',
    title:
      'd01 with replay-last-chunk: the resent last chunk is NotDup at broker-2, M1 assembles from 10:0 and 11:0 — as predicted',
    scenario: scenario('u27-d02-chunk-moved-replay-last-chunk'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '11:0' })),
  },
  {
    id: 'd03',
    title:
      "d01 with a snapshot every entry: broker-1's snapshot {} at 10:0 is where broker-2 starts, p1 unknown, M1[2/2] NotDup — the snapshot hides the replay rule, as predicted",
    scenario: scenario('u27-d03-chunk-moved-snapshot-every-entry'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '11:0' })),
  },
  {
    id: 'd04',
    title:
      "Go chunking, the broker crashes once M1[1/2] is written: predicted the loss, but the crashed broker's add of M1[2/2] reached the bookie and the recovery kept it; Go's resend writes the first chunk again at 11:0 and its receipts cross (matched by sequence id) — misprediction (mine)",
    scenario: scenario('u27-d04-go-chunk-crash-between-chunks'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '11:0' })),
  },
  {
    id: 'd05',
    title:
      'Java chunking, dedup on, pr-20948, p1 purged before the resend of its last chunk: written again at 10:2, and a pr-20948 reader skips the repeated chunk — M1 once, no no-duplicates, as predicted',
    scenario: scenario('u27-d05-chunk-purged-resend'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:2' })),
  },
  {
    id: 'p01',
    title:
      "a snapshot every entry, M2's receipt lost, the topic moves: the resend is Dup — as predicted, but answered by broker-1, which still believes it owns the topic (the flap's old owner), not by broker-2's snapshot",
    scenario: scenario('u27-p01-snapshot-then-move'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'p02',
    title:
      "a capped snapshot (p1 only), N1's receipt lost, the topic moves: predicted no-duplicates from broker-2's snapshot, but p2 reconnects to broker-1, whose memory still knows it — Dup: misprediction (mine; review 25's k03)",
    scenario: scenario('u27-p02-capped-snapshot-then-move'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'N1'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['completed -1:-1'] },
    }),
  },
  {
    id: 'p02b',
    title:
      "p02 with p2's reconnect after broker-1 learned (p1's fenced write): broker-2 started from the snapshot at 10:1 without p2 — no-duplicates N1, naming that snapshot (it named the one broker-2 took at the copy: fixed)",
    scenario: scenario('u27-p02b-capped-snapshot-move-reaches-new-owner'),
    expected: quiescentWith(
      localStored(['M1', 'N1', 'N1', 'M2'], { M1: '10:0', N1: '11:0', M2: '11:1' }),
      violated(
        'no-duplicates',
        27,
        ['N1'],
        'N1 (p2, seq 0) is stored twice at local: 10:1 and 11:0 — p2 is not in the dedup snapshot at 10:1 (brokerDeduplicationMaxNumberOfProducers 1 kept p1), and a reload starts from it',
      ),
    ),
  },
  {
    id: 'p03',
    title:
      "the inactivity purge with the move: no purge reaches broker-2; the resend is Dup at broker-1's memory, M2 written at broker-2 — as predicted",
    scenario: scenario('u27-p03-purge-then-move'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 'p04',
    title:
      "the snapshot timer with the move: auto takes the timer only when nothing else is left, so it fires at the end (11:0); the resend is Dup at broker-1 — outcome as predicted, the timer's place a misprediction (mine)",
    scenario: scenario('u27-p04-snapshot-timer-then-move'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 'a01',
    title:
      "the close that meets BadVersion after the TTL moved the mark-delete past M2 (its CommandAck lost with the unload): 11:0 again, and its reason names the TTL's unwritten mark-delete and the close (it said 'the ack of 11:0 was lost': fixed)",
    scenario: scenario('u27-a01-bad-version-close-after-ttl'),
    expected: quiescentWith(
      localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' }),
      violated(
        'received-once',
        25,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: its ack landed, but broker-2 had loaded the cursor at mark-delete 10:-1 before the mark-delete was written (the write was fenced)",
      ),
      violated(
        'received-once',
        32,
        ['M2'],
        "sub's consumer received 11:0 (M2) twice — one stored entry at local, delivered again: the message TTL expired it (mark-delete 11:0 in memory), but broker-2's close could not persist mark-delete 11:0 (BadVersion: broker-1 had written the cursor's metadata-store node), and the reload opened the cursor at broker-1's mark-delete 10:0",
      ),
    ),
  },
  {
    id: 'a02',
    title:
      "the TTL passes before sub reads M2, then the close meets BadVersion: 11:0 is sub's first receipt of M2 — only M1's received-once, as predicted",
    scenario: scenario('u27-a02-bad-version-close-ttl-before-receipt'),
    expected: quiescentWith(
      localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' }),
      violated(
        'received-once',
        25,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: its ack landed, but broker-2 had loaded the cursor at mark-delete 10:-1 before the mark-delete was written (the write was fenced)",
      ),
    ),
  },
  {
    id: 'a03',
    title:
      "a chunked M1 with its first chunk's ack held, the topic moves: predicted M1 whole at broker-2, but dedup's replay drops the resent last chunk (d01's loss) — no-silent-loss M1 and received-once 10:0: misprediction (mine: the row crossed d01)",
    scenario: scenario('u27-a03-chunk-held-ack-moved'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      violated(
        'no-silent-loss',
        19,
        ['M1'],
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ),
      violated(
        'received-once',
        20,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: it was not acknowledged before broker-2 took the topic over",
      ),
    ),
  },
  {
    id: 'a03b',
    title:
      'a03 without dedup: M1[2/2] written at 11:0, 10:0 comes again from broker-2 and replaces the context, one CommandAck 10:0+11:0 — received-once 10:0, as predicted',
    scenario: scenario('u27-a03b-chunk-held-ack-moved-dedup-off'),
    expected: quiescentWith(
      localStored(['M1'], { M1: '11:0' }),
      violated(
        'received-once',
        22,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: it was not acknowledged before broker-2 took the topic over",
      ),
    ),
  },
  {
    id: 'a04',
    title:
      "after the move the TTL expires M1 and M2 at broker-2, which crashes before a cursor write: the recovered cursor sends 11:0 — sub's first receipt of M2, no violation, as predicted",
    scenario: scenario('u27-a04-moved-ttl-then-crash'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'u01',
    title:
      "the pending limit's evicted M1: its tracked last chunk comes twice (first, then the ack timeout's request, discarded each time; that copy is acknowledged since session 26, so the unload sends nothing again — predicted three times) — received-once naming it, no-silent-loss M1",
    scenario: scenario('u27-u01-evicted-chunk-timeout-then-unload'),
    expected: quiescentWith(
      localStored(['M2'], { M1: '10:2', M2: '10:3' }),
      violated(
        'no-silent-loss',
        13,
        ['M1'],
        "M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      ),
      violated(
        'received-once',
        28,
        ['M1'],
        "sub's consumer received 10:2 (M1) twice — one stored entry at local, delivered again: the consumer discarded M1 and left it unacknowledged (trackMessage) within ackTimeoutMillis; the consumer asked for it again (the consumer discarded it each time: its application got no message from it)",
      ),
    ),
  },
  {
    id: 'u02',
    title:
      'the timer-expired M1 with the ack timeout: the acknowledged chunk is not tracked, nothing is asked for again — no-silent-loss M1 only, as predicted',
    scenario: scenario('u27-u02-expired-chunk-timeout'),
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
    id: 'u03',
    title:
      'the first chunk never stored (ChecksumError, corrupted), the ack timeout: the lone chunk is tracked, asked for and discarded again, and that copy is acknowledged (Java repeats the round until its publish time passes the expiry, then acknowledges it; the model takes the rounds as one, since session 26) — agrees',
    scenario: scenario('u27-u03-gap-chunk-ack-timeout'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['failed: ChecksumException'] } },
      violated(
        'received-once',
        12,
        ['M1'],
        "sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: the consumer discarded M1 and left it unacknowledged (trackMessage) within ackTimeoutMillis; the consumer asked for it again (the consumer discarded it each time: its application got no message from it)",
      ),
    ),
  },
  {
    id: 'u04',
    title:
      "u01 with a crash: since session 26 the ack timeout's copy of 10:2 is acknowledged and the cursor ledger holds 10:3 before the crash, so nothing comes again (before: it held 10:1 with 10:3, and 10:2 came again) — the same verdicts",
    scenario: scenario('u27-u04-evicted-chunk-timeout-then-crash'),
    expected: quiescentWith(
      localStored(['M2'], { M1: '10:2', M2: '10:3' }),
      violated(
        'no-silent-loss',
        13,
        ['M1'],
        "M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      ),
      violated(
        'received-once',
        28,
        ['M1'],
        "sub's consumer received 10:2 (M1) twice — one stored entry at local, delivered again: the consumer discarded M1 and left it unacknowledged (trackMessage) within ackTimeoutMillis; the consumer asked for it again (the consumer discarded it each time: its application got no message from it)",
      ),
    ),
  },
  {
    id: 'u05',
    title:
      "the TTL between a replicated chunked message's chunks, the us-east consumer's expiry at 0 and the ack timeout: the lone chunk tracked and asked for again — received-once at us-east, no-silent-loss at us-west, as predicted",
    scenario: scenario('u27-u05-ttl-chunk-expiry-off-timeout'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:1', M2: '10:2' }),
      violated(
        'no-silent-loss',
        21,
        ['M1'],
        "M1 (us-east 10:0–10:1): its chunk at 10:0 expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west cannot assemble it",
      ),
      violated(
        'received-once',
        30,
        ['M1'],
        "sub's consumer received 10:1 (M1) twice — one stored entry at us-east, delivered again: the consumer discarded M1 and left it unacknowledged (trackMessage) within ackTimeoutMillis; the consumer asked for it again (the consumer discarded it each time: its application got no message from it)",
      ),
    ),
  },
  {
    id: 's01',
    title:
      'Go batch [M1, M2] with Send(ctx) of M2 expiring after the write and a drop: the resent batch is Dup by its lowest id — M1 completed -1:-1, M2 failed by its context yet stored once, as predicted',
    scenario: scenario('u27-s01-go-batch-sync-drop'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: {
        M1: ['completed -1:-1'],
        M2: ['failed: context deadline exceeded, but stored at 10:0'],
      },
    }),
  },
  {
    id: 's02',
    title:
      "s01 with the application's retry of M2 (seq 1): predicted Dup, but a Go batch before PR 1565 carries no highest id, so the broker recorded 0 for [0, 1] — the retry is NotDup: no-duplicates M2, misprediction (mine: seed 003's rule)",
    scenario: scenario('u27-s02-go-batch-sync-drop-retry'),
    expected: quiescentWith(
      {
        stored: { local: ['M1', 'M2', 'M2'] },
        outcomes: {
          M1: ['completed -1:-1'],
          M2: ['failed: context deadline exceeded, but stored at 10:0', 'stored at 10:1'],
        },
      },
      violated(
        'no-duplicates',
        13,
        ['M2'],
        'M2 (p1, seq 1) is stored twice at local: 10:0 and 10:1',
      ),
    ),
  },
  {
    id: 's03',
    title: 's01 with dedup off: the batch written twice, no violation — as predicted',
    scenario: scenario('u27-s03-go-batch-sync-drop-dedup-off'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M1', 'M2'] },
      outcomes: {
        M1: ['stored at 10:1'],
        M2: ['failed: context deadline exceeded, but stored at 10:0'],
      },
    }),
  },
  {
    id: 's04',
    title:
      "Go batching, one permit: the Send(ctx) of M2 waiting for it expires with no id taken, M3 takes seq 1; the drop's resend Dup — as predicted",
    scenario: scenario('u27-s04-go-batch-sync-waits-for-permit'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M3'] },
      outcomes: {
        M1: ['completed -1:-1'],
        M2: ['failed: ErrContextExpired'],
        M3: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'm01',
    title:
      "Java, not blocking: pa's chunked M1 of 1100 bytes is refused by its own reservation at its second chunk (MemoryBufferIsFullError); pb's N1 goes — as predicted",
    scenario: scenario('u27-m01-java-chunk-over-own-limit'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1'] },
      outcomes: { M1: ['failed: MemoryBufferIsFullError'], N1: ['stored at 10:0'] },
    }),
  },
  {
    id: 'm02',
    title:
      "Java: each chunk's receipt gives M1's whole 900 bytes back (usage −900), so N1 and N2 of 1000 pass back to back and only N3 is refused — as predicted",
    scenario: scenario('u27-m02-java-chunk-double-release'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'N1', 'N2'] },
      outcomes: {
        M1: ['stored at 10:1'],
        N1: ['stored at 10:2'],
        N2: ['stored at 10:3'],
        N3: ['failed: MemoryBufferIsFullError'],
      },
    }),
  },
  {
    id: 'm03',
    title:
      "Go: M1[1/2]'s receipt gives its 600-byte slice back, and pb's N1, held for memory, may go before M1 completes — as predicted (auto still takes M1[2/2] first)",
    scenario: scenario('u27-m03-go-chunk-slices-release'),
    expected: quiescentNoAlarm(localStored(['M1', 'N1'], { M1: '10:1', N1: '10:2' })),
  },
  {
    id: 'm04',
    title:
      "Go: pb's Send(ctx) of N1 waiting for pa's chunked M1's memory expires (seq 0 burnt), N2 takes seq 1 — as predicted",
    scenario: scenario('u27-m04-go-chunk-memory-context-expired'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'N2'] },
      outcomes: {
        M1: ['stored at 10:1'],
        N1: ['failed: ErrContextExpired'],
        N2: ['stored at 10:2'],
      },
    }),
  },
];

describeRows('review 27: the newest rules crossed, run and judged against Pulsar', ROWS);

describe("p02b: a capped snapshot forgot p2 at broker-2's load — the finding names that snapshot", () => {
  const r = runOf(scenario('u27-p02b-capped-snapshot-move-reaches-new-owner'));
  it('broker-2 writes the resent N1 at 11:0 and, a snapshot every entry, snapshots there — p2 left out again', () => {
    expect(textsOf(r, 'broker-2')).toContain(
      'dedup snapshot (1 entries recorded): {p1=0} stored in pulsar.dedup, its mark-delete moved to 11:0; p2 left out (brokerDeduplicationMaxNumberOfProducers 1)',
    );
  });
  it('no-duplicates names 10:1, where the load started, not 11:0, taken after the copy was written', () => {
    const [v] = r.violations;
    expect(v!.detail).toContain('p2 is not in the dedup snapshot at 10:1');
    expect(v!.detail).not.toContain('snapshot at 11:0');
  });
});

describe('a01: the TTL had moved past M2, its CommandAck was lost with the unload, and the close met BadVersion', () => {
  const r = runOf(scenario('u27-a01-bad-version-close-after-ttl'));
  it('the unload loses the CommandAck of 11:0 — but the mark-delete was already 11:0, by the TTL', () => {
    expect(textsOf(r, 'sub-consumer')).toContain('CommandAck 11:0 lost: the topic unloaded');
    expect(textsOf(r, 'broker-2')).toEqual(
      expect.arrayContaining([
        expect.stringContaining('its close fails — persisting mark-delete 11:0'),
      ]),
    );
  });
  it('11:0 comes again because the close could not persist the expiry, not because the ack was lost', () => {
    const again = textsOf(r, 'sub-consumer').find((t) =>
      t.startsWith('received 11:0 (M2) from broker-2 again'),
    );
    expect(again).toContain(
      'the message TTL expired it (mark-delete 11:0 in memory), but broker-2',
    );
    expect(again).not.toContain('the ack of 11:0 was lost');
  });
});

describe('u03: a lone last chunk under the ack timeout is asked for once, then acknowledged', () => {
  const r = runOf(scenario('u27-u03-gap-chunk-ack-timeout'));
  const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
  const texts = textsOf(r, 'sub-consumer');
  it('received twice, each time discarded; the copy the timeout asked for is past the limit, so its CommandAck closes the hole at 10:0', () => {
    expect(sub.received.map((x) => x.position.entryId)).toEqual([0, 0]);
    expect(texts.filter((t) => t.startsWith('ackTimeoutMillis passed'))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('received 10:0'))[1]).toContain(
      'acknowledged (doAcknowledge): its publish time is more than expireTimeOfIncompleteChunkedMessageMillis (60000) ago, since the ack timeout asked for it already',
    );
    expect(texts).toContain('CommandAck 10:0');
    expect(sub.markDeletePosition).toEqual({ ledgerId: 10, entryId: 0 });
  });
});
