// @vitest-environment node
// Review 21 (docs/research/review-21.md): the replication and storage side on scenarios nobody wrote
// before — V1 and V2 replicators over several links and both ways, the replicator's cursor against a
// trim and a message TTL, ledger rollover, recovery and fencing (slow-bookie, restart-bookie), an
// ownership change, a broker restart or a topic unload while replicating, producers sharing one
// client's connection, deduplication switched on and off at the remote, chunked messages replicated,
// and the seeds' faults among them. Each row was predicted from Pulsar's sources before it was run;
// every row asserts the stored messages per cluster, the application's outcomes, the violations (step
// and detail) and how the run ended. The scenarios are in unseen-21.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  storedAt,
  violated,
} from './reviewRows';
import { completedButLost, eastWest } from './rowOutcomes';
import { runOf, textsOf } from './helpers';
import { scenario } from './unseen-21.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'a01',
    title:
      'two-way V1, east→west dropped after E1 persisted at us-west: the resend is Dup by (pe, 0) (isDuplicateReplV1 takes the original name); each side E1, W1, E2 once, as predicted',
    scenario: scenario('u21-a01-two-way-v1-drop'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '20:1', E2: '10:2' }),
    ),
  },
  {
    id: 'a02',
    title:
      'two-way V2, a bundle unload of us-west (the source of W1, the remote of E1, E2): both links restart, every resend Dup by position; once each side, as predicted',
    scenario: scenario('u21-a02-two-way-unload-remote'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '20:1', E2: '10:2' }),
    ),
  },
  {
    id: 'a03',
    title:
      "two-way, V1 east→west and V2 back, us-east's broker crashes after E1 reached us-west: the reload opens ledger 11, resends are Dup (by seq one way, by position the other); once each side, as predicted",
    scenario: scenario('u21-a03-two-way-mixed-restart'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '20:1', E2: '11:1' }),
    ),
  },
  {
    id: 'a04',
    title:
      "fan-out V1, the us-west link dropped after E2 persisted there: only that link resends (Dup by p1's seq), eu-central untouched; once at all three, as predicted",
    scenario: scenario('u21-a04-fanout-v1-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
    }),
  },
  {
    id: 'a05',
    title:
      'fan-in V2 into eu-central, which does not deduplicate; the us-east link dropped after E1 persisted there: E1 stored twice at eu-central, no alarm (dedup off promises nothing), as predicted',
    scenario: scenario('u21-a05-fanin-remote-off-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1'], 'us-west': ['W1'], 'eu-central': ['E1', 'E1', 'W1'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:0' }),
    }),
  },
  {
    id: 'a06',
    title:
      "two-way V2, us-west not deduplicating, east→west dropped after E1 persisted there: E1 twice at us-west; us-west's replicator deletes both copies unsent (replicated_from), us-east holds E1 once, as predicted",
    scenario: scenario('u21-a06-two-way-remote-off-drop'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'E1', 'W1', 'E2'], {
        E1: '10:0',
        W1: '20:2',
        E2: '10:2',
      }),
    ),
  },
  {
    id: 'a07',
    title:
      "two-way V1 with both producers named p: at us-west the replicated E1 takes the key (p, 0), so pw's W1 (p, 0) is Dup, completed -1:-1 and stored nowhere — no-silent-loss, Pulsar's V1 collision, as predicted",
    scenario: scenario('u21-a07-two-way-v1-same-name'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] },
        outcomes: { E1: ['stored at 10:0'], W1: ['completed -1:-1'], E2: ['stored at 10:1'] },
      },
      completedButLost(16, 'W1', 'pw', 'us-west'),
    ),
  },
  {
    id: 'b01',
    title:
      "a ledger per entry, the replicator after the workload, a trim once E2 is persisted: the replicator's cursor at 10:-1 holds every ledger — nothing deleted, E1, E2 replicated, as predicted",
    scenario: scenario('u21-b01-trim-before-replicator-reads'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'b02',
    title:
      "two-way, a ledger per entry, a subscription at us-west, a trim there at the end: us-west's replicator deleted the replicated-in entries unsent and the subscription consumed all — every ledger deleted, as predicted",
    scenario: scenario('u21-b02-two-way-trim-remote'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], [], { E1: '10:0', W1: '21:0', E2: '12:0' }),
    ),
  },
  {
    id: 'b03',
    title:
      "the TTL at us-east while E1's replicated send is in flight, then the replicator's connection drops: the producer's pending queue resends E1 (a drop does not rewind the cursor), E2 written later is not expired — nothing lost; predicted a TTL loss (misprediction, Pulsar agrees)",
    scenario: scenario('u21-b03-drop-then-ttl'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'b04',
    title:
      "a TTL at both ends of a two-way pair before either replicator reads: W1 lost to us-east, E1 and E2 to us-west, each with the TTL's words and its link; nothing replicated in is owed back, as predicted",
    scenario: scenario('u21-b04-two-way-ttl-both'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], ['W1'], { E1: '10:0', W1: '20:0', E2: '10:1' }),
      violated(
        'no-silent-loss',
        12,
        ['W1'],
        "W1 (us-west 20:0) expired by the message TTL on the replicator's cursor us-west->us-east (mark-delete 20:0) before it was replicated: us-east does not store it",
      ),
      violated(
        'no-silent-loss',
        17,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        17,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'b05',
    title:
      "a TTL at us-east before the replicator reads, then a broker restart there: the expiry's mark-delete is kept; E1, E2 lost (the TTL named), nothing sent after the restart, as predicted",
    scenario: scenario('u21-b05-ttl-then-restart'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], [], { E1: '10:0', E2: '10:1' }),
      violated(
        'no-silent-loss',
        10,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        10,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'b06',
    title:
      'us-east on bookies, a ledger per entry, a trim at the end: 10 and 11 (consumed by the replicator) deleted, the current empty ledger kept — us-east stores nothing, us-west E1, E2, as predicted',
    scenario: scenario('u21-b06-trim-with-bookies'),
    expected: quiescentNoAlarm(eastWest([], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'c01',
    title:
      'us-east on bookies, ownership moves to broker-3 once E1 is persisted: recovery, the replicator restarts from its cursor, p1 reconnects; E1, E2 once at both, as predicted',
    scenario: scenario('u21-c01-ownership-source'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'c02',
    title:
      "us-west on bookies, ownership moves to broker-4 once E1 is persisted there: E1's receipt had deleted it, E2 goes to broker-4; once, as predicted",
    scenario: scenario('u21-c02-ownership-remote'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'c03',
    title:
      "us-west on bookies, bookie-2 slow for E1, ownership to broker-4 when E1 arrives: recovery keeps 20:0 (both bookies hold it), but the load's replay does not rebuild the V2 watermark (apache/pulsar#25861) — the resend of E1 is stored again at 21:0: no-duplicates; predicted once (misprediction: #25861, Pulsar agrees; with pr-25860 once)",
    scenario: scenario('u21-c03-slow-bookie-ownership-remote'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], ['E1', 'E1', 'E2'], { E1: '10:0', E2: '10:1' }),
      violated(
        'no-duplicates',
        39,
        ['E1'],
        'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
      ),
    ),
  },
  {
    id: 'c04',
    title:
      "us-east on two bookies, bookie-2 restarts with E2's add in flight: no replacement, ledger 10 closes at E1, E2 is written at 11:0; the replicator reads across the rollover; once at both, as predicted",
    scenario: scenario('u21-c04-restart-bookie-source'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'c05',
    title:
      'us-west on three bookies, bookie-2 restarts with the replicated E1 in flight: ensemble change, the replicator sees nothing; once, as predicted',
    scenario: scenario('u21-c05-restart-bookie-remote-ensemble'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'c06',
    title:
      'us-west on two bookies, the same restart: no replacement bookie, the managed ledger rolls over and re-writes E1; once, as predicted',
    scenario: scenario('u21-c06-restart-bookie-remote-rollover'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'c07',
    title:
      "us-west on bookies with a ledger per entry: the replicator's E1, E2 across the rollover; once, as predicted",
    scenario: scenario('u21-c07-rollover-remote'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'c08',
    title:
      "us-east on bookies, its broker crashes after E1 persisted (receipt not yet back): recovery keeps E1, p1's resend is Dup (-1:-1); E1, E2 once at both, as predicted",
    scenario: scenario('u21-c08-crash-source-bookies'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] },
      outcomes: { E1: ['completed -1:-1'], E2: ['stored at 11:0'] },
    }),
  },
  {
    id: 'c09',
    title:
      "us-east not deduplicating crashes after E1 persisted: p1's resend stores E1 twice there; V2 sees two source positions, us-west stores both — no violation, as predicted",
    scenario: scenario('u21-c09-crash-source-dedup-off-v2'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E1', 'E2'], ['E1', 'E1', 'E2'], { E1: '11:0', E2: '11:1' }),
    ),
  },
  {
    id: 'c10',
    title:
      'c09 with V1: us-west keys both copies by (p1, 0) and drops the second — E1 twice at us-east, once at us-west, as predicted',
    scenario: scenario('u21-c10-crash-source-dedup-off-v1'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E1', 'E2'], ['E1', 'E2'], { E1: '11:0', E2: '11:1' }),
    ),
  },
  {
    id: 'd01',
    title:
      "us-west's broker crashes after E1 arrived, before it is persisted: the write is lost with the process, the replicator resends; once, as predicted",
    scenario: scenario('u21-d01-crash-remote-before-persist'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'd02',
    title:
      'us-east (two brokers) crashes after the replicator sent E1 and broker-3 loads it: the new replicator re-reads from the cursor, Dup by position; once, as predicted',
    scenario: scenario('u21-d02-crash-source-moves'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'd03',
    title:
      "two-way, a topic unload (scope topic) of us-west after E1's replicated send: the close waits for west→east's producer; once each side, as predicted",
    scenario: scenario('u21-d03-two-way-topic-unload-remote'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '21:1', E2: '10:2' }),
    ),
  },
  {
    id: 'd04',
    title:
      'V1, us-west crashes after E1 persisted there, before the receipt: the replay rebuilds (p1, 0) and the resend is Dup; once, as predicted',
    scenario: scenario('u21-d04-crash-remote-v1'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'd06',
    title:
      'd04 with V2: the replay does not rebuild the _LID/_EID watermark (apache/pulsar#25861), the resend of E1 is stored again at 21:0 — no-duplicates, as predicted after x03 (with pr-25860 once)',
    scenario: scenario('u21-d06-crash-remote-v2'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], ['E1', 'E1', 'E2'], { E1: '10:0', E2: '10:1' }),
      violated(
        'no-duplicates',
        13,
        ['E1'],
        'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
      ),
    ),
  },
  {
    id: 'd05',
    title:
      'fan-out, a bundle unload of us-east while both links have E1 in flight, eu-central not deduplicating: receipts after the close delete nothing — E1 twice at eu-central, once at us-west, as predicted',
    scenario: scenario('u21-d05-fanout-unload-source'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': ['E1', 'E2'],
        'us-west': ['E1', 'E2'],
        'eu-central': ['E1', 'E1', 'E2'],
      },
      outcomes: storedAt({ E1: '10:0', E2: '11:0' }),
    }),
  },
  {
    id: 'e01',
    title:
      'p1, p2 on one client at us-east, the shared connection dropped after N1 persisted: both resend, N1 Dup (-1:-1); the replicator sends each entry once; once at both, as predicted',
    scenario: scenario('u21-e01-shared-drop-replicated'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'N1', 'M2'], 'us-west': ['M1', 'N1', 'M2'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['completed -1:-1'], M2: ['stored at 10:2'] },
    }),
  },
  {
    id: 'e02',
    title:
      "the same drop with us-east not deduplicating and V1 to us-west: N1 twice at us-east, once at us-west (V1 keys by p2's seq), as predicted",
    scenario: scenario('u21-e02-shared-drop-v1-hides-copies'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'N1', 'N1', 'M2'], ['M1', 'N1', 'M2'], {
        M1: '10:0',
        N1: '10:2',
        M2: '10:3',
      }),
    ),
  },
  {
    id: 'e03',
    title:
      'the same with V2: us-west stores both copies of N1 (two source positions), no violation, as predicted',
    scenario: scenario('u21-e03-shared-drop-v2-keeps-copies'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'N1', 'N1', 'M2'], ['M1', 'N1', 'N1', 'M2'], {
        M1: '10:0',
        N1: '10:2',
        M2: '10:3',
      }),
    ),
  },
  {
    id: 'f01',
    title:
      'us-west switched on once E1 is persisted there, the replicator dropped after E2 persisted: the resend of E2 (after the cursor) is Dup by position; once, as predicted',
    scenario: scenario('u21-f01-remote-on-then-drop'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'f02',
    title:
      'us-west switched off once E1 is persisted there, the replicator dropped after E2: E2 twice at us-west, no alarm, as predicted',
    scenario: scenario('u21-f02-remote-off-then-drop'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2'], ['E1', 'E2', 'E2'], { E1: '10:0', E2: '10:1' }),
    ),
  },
  {
    id: 'f03',
    title:
      "us-west switched on after E1 persisted and the replicator dropped at once: the resend of E1 (behind the new cursor, not in the maps) is written again — no-duplicates as in the built-in dedup-enabled-at-runtime; predicted no finding (misprediction of the invariant's scope)",
    scenario: scenario('u21-f03-remote-on-resend-before-cursor'),
    expected: quiescentWith(
      eastWest(['E1'], ['E1', 'E1'], { E1: '10:0' }),
      violated(
        'no-duplicates',
        15,
        ['E1'],
        'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 20:1',
      ),
    ),
  },
  {
    id: 'g01',
    title:
      "chunked (pr-20948), us-west's broker crashes after M1's first chunk is persisted there: the replicator resends; M1 assembles once at us-west, as predicted",
    scenario: scenario('u21-g01-chunked-crash-remote'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'g02',
    title:
      "chunked two-way: us-west's replicator deletes the replicated chunks unsent; M1, W1, M2 once at both, as predicted",
    scenario: scenario('u21-g02-chunked-two-way'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'W1', 'M2'], ['M1', 'W1', 'M2'], { M1: '10:1', W1: '20:2', M2: '10:3' }),
    ),
  },
  {
    id: 'g03',
    title:
      "chunked, a ledger per entry, a trim at the end: every chunk consumed by the replicator — us-east's ledgers deleted; us-west assembles M1, as predicted",
    scenario: scenario('u21-g03-chunked-trim'),
    expected: quiescentNoAlarm(eastWest([], ['M1', 'M2'], { M1: '11:0', M2: '12:0' })),
  },
  {
    id: 'g04',
    title:
      "chunked into a us-west on two bookies, bookie-2 slow for M1 and restarted once M1's first chunk is persisted there: ledger 20 closes at that chunk, the rest is re-written into the next; M1, M2 once, as predicted",
    scenario: scenario('u21-g04-chunked-restart-bookie-remote'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'g05',
    title:
      "chunked, a topic unload of us-east between M1's chunks: the second chunk goes into ledger 11; M1 once at us-west, as predicted",
    scenario: scenario('u21-g05-chunked-topic-unload-source'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '11:0', M2: '11:1' })),
  },
  {
    id: 'h01',
    title:
      "seed 000's ChecksumError with an intact buffer at us-west on a two-way pair: the same bytes resent; once each side, as predicted",
    scenario: scenario('u21-h01-two-way-checksum-intact'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '20:1', E2: '10:2' }),
    ),
  },
  {
    id: 'h02',
    title:
      "persist-fails at us-west for the replicated E1: the remote fences and closes the replicator's producer, which reconnects and resends; once, as predicted",
    scenario: scenario('u21-h02-persist-fails-remote'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'h03',
    title:
      "seed 000's corrupted head at us-west on a two-way pair with nothing pipelined behind it: the send fails, the replicator rewinds and re-reads a clean copy — E2 stored; predicted a Case-1 loss (misprediction: seed 000 needs a later entry persisted first)",
    scenario: scenario('u21-h03-two-way-corrupted-head'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'W1', 'E2'], { E1: '10:0', W1: '20:1', E2: '10:2' }),
    ),
  },
  {
    id: 'h04',
    title:
      'two-way, a lost receipt on the replicated E1 at us-west, which does not deduplicate: E1 twice at us-west, once at us-east, no violation, as predicted',
    scenario: scenario('u21-h04-two-way-lose-receipt-remote-off'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'W1', 'E2'], ['E1', 'E1', 'W1', 'E2'], {
        E1: '10:0',
        W1: '20:2',
        E2: '10:2',
      }),
    ),
  },
];

describeRows('review 21: replication, ledgers and topology, run', ROWS);

describe('review 21: what the rows do not show', () => {
  it("c03 and d06 with pr-25860: the load's replay restores the V2 watermark from the replicated entry, so the resend of E1 is Dup — once at us-west", () => {
    for (const id of ['u21-c03-slow-bookie-ownership-remote', 'u21-d06-crash-remote-v2']) {
      const r = runOf(scenario(id, { fixes: ['pr-25860'] }));
      expect(r.violations).toEqual([]);
      expect(r.stored['us-west']).toEqual(['E1', 'E2']);
    }
  });
  it("b03: the TTL moved the replicator's mark-delete past E1 while its send was in flight; the connection drop loses the frame, and the replicator's producer resends it from its pending queue — a drop does not rewind the cursor", () => {
    const r = runOf(scenario('u21-b03-drop-then-ttl'));
    expect(textsOf(r, 'replicator-cursor')).toContain(
      'message TTL: replicator to us-west expires 10:0 (E1): mark-delete → 10:0',
    );
    expect(textsOf(r, 'replicator').join(' | ')).toMatch(
      /in flight lost: E1 \| CommandProducer → ProducerSuccess\(last_sequence_id -1\) \| resend E1 seq 0/,
    );
  });
  it("a07: pw's W1 under the name p meets the replicated E1's V1 key (p, 0) at us-west: Dup, answered -1:-1", () => {
    const r = runOf(scenario('u21-a07-two-way-v1-same-name'));
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
  });
});
