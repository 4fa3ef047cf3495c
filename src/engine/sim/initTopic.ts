// Step 0 of one cluster's topic (`PersistentTopic` as its owner has it loaded): the initial
// ledgers and their entries, the dedup state recovered from them as a load would
// (`MessageDeduplication.replayCursor`), the subscriptions' cursors and, with bookies,
// BookKeeper's side (initBookKeeper.ts). Apart from init.ts, which assembles the world from the
// clients and every cluster, because this is what one cluster's broker holds before the run.
import type { ClusterConfig, Config } from '../model/config';
import { hasFix } from '../model/fixes';
import type { ChunkConsumer, Ledger, TopicState } from '../model/topic';
import { frozen } from '../model/world';
import { initialAcks } from '../protocol/ConsumerAcks';
import { initialNegativeAcks } from '../protocol/NegativeAcksTracker';
import { replayCursor } from '../protocol/MessageDeduplicationReplayCursor';
import { initialBk } from './initBookKeeper';

/** `chunkConsumer`: the run's one reader of chunks (`chunkConsumerOf`), the same for every topic. */
export function initialTopic(
  config: Config,
  c: ClusterConfig,
  chunkConsumer: ChunkConsumer | undefined,
): TopicState {
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
  return {
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
