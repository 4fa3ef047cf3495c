// @vitest-environment node
// Scenarios no built-in covers, from the sixteenth review (docs/research/review-16.md): features mixed
// in ways no review had — the message TTL after an ownership change, at the remote, between two-way
// links and between replicated chunks; delayed chunked messages through replication; a
// producerName taken over across a broker crash; two-way replication with deduplication switched on
// while it runs; Go batching with a send timeout and an unload; rollovers during a bookie crash;
// shared connections with one producer removed; replicate_to into a V1 remote while the source or the
// remote restarts. Each row was predicted from Pulsar's, BookKeeper's and pulsar-client-go's sources
// before it was run; every row asserts the stored messages per cluster, the application's outcomes,
// the violations (step and detail) and how the run ended. The scenarios are in unseen-16.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { cli } from '../cli/fakeCli';
import { rulesOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  violated,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-16.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 't01',
    title:
      "source on bookies, ownership moves to broker-3 after M2 and M3 goes to ledger 11; the TTL then passes with the replicator not yet started: the new owner's cursor (persisted mark-delete) is expired to 11:0 — M1, M2, M3 never reach us-west, each named as the TTL's",
    scenario: scenario('u16-t01-ttl-after-ownership-change'),
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3'], [], { M1: '10:0', M2: '10:1', M3: '11:0' }),
      violated(
        'no-silent-loss',
        38,
        ['M1'],
        "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        38,
        ['M2'],
        "M2 (us-east 10:1) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        38,
        ['M3'],
        "M3 (us-east 11:0) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 't02',
    title:
      "the TTL passes at the remote, where a subscription reads: only that subscription's cursor moves (checkMessageExpiry expires the topic's own cursors); replication and dedup are untouched",
    scenario: scenario('u16-t02-ttl-at-remote-subscription'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 't03',
    title:
      "two-way, the us-east→us-west link waiting for the workload; the TTL passes at us-east before W1 crosses: E1 and E2 expire on that link's cursor (lost for us-west); W1, replicated in, is deleted unsent and owed to nobody",
    scenario: scenario('u16-t03-two-way-ttl-one-side'),
    expected: quiescentWith(
      eastWest(['E1', 'E2', 'W1'], ['W1'], { E1: '10:0', E2: '10:1', W1: '20:0' }),
      violated(
        'no-silent-loss',
        16,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        16,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 't04',
    title:
      'the TTL passes, the topic unloads, the application resends M2 with seq 1: the dedup cursor is no subscription (never expired), so the replay still knows (p1, 1): Dup, -1:-1, M2 stored once',
    scenario: scenario('u16-t04-ttl-then-unload-dedup-remembers'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['stored at 10:1', 'completed -1:-1'] },
    }),
  },
  {
    id: 't05',
    title:
      "a chunked M1 replicated V2: the replicator has sent only the first chunk when the TTL expires both; the last chunk is never sent, M1 never assembles at us-west — owed as one message and named as the TTL's",
    scenario: scenario('u16-t05-ttl-between-replicated-chunks'),
    expected: quiescentWith(
      eastWest(['M1'], [], { M1: '10:1' }),
      violated(
        'no-silent-loss',
        10,
        ['M1'],
        "M1 (us-east 10:0–10:1) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'b01',
    title:
      'Java chunking, a delayed 6 MB M1, V1 on both clusters, pr-20948: each chunk crosses as its own op; us-west passes the first chunk and takes the last as NotDup (p1, 0): M1 assembles on both',
    scenario: scenario('u16-b01-java-chunk-delay-v1'),
    expected: quiescentNoAlarm(eastWest(['M1'], ['M1'], { M1: '10:1' })),
  },
  {
    id: 'b02',
    title:
      "Go chunking, a delayed M1 for [us-east]: every chunk carries the message's metadata (internalSend shares sr.mm), so both chunk entries are skipped; M2 crosses; nothing owed",
    scenario: scenario('u16-b02-go-chunk-delay-replicate-local'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'b03',
    title:
      'Java chunking, delayed, V2; us-west unloads once the first chunk is stored there: its receipt goes ahead of CommandCloseProducer and deletes chunk 0; the resent last chunk is NotDup (no watermark after the replay, #25861, but nothing to repeat): M1 assembles once',
    scenario: scenario('u16-b03-chunk-delay-v2-target-unload'),
    expected: quiescentNoAlarm(eastWest(['M1'], ['M1'], { M1: '10:1' })),
  },
  {
    id: 'n01',
    title:
      "pa and pb share producerName app; the broker crashes with pa's M2 unwritten; pb is created meanwhile: last_sequence_id 0 seeds it at 1, N1 is (app, 1); pa is ProducerBusy until pb's connection drops, then resends M2 as (app, 1): Dup, -1:-1, M2 lost",
    scenario: scenario('u16-n01-name-takeover-broker-crash'),
    expected: quiescentWith(
      {
        stored: { local: ['M1', 'N1'] },
        outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], N1: ['stored at 11:0'] },
      },
      completedButLost(19, 'M2', 'pa', 'local'),
    ),
  },
  {
    id: 'n02',
    title:
      'the same takeover with two Go producers (grabCnx seeds only an unset generator; ProducerBusy is retried by reconnectToBroker): M2 lost the same way',
    scenario: scenario('u16-n02-name-takeover-go'),
    expected: quiescentWith(
      {
        stored: { local: ['M1', 'N1'] },
        outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], N1: ['stored at 11:0'] },
      },
      completedButLost(19, 'M2', 'pa', 'local'),
    ),
  },
  {
    id: 'n03',
    title:
      "the takeover on bookies with the crash after M2 reached both bookies: recovery keeps 10:1, pb is seeded at 2, N1 is (app, 2) in ledger 11, pa's resent M2 is Dup — true, nothing lost",
    scenario: scenario('u16-n03-name-takeover-bookies-kept'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'N1'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], N1: ['stored at 11:0'] },
    }),
  },
  {
    id: 'w01',
    title:
      'two-way V2, dedup off on both; us-west switches it on once E1 is stored there: Recovering, the replay, and every message once on each side',
    scenario: scenario('u16-w01-two-way-dedup-on-midrun'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2', 'W1'], ['E1', 'E2', 'W1'], { E1: '10:0', E2: '10:1', W1: '20:2' }),
    ),
  },
  {
    id: 'w02',
    title:
      "two-way V2, dedup off at us-west and switched on once E1 is stored there; the replicator's connection drops before E1's receipt: the dedup cursor starts at 20:0, the resend is NotDup — E1 twice at us-west, the copy after the cursor reported",
    scenario: scenario('u16-w02-two-way-dedup-on-resend'),
    expected: quiescentWith(
      eastWest(['E1', 'W1'], ['E1', 'E1', 'W1'], { E1: '10:0', W1: '20:2' }),
      violated(
        'no-duplicates',
        17,
        ['E1'],
        'E1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 20:1',
      ),
    ),
  },
  {
    id: 'w03',
    title:
      "two-way V1, producerName app on both sides, dedup switched on at us-east after W1 is replicated in: the new cursor starts after W1, so pe's E1 (app, 0) is stored at us-east — but us-west already holds (app, 0) from W1: E1 crosses as Dup and is deleted, lost for us-west; and us-east stores (app, 0) twice, W1's copy and E1 (review 19: a V1 link's copies are judged by their original producer name and sequence id)",
    scenario: scenario('u16-w03-two-way-v1-same-name-switch-on'),
    expected: quiescentWith(
      eastWest(['W1', 'E1'], ['W1'], { W1: '20:0', E1: '10:1' }),
      violated(
        'no-duplicates',
        18,
        ['W1', 'E1'],
        'app, seq 0 is stored twice at us-east: W1 at 10:0 and E1 at 10:1',
      ),
      violated(
        'no-silent-loss',
        22,
        ['E1'],
        'E1 (us-east 10:1) was deleted by the replicator us-east->us-west (mark-delete 10:1) but us-west does not store it',
      ),
    ),
  },
  {
    id: 'g01',
    title:
      'Go batching: [M1, M2] reaches the broker, the topic unloads before it is written; the reconnect resends the item into ledger 11 and the send timer fires before its receipt: M1, M2 told ErrSendTimeout though stored, the late receipt ignored; M3, M4 stored',
    scenario: scenario('u16-g01-go-batch-timeout-unload'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3', 'M4'] },
      outcomes: {
        M1: ['failed: ErrSendTimeout, but stored at 11:0'],
        M2: ['failed: ErrSendTimeout, but stored at 11:0'],
        M3: ['stored at 11:1'],
        M4: ['stored at 11:1'],
      },
    }),
  },
  {
    id: 'g02',
    title:
      'Go batching: the timer fails [M1, M2] while its frame is still on the wire, then the topic unloads after it is written: stored, its receipt finds nothing pending; nothing is resent; M3, M4 in ledger 11',
    scenario: scenario('u16-g02-go-batch-timeout-then-unload'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3', 'M4'] },
      outcomes: {
        M1: ['failed: ErrSendTimeout, but stored at 10:0'],
        M2: ['failed: ErrSendTimeout, but stored at 10:0'],
        M3: ['stored at 11:0'],
        M4: ['stored at 11:0'],
      },
    }),
  },
  {
    id: 'g03',
    title:
      "Go batching on bookies: ownership moves while [M1, M2] is being written; the old owner finishes it before the fencing read, then M3's add is fenced, p1 is closed and reconnects to broker-2: each message once",
    scenario: scenario('u16-g03-go-batch-ownership-change'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:0', M3: '11:0' }),
    ),
  },
  {
    id: 'l01',
    title:
      "three bookies, two entries a ledger: bookie-2 restarts with M2's add in flight; the ensemble changes to bookie-3 from 10:1, M2 fills ledger 10, which closes and rolls over; M3 is 11:0",
    scenario: scenario('u16-l01-rollover-during-ensemble-change'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '11:0' }),
    ),
  },
  {
    id: 'l02',
    title:
      'two bookies, no spare: the same crash is NotEnoughBookies; ledger 10 closes at its LAC with M1, the rollover re-sends M2 into 11:0, M3 at 11:1 fills ledger 11',
    scenario: scenario('u16-l02-rollover-no-spare-bookie'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '11:1' }),
    ),
  },
  {
    id: 'l03',
    title:
      "one entry a ledger: bookie-2 restarts while M3's add to ledger 12 is in flight: an ensemble change inside the newest ledger; M1, M2, M3 in ledgers 10, 11, 12",
    scenario: scenario('u16-l03-rollover-then-crash-in-new-ledger'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '12:0' }),
    ),
  },
  {
    id: 's01',
    title:
      "one Go client: p1's M1 is over the topic's maxMessageSize; NotAllowedError only removes p1 from the connection, so M2 is stored but never answered; p2's N1, N2 go on",
    scenario: scenario('u16-s01-shared-go-not-allowed'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M2', 'N2'] },
      outcomes: {
        M1: ['pending'],
        N1: ['stored at 10:0'],
        M2: ['pending'],
        N2: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 's02',
    title: 'one Java client: recoverNotAllowedError fails M1 alone; both producers go on',
    scenario: scenario('u16-s02-shared-java-not-allowed'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M2', 'N2'] },
      outcomes: {
        M1: ['failed: NotAllowedException'],
        N1: ['stored at 10:0'],
        M2: ['stored at 10:1'],
        N2: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 's03',
    title:
      'one Java client, an unload once M1 is written: CommandCloseProducer for each producer, the connection stays; both reconnect; each message once',
    scenario: scenario('u16-s03-shared-unload'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'N1', 'M2', 'N2'], { M1: '10:0', N1: '11:0', M2: '11:1', N2: '11:2' }),
    ),
  },
  {
    id: 's04',
    title:
      "one Go client: after the NotAllowedError removed p1, the connection drops: only p2 is told and reconnects (its resent N1 is Dup); p1's M2 is written to a closed connection and never resent",
    scenario: scenario('u16-s04-shared-go-removed-then-drop'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'N2'] },
      outcomes: {
        M1: ['pending'],
        N1: ['completed -1:-1'],
        M2: ['pending'],
        N2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 's05',
    title:
      "one Java client: p1's resend reaches the broker while its first write is pending: Unknown → PersistenceError; ClientCnx.handleSendError reconnects p1 alone (PR 23038), p2 keeps the connection; the next resend is Dup",
    scenario: scenario('u16-s05-shared-java-persistence-error'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'N1'] },
      outcomes: { M1: ['completed -1:-1'], N1: ['stored at 10:1'] },
    }),
  },
  {
    id: 'r01',
    title:
      "V1: M1 for [us-east, us-west], M2 disabled, M3; the source crashes once M1 is stored at us-west: the restarted broker's replicator resends M1 (Dup by original producer, -1:-1, deleted), skips M2, replicates M3",
    scenario: scenario('u16-r01-v1-replicate-to-source-restart'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M3'], { M1: '10:0', M2: '11:0', M3: '11:1' }),
    ),
  },
  {
    id: 'r02',
    title:
      "Go batching, V1: M2 with replication clusters goes out alone ahead of [M1]; the source crashes once M2 is stored; the reload's replay knows (p1, 1), so [M1, M3] with first id 0 is Dup: M1 and M3 lost (#1407 through a crash)",
    scenario: scenario('u16-r02-go-replicate-to-batch-source-restart'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M2'], 'us-west': ['M2'] },
        outcomes: { M1: ['completed -1:-1'], M2: ['completed -1:-1'], M3: ['completed -1:-1'] },
      },
      completedButLost(19, 'M1', 'p1', 'us-east'),
      completedButLost(19, 'M3', 'p1', 'us-east'),
    ),
  },
  {
    id: 'r03',
    title:
      "V1 into us-west, whose broker crashes with M1 written: the replay rebuilds (p1, 0) from the entry's original producer name, the resend is Dup; M2 (us-east only) skipped; nothing twice",
    scenario: scenario('u16-r03-v1-remote-restart'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'm01',
    title:
      "Java chunking on bookies, pr-20948, ownership moves after the first chunk: on auto's order the old owner completes the last chunk before the fencing read, recovery keeps both, M1 stored whole",
    scenario: scenario('u16-m01-chunk-ownership-change'),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:1' })),
  },
  {
    id: 'm01b',
    title:
      "the same with the fencing read first: recovery closes ledger 10 with chunk 0 only, whose replay records (p1, 0); the resent last chunk is Dup: M1 completed -1:-1 and lost — review 15's c09 gap (PR 20948 leaves it) through a takeover",
    scenario: scenario('u16-m01b-chunk-ownership-change-fenced'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      completedButLost(23, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'm02',
    title:
      "Go chunking, pr-20948: the timer fails only the first chunk's item; its late receipt is matched by sequence id to the last chunk's item and completes M1 at 10:0 before the last chunk is written",
    scenario: scenario('u16-m02-go-chunk-timeout-first-chunk'),
    expected: quiescentWith(
      localStored(['M1'], { M1: '10:0' }),
      violated(
        'no-silent-loss',
        6,
        ['M1'],
        'M1 was completed as a success at 10:0 for p1, but local does not store it',
      ),
    ),
  },
  {
    id: 'm03',
    title:
      "dedup switched off once M1 is written, M1's receipt lost: the resend is written again; two copies, which dedup off does not promise against",
    scenario: scenario('u16-m03-dedup-off-midrun-lost-receipt'),
    expected: quiescentNoAlarm(localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'm04',
    title:
      'Java: the broker crashes with M2 received, not written; the send timer fires while the topic is down: M2 failed (TimeoutException), nothing resent, not stored; M3 in ledger 11',
    scenario: scenario('u16-m04-restart-broker-send-timeout'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['failed: TimeoutException'],
        M3: ['stored at 11:0'],
      },
    }),
  },
  {
    id: 'm05',
    title:
      "Java chunking on a shared client, pr-20948: the connection drops after chunk 0 is written; p1 resends both chunks, chunk 0 is written again unchecked, the last is NotDup: M1 assembles once; p2's N1 stored once",
    scenario: scenario('u16-m05-chunk-shared-connection-drop'),
    expected: quiescentNoAlarm(localStored(['M1', 'N1'], { M1: '10:2', N1: '10:3' })),
  },
  {
    id: 'm06',
    title:
      'two-way V2, chunked M1 at us-east: its chunks cross as chunks and assemble at us-west, where the replicator deletes them unsent; W1 crosses once',
    scenario: scenario('u16-m06-two-way-chunked'),
    expected: quiescentNoAlarm(eastWest(['M1', 'W1'], ['M1', 'W1'], { M1: '10:1', W1: '20:2' })),
  },
  {
    id: 'm07',
    title:
      'explicit ids, pr-20948: the application sends M1 again with seq 7: chunk 0 is written again (an orphan a consumer drops), the last chunk is Dup: -1:-1, and M1 is indeed stored once',
    scenario: scenario('u16-m07-chunk-explicit-resend'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:1', 'completed -1:-1'] },
    }),
  },
];

describeRows(
  'review 16: unseen scenarios mixing the TTL, chunking, takeovers, dedup switches, rollovers and shared connections',
  ROWS,
);

const runIt = (id: string) => {
  const l = loadScenario(scenario(id));
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('review 16: the steps behind the outcomes', () => {
  it("n01: pb, created while pa is away, is seeded from the replay (last_sequence_id 0); pa is ProducerBusy until pb leaves, then its M2 is Dup against pb's N1", () => {
    const r = runIt('u16-n01-name-takeover-broker-crash');
    expect(textsOf(r, 'pb')).toEqual(
      expect.arrayContaining([
        'CommandProducer → ProducerSuccess(last_sequence_id 0)',
        'seeded msgIdGenerator := 1',
        'sendAsync N1 seq 1',
      ]),
    );
    expect(textsOf(r, 'pa')).toEqual(
      expect.arrayContaining([
        "CommandProducer → ProducerBusy: producer with name 'app' is already connected to topic (pb)",
        "ProducerBusyException is retried: reconnects once pb's connection closes",
        'resend M2 seq 1',
      ]),
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
  });
  it('n02: the Go twin reaches the same loss through grabCnx and reconnectToBroker', () => {
    const r = runIt('u16-n02-name-takeover-go');
    expect(rulesOf(r)).toEqual(
      expect.arrayContaining([
        'partitionProducer.grabCnx:seed',
        'partitionProducer.reconnectToBroker:retry',
        'AbstractTopic.internalAddProducer:busy',
      ]),
    );
  });
  it('m01b: broker-2 recovers ledger 10 with the first chunk only, tells p1 last_sequence_id 0, and drops the resent last chunk as Dup', () => {
    const r = runIt('u16-m01b-chunk-ownership-change-fenced');
    const b2 = textsOf(r, 'broker-2');
    expect(b2).toContain('recovery closed ledger 10 with 1 entry');
    expect(b2).toContain('Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1');
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
  });
  it('m01b with the proposed replay-last-chunk: the takeover replays no id from the lone first chunk, so the resent last chunk is written and M1 assembles', () => {
    const l = loadScenario(scenario('u16-m01b-chunk-ownership-change-fenced'), [
      'replay-last-chunk',
    ]);
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    expect([r.stored, r.outcomes, r.violations]).toEqual([
      { local: ['M1'] },
      { M1: ['stored at 11:0'] },
      [],
    ]);
    expect(rulesOf(r)).toContain('MessageDeduplication.replayCursor:not-last-chunk');
  });
  it("m02: the timed-out first chunk's receipt completes M1 through the last chunk's item; the last chunk's own receipt then finds nothing pending", () => {
    const r = runIt('u16-m02-go-chunk-timeout-first-chunk');
    const p1 = textsOf(r, 'p1');
    expect(p1).toContain('M1[1/2] failed: ErrSendTimeout (the callback waits for the last chunk)');
    expect(p1).toContain('M1 completed: stored at 10:0');
    expect(p1).toContain(
      'receipt of M1[1/2] taken for the head item M1[2/2]: both seq 0, and a receipt names no chunk',
    );
    expect(p1).toContain('receipt M1[2/2] seq 0 with nothing pending (a timed-out msg): ignored');
    const completed = r.steps.find((s) =>
      s.events.some((e) => e.text === 'M1 completed: stored at 10:0'),
    )!.index;
    const lastChunk = r.steps.find((s) => s.key === 'persist:local:M1[2/2]')!.index;
    expect(completed).toBeLessThan(lastChunk);
  });
  it('s04: the connection drop tells p2 only (p1 was removed by the NotAllowedError), so p1 never reconnects', () => {
    const r = runIt('u16-s04-shared-go-removed-then-drop');
    expect(textsOf(r, 'p1')).toContain(
      "connection closed: disconnect fault — app's connection, shared with p2; p1 is no longer registered on it and is not told",
    );
    expect(r.steps.filter((s) => s.key === 'connect:p1')).toHaveLength(1);
    expect(r.steps.filter((s) => s.key === 'connect:p2')).toHaveLength(2);
  });
  it('s05: with PR 23038 the PersistenceError reconnects p1 alone; p2, on the same client, is not disconnected', () => {
    const r = runIt('u16-s05-shared-java-persistence-error');
    const at = r.steps.find((s) =>
      s.events.some((e) => e.rule === 'ClientCnx.handleSendError:producer-reconnect'),
    )!;
    expect(at.events.map((e) => e.actor)).not.toContain('p2');
    expect(textsOf(r, 'p2').filter((t) => t.startsWith('connection closed'))).toHaveLength(1);
  });
  it('s05 without PR 23038 (Java client before 4.0): ctx.close() closes the shared connection, so p2 reconnects a second time', () => {
    const l = loadScenario({ ...scenario('u16-s05-shared-java-persistence-error'), fixes: [] });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    const at = r.steps.find((s) =>
      s.events.some((e) => e.rule === 'ClientCnx.handleSendError:default'),
    )!;
    expect(at.events.filter((e) => e.actor === 'p2').map((e) => e.rule)).toEqual([
      'ClientCnx.channelInactive',
    ]);
    expect(textsOf(r, 'p2').filter((t) => t.startsWith('connection closed'))).toHaveLength(2);
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
  });
  it('b02: both chunk entries of the us-east-only M1 are skipped by their own replicate_to', () => {
    const r = runIt('u16-b02-go-chunk-delay-replicate-local');
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.startsWith('Skipping message'))).toEqual(
      [
        'Skipping message at position 10:0, replicateTo [us-east]: replicate_to excludes us-west',
        'Skipping message at position 10:1, replicateTo [us-east]: replicate_to excludes us-west',
      ],
    );
  });
  it("w03: the switch's cursor starts after W1 at us-east, so E1 (app, 0) is written there; us-west's V1 dedup already holds (app, 0) from W1", () => {
    const r = runIt('u16-w03-two-way-v1-same-name-switch-on');
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup cursor replayed from 10:0: nothing after it (Recovering → Enabled)',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (app seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
  });
  it('t04: the reload after the TTL replays the dedup cursor and tells p1 last_sequence_id 1', () => {
    const r = runIt('u16-t04-ttl-then-unload-dedup-remembers');
    expect(
      textsOf(r, 'sub-consumer').some((t) => t.startsWith('message TTL: subscription sub expires')),
    ).toBe(true);
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 1 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
    );
  });
});

describe('review 16: malformed and impossible configs name the field, and never crash', () => {
  const EW = {
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
    workload: [{ send: 'M1', producer: 'p1' }],
  };
  const TWO_WAY = [
    { from: 'us-east', to: 'us-west' },
    { from: 'us-west', to: 'us-east' },
  ];
  const LOCAL = { producers: [{ name: 'p1' }], workload: [{ send: 'M1', producer: 'p1' }] };
  const BK = {
    ...LOCAL,
    clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
    topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  };
  const errorsOf = (s: Record<string, unknown>) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u16-bad', ...s });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it.each([
    [
      'maxEntriesPerLedger 0',
      { ...LOCAL, topic: { maxEntriesPerLedger: 0 } },
      '$.topic.maxEntriesPerLedger: expected an integer from 1, got 0',
    ],
    [
      'maxEntriesPerLedger 1.5',
      { ...LOCAL, topic: { maxEntriesPerLedger: 1.5 } },
      '$.topic.maxEntriesPerLedger: expected an integer from 1, got 1.5',
    ],
    [
      'maxEntriesPerLedger for an undeclared cluster',
      { ...EW, topic: { deduplication: true, maxEntriesPerLedger: { 'us-east': 2, eu: 1 } } },
      '$.topic.maxEntriesPerLedger.eu: expected a cluster name (us-east, us-west), got "eu"',
    ],
    [
      'restart-bookie of a bookie no cluster lists',
      { ...BK, faults: [{ kind: 'restart-bookie', bookie: 'bookie-9', after: { step: 1 } }] },
      '$.faults[0].bookie: expected one of "bookie-1" | "bookie-2", got "bookie-9"',
    ],
    [
      'restart-bookie without bookies',
      { ...LOCAL, faults: [{ kind: 'restart-bookie', bookie: 'bookie-1', after: { step: 1 } }] },
      '$.faults[0].bookie: expected a bookie a cluster lists, but no cluster lists "bookies" (storage is abstract; give a cluster "bookies" to model BookKeeper), got "bookie-1"',
    ],
    [
      'ackQuorum above writeQuorum',
      {
        ...BK,
        topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 1, ackQuorum: 2 } },
      },
      '$.topic.ledger.ackQuorum: expected an integer from 1 to 1, got 2',
    ],
    [
      'set-deduplication enabled "on"',
      {
        ...LOCAL,
        faults: [
          { kind: 'set-deduplication', cluster: 'local', enabled: 'on', after: { step: 1 } },
        ],
      },
      '$.faults[0].enabled: expected true or false, got "on"',
    ],
    [
      'set-deduplication to the value the topic has',
      {
        ...LOCAL,
        topic: { deduplication: true },
        faults: [
          { kind: 'set-deduplication', cluster: 'local', enabled: true, after: { step: 1 } },
        ],
      },
      '$.faults[0].enabled: expected false: cluster local starts with deduplication on and no other fault of the plan switches it, got true',
    ],
    [
      'expire-messages at a remote with no cursor',
      { ...EW, faults: [{ kind: 'expire-messages', cluster: 'us-west', after: { step: 1 } }] },
      '$.faults[0].cluster: expected a cluster with a subscription or a replication link from it (the message TTL expires their cursors; us-west has neither), got "us-west"',
    ],
    [
      'send-timeout naming a producer',
      { ...LOCAL, faults: [{ kind: 'send-timeout', message: 'M1', producer: 'p1' }] },
      '$.faults[0].producer: expected no producer: send-timeout names the "message" whose send times out (and the replicator\'s producer runs with sendTimeout 0, it never times out), got "p1"',
    ],
    [
      'ownership-change without bookies',
      {
        ...LOCAL,
        clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'] }],
        faults: [
          { kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 1 } },
        ],
      },
      '$.faults[0].cluster: expected a cluster that lists bookies (ownership moves with the ledger its bookies hold), got "local"',
    ],
    [
      'restart-broker to a broker of the other cluster',
      {
        ...EW,
        faults: [
          { kind: 'restart-broker', cluster: 'us-east', to: 'broker-2', after: { step: 1 } },
        ],
      },
      '$.faults[0].to: expected one of "broker-1", got "broker-2" — did you mean "broker-1"?',
    ],
    [
      'a replication link listed twice',
      { ...EW, replication: [...TWO_WAY, { from: 'us-east', to: 'us-west' }] },
      '$.replication[2]: expected a link not yet listed (us-east->us-west is already replicated), got "us-east->us-west"',
    ],
    [
      'dedup "v3" on the second link',
      { ...EW, replication: [TWO_WAY[0], { ...TWO_WAY[1], dedup: 'v3' }] },
      '$.replication[1].dedup: expected one of "v1" | "v2", got "v3"',
    ],
    [
      'restart-producer naming a replicator link',
      {
        ...EW,
        replication: TWO_WAY,
        faults: [
          { kind: 'restart-producer', producer: 'replicator:us-east->us-west', after: { step: 1 } },
        ],
      },
      '$.faults[0].producer: expected an application producer ("p1"): restart-producer restarts an application\'s process, and the replicator\'s producer runs inside the broker serving us-east — restart-broker or unload-topic restarts it, got "replicator:us-east->us-west"',
    ],
    [
      'restart-producer naming the one replicator',
      { ...EW, faults: [{ kind: 'restart-producer', producer: 'replicator', after: { step: 1 } }] },
      '$.faults[0].producer: expected an application producer ("p1"): restart-producer restarts an application\'s process, and the replicator\'s producer runs inside the broker serving the source topic — restart-broker or unload-topic restarts it, got "replicator"',
    ],
    [
      'a producerName with a space',
      { ...LOCAL, producers: [{ name: 'p1', producerName: 'my app' }] },
      '$.producers[0].producerName: expected a producer name (letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces), got "my app"',
    ],
    [
      'one pulsarClient in two clusters',
      {
        ...EW,
        producers: [
          { name: 'p1', cluster: 'us-east', pulsarClient: 'app' },
          { name: 'p2', cluster: 'us-west', pulsarClient: 'app' },
        ],
      },
      '$.producers[1].cluster: expected cluster "us-east" (p1 names app, a PulsarClient serves the cluster of its serviceUrl), got "us-west"',
    ],
    [
      'a trigger event misspelt',
      {
        ...LOCAL,
        faults: [
          { kind: 'disconnect', producer: 'p1', after: { event: 'persistd', message: 'M1' } },
        ],
      },
      '$.faults[0].after.event: expected one of "sent" | "received" | "persisted" | "acked", got "persistd" — did you mean "persisted"?',
    ],
  ] as const)('%s', (_, s, error) => {
    expect(errorsOf(s)).toEqual([error]);
  });
  it('accepted: chunking with explicit sequence ids (row m07 runs it)', () => {
    expect(
      errorsOf({
        producers: [{ name: 'p1', chunking: true, sequenceIds: 'explicit' }],
        workload: [{ send: 'M1', producer: 'p1', seq: 3, size: 6_000_000 }],
      }),
    ).toEqual([]);
  });
  it('check warns on stderr about an explore kind that can never act here (the search places none), and keeps its verdict and exit status', () => {
    const file = JSON.stringify({
      format: 'dedup-lab/scenario@1',
      id: 'u16-kinds',
      ...LOCAL,
      explore: { faults: { kinds: ['disconnect', 'restart-bookie', 'expire-messages'], max: 1 } },
    });
    const r = cli(['check', 'k.json'], { 'k.json': file });
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      'warning: $.explore.faults.kinds[1] (restart-bookie) can never act in this scenario (no cluster has bookies): the search places none of it',
      'warning: $.explore.faults.kinds[2] (expire-messages) can never act in this scenario (no subscription and no replication: no cursor to expire): the search places none of it',
    ]);
    expect(r.json()).toMatchObject({ complete: true, safety: 'holds' });
  });
});
