// @vitest-environment node
// Review 23 (docs/research/review-23.md): the consumer side on scenarios nobody wrote before — a
// subscription's acknowledgements in flight with the cursor ledger across restart-broker,
// unload-topic and ownership-change; negative acks and the ack timeout across reconnects; chunked
// messages redelivered; a message TTL racing acks; deduplication and replication under a consuming
// subscription. Each row was predicted from Pulsar's sources before it was run; every row asserts
// the stored messages, the application's outcomes, the violations (step and detail) and how the run
// ended; the stories below look at the steps behind four of them. Scenarios: unseen-23.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  scenarioIn,
} from './reviewRows';
import { runOf, textsOf } from './helpers';
import { eastWest, localStored, receivedTwice } from './rowOutcomes';
import { scenario } from './unseen-23.scenarios';

// What the rows store, most of them one of these: M1 and M2 in ledger 10; M2 in ledger 11, the
// one a reload or a new owner opened; M1 alone; a chunked M1 (its last chunk at 10:1); M1's
// resend answered Dup (-1:-1) by deduplication, M2 after it.
const M12 = ['M1', 'M2'];
const AT_10 = { M1: '10:0', M2: '10:1' };
const M1_M2 = localStored(M12, AT_10);
const M2_IN_11 = localStored(M12, { M1: '10:0', M2: '11:0' });
const M1_ALONE = localStored(['M1'], { M1: '10:0' });
const CHUNKED_M1 = localStored(['M1'], { M1: '10:1' });
const M1_DUP = {
  stored: { local: M12 },
  outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
};

// Why sub's consumer received an entry again, in its own words (receivedTwice's last argument).
const ackLost = (position: string, cause: string) => `the ack of ${position} was lost (${cause})`;
const notAckedBefore = (cause: string) => `it was not acknowledged before ${cause}`;
const nacked = (message: string) =>
  `the application negatively acknowledged ${message}; the consumer asked for it again after negativeAckRedeliveryDelay`;
const timedOut = (message: string) =>
  `the application had not acknowledged ${message} within ackTimeoutMillis; the consumer asked for it again`;

const ROWS: ReviewRow[] = [
  {
    id: 'a01',
    title:
      'restart-broker once quiet: every mark-delete reached the cursor ledger, nothing is sent again — as predicted',
    scenario: scenario('u23-a01-restart-after-all-persisted'),
    expected: quiescentNoAlarm(M1_M2),
  },
  {
    id: 'a02',
    title:
      "restart-broker after M1's ack landed, before the cursor ledger held it: recoverFromLedger finds 10:-1 and 10:0 comes again — received-once, as predicted",
    scenario: scenario('u23-a02-restart-ack-landed-not-persisted'),
    expected: quiescentWith(
      M2_IN_11,
      receivedTwice(
        10,
        'M1',
        '10:0',
        'its ack landed, but broker-1 crashed before the cursor ledger held mark-delete 10:0',
      ),
    ),
  },
  {
    id: 'a03',
    title:
      "unload-topic at the same point: the cursor's close persists mark-delete 10:0, nothing again — as predicted",
    scenario: scenario('u23-a03-unload-ack-landed-not-persisted'),
    expected: quiescentNoAlarm(M2_IN_11),
  },
  {
    id: 'a04',
    title:
      "unload-topic with M1's CommandAck on its way: the ack is lost with the connection, the close persists 10:-1 — received-once, as predicted",
    scenario: scenario('u23-a04-unload-ack-in-flight'),
    expected: quiescentWith(
      M2_IN_11,
      receivedTwice(10, 'M1', '10:0', ackLost('10:0', 'the topic unloaded')),
    ),
  },
  {
    id: 'a05',
    title:
      "restart-broker with M1's CommandAck on its way: lost the same way — received-once, as predicted",
    scenario: scenario('u23-a05-restart-ack-in-flight'),
    expected: quiescentWith(
      M2_IN_11,
      receivedTwice(9, 'M1', '10:0', ackLost('10:0', 'broker-1 crashed')),
    ),
  },
  {
    id: 'a06',
    title: 'restart-broker right after the cursor ledger got 10:0: nothing again — as predicted',
    scenario: scenario('u23-a06-restart-after-persist'),
    expected: quiescentNoAlarm(M2_IN_11),
  },
  {
    id: 'a07',
    title:
      'unload after the ack landed, then a crash once quiet: the cursor ledger holds every mark-delete — as predicted',
    scenario: scenario('u23-a07-unload-then-restart'),
    expected: quiescentNoAlarm(M2_IN_11),
  },
  {
    id: 'a08',
    title:
      "ownership moves to broker-2 after M1's ack landed: predicted a redelivery, but broker-1 writes the cursor ledger before broker-2's load reads it — nothing again (a Pulsar order too: misprediction)",
    scenario: scenario('u23-a08-ownership-change-ack-not-persisted'),
    expected: quiescentNoAlarm(M2_IN_11),
  },
  {
    id: 'a08b',
    title:
      "the same with broker-1's cursor write after broker-2's load: broker-2 opened the cursor at its load (recoverFromLedger fences the cursor ledger, mark-delete 10:-1), broker-1's later write fails — 10:0 comes again: received-once, as predicted (decided in session 21)",
    scenario: scenario('u23-a08b-ownership-change-old-owner-persists-late'),
    expected: quiescentWith(
      M2_IN_11,
      receivedTwice(
        25,
        'M1',
        '10:0',
        'its ack landed, but broker-2 had loaded the cursor at mark-delete 10:-1 before the mark-delete was written (the write was fenced)',
      ),
    ),
  },
  {
    id: 'a09',
    title:
      "dedup on, M1's receipt lost: the resend is Dup, one entry, received once — as predicted",
    scenario: scenario('u23-a09-dedup-lost-receipt-received-once'),
    expected: quiescentNoAlarm(M1_DUP),
  },
  {
    id: 'a10',
    title:
      "dedup off, M1's receipt lost: two entries of M1, each received once — received-once holds, as predicted",
    scenario: scenario('u23-a10-no-dedup-lost-receipt-two-entries'),
    expected: quiescentNoAlarm(localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'a11',
    title:
      "both CommandAcks on the connection, lose-ack on M2's: both lost, the rewind sends 10:0 and 10:1 again — received-once twice, as predicted",
    scenario: scenario('u23-a11-two-acks-lost-together'),
    expected: quiescentWith(
      M1_M2,
      receivedTwice(13, 'M1', '10:0', ackLost('10:0', 'the connection dropped')),
      receivedTwice(16, 'M2', '10:1', ackLost('10:1', 'the connection dropped')),
    ),
  },
  {
    id: 'a12',
    title:
      "M1's ack landed, then lose-ack on M2's: the rewind to the in-memory mark-delete sends only 10:1 — as predicted",
    scenario: scenario('u23-a12-second-ack-lost-first-landed'),
    expected: quiescentWith(
      M1_M2,
      receivedTwice(15, 'M2', '10:1', ackLost('10:1', 'the connection dropped')),
    ),
  },
  {
    id: 'n01',
    title:
      "M1 nacked, M2's ack lost: the reconnect's rewind sends M1 before negativeAckRedeliveryDelay, and M2 — the timer later asks for nothing; as predicted",
    scenario: scenario('u23-n01-nack-then-lose-ack'),
    expected: quiescentWith(
      M1_M2,
      receivedTwice(13, 'M1', '10:0', notAckedBefore('the connection dropped')),
      receivedTwice(16, 'M2', '10:1', ackLost('10:1', 'the connection dropped')),
    ),
  },
  {
    id: 'n02',
    title:
      'M1 nacked, the request on its way when the broker crashes: the request is lost, the recovered cursor sends M1 again — as predicted',
    scenario: scenario('u23-n02-nack-request-lost-in-crash'),
    expected: quiescentWith(
      M1_ALONE,
      receivedTwice(10, 'M1', '10:0', notAckedBefore('broker-1 crashed')),
    ),
  },
  {
    id: 'n03',
    title:
      'M1 nacked, the topic unloaded before the timer: the reconnect sends M1 again, acknowledged; the timer finds nothing — as predicted',
    scenario: scenario('u23-n03-nack-then-unload'),
    expected: quiescentWith(
      M1_ALONE,
      receivedTwice(10, 'M1', '10:0', notAckedBefore('the topic unloaded')),
    ),
  },
  {
    id: 'n04',
    title: 'M1 and M2 nacked: one request (Exclusive, no ids) sends both again — as predicted',
    scenario: scenario('u23-n04-two-nacked'),
    expected: quiescentWith(
      M1_M2,
      receivedTwice(14, 'M1', '10:0', nacked('M1')),
      receivedTwice(17, 'M2', '10:1', nacked('M2')),
    ),
  },
  {
    id: 'n05',
    title:
      'M1 nacked, its receipt lost with dedup on: one entry, received twice only because the application asked — as predicted',
    scenario: scenario('u23-n05-nack-with-dedup-resend'),
    expected: quiescentWith(
      M1_DUP,
      // Session 21 (hC): the cursor ledger's write of the individually deleted 10:1 is a step: 18 → 19.
      receivedTwice(19, 'M1', '10:0', nacked('M1')),
    ),
  },
  {
    id: 'n06',
    title:
      'M1 nacked, M2 deleted individually, then a crash: only 10:0 again (the individually deleted 10:1 is skipped) — as predicted',
    scenario: scenario('u23-n06-nack-hole-then-restart'),
    expected: quiescentWith(
      M1_M2,
      // Session 21 (hC): its schedule writes 10:1 to the cursor ledger before the crash: 15 → 16.
      receivedTwice(16, 'M1', '10:0', notAckedBefore('broker-1 crashed')),
    ),
  },
  {
    id: 'n07',
    title:
      'negativeAcknowledge with ackTimeout: M1 nacked (no longer timed), M2 acknowledged in time; only M1 twice — as predicted',
    scenario: scenario('u23-n07-nack-and-ack-timeout'),
    expected: quiescentWith(
      M1_M2,
      // Session 21 (hC): the cursor ledger's write of the individually deleted 10:1 is a step: 16 → 17.
      receivedTwice(17, 'M1', '10:0', nacked('M1')),
    ),
  },
  {
    id: 'k01',
    title:
      "the ack timeout's request lost in an unload: the reconnect sends M1 again, both copies acknowledged — as predicted",
    scenario: scenario('u23-k01-ack-timeout-request-lost-unload'),
    expected: quiescentWith(
      M1_ALONE,
      receivedTwice(11, 'M1', '10:0', notAckedBefore('the topic unloaded')),
    ),
  },
  {
    id: 'k02',
    title:
      "the application's ack lost (lose-ack): M1 again, worked on and acknowledged again — as predicted",
    scenario: scenario('u23-k02-ack-timeout-ack-lost'),
    expected: quiescentWith(
      M1_ALONE,
      receivedTwice(9, 'M1', '10:0', ackLost('10:0', 'the connection dropped')),
    ),
  },
  {
    id: 'k03',
    title: 'M1 and M2 both timed out: both asked for again — received-once twice, as predicted',
    scenario: scenario('u23-k03-ack-timeout-two'),
    expected: quiescentWith(
      M1_M2,
      receivedTwice(14, 'M1', '10:0', timedOut('M1')),
      receivedTwice(15, 'M2', '10:1', timedOut('M2')),
    ),
  },
  {
    id: 'k04',
    title:
      "the application acknowledges behind the timeout's request: the rewind, then the ack moves the read position past 10:0 before the next read — nothing twice, as predicted",
    scenario: scenario('u23-k04-ack-timeout-ack-behind-request'),
    expected: quiescentNoAlarm(M1_ALONE),
  },
  {
    id: 'k05',
    title: 'a crash while the application works on M1: the reconnect sends it again — as predicted',
    scenario: scenario('u23-k05-ack-timeout-restart-while-working'),
    expected: quiescentWith(
      M1_ALONE,
      receivedTwice(9, 'M1', '10:0', notAckedBefore('broker-1 crashed')),
    ),
  },
  {
    id: 'c01',
    title:
      "a chunked M1 (pr-20948), lose-ack on M1: predicted both chunk acks lost together (Pulsar acks a chunked message's chunks as one, once it is whole) and M1 twice; the model first sent chunk 1's ack alone — fixed (ConsumerChunkAcks.ts), now as predicted",
    scenario: scenario('u23-c01-chunked-lose-ack'),
    expected: quiescentWith(
      CHUNKED_M1,
      receivedTwice(12, 'M1', '10:0', ackLost('10:0', 'the connection dropped')),
      receivedTwice(13, 'M1', '10:1', ackLost('10:1', 'the connection dropped')),
    ),
  },
  {
    id: 'c02',
    title:
      'a crash between the chunks (pr-20948): nothing of M1 acknowledged, 10:0 again, the resent first chunk starts M1 again — received-once, as predicted',
    scenario: scenario('u23-c02-chunked-restart-between-chunks'),
    expected: quiescentWith(
      CHUNKED_M1,
      receivedTwice(12, 'M1', '10:0', notAckedBefore('broker-1 crashed')),
    ),
  },
  {
    id: 'c03',
    title:
      'the same without pr-20948: the consumer keeps its open context over the reconnect and drops M1 at the repeated first chunk — M1 lost to sub, as predicted',
    scenario: scenario('u23-c03-chunked-restart-between-chunks-no-fix'),
    expected: quiescentWith(
      CHUNKED_M1,
      receivedTwice(12, 'M1', '10:0', notAckedBefore('broker-1 crashed')),
    ),
  },
  {
    id: 'c04',
    title:
      "a chunked M1 nacked: predicted a nack of the whole message and both chunks sent again, assembled again; the model nacked chunk 1's entry alone and acknowledged chunk 2, so M1 never came whole again — fixed (nacked at its last chunk, both held), now as predicted",
    scenario: scenario('u23-c04-chunked-nack'),
    expected: quiescentWith(
      localStored(['M1', 'M2'], { M1: '10:1', M2: '10:2' }),
      // Session 21 (hC): the cursor ledger's write of an individually deleted entry is a step: +1.
      receivedTwice(20, 'M1', '10:0', nacked('M1')),
      receivedTwice(21, 'M1', '10:1', nacked('M1')),
    ),
  },
  {
    id: 'c06',
    title:
      'both chunks received, both acks lost: both entries again, M1 assembled twice — as predicted',
    scenario: scenario('u23-c06-chunked-both-acks-lost'),
    expected: quiescentWith(
      CHUNKED_M1,
      receivedTwice(12, 'M1', '10:0', ackLost('10:0', 'the connection dropped')),
      receivedTwice(13, 'M1', '10:1', ackLost('10:1', 'the connection dropped')),
    ),
  },
  {
    id: 't01',
    title:
      "the TTL fires while M1's ack is on its way: the ack lands on a deleted entry, nothing again — as predicted",
    scenario: scenario('u23-t01-ttl-while-ack-in-flight'),
    expected: quiescentNoAlarm(M1_M2),
  },
  {
    id: 't02',
    title:
      "M1 nacked, then the TTL: the tracker's request rewinds to after 10:0 — M1 once, as predicted",
    scenario: scenario('u23-t02-nack-then-ttl'),
    expected: quiescentNoAlarm(M1_ALONE),
  },
  {
    id: 't03',
    title:
      "the TTL's mark-delete, then a crash before persist-cursor: predicted kept (the docs); it is in memory like an ack's and the recovered cursor sends M1 again — misprediction, the model is Pulsar's (rate-limited asyncMarkDelete)",
    scenario: scenario('u23-t03-ttl-then-restart'),
    expected: quiescentWith(
      M1_ALONE,
      // The ack was lost with the crash too, but the TTL had moved past 10:0 already: the crash
      // lost the expiry's unwritten mark-delete (review 27's a01 made the words say so).
      receivedTwice(
        10,
        'M1',
        '10:0',
        'the message TTL expired it (mark-delete 10:0 in memory), but broker-1 crashed before the cursor ledger held it',
      ),
    ),
  },
  {
    id: 't04',
    title:
      'M1 worked on, the TTL, then the ack timeout: the rewind starts after 10:0 — nothing twice, as predicted',
    scenario: scenario('u23-t04-ttl-then-ack-timeout'),
    expected: quiescentNoAlarm(M1_ALONE),
  },
  {
    id: 'r01',
    title:
      "geo, dedup on, the replicator's receipt lost at us-west: Dup there, sub at us-west receives each once — as predicted",
    scenario: scenario('u23-r01-geo-lost-receipt-sub-west'),
    expected: quiescentNoAlarm(eastWest(M12, M12, AT_10)),
  },
  {
    id: 'r02',
    title:
      'the same without dedup: M1 twice at us-west, two entries each received once — as predicted',
    scenario: scenario('u23-r02-geo-lost-receipt-no-dedup'),
    expected: quiescentNoAlarm(eastWest(M12, ['M1', 'M1', 'M2'], AT_10)),
  },
  {
    id: 'r03',
    title:
      'sub on us-east, restart-broker at us-east once quiet: nothing again on either side — as predicted',
    scenario: scenario('u23-r03-geo-restart-source-quiet'),
    expected: quiescentNoAlarm(eastWest(M12, M12, AT_10)),
  },
];

describeRows('review 23: the consumer side on unseen scenarios', ROWS);

describe('review 23: the steps behind the rows', () => {
  it('n01: the NegativeAcksTracker keeps M1 over the reconnect; its timer fires after the rewind already sent M1, and asks for nothing', () => {
    const r = runOf(scenarioIn(ROWS, 'n01'));
    const consumer = textsOf(r, 'sub-consumer');
    const broker = textsOf(r, 'broker-1');
    expect(consumer.indexOf('negativeAckRedeliveryDelay passed for 10:0')).toBeGreaterThan(
      consumer.findIndex((t) => t.startsWith('received 10:0 (M1) from broker-1 again')),
    );
    expect(broker.at(-1)).toBe(
      "cursor sub rewinds to mark-delete 10:1 for the consumer's new epoch: nothing to deliver again",
    );
  });
  it('c03: without pr-20948 the subscription’s consumer drops M1 at the redelivered first chunk and discards the second — lost to sub, while the topic stores it', () => {
    const r = runOf(scenarioIn(ROWS, 'c03'));
    const discarded = textsOf(r, 'sub-consumer')
      .filter((t) => t.includes('is lost to sub'))
      .map((t) => t.split(' from ')[0]);
    expect(discarded).toEqual([
      'received 10:0: the consumer dropped it at 10:0, at the repeated chunk M1[1/2] (before PR 20948): M1 is lost to sub',
      "received 10:1: the consumer discarded M1[2/2] at 10:1, a chunk with no context: M1's first chunk reached it earlier, but its context is gone (an unexpected chunk): M1 is lost to sub",
    ]);
  });
  it('a08b: broker-2 opens the cursor at its load, fencing the cursor ledger; broker-1’s later write fails and changes nothing broker-2 holds, so the moved consumer gets 10:0 again', () => {
    const r = runOf(scenarioIn(ROWS, 'a08b'));
    const b2 = textsOf(r, 'broker-2');
    const loaded = b2.indexOf('ledger list [10:{1}, 11:{0}] written (version 2): topic loaded');
    expect(b2[loaded + 1]).toBe(
      'cursor sub opened from its cursor ledger with recovery (fenced): mark-delete 10:-1; broker-1 can no longer write it',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: persisting mark-delete 10:0 fails — broker-2 opened the cursor ledger with recovery when it loaded the topic (fenced; its cursor holds mark-delete 10:-1)',
    );
    expect(textsOf(r, 'broker-1')).not.toContain(
      'cursor sub: mark-delete 10:0 persisted to the cursor ledger',
    );
    expect(b2).toContain(
      "cursor sub (opened at broker-2's load, mark-delete 10:-1) reads from after it for the moved consumer: 10:0 will be delivered again",
    );
  });
  it('t03: the TTL’s mark-delete is in memory until persist-cursor, as an ack’s: the crash recovers 10:-1', () => {
    const r = runOf(scenario('u23-t03-ttl-then-restart'));
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:-1: 10:0 will be delivered again',
    );
  });
});
