// Review 15's unseen scenarios (docs/research/review-15.md): session 11's per-message
// replicateTo / disableReplication, deliverAfter and chunking, combined with what existed before.
// Rows for `run` (tests/scenarios/unseen-15.test.ts) and searches for `check`
// (tests/explore/unseen-15.test.ts); `npx tsx tests/scenarios/unseen-15.scenarios.ts <dir>` writes
// them out as files the CLI reads.
import {
  AWAIT,
  DEDUP_ON,
  EAST_TO_WEST,
  EAST_WEST,
  P1_EAST,
  PE_PW,
  persisted,
  QUORUM_222,
  scenarioBook,
  send,
  TWO_WAY,
} from './reviewScenarios';
import {
  disconnect,
  expireMessages,
  ownershipChange,
  P1_EAST_DEDUP_ON,
  restartBroker,
  unloadTopic,
} from './rowParts';

const THREE = [...EAST_WEST, { name: 'eu', brokers: ['broker-3'] }];
const search = (kinds: string[], max: number, maxDepth = 80) => ({
  faults: { kinds, max },
  maxDepth,
});
/** 6,000,000 bytes: two chunks (5,242,868 per chunk); 11,000,000: three. */
const BIG = 6_000_000;
const HUGE = 11_000_000;
const JAVA_CHUNKING = [{ name: 'p1', chunking: true }];
const BOOKIES2 = (name = 'local', brokers = ['broker-1']) => ({
  name,
  brokers,
  bookies: ['bookie-1', 'bookie-2'],
});

export const SCENARIOS: Record<string, Record<string, unknown>> = {
  // ---- replicateTo / disableReplication ----
  // Java batch opened by a disableReplication message: the entry's replicate_to is [__local__], its batch-mate for every cluster is skipped with it.
  'u15-r01-java-batch-disable-first': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: EAST_TO_WEST,
    workload: [send('M1', { disableReplication: true }), send('M2'), AWAIT],
  },
  // Three clusters, two links from us-east: M1 for [us-east, eu] reaches eu only, M2 both.
  'u15-r02-three-clusters-fan-out': {
    clusters: THREE,
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-east', to: 'eu' },
    ],
    workload: [send('M1', { replicateTo: ['us-east', 'eu'] }), send('M2'), AWAIT],
  },
  // A chain us-east -> us-west -> eu: an entry replicated in is never forwarded, whatever its replicate_to says.
  'u15-r03-chain-not-forwarded': {
    clusters: THREE,
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-west', to: 'eu' },
    ],
    workload: [send('M1', { replicateTo: ['us-east', 'us-west', 'eu'] }), AWAIT],
  },
  // Two-way: each side's restricted message stays home, the unrestricted ones cross.
  'u15-r04-two-way-restricted': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: TWO_WAY,
    workload: [
      send('E1', { replicateTo: ['us-east'] }, 'pe'),
      send('E2', {}, 'pe'),
      send('W1', { disableReplication: true }, 'pw'),
      send('W2', {}, 'pw'),
      { await: 'pe' },
      { await: 'pw' },
    ],
  },
  // The source unloads after the skipped entry: the reloaded replicator reads from the persisted mark-delete and never sends M1.
  'u15-r05-source-unload-after-skip': {
    ...P1_EAST_DEDUP_ON,
    replication: EAST_TO_WEST,
    workload: [send('M1', { replicateTo: ['us-east'] }), send('M2'), AWAIT],
    faults: [unloadTopic('us-east', persisted('M2', 'us-east'))],
  },
  // Source on bookies, ownership moves after M2 is written: the new owner's replicator skips M1 too.
  'u15-r06-ownership-change-skip': {
    clusters: [
      BOOKIES2('us-east', ['broker-1', 'broker-3']),
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: P1_EAST,
    replication: EAST_TO_WEST,
    workload: [send('M1', { disableReplication: true }), send('M2'), AWAIT],
    faults: [ownershipChange('us-east', 'broker-3', persisted('M2', 'us-east'))],
  },
  // The source's broker crashes once M1 is written; the restarted broker replays and its replicator skips M1.
  'u15-r07-restart-broker-skip': {
    ...P1_EAST_DEDUP_ON,
    replication: EAST_TO_WEST,
    workload: [send('M1', { replicateTo: ['us-east'] }), send('M2'), AWAIT],
    faults: [restartBroker('us-east', persisted('M1', 'us-east'))],
  },
  // TTL passes behind the replicator: M2 is expired (a loss no-silent-loss names), M1 was never owed.
  'u15-r08-ttl-with-restricted': {
    ...P1_EAST_DEDUP_ON,
    replication: { ...EAST_TO_WEST, start: 'after-workload' },
    workload: [send('M1', { replicateTo: ['us-east'] }), send('M2'), AWAIT],
    faults: [expireMessages('us-east', persisted('M2', 'us-east'))],
  },
  // Go batching, dedup off: M2 with replication clusters goes out alone ahead of M1's batch; nothing is dropped, us-east stores M2 before M1 and us-west the same order.
  'u15-r09-go-replicate-to-dedup-off': {
    clusters: EAST_WEST,
    topic: { deduplication: false },
    producers: [{ name: 'p1', cluster: 'us-east', client: 'go', batching: { maxMessages: 3 } }],
    replication: EAST_TO_WEST,
    workload: [send('M1'), send('M2', { replicateTo: ['us-east', 'us-west'] }), AWAIT],
  },
  // A message whose replicate_to names only the remote: stored where published, replicated there.
  'u15-r10-remote-only': {
    ...P1_EAST_DEDUP_ON,
    replication: EAST_TO_WEST,
    workload: [send('M1', { replicateTo: ['us-west'] }), AWAIT],
  },
  // Java batch of two restricted-to-us-east messages with a lost receipt at us-east: resent, Dup, skipped, nothing owed.
  'u15-r11-java-batch-restricted-lost-receipt': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: EAST_TO_WEST,
    workload: [
      send('M1', { replicateTo: ['us-east'] }),
      send('M2', { replicateTo: ['us-east'] }),
      AWAIT,
    ],
    faults: [{ kind: 'lose-receipt', message: 'M1', cluster: 'us-east' }],
  },
  // Java batches of two, alternating lists: [M1 us-east only, M2] is skipped whole (M2 lost for us-west), [M3, M4 us-east only] crosses whole (M4 reaches us-west against its list).
  'u15-r12-java-two-batches-mixed': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: EAST_TO_WEST,
    workload: [
      send('M1', { replicateTo: ['us-east'] }),
      send('M2'),
      send('M3'),
      send('M4', { replicateTo: ['us-east'] }),
      AWAIT,
    ],
  },
  // Full mesh of three clusters (six links), one producer each: E1 for [us-east, eu] reaches eu once, never us-west, and nothing is sent back.
  'u15-r13-full-mesh-three': {
    clusters: THREE,
    topic: DEDUP_ON,
    producers: [
      { name: 'pe', cluster: 'us-east' },
      { name: 'pu', cluster: 'eu' },
    ],
    replication: [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-east', to: 'eu' },
      { from: 'us-west', to: 'us-east' },
      { from: 'us-west', to: 'eu' },
      { from: 'eu', to: 'us-east' },
      { from: 'eu', to: 'us-west' },
    ],
    workload: [
      send('E1', { replicateTo: ['us-east', 'eu'] }, 'pe'),
      send('U1', { disableReplication: true }, 'pu'),
      send('U2', {}, 'pu'),
      { await: 'pe' },
      { await: 'pu' },
    ],
  },

  // ---- deliverAfter ----
  // Java batching: M1 batched, M2 delayed (the batch is sent first), M3 a new batch; dedup on, all stored in order.
  'u15-d01-java-batch-delay-batch': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', batching: { maxMessages: 3 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), send('M3'), AWAIT],
  },
  // Go batching with both go-1565 halves and the flush fix given as fixes in the test; here without: M1 lost (#1407) — rows d02, d02f.
  'u15-d02-go-batch-delay': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 3 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), send('M3'), AWAIT],
  },
  // Java, no batching, delayed M1 and M2, the connection drops after M2 is received: resends are Dup.
  'u15-d03-java-delay-disconnect': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1' }],
    workload: [send('M1', { deliverAfter: 1000 }), send('M2', { deliverAfter: 1000 }), AWAIT],
    faults: [disconnect('p1', persisted('M2'))],
  },
  // Go, no batching: two delayed sends are two ordinary single sends; stored in order.
  'u15-d04-go-no-batching': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go' }],
    workload: [send('M1', { deliverAfter: 1000 }), send('M2'), AWAIT],
  },
  // Go batching, dedup off, M2 delayed with its receipt lost: resent and written again (dedup off stores both copies).
  'u15-d05-go-dedup-off-lost-receipt': {
    topic: { deduplication: false },
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 3 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), AWAIT],
    faults: [{ kind: 'lose-receipt', message: 'M2' }],
  },
  // Java delayed M2 hit by a checksum error, its buffer intact: the client resends it, stored once.
  'u15-d06-java-delay-checksum-intact': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', batching: { maxMessages: 3 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), AWAIT],
    faults: [{ kind: 'checksum-error', message: 'M2', localBufferCorrupted: false }],
  },
  // Java delayed M2 over the topic's maxMessageSize: NotAllowedError, failed alone; M1 and M3 stored.
  'u15-d07-java-delay-not-allowed': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: [{ name: 'p1' }],
    workload: [
      send('M1', { size: 10 }),
      send('M2', { deliverAfter: 1000, size: 2000 }),
      send('M3', { size: 10 }),
      AWAIT,
    ],
  },
  // Java batching: the delayed M2's send timer fires with the batch [M1] written before it: every pending op fails, both stored.
  'u15-d08-java-delay-send-timeout': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', batching: { maxMessages: 3 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), AWAIT],
    faults: [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M2' } }],
  },
  // Go, delayed M2 with a checksum error (corrupted buffer): Go has no recoverChecksumError — the connection closes and the item is resent.
  'u15-d09-go-delay-checksum': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go' }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), AWAIT],
    faults: [{ kind: 'checksum-error', message: 'M2', localBufferCorrupted: true }],
  },
  // Go delayed M2 over the topic's maxMessageSize: NotAllowedError only unregisters the producer from its connection (connection.handleSendError), so M2 and every later receipt go unanswered.
  'u15-d10-go-delay-not-allowed': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: [{ name: 'p1', client: 'go' }],
    workload: [
      send('M1', { size: 10 }),
      send('M2', { deliverAfter: 1000, size: 2000 }),
      send('M3', { size: 10 }),
      AWAIT,
    ],
  },

  // ---- chunking ----
  // pr-20948 and a drop after the first chunk is written: both chunks resent; chunk 0 written again, the last is NotDup.
  'u15-c01-chunk-disconnect': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), AWAIT],
    faults: [disconnect('p1', persisted('M1'))],
  },
  // Dedup off, the last chunk's receipt lost: both chunks resent and written: two complete copies (dedup off promises nothing).
  'u15-c02-chunk-dedup-off-lost-receipt': {
    topic: { deduplication: false },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), AWAIT],
    faults: [{ kind: 'lose-receipt', message: 'M1' }],
  },
  // Bookies, a ledger of one entry: M1's two chunks in ledgers 10 and 11.
  'u15-c03-chunk-rollover': {
    clusters: [BOOKIES2()],
    topic: { deduplication: true, ledger: QUORUM_222, maxEntriesPerLedger: 1 },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), send('M2'), AWAIT],
  },
  // Bookies, the broker crashes with M1's first chunk written: the restarted broker recovers it, the client resends both chunks.
  'u15-c04-chunk-restart-broker': {
    clusters: [BOOKIES2()],
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), AWAIT],
    faults: [restartBroker('local', persisted('M1'))],
  },
  // Dedup switched on between M1's chunks: Recovering — the last chunk is NotDup unpushed; M1 assembles.
  'u15-c05-chunk-dedup-switched-on': {
    topic: { deduplication: false },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), send('M2'), AWAIT],
    faults: [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: true,
        after: persisted('M1'),
      },
    ],
  },
  // Three chunks, a small M2 behind: without pr-20948 chunks 2 and 3 are Dup (-1:-1), M1 not assembled; M2 (seq 1) stored.
  'u15-c06-three-chunks-then-small': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: HUGE }), send('M2', { size: 10 }), AWAIT],
  },
  // Chunking with a subscription and the TTL: expiry moves only the cursor; both chunks stay stored.
  'u15-c07-chunk-ttl': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    subscriptions: [{ name: 'sub', cluster: 'local' }],
    workload: [send('M1', { size: BIG }), AWAIT],
    faults: [
      { kind: 'expire-messages', cluster: 'local', after: { event: 'acked', message: 'M1' } },
    ],
  },
  // A chunked message under a small topic maxMessageSize: chunks are never judged against the policy.
  'u15-c08-chunk-topic-max-size': {
    topic: { deduplication: true, maxMessageSize: 1000 },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), AWAIT],
  },

  // pr-20948, the topic unloads once M1's first chunk is written (the last still on the wire): the reload's replay records seq 0 from that chunk (recoverProducerSequenceIdFromMetadata reads no chunk id), so the resent last chunk is Dup.
  'u15-c09-chunk-unload-between-chunks': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), AWAIT],
    fixes: ['pr-20948'],
    faults: [unloadTopic('local', persisted('M1'))],
  },
  // pr-20948, the broker refuses M1's first chunk once (NotAllowedError): recoverNotAllowedError completes the head op's callback — the message's — at once (no last-chunk guard); the last chunk is stored alone and its receipt finds the future done.
  'u15-c10-chunk-not-allowed-first': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), send('M2'), AWAIT],
    fixes: ['pr-20948'],
    faults: [{ kind: 'not-allowed', message: 'M1', times: 1 }],
  },
  // pr-20948, a checksum error on M1's first chunk with the local buffer corrupted: recoverChecksumError fails the message at once, the same way.
  'u15-c11-chunk-checksum-corrupted': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG }), send('M2'), AWAIT],
    fixes: ['pr-20948'],
    faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: true }],
  },

  // ---- explorer searches ----
  'u15-x01-replicate-to-unload-drop': {
    ...P1_EAST_DEDUP_ON,
    replication: EAST_TO_WEST,
    workload: [send('M1', { replicateTo: ['us-east'] }), send('M2')],
    explore: search(['unload-topic', 'disconnect'], 1),
  },
  'u15-x02-two-way-disable-drop': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: PE_PW,
    replication: TWO_WAY,
    workload: [send('E1', { disableReplication: true }, 'pe'), send('W1', {}, 'pw')],
    explore: search(['disconnect'], 1),
  },
  'u15-x03-java-delay-batch-faults': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 }), send('M3')],
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  'u15-x04-go-delay-batch-drop': {
    topic: DEDUP_ON,
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: [send('M1'), send('M2', { deliverAfter: 1000 })],
    explore: search(['disconnect'], 1),
  },
  'u15-x05-chunk-lost-receipt': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG })],
    explore: search(['lose-receipt'], 1, 40),
  },
  'u15-x06-chunk-send-timeout': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG })],
    explore: search(['send-timeout'], 1, 40),
  },
  'u15-x07-replicate-to-ttl-three': {
    clusters: THREE,
    topic: DEDUP_ON,
    producers: P1_EAST,
    replication: [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-east', to: 'eu' },
    ],
    workload: [send('M1', { replicateTo: ['us-east', 'eu'] })],
    explore: search(['expire-messages'], 1),
  },
  'u15-x08-java-batch-replicate-to-drop': {
    clusters: EAST_WEST,
    topic: DEDUP_ON,
    producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
    replication: EAST_TO_WEST,
    workload: [send('M1', { replicateTo: ['us-east'] }), send('M2', { replicateTo: ['us-east'] })],
    explore: search(['disconnect'], 1),
  },
  'u15-x09-chunk-dedup-toggle': {
    topic: { deduplication: false },
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG })],
    explore: search(['set-deduplication'], 1, 40),
  },
  'u15-x10-chunk-unload': {
    topic: DEDUP_ON,
    producers: JAVA_CHUNKING,
    workload: [send('M1', { size: BIG })],
    explore: search(['unload-topic'], 1, 40),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-15.scenarios.ts', '/tmp/h3s');
