// @vitest-environment node
// Scenarios no built-in covers, from the fifteenth review (docs/research/review-15.md): session 11's
// per-message replicateTo / disableReplication (Java and Go batching, two-way, three clusters, a
// chain, unload, ownership change, broker crash, the TTL), deliverAfter (Java and Go, batching, a
// drop, a lost receipt, checksum and NotAllowed errors, the send timeout, go-1565 and
// go-flush-before-single) and chunking (dedup on and off, pr-20948, a drop, a lost receipt, a
// broker crash and a rollover on bookies, dedup switched on, the TTL, the topic's maxMessageSize, an
// unload between chunks). Each row was predicted from Pulsar's and pulsar-client-go's sources before
// it was run; every row asserts the stored messages per cluster, the application's outcomes, the
// violations (step and detail) and how the run ended. The scenarios are in unseen-15.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { runOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  storedAt,
  violated,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-15.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'r01',
    title:
      'Java batch opened by a disableReplication message: the entry carries replicate_to [__local__] (Commands.initBatchMessageMetadata), so its batch-mate for every cluster is skipped with it — no-silent-loss names M2',
    scenario: scenario('u15-r01-java-batch-disable-first'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], [], { M1: '10:0', M2: '10:0' }),
      violated(
        'no-silent-loss',
        8,
        ['M2'],
        "M2 (us-east 10:0) was skipped by the replicator (mark-delete 10:0): the entry's replicate_to [__local__] (its batch's first message's, M1) excludes us-west, but M2 was sent for us-west",
      ),
    ),
  },
  {
    id: 'r02',
    title:
      'three clusters, two links from us-east: M1 for [us-east, eu] is skipped by the us-west replicator only; M2 reaches both',
    scenario: scenario('u15-r02-three-clusters-fan-out'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'], eu: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: 'r03',
    title:
      'a chain us-east → us-west → eu: the entry replicated into us-west is deleted unsent by its replicator (replicated_from set), whatever its replicate_to lists; eu is owed nothing',
    scenario: scenario('u15-r03-chain-not-forwarded'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1'], 'us-west': ['M1'], eu: [] },
      outcomes: storedAt({ M1: '10:0' }),
    }),
  },
  {
    id: 'r04',
    title:
      'two-way: E1 (replicateTo [us-east]) and W1 (disableReplication) stay home, E2 and W2 cross once each',
    scenario: scenario('u15-r04-two-way-restricted'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2', 'W2'], ['E2', 'W1', 'W2'], {
        E1: '10:0',
        E2: '10:1',
        W1: '20:1',
        W2: '20:2',
      }),
    ),
  },
  {
    id: 'r05',
    title:
      'the source unloads after M2 is written: the new replicator reads from the persisted mark-delete and skips M1 again; M2 replicated once',
    scenario: scenario('u15-r05-source-unload-after-skip'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'r06',
    title:
      'source on bookies, ownership moves to broker-3 after M2 is written: the new owner replicates M2 only',
    scenario: scenario('u15-r06-ownership-change-skip'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'r07',
    title:
      'the source broker crashes with M1 written but unanswered: the replay makes the resend Dup (-1:-1), M2 goes to the new ledger 11 and is replicated, M1 never',
    scenario: scenario('u15-r07-restart-broker-skip'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 'r08',
    title:
      "the TTL passes before the replicator reads: M2 expired and lost for us-west (named as the TTL's), M1 owed to nobody",
    scenario: scenario('u15-r08-ttl-with-restricted'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], [], { M1: '10:0', M2: '10:1' }),
      violated(
        'no-silent-loss',
        10,
        ['M2'],
        "M2 (us-east 10:1) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'r09',
    title:
      "Go batching, dedup off: M2 with replication clusters goes out alone ahead of M1's batch (updateMetaData); nothing dropped, both clusters store M2 before M1",
    scenario: scenario('u15-r09-go-replicate-to-dedup-off'),
    expected: quiescentNoAlarm(eastWest(['M2', 'M1'], ['M2', 'M1'], { M1: '10:1', M2: '10:0' })),
  },
  {
    id: 'r10',
    title:
      'replicateTo [us-west] only: the broker stores it where it is published (the list is not checked on publish) and replicates it',
    scenario: scenario('u15-r10-remote-only'),
    expected: quiescentNoAlarm(eastWest(['M1'], ['M1'], { M1: '10:0' })),
  },
  {
    id: 'r11',
    title:
      'Java batch of two us-east-only messages, its receipt lost: the resend is Dup (both -1:-1), the entry skipped, nothing owed',
    scenario: scenario('u15-r11-java-batch-restricted-lost-receipt'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': [] },
      outcomes: { M1: ['completed -1:-1'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'r12',
    title:
      "Java batches of two with alternating lists: [M1 us-east only, M2] is skipped whole (no-silent-loss M2), [M3, M4 us-east only] crosses whole (replicate-to-respected M4): each entry carries its first message's replicate_to",
    scenario: scenario('u15-r12-java-two-batches-mixed'),
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3', 'M4'], ['M3', 'M4'], {
        M1: '10:0',
        M2: '10:0',
        M3: '10:1',
        M4: '10:1',
      }),
      violated(
        'no-silent-loss',
        8,
        ['M2'],
        "M2 (us-east 10:0) was skipped by the replicator (mark-delete 10:0): the entry's replicate_to [us-east] (its batch's first message's, M1) excludes us-west, but M2 was sent for us-west",
      ),
      violated(
        'replicate-to-respected',
        16,
        ['M4'],
        "M4 was sent with replicate_to [us-east], but us-west stores a copy replicated from us-east at 20:0: its batch's first message, M3, has no replicate_to, and the entry's metadata is that message's",
      ),
    ),
  },
  {
    id: 'r13',
    title:
      'a full mesh of three clusters: E1 for [us-east, eu] reaches eu once and never us-west, U1 (disableReplication) stays at eu, U2 reaches both; nothing replicated in is sent on',
    scenario: scenario('u15-r13-full-mesh-three'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'U2'], 'us-west': ['U2'], eu: ['E1', 'U1', 'U2'] },
      outcomes: storedAt({ E1: '10:0', U1: '30:1', U2: '30:2' }),
    }),
  },
  {
    id: 'd01',
    title:
      'Java batching: the delayed M2 flushes [M1] first (processOpSendMsg → batchMessageAndSend), M3 opens a new batch; all stored in order',
    scenario: scenario('u15-d01-java-batch-delay-batch'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'd02',
    title:
      'Go batching: M2 (delayed, seq 1) overtakes the open batch [M1, M3] (first id 0): the batch is Dup and both batch-mates are told -1:-1 (#1407)',
    scenario: scenario('u15-d02-go-batch-delay'),
    expected: quiescentWith(
      {
        stored: { local: ['M2'] },
        outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:0'], M3: ['completed -1:-1'] },
      },
      completedButLost(10, 'M1', 'p1', 'local'),
      completedButLost(10, 'M3', 'p1', 'local'),
    ),
  },
  {
    id: 'd02-1565',
    title:
      'the same with go-1565: highest id 2 does not help — isDuplicateNormal compares the lowest id 0 with pushed 1',
    scenario: scenario('u15-d02-go-batch-delay', { fixes: ['go-1565'] }),
    expected: quiescentWith(
      {
        stored: { local: ['M2'] },
        outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:0'], M3: ['completed -1:-1'] },
      },
      completedButLost(10, 'M1', 'p1', 'local'),
      completedButLost(10, 'M3', 'p1', 'local'),
    ),
  },
  {
    id: 'd02f',
    title: 'with go-flush-before-single: [M1] flushed first, M2, then [M3]: all stored in order',
    scenario: scenario('u15-d02-go-batch-delay', { fixes: ['go-flush-before-single'] }),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'd03',
    title:
      "Java, two delayed sends, a drop once M2 is written: M2's resend is Dup (-1:-1), each stored once",
    scenario: scenario('u15-d03-java-delay-disconnect'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'd04',
    title: 'Go without batching: a delayed send is an ordinary single send; stored in order',
    scenario: scenario('u15-d04-go-no-batching'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'd05',
    title:
      "Go batching, dedup off, the delayed M2's receipt lost: M2 went ahead of [M1] and its resend is written again (dedup off promises nothing)",
    scenario: scenario('u15-d05-go-dedup-off-lost-receipt'),
    expected: quiescentNoAlarm(localStored(['M2', 'M2', 'M1'], { M1: '10:2', M2: '10:1' })),
  },
  {
    id: 'd06',
    title:
      'Java: a checksum error on the delayed M2 with an intact buffer: recoverChecksumError resends it; stored once',
    scenario: scenario('u15-d06-java-delay-checksum-intact'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'd07',
    title:
      "Java: the delayed M2 over the topic's maxMessageSize fails alone (recoverNotAllowedError); M1, M3 stored",
    scenario: scenario('u15-d07-java-delay-not-allowed'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['failed: NotAllowedException'],
        M3: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'd08',
    title:
      'Java: the send timer fires with [M1] and the delayed M2 both written: both fail with TimeoutException and both are stored',
    scenario: scenario('u15-d08-java-delay-send-timeout'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: {
        M1: ['failed: TimeoutException, but stored at 10:0'],
        M2: ['failed: TimeoutException, but stored at 10:1'],
      },
    }),
  },
  {
    id: 'd09',
    title:
      'Go: a checksum error on the delayed M2 with a corrupted buffer: Go closes the connection and resends the same bytes — a livelock until the send timeout',
    scenario: scenario('u15-d09-go-delay-checksum'),
    expected: {
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['pending'] },
      violations: [],
      endedBy: 'loop',
    },
  },
  {
    id: 'd10',
    title:
      "Go: the delayed M2 over the topic's maxMessageSize: NotAllowedError unregisters the producer from its connection; M3 is stored but its receipt dropped, both pending",
    scenario: scenario('u15-d10-go-delay-not-allowed'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['pending'], M3: ['pending'] },
    }),
  },
  {
    id: 'c01',
    title:
      'chunking, no fix, a drop after the first chunk is written: the resent chunks are Dup, M1 told -1:-1 with one chunk stored',
    scenario: scenario('u15-c01-chunk-disconnect'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      completedButLost(10, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'c01f',
    title:
      'with pr-20948: the resent first chunk is written again and the last is NotDup: M1 assembles once',
    scenario: scenario('u15-c01-chunk-disconnect', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:2' })),
  },
  {
    id: 'c02',
    // Session 18: the reader follows pr-20948's consumer half. Before it, `ConsumerImpl
    // .processMessageChunk` kept the open context for the resent first chunk (`computeIfAbsent`), which
    // then failed the next-id check and dropped the message (PR 21070's description); this row read
    // M1 as stored while the consumer already had the fix.
    title:
      "chunking, dedup off, the first chunk's receipt lost: both chunks resent and written; a consumer before PR 20948 drops M1 at the repeated first chunk",
    scenario: scenario('u15-c02-chunk-dedup-off-lost-receipt'),
    expected: quiescentWith(
      localStored([], { M1: '10:2' }),
      violated(
        'no-silent-loss',
        12,
        ['M1'],
        'M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
      ),
    ),
  },
  {
    id: 'c02f',
    title: 'with pr-20948 the resent first chunk starts M1 again: read from 10:1 to 10:2',
    scenario: scenario('u15-c02-chunk-dedup-off-lost-receipt', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:2' })),
  },
  {
    id: 'c03',
    title:
      'bookies, maxEntriesPerLedger 1, no fix: the last chunk is Dup; M1 lost, M2 in ledger 11',
    scenario: scenario('u15-c03-chunk-rollover'),
    expected: quiescentWith(
      { stored: { local: ['M2'] }, outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] } },
      completedButLost(15, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'c03f',
    title: "with pr-20948: M1's chunks in ledgers 10 and 11 assemble, M2 in 12",
    scenario: scenario('u15-c03-chunk-rollover', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '11:0', M2: '12:0' })),
  },
  {
    id: 'c04',
    title:
      'bookies, the broker crashes after the first chunk is written, no fix: the chunk is Dup after the replay; lost',
    scenario: scenario('u15-c04-chunk-restart-broker'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      completedButLost(19, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'c04f',
    title:
      'with pr-20948: recovery keeps both chunks at 10:0–10:1 (their adds still reached the bookies); the replay records seq 0 from the last chunk, the resent first chunk goes to 11:0 and the last is Dup',
    scenario: scenario('u15-c04-chunk-restart-broker', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '11:0' })),
  },
  {
    id: 'c05',
    title:
      "dedup switched on between M1's chunks (no fix): Recovering, the last chunk is NotDup unpushed; M1 and M2 stored",
    scenario: scenario('u15-c05-chunk-dedup-switched-on'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'c06',
    title: 'three chunks, no fix: chunks 2 and 3 are Dup; M1 lost, M2 (seq 1) stored',
    scenario: scenario('u15-c06-three-chunks-then-small'),
    expected: quiescentWith(
      { stored: { local: ['M2'] }, outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] } },
      completedButLost(9, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'c06f',
    title: "with pr-20948: M1's three chunks and M2 stored",
    scenario: scenario('u15-c06-three-chunks-then-small', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:2', M2: '10:3' })),
  },
  {
    id: 'c07f',
    title:
      'chunking with a subscription and the TTL: expiry moves the cursor only; M1 stays stored',
    scenario: scenario('u15-c07-chunk-ttl', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:1' })),
  },
  {
    id: 'c08f',
    title:
      'a topic maxMessageSize of 1000 never judges a chunk (isExceedMaximumMessageSize skips isChunked)',
    scenario: scenario('u15-c08-chunk-topic-max-size', { fixes: ['pr-20948'] }),
    expected: quiescentNoAlarm(localStored(['M1'], { M1: '10:1' })),
  },
  {
    id: 'c09f',
    title:
      'pr-20948, the topic unloads once the first chunk is written: the replay records seq 0 from that chunk (recoverProducerSequenceIdFromMetadata reads no chunk id), so the resent last chunk is Dup — a loss the merged fix leaves',
    scenario: scenario('u15-c09-chunk-unload-between-chunks'),
    expected: quiescentWith(
      { stored: { local: [] }, outcomes: { M1: ['completed -1:-1'] } },
      completedButLost(10, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'c10',
    title:
      'pr-20948, the first chunk refused once (NotAllowedError): recoverNotAllowedError calls OpSendMsg.sendComplete on the head op with no last-chunk guard, so M1 fails at once; the last chunk is stored alone (never assembled) and its receipt finds the future done',
    scenario: scenario('u15-c10-chunk-not-allowed-first'),
    expected: quiescentNoAlarm({
      stored: { local: ['M2'] },
      outcomes: { M1: ['failed: NotAllowedException'], M2: ['stored at 10:1'] },
    }),
  },
  {
    id: 'c11',
    title:
      'pr-20948, a checksum error on the first chunk with its buffer corrupted: recoverChecksumError fails M1 at once the same way; M2 stored',
    scenario: scenario('u15-c11-chunk-checksum-corrupted'),
    expected: quiescentNoAlarm({
      stored: { local: ['M2'] },
      outcomes: { M1: ['failed: ChecksumException'], M2: ['stored at 10:1'] },
    }),
  },
];

describeRows('review 15: unseen scenarios on replicateTo, deliverAfter and chunking', ROWS);

const runIt = (id: string, fixes: string[] = []) => {
  const l = loadScenario(scenario(id), fixes);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('review 15: the steps behind the outcomes', () => {
  it('c09f: the unload replays the first chunk as persisted seq 0, and ProducerSuccess tells the client 0; the resent last chunk is Dup', () => {
    const r = runIt('u15-c09-chunk-unload-between-chunks');
    const broker = textsOf(r, 'broker-1');
    expect(broker.some((t) => t.includes('topic loaded: dedup state rebuilt by replay'))).toBe(
      true,
    );
    expect(broker).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'p1').some((t) => t.includes('ProducerSuccess(last_sequence_id 0)'))).toBe(
      true,
    );
  });
  it('d09: Go resends the corrupted bytes after each ChecksumError (connection.handleSendError closes the connection): the run ends in a loop with M2 pending', () => {
    const r = runIt('u15-d09-go-delay-checksum');
    expect(r.endedBy).toBe('loop');
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: ChecksumError: Checksum failed on the broker',
    );
  });
});

describe('review 15: a chunk refused at the head fails its message at once', () => {
  it("c10: the application hears NotAllowedException at the first chunk, and the last chunk's receipt changes nothing", () => {
    const r = runIt('u15-c10-chunk-not-allowed-first');
    const p1 = textsOf(r, 'p1');
    expect(p1).toContain('M1 failed: NotAllowedException');
    expect(p1).toContain(
      "M1[2/2] acknowledged at 10:0: M1's future already completed (failed: NotAllowedException); a CompletableFuture completes once",
    );
    expect(r.violations).toEqual([]);
  });
  it('a send timeout still waits for the last chunk (failPendingMessages keeps the guard): one failure, at M1[2/2]', () => {
    const l = loadScenario(
      {
        format: 'dedup-lab/scenario@1',
        id: 'u15-timeout-guard',
        topic: { deduplication: true },
        producers: [{ name: 'p1', chunking: true }],
        workload: [{ send: 'M1', producer: 'p1', size: 6_000_000 }],
        faults: [{ kind: 'send-timeout', message: 'M1' }],
      },
      ['pr-20948'],
    );
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const p1 = textsOf(run(l.config, l.schedule), 'p1');
    expect(p1).toContain(
      'M1[1/2] failed: TimeoutException (the callback waits for the last chunk)',
    );
    expect(p1).toContain('M1 failed: TimeoutException');
    expect(p1.some((t) => t.includes('future already completed'))).toBe(false);
  });
});

describe('review 15: a failed chunked send is "stored" only where its chunks assemble', () => {
  const timedOut = {
    topic: { deduplication: true },
    producers: [{ name: 'p1', chunking: true }],
    workload: [{ send: 'M1', producer: 'p1', size: 6_000_000 }],
    faults: [{ kind: 'send-timeout', message: 'M1' }],
  };
  it('without pr-20948 only the first chunk is written: the outcome no longer claims 10:0', () => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u15-timeout', ...timedOut });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    expect(r.stored).toEqual({ local: [] });
    expect(r.outcomes).toEqual({ M1: ['failed: TimeoutException'] });
  });
  it('with pr-20948 both chunks are written: stored from the first chunk to the last', () => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u15-timeout', ...timedOut }, [
      'pr-20948',
    ]);
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    expect(r.stored).toEqual({ local: ['M1'] });
    expect(r.outcomes).toEqual({ M1: ['failed: TimeoutException, but stored at 10:0–10:1'] });
  });
});

describe('review 15: malformed and impossible configs around the new fields name the field, and never crash', () => {
  const EW = {
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
  };
  const errorsOf = (s: Record<string, unknown>) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u15-bad', ...s });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it.each([
    [
      'a number in replicateTo',
      { ...EW, workload: [{ send: 'M1', producer: 'p1', replicateTo: [3] }] },
      '$.workload[0].replicateTo[0]: expected a cluster the scenario declares ("us-east" | "us-west"), got 3',
    ],
    [
      '"__local__" in replicateTo',
      { ...EW, workload: [{ send: 'M1', producer: 'p1', replicateTo: ['__local__'] }] },
      '$.workload[0].replicateTo[0]: expected a cluster the scenario declares ("us-east" | "us-west"); for "__local__" write "disableReplication": true, got "__local__"',
    ],
    [
      'replicateTo on an await',
      {
        ...EW,
        workload: [
          { send: 'M1', producer: 'p1' },
          { await: 'p1', replicateTo: ['us-east'] },
        ],
      },
      '$.workload[1].replicateTo: unknown field; expected one of await',
    ],
    [
      'disableReplication as a string',
      { ...EW, workload: [{ send: 'M1', producer: 'p1', disableReplication: 'true' }] },
      '$.workload[0].disableReplication: expected true or false, got "true"',
    ],
    [
      'deliverAfter null',
      {
        producers: [{ name: 'p1' }],
        workload: [{ send: 'M1', producer: 'p1', deliverAfter: null }],
      },
      '$.workload[0].deliverAfter: expected a delay in ms, an integer from 1 (leave the field out for no delay), got null',
    ],
    [
      'deliverAfter on a flush',
      {
        producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
        workload: [
          { send: 'M1', producer: 'p1' },
          { flush: 'p1', deliverAfter: 5 },
        ],
      },
      '$.workload[1].deliverAfter: unknown field; expected one of flush',
    ],
    [
      'a plan fault naming a chunk',
      {
        producers: [{ name: 'p1', chunking: true }],
        workload: [{ send: 'M1', producer: 'p1', size: 6_000_000 }],
        faults: [{ kind: 'lose-receipt', message: 'M1[2/2]' }],
      },
      '$.faults[0].message: expected a message id (letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces), got "M1[2/2]"',
    ],
  ] as const)('%s', (_, s, error) => {
    expect(errorsOf(s)).toEqual([error]);
  });
  it('accepted and run as Pulsar would: replicateTo with no replication, a chunked delayed message, a chunked size of 0', () => {
    const r1 = runOf({
      id: 'u15-ok1',
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1', replicateTo: ['local'] }],
    });
    expect([r1.stored, r1.outcomes]).toEqual([{ local: ['M1'] }, { M1: ['stored at 10:0'] }]);
    const r2 = runOf({
      id: 'u15-ok2',
      topic: { deduplication: true },
      fixes: ['pr-20948'],
      producers: [{ name: 'p1', chunking: true }],
      workload: [{ send: 'M1', producer: 'p1', size: 6_000_000, deliverAfter: 10 }],
    });
    expect([r2.stored, r2.outcomes, r2.violations]).toEqual([
      { local: ['M1'] },
      { M1: ['stored at 10:1'] },
      [],
    ]);
    const r3 = runOf({
      id: 'u15-ok3',
      producers: [{ name: 'p1', chunking: true }],
      workload: [{ send: 'M1', producer: 'p1', size: 0 }],
    });
    expect([r3.stored, r3.outcomes]).toEqual([{ local: ['M1'] }, { M1: ['stored at 10:0'] }]);
  });
});
