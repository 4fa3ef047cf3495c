// The fixes a run can toggle (merged, open and proposed; the scenario format's v1 ids) and which of
// them can change anything in a scenario: a fix only matters where the class it changes is modelled.
import { type Config, type ReplicationConfig, replicates, replicationLinks } from './config';

export type FixId =
  | 'go-1565'
  | 'go-highest-sequence-id'
  | 'go-isolate-resends'
  | 'go-flush-before-single'
  | 'go-timeout-all-chunks'
  | 'guard-rewind'
  | 'sentinel-not-confirmed'
  | 'fail-on-corrupt-head'
  | 'pr-24722'
  | 'pr-23697'
  | 'pr-25860'
  | 'pr-20948'
  | 'pr-23038'
  | 'replay-last-chunk';
export const FIX_IDS: readonly FixId[] = [
  'go-1565',
  'go-highest-sequence-id',
  'go-isolate-resends',
  'go-flush-before-single',
  'go-timeout-all-chunks',
  'guard-rewind',
  'sentinel-not-confirmed',
  'fail-on-corrupt-head',
  'pr-24722',
  'pr-23697',
  'pr-25860',
  'pr-20948',
  'pr-23038',
  'replay-last-chunk',
];

export const hasFix = (config: Config, fix: FixId): boolean => config.fixes.includes(fix);

/** The replicator's dedup as it runs: `replication.dedup`, or V2 with the `pr-23697` toggle on. */
export const replicationDedup = (config: Config, link?: ReplicationConfig): 'v1' | 'v2' | null => {
  const links = link ? [link] : replicationLinks(config).map((l) => l.cfg);
  if (links.length === 0) return null;
  // With several links and no link named: V1 if any link runs V1 (what a V1 link's brokers negotiate).
  return hasFix(config, 'pr-23697') ? 'v2' : links.some((l) => l.dedup === 'v1') ? 'v1' : 'v2';
};

/**
 * Whether a fix can change anything in this model: the class it changes is modelled here. Go
 * `partitionProducer` fixes need a Go producer (the proposed `go-timeout-all-chunks` one that chunks,
 * and a send timeout to fire); seed 000's proposals change the replicator
 * (`PersistentReplicator`, `ProducerImpl.recoverChecksumError` of its producer) and, for the
 * sentinel, the V2 `GeoReplicationProducerImpl`; PR 24722 changes `ManagedLedgerImpl` over bookies;
 * PR 25860 changes how the target's `MessageDeduplication` replays V2 watermarks; PR 20948 and the
 * proposed `replay-last-chunk` change its chunk rule, live and on replay, and PR 20948 the
 * consumer's too (`ConsumerImpl.processMessageChunk` skips a repeated chunk).
 */
export function fixApplies(config: Config, fix: FixId): boolean {
  switch (fix) {
    case 'go-1565':
    case 'go-highest-sequence-id':
    case 'go-isolate-resends':
      return config.producers.some((p) => p.client === 'go');
    case 'go-flush-before-single':
      // Only a batching Go producer's message that bypasses batching meets an open batch.
      return config.workload.some(
        (i) =>
          i.kind === 'send' &&
          (i.deliverAfter !== undefined || i.replicateTo !== undefined) &&
          config.producers.some(
            (p) => p.name === i.producer && p.client === 'go' && p.batchingMaxMessages > 0,
          ),
      );
    case 'go-timeout-all-chunks':
      // Only a Go producer that chunks has a chunk's item for its send timer to fail alone, and only
      // a send timeout (planned, or the explorer's) fires that timer.
      return (
        config.producers.some((p) => p.client === 'go' && p.chunking === true) &&
        (config.faults.some((f) => f.kind === 'send-timeout') ||
          (config.explore?.kinds.includes('send-timeout') ?? false))
      );
    case 'guard-rewind':
    case 'fail-on-corrupt-head':
      return replicates(config);
    case 'sentinel-not-confirmed':
      return replicationDedup(config) === 'v2';
    case 'pr-24722':
      return config.clusters.some((c) => c.bookies.length > 0);
    case 'pr-23697':
      // The toggle of a V1 replication's `replication.dedup` (V2 already is this fix).
      return replicationLinks(config).some((l) => l.cfg.dedup === 'v1');
    case 'pr-25860':
      // Only the V2 `_LID`/`_EID` watermarks change, and only a target that deduplicates keeps them.
      // A target switched on by a plan's or the explorer's `set-deduplication` keeps them too once it
      // is on: a load after that replays the entries after its new dedup cursor (review 10).
      return replicationLinks(config).some(
        (l) =>
          replicationDedup(config, l.cfg) === 'v2' &&
          config.clusters.some(
            (c) => c.name === l.cfg.to && (c.deduplication || switchedOn(config, c.name)),
          ),
      );
    case 'pr-20948':
    case 'replay-last-chunk':
      // The broker's chunk rule, live and on replay, and (PR 20948) the consumer's: only a producer
      // that chunks sends chunks.
      return config.producers.some((p) => p.chunking === true);
    case 'pr-23038':
      // The Java client's handleSendError: offered where it shows, two Java producers of one
      // pulsarClient (one of them may lose the connection both share). A single producer keeps
      // its in-flight frames with it too; a scenario can name the fix for that.
      return config.producers.some(
        (p) =>
          p.client === 'java' &&
          p.pulsarClient !== undefined &&
          config.producers.some(
            (q) => q !== p && q.client === 'java' && q.pulsarClient === p.pulsarClient,
          ),
      );
  }
}

/** Whether a plan fault or the explorer may switch `cluster`'s deduplication on while the run goes. */
export const switchedOn = (config: Config, cluster: string): boolean =>
  config.faults.some((f) => f.kind === 'set-deduplication' && f.cluster === cluster && f.enabled) ||
  (config.explore?.kinds.includes('set-deduplication') ?? false);

export const applicableFixes = (config: Config): FixId[] =>
  FIX_IDS.filter((f) => fixApplies(config, f));

/** The fixes a comparison adds one at a time: those that apply and are not on already. */
export const fixesToCompare = (config: Config): FixId[] =>
  applicableFixes(config).filter((f) => !config.fixes.includes(f));
