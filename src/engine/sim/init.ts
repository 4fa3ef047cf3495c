// Step 0: the world a scenario starts from. Producers start disconnected, so the first thing that
// happens to each is its connect (ProducerSuccess seeds the client from the broker's watermark).
import type { BkState } from '../model/bookkeeper';
import {
  type ClusterConfig,
  type Config,
  type ReplicationConfig,
  replicationLinks,
} from '../model/config';
import { hasFix } from '../model/fixes';
import { freshProducerSession, type ProducerState } from '../model/producer';
import type { ReplicatorState } from '../model/replicator';
import type { Ledger, TopicState } from '../model/topic';
import { frozen, type World } from '../model/world';
import { chunkConsumerOf } from '../protocol/ConsumerConfigurationData';
import { initialAcks } from '../protocol/ConsumerAcks';
import { initialNegativeAcks } from '../protocol/NegativeAcksTracker';
import { replayCursor } from '../protocol/MessageDeduplicationReplayCursor';

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
  for (const c of config.clusters) {
    const ledgers: Ledger[] = c.initialLedgers.map((l, i) => ({
      id: l.id,
      closed: i < c.initialLedgers.length - 1,
      entries: frozen([
        ...Array.from({ length: l.entries }, (_, e) =>
          frozen({
            ledgerId: l.id,
            entryId: e,
            producerName: '',
            sequenceId: -1,
            highestSequenceId: -1,
            msgs: frozen([]),
          }),
        ),
        ...(l.messages ?? []).map((m, j) =>
          frozen({
            ledgerId: l.id,
            entryId: l.entries + j,
            producerName: m.producer,
            sequenceId: m.seq,
            highestSequenceId: m.seq,
            msgs: frozen([frozen({ msg: m.msg, seq: m.seq, sendIndex: 0 })]),
          }),
        ),
      ]),
    }));
    // The broker recovers its dedup watermarks from the ledger as a load does (`MessageDeduplication
    // .replayCursor`): entry by entry, each overwriting its producer's pair — the *last* entry of a
    // name wins, not its highest id (they differ only for ids written out of order, while dedup was off).
    const dedup: TopicState['dedup'] = {
      enabled: c.deduplication,
      highestSequencedPushed: {},
      highestSequencedPersisted: {},
      // PR 25860 changes the broker's replay (MessageDeduplication.replayCursor), so every topic of the run has it.
      ...(hasFix(config, 'pr-25860') ? { replWatermarkReplay: { localCluster: c.name } } : {}),
      // So does the proposed replay-last-chunk (the chunk rule of the same replay).
      ...(hasFix(config, 'replay-last-chunk') ? { lastChunkReplay: true as const } : {}),
      // The broker's snapshots and inactive-producer purge, where the scenario opts in.
      ...dedupHousekeepingState(c.dedupHousekeeping),
    };
    replayCursor(
      dedup,
      ledgers.flatMap((l) => l.entries),
    );
    const maxId = Math.max(c.firstLedgerId - 1, ...c.initialLedgers.map((l) => l.id));
    const owner = c.brokers[0]!;
    topics[c.name] = {
      cluster: c.name,
      owner,
      bk: c.bookies.length > 0 ? initialBk(c, owner) : null,
      subscriptions: Object.fromEntries(
        config.subscriptions
          .filter((s) => s.cluster === c.name)
          .map((s) => {
            const start = { ledgerId: ledgers[0]?.id ?? c.firstLedgerId, entryId: -1 };
            return [
              s.name,
              {
                name: s.name,
                broker: s.broker,
                markDeletePosition: start,
                individuallyDeleted: [],
                received: [],
                // Opt-in only, so a subscription without it keeps its state (and hash) as before.
                ...(s.acks === 'in-flight'
                  ? {
                      acked:
                        s.negativeAcknowledge || s.ackTimeout
                          ? { ...initialAcks(start), nack: initialNegativeAcks(s.ackTimeout) }
                          : initialAcks(start),
                    }
                  : {}),
              },
            ];
          }),
      ),
      dedup,
      fenced: false,
      pendingWrites: [],
      ledgers,
      nextLedgerId: maxId + 1,
      ...(chunkConsumer ? { chunkConsumer } : {}),
    };
  }
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

/**
 * BookKeeper at the start: every initial entry is on its write set, the closed ledgers are CLOSED
 * in BookKeeper's metadata, the last one is OPEN and the owner's ledger handle writes it (its LAC is
 * its last entry). The managed ledger's list records closed ledgers' counts and 0 for the current.
 */
function initialBk(c: ClusterConfig, owner: string): BkState {
  const { ensemble, writeQuorum, ackQuorum } = c.ledger;
  const members = frozen(c.bookies.slice(0, ensemble));
  const bookies: BkState['bookies'] = Object.fromEntries(
    c.bookies.map((b) => [b, { ledgers: {} }]),
  );
  const ledgerMeta: BkState['ledgerMeta'] = {};
  // Entries that carry messages follow the anonymous ones in the same ledger: both are on bookies.
  const list =
    c.initialLedgers.length > 0
      ? c.initialLedgers.map((l) => ({ id: l.id, entries: l.entries + (l.messages?.length ?? 0) }))
      : [{ id: c.firstLedgerId, entries: 0 }];
  list.forEach((l, i) => {
    const last = i === list.length - 1;
    ledgerMeta[l.id] = {
      state: last ? 'OPEN' : 'CLOSED',
      lastEntryId: last ? -1 : l.entries - 1,
      ensemble: members,
    };
    for (const b of members) bookies[b]!.ledgers[l.id] = { entries: [], fenced: false };
    for (let e = 0; e < l.entries; e++)
      for (let k = 0; k < writeQuorum; k++)
        bookies[members[(e + k) % members.length]!]!.ledgers[l.id]!.entries.push(e);
  });
  const current = list[list.length - 1]!;
  const recorded = list.map((l, i) => ({
    id: l.id,
    entries: i === list.length - 1 ? 0 : l.entries,
  }));
  return {
    ensembleSize: ensemble,
    writeQuorum,
    ackQuorum,
    bookies,
    requests: [],
    answers: [],
    ledgerMeta,
    metadata: {
      owner,
      ledgers: recorded.map((l) => ({ ...l })),
      version: 1,
      nextLedgerId: Math.max(...list.map((l) => l.id)) + 1,
    },
    ml: {
      state: 'LedgerOpened',
      ledgers: recorded,
      version: 1,
      handle: {
        ledgerId: current.id,
        ensemble: members,
        lac: current.entries - 1,
        pending: [],
        closed: false,
      },
      currentLedgerEntries: current.entries,
      lastConfirmedEntry: lastEntryOf(list),
      ops: [],
    },
    takeover: null,
  };
}

/** The last entry of the last non-empty ledger (or "before the first entry" of the first). */
function lastEntryOf(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--)
    if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return { ledgerId: list[0]!.id, entryId: -1 };
}

/** The dedup state's housekeeping fields (MessageDeduplicationSnapshot.ts): absent unless opted in. */
function dedupHousekeepingState(
  h: ClusterConfig['dedupHousekeeping'],
): Partial<TopicState['dedup']> {
  if (!h) return {};
  return {
    ...(h.entriesInterval === undefined
      ? {}
      : { entriesInterval: h.entriesInterval, snapshotCounter: 0 }),
    ...(h.maxNumberOfProducers === undefined
      ? {}
      : { maxNumberOfProducers: h.maxNumberOfProducers }),
    ...(h.inactivityPurge ? { inactiveProducers: [] } : {}),
  };
}
