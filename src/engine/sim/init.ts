// Step 0: the world a scenario starts from. Producers start disconnected, so the first thing that
// happens to each is its connect (ProducerSuccess seeds the client from the broker's watermark).
// This file keeps the world's assembly, its producers (the applications' and each replication
// link's, `AbstractReplicator.startProducer`) and the replicators' cursors; each cluster's topic is
// initTopic.ts, and its BookKeeper side initBookKeeper.ts.
import { type Config, type ReplicationConfig, replicationLinks } from '../model/config';
import { freshProducerSession, type ProducerState } from '../model/producer';
import type { ReplicatorState } from '../model/replicator';
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import { chunkConsumerOf } from '../protocol/ConsumerConfigurationData';
import { initialTopic } from './initTopic';

export function initialWorld(config: Config): World {
  const producers: Record<string, ProducerState> = {};
  const repl = config.replication;
  // Every topic's reader is the same consumer, fixed for the run.
  const chunkConsumer = chunkConsumerOf(config);
  const all = [
    ...config.producers.map((pc) => ({
      name: pc.name,
      wireName: pc.producerName,
      role: 'app' as const,
      cluster: pc.cluster,
      client: pc.client,
    })),
    // AbstractReplicator.startProducer: batching off, sendTimeout 0, the Java client.
    ...replicationLinks(config).map((l) => ({
      name: l.key,
      wireName: l.cfg.producerName,
      role: 'replicator' as const,
      cluster: l.cfg.to,
      client: 'java' as const,
    })),
  ];
  for (const pc of all) {
    producers[pc.name] = {
      ...pc,
      ...freshProducerSession(),
      instance: 1,
      batchBorn: 0,
      nextOpId: 1,
      lastPersistedSource: { ledgerId: 0, entryId: 0 },
      closed: false,
    };
  }
  const topics: Record<string, TopicState> = {};
  for (const c of config.clusters) topics[c.name] = initialTopic(config, c, chunkConsumer);
  return {
    config,
    replicator: repl ? initialReplicator(config, topics[repl.from]!, repl) : null,
    ...(config.replications
      ? {
          replicators: Object.fromEntries(
            replicationLinks(config).map((l) => [
              l.key,
              initialReplicator(config, topics[l.cfg.from]!, l.cfg),
            ]),
          ),
        }
      : {}),
    tick: 0,
    stepCount: 0,
    workloadPos: 0,
    producers,
    channels: {},
    topics,
    sendsOf: {},
    completions: [],
    plan: config.faults.map((f, index) => ({
      index,
      armed: 'after' in f && f.after !== undefined && 'step' in f.after && f.after.step === 0,
      spent: false,
    })),
    notAllowed: {},
    faultsUsed: 0,
  };
}

/**
 * The replicator's cursor starts at the end of what the source held before the run: anonymous
 * entries that existed already count as replicated; the run's own entries, and initial entries
 * that carry message ids (an extension), are its backlog.
 */
function initialReplicator(
  config: Config,
  source: TopicState,
  link: ReplicationConfig,
): ReplicatorState {
  const all = source.ledgers.flatMap((l) => l.entries);
  const firstNamed = all.findIndex((e) => e.msgs.length > 0);
  const last =
    firstNamed < 0
      ? all.at(-1)
      : firstNamed > 0
        ? all[firstNamed - 1]
        : { ledgerId: all[0]!.ledgerId, entryId: all[0]!.entryId - 1 };
  const ledger =
    source.ledgers.at(-1)?.id ??
    config.clusters.find((c) => c.name === source.cluster)!.firstLedgerId;
  const markDeletePosition = last
    ? { ledgerId: last.ledgerId, entryId: last.entryId }
    : { ledgerId: ledger, entryId: -1 };
  return {
    state: 'Started',
    reason: '',
    cursor: {
      markDeletePosition,
      readPosition: {
        ledgerId: markDeletePosition.ledgerId,
        entryId: markDeletePosition.entryId + 1,
      },
      individuallyDeleted: [],
      // Opt-in only: the cursor ledger's copy, so a link without it keeps its state (and hash).
      ...(link.cursorWrites === 'in-flight'
        ? { persisted: { markDeletePosition, individuallyDeleted: [] } }
        : {}),
    },
  };
}
