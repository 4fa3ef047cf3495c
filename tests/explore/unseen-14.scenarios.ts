// Review 14's unseen scenarios (docs/research/review-14.md): small explorer searches, one per
// combination; the CLI reads them as files written by `npx tsx tests/explore/unseen-14.scenarios.ts <dir>`.
import { EAST_WEST, QUORUM_222, scenarioBook } from '../scenarios/reviewScenarios';

const ONE = [{ name: 'local', brokers: ['broker-1'] }];
const BOOKIES2 = [
  { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
];
const backlog = (id: number, producer: string, ...ids: string[]) => ({
  id,
  entries: 0,
  messages: ids.map((m) => ({ id: m, producer })),
});
const sends = (producer: string, ...ids: string[]) => ids.map((send) => ({ send, producer }));
const search = (kinds: string[], max: number, maxDepth = 80) => ({
  faults: { kinds, max },
  maxDepth,
});

export const SCENARIOS: Record<string, Record<string, unknown>> = {
  // Java batching (2 per batch), three sends, a drop or a lost receipt: PR 6326 isolation + highest id.
  'u14-01-java-batch': {
    clusters: ONE,
    topic: { deduplication: true },
    producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
    workload: sends('p1', 'M1', 'M2', 'M3'),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // Go batching (2 per batch), three sends, one drop: seed 003's mixed batch.
  'u14-02-go-batch': {
    clusters: ONE,
    topic: { deduplication: true },
    producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
    workload: sends('p1', 'M1', 'M2', 'M3'),
    explore: search(['disconnect'], 1),
  },
  // Java, no batching, a send timeout and a drop: failed is told, never success.
  'u14-03-java-timeout': {
    clusters: ONE,
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['send-timeout', 'disconnect'], 2),
  },
  // Go, explicit ids, a send timeout then the application resends M1 with its id.
  'u14-04-go-timeout-resend': {
    clusters: ONE,
    topic: { deduplication: true },
    producers: [{ name: 'p1', client: 'go', sequenceIds: 'explicit' }],
    workload: [
      { send: 'M1', producer: 'p1', seq: 0 },
      { send: 'M2', producer: 'p1', seq: 1 },
      { await: 'p1' },
      { send: 'M1', producer: 'p1', seq: 0 },
    ],
    explore: search(['send-timeout', 'disconnect'], 2),
  },
  // V1 replication, the target unloads or the replicator drops: the replay rebuilds (p1, seq).
  'u14-05-v1-target-unload': {
    clusters: EAST_WEST,
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1' },
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['unload-topic', 'disconnect'], 1),
  },
  // Two-way V2, one message each side, one drop anywhere.
  // Two-way V2, one entry waiting on each side (no producers: the backlogs), one drop or unload anywhere.
  'u14-06-two-way-v2': {
    clusters: EAST_WEST,
    topic: {
      deduplication: true,
      ledgers: { 'us-east': [backlog(10, 'pe', 'E1')], 'us-west': [backlog(20, 'pw', 'W1')] },
    },
    producers: [],
    replication: [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-west', to: 'us-east' },
    ],
    workload: [],
    explore: search(['disconnect', 'unload-topic'], 1),
  },
  // Bookies (3, E=W=A=2), a slow bookie or a bookie restart, two sends.
  'u14-07-bookie-restart': {
    clusters: [
      { name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2', 'bookie-3'] },
    ],
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['slow-bookie', 'restart-bookie'], 1),
  },
  // Bookies, two brokers, a broker crash (restart or takeover), one send then another.
  'u14-08-broker-crash': {
    clusters: BOOKIES2,
    topic: { deduplication: true, ledger: QUORUM_222 },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1'),
    explore: search(['restart-broker'], 1),
  },
  // Bookies, ack quorum 1 of 2, an ownership change: recovery may or may not keep an unacknowledged add.
  'u14-09-ack1-ownership': {
    clusters: [
      { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
    ],
    topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 1 } },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1'),
    explore: search(['ownership-change'], 1),
  },
  // Dedup switched at runtime with a lost receipt: resends judged only after the dedup cursor.
  'u14-10-dedup-toggle': {
    clusters: ONE,
    topic: { deduplication: false },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['set-deduplication', 'lose-receipt'], 2),
  },
  // V2 replication behind, the TTL and a drop of the replicator: loss by expiry only.
  'u14-11-v2-ttl': {
    clusters: EAST_WEST,
    topic: { deduplication: true },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west', start: 'after-workload' },
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['expire-messages', 'disconnect'], 1),
  },
  // V1 replication of a two-entry backlog, one checksum error (either buffer) on a replicated send: seed 000 under V1.
  'u14-12-v1-checksum': {
    clusters: EAST_WEST,
    topic: {
      deduplication: { 'us-east': false, 'us-west': true },
      ledgers: { 'us-east': [backlog(10, 'p1', 'E1', 'E2')] },
    },
    producers: [],
    replication: { from: 'us-east', to: 'us-west', dedup: 'v1' },
    workload: [],
    explore: search(['checksum-error'], 1),
  },
  // Java restart of the process with sends pending: the new process is seeded from last_sequence_id.
  'u14-13-java-restart-producer': {
    clusters: ONE,
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['restart-producer', 'lose-receipt'], 2),
  },
  // V2 replication with the target's dedup switched on during the run, one replicator drop.
  'u14-14-v2-target-dedup-on': {
    clusters: EAST_WEST,
    topic: { deduplication: { 'us-east': true, 'us-west': false } },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
    workload: sends('p1', 'M1', 'M2'),
    explore: search(['set-deduplication', 'disconnect'], 2),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-14.scenarios.ts', '/tmp/h4s');
