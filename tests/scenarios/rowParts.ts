// The parts the review rows (unseen-N.test.ts) and books (unseen-N.scenarios.ts) keep writing out:
// a producer's sends, a fault of each kind with its trigger, a cluster on bookies, links with a
// dedup mode. Each returns the very objects the rows wrote by hand, so a row reads as its story —
// what runs, which fault, when — and not as the same dozen lines again.
import { DEDUP_ON, EAST_WEST, type Json, P1_EAST, QUORUM_222 } from './reviewScenarios';

/** Workload lines: `producer` sends each of `ids`, in order. */
export const sends = (producer: string, ...ids: string[]): Json[] =>
  ids.map((id) => ({ send: id, producer }));

/** A fault's trigger: `message` received by a broker (at `cluster`, where the run has more than one). */
export const received = (message: string, cluster?: string): Json => ({
  event: 'received',
  message,
  ...(cluster ? { cluster } : {}),
});

/** Two bookies, for a cluster whose ledgers live on BookKeeper. */
export const TWO_BOOKIES = ['bookie-1', 'bookie-2'];
/** Dedup on, ledgers on two bookies with every add on both (ensemble 2, quorums 2). */
export const DEDUP_ON_BOOKIES = { deduplication: true, ledger: QUORUM_222 };
/** The one cluster `local` on `brokers` and two bookies. */
export const localOnBookies = (brokers = ['broker-1', 'broker-2']): Json[] => [
  { name: 'local', brokers, bookies: TWO_BOOKIES },
];

/** Replication links `from → to`, each with the replicator's `dedup` mode (v1 or v2). */
export const linksWith = (dedup: string, ...links: [string, string][]): Json[] =>
  links.map(([from, to]) => ({ from, to, dedup }));

/** The topic of `cluster` unloads (BrokerService.unloadServiceUnit) once `after` happens. */
export const unloadTopic = (cluster: string, after: Json): Json => ({
  kind: 'unload-topic',
  cluster,
  after,
});

/** `producer`'s connection drops (ClientCnx.channelInactive) once `after` happens. */
export const disconnect = (producer: string, after: Json): Json => ({
  kind: 'disconnect',
  producer,
  after,
});

/** The broker owning the topic at `cluster` crashes once `after` happens (`to` takes it over). */
export const restartBroker = (cluster: string, after: Json, to?: string): Json => ({
  kind: 'restart-broker',
  cluster,
  ...(to ? { to } : {}),
  after,
});

/** The topic at `cluster` moves to broker `to` (a bundle's new owner) once `after` happens. */
export const ownershipChange = (cluster: string, to: string, after: Json): Json => ({
  kind: 'ownership-change',
  cluster,
  to,
  after,
});

/** The message TTL passes at `cluster` (PersistentTopic.checkMessageExpiry) once `after` happens. */
export const expireMessages = (cluster: string, after: Json): Json => ({
  kind: 'expire-messages',
  cluster,
  after,
});

/** The one-link row's start: one broker per cluster (EAST_WEST), dedup on, p1 at us-east. */
export const P1_EAST_DEDUP_ON = { clusters: EAST_WEST, topic: DEDUP_ON, producers: P1_EAST };

/** Seed 001's fencing race step by step, as the built-in seed-001-fencing-race schedules it: M1's
 * add answered by bookie-1 alone, M2 received, broker-2 takes the topic over and fences ledger 3
 * while broker-1 writes M2 and its ledger list; bookie-2's held answer for M1 comes last. */
export const SEED_001_RECIPE = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->bookie-1:3:1',
  'deliver:broker-1->bookie-2:3:1',
  'deliver:bookie-1->broker-1:3:1',
  'send:p1:M2',
  'deliver:p1->broker-1:M2',
  'fault:ownership-change:local:broker-2',
  'deliver:broker-2->bookie-1:fence-3',
  'deliver:broker-2->bookie-2:fence-3',
  'deliver:broker-1->bookie-1:3:2',
  'deliver:broker-1->bookie-2:3:2',
  'deliver:bookie-1->broker-1:3:2',
  'metadata:broker-1:ledgers',
  'deliver:bookie-2->broker-1:3:1',
];
