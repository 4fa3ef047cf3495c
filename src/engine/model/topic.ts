// The topic in one cluster: `PersistentTopic`, its `MessageDeduplication` state and the managed
// ledger under it (abstract storage; BookKeeper's state is in bookkeeper.ts). Plain data.
import type { BkState, ResentAdd, Subscription } from './bookkeeper';
import type { MsgRef } from './producer';

/** A managed-ledger position, shown as Pulsar shows it (`ledgerId:entryId`). */
export interface Position {
  readonly ledgerId: number;
  readonly entryId: number;
}

export interface StoredEntry {
  /** Entries from another cluster (`MessageMetadata.replicated_from`) are never re-replicated. */
  readonly replicatedFrom?: string;
  readonly ledgerId: number;
  readonly entryId: number;
  /** `MessageMetadata.producer_name` (the original producer's for replicated entries). */
  readonly producerName: string;
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  readonly msgs: readonly MsgRef[];
  /** Its write was accepted while deduplication was off (`PendingWrite.unchecked`); absent otherwise. */
  readonly unchecked?: true;
  /** The managed ledger's re-send of an add that failed (`OpAddEntry.resentAdd`); words only. */
  readonly resentAdd?: ResentAdd;
}

export interface Ledger {
  readonly id: number;
  /**
   * Entries present before the run have no message ids: they are named by position. Frozen and
   * replaced on append, so a world copy shares the entries of every ledger (see `appendEntry`).
   */
  entries: readonly StoredEntry[];
  closed: boolean;
}

/** A NotDup publish waiting for its ledger write (`OpAddEntry` in flight). */
export interface PendingWrite {
  readonly producer: string;
  /** The dedup key the write will record on completion (producer name, or V1 original name). */
  readonly dedupKey: string;
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  readonly msgs: readonly MsgRef[];
  /** The connection the send came on: its receipt goes back there, if it is still open. */
  readonly epoch: number;
  /** A replicated entry judged by V2 (`isDuplicateReplV2`): recorded and answered by source position. */
  readonly replV2: boolean;
  readonly born: number;
  /**
   * Accepted while the topic's deduplication was off (`MessageDeduplication` Disabled: the policy
   * off, `isDuplicate` answered NotDup without a check) on a cluster whose deduplication the run may
   * switch on; absent otherwise. Carried to the stored entry: `no-duplicates` does not judge a copy
   * deduplication never checked, even when it is persisted after a later switch on's dedup cursor.
   * A send accepted while Recovering (the policy on, `isEnabled()` false) is not unchecked here.
   */
  readonly unchecked?: true;
}

/** `MessageDeduplication`: watermarks per producer name. Absent key ≠ -1: absent accepts all. */
export interface DedupState {
  enabled: boolean;
  highestSequencedPushed: Record<string, number>;
  highestSequencedPersisted: Record<string, number>;
  /**
   * The dedup cursor (`PersistentTopic.DEDUPLICATION_CURSOR_NAME`): absent, it existed before the
   * run at the topic's start, so a replay reads every entry; a position, its mark-delete position —
   * a cursor `MessageDeduplication.checkStatus` opened at runtime starts at the managed ledger's
   * last confirmed entry (`ManagedLedgerImpl.asyncOpenCursor`, `InitialPosition.Latest`) and no
   * snapshot moves it within a run, so a replay reads only the entries after it; null, deleted
   * (deduplication switched off at runtime).
   */
  cursor?: { readonly ledgerId: number; readonly entryId: number } | null;
  /**
   * `MessageDeduplication.Status.Recovering` after a runtime switch on: the new cursor exists, its
   * replay has not finished, and `isEnabled()` is false — sends are NotDup and not pushed, completed
   * writes are not recorded. `born`: the tick it began (the replay step's age, a stamp the explorer
   * ranks like every other); absent or null otherwise.
   */
  recovering?: { readonly born: number } | null;
  /**
   * Set only with the `pr-25860` fix: this broker's `MessageDeduplication.replayCursor` also
   * rebuilds the V2 watermarks from replicated entries. `localCluster` is the broker's
   * `clusterName`, from which a replicated entry's replicator producer name is derived.
   */
  readonly replWatermarkReplay?: { readonly localCluster: string };
  /**
   * Set only with the proposed `replay-last-chunk` fix: this broker's `MessageDeduplication
   * .replayCursor` records a chunked message's sequence id only from its last chunk, as the live
   * `isDuplicateNormal` / `recordMessagePersistedNormal` of PR 20948 do (IS_LAST_CHUNK).
   */
  readonly lastChunkReplay?: true;
  /**
   * Set only with `topic.deduplicationEntriesInterval` (`brokerDeduplicationEntriesInterval`):
   * every this many recorded writes `recordMessagePersisted` takes a snapshot
   * (MessageDeduplicationSnapshot.ts). `snapshotCounter` counts them since the last one.
   */
  readonly entriesInterval?: number;
  snapshotCounter?: number;
  /** `brokerDeduplicationMaxNumberOfProducers` when the scenario sets it: a snapshot keeps at most this many names. */
  readonly maxNumberOfProducers?: number;
  /**
   * The last snapshot (`MessageDeduplication.takeSnapshot`): the dedup cursor's mark-delete
   * position and the properties stored with it (a copy of `highestSequencedPersisted`, capped).
   * A load starts both maps from `map` and replays only the entries after `position`; a trim is
   * held only up to `position`. Absent until a snapshot is taken (no run before this had one).
   */
  snapshot?: { readonly position: Position; readonly map: Readonly<Record<string, number>> };
  /**
   * The snapshot the last load's replay started from (`replayCursor`), while it is still the cause
   * to name: `snapshot` moves on with every later one, but a name a capped snapshot left out was
   * forgotten by this one. Words only (`no-duplicates`' detail): the fingerprint drops it.
   */
  loadSnapshot?: { readonly position: Position; readonly map: Readonly<Record<string, number>> };
  /**
   * Set only with `topic.deduplicationInactivityPurge`: `MessageDeduplication.inactiveProducers`,
   * the names the topic removed (`producerRemoved`) and has not seen again (`producerAdded`), in
   * the order they left. `purged`: the names `purgeInactiveProducers` forgot in this run, for
   * `no-duplicates` to say why a second copy got through.
   */
  inactiveProducers?: string[];
  purged?: string[];
}

/** The topic in one cluster: `PersistentTopic` + its managed ledger (abstract storage). */
export interface TopicState {
  readonly cluster: string;
  /** The broker whose topic instance serves it (it believes it owns the topic). */
  owner: string;
  /** BookKeeper under the managed ledger, when the cluster has bookies (see `bookkeeper.ts`). */
  bk: BkState | null;
  /** Subscriptions on this topic, by name. */
  subscriptions: Record<string, Subscription>;
  dedup: DedupState;
  /** `PersistentTopic.isFenced`: set by a write failure until pending writes drain. */
  fenced: boolean;
  /**
   * `PersistentTopic.isClosingOrDeleting` of an admin topic unload (`close(false)`) still waiting
   * for its replicators' producer closes: no instance serves the topic until they are done and it
   * loads again (`BrokerService.finishTopicClose`). Absent otherwise.
   */
  closing?: true;
  pendingWrites: PendingWrite[];
  ledgers: Ledger[];
  nextLedgerId: number;
  /**
   * Ledgers a trim deleted (`ManagedLedgerImpl.internalTrimLedgers`, the `trim-topic` fault), in the
   * order deleted: no reader reaches them any more; kept for the panels and for `no-silent-loss`,
   * which counts their messages as stored and then trimmed. Absent until a trim deleted one.
   */
  trimmed?: Ledger[];
  /**
   * How a reader of this topic assembles chunked messages, when not as today's Java consumer with
   * default options (`ConsumerConfigurationData.ts`): set at the start of a run with a chunking producer and
   * either no `pr-20948` (its consumer half) or a `consumer` that acknowledges what its limit evicts.
   */
  /** Replaced, not changed in place, when the consumer's expiry timer fires (ConsumerImplChunkExpiry.ts). */
  chunkConsumer?: ChunkConsumer;
}

/** A reader's chunk rules (`ConsumerImpl.processMessageChunk`), fixed for a run. */
export interface ChunkConsumer {
  /** PR 20948's consumer half: a repeated chunk is skipped, not a reason to drop the message. */
  readonly filtersRepeats: boolean;
  /**
   * `maxPendingChunkedMessage` when `autoAckOldestChunkedMessageOnQueueFull` is on (the eviction
   * then acknowledges the evicted chunks, so the message is never delivered); 0 otherwise.
   */
  readonly maxPending: number;
  /**
   * `expireTimeOfIncompleteChunkedMessageMillis` > 0 (the `consumer` block): the consumer's timer
   * (`ConsumerImpl.removeExpireIncompleteChunkedMessages`) is an action, `chunk-expiry:<cluster>`.
   */
  readonly expires?: true;
  /** What that timer expired so far, in order (absent until it first fires). */
  readonly expiries?: readonly ChunkExpiry[];
}

/**
 * One firing of the expiry timer: the incomplete chunked message `uuid` (`producerName-sequenceId`,
 * of `msg`) had waited longer than the limit once the reader had read up to `after`. Every reader
 * that follows the topic's entries in order replays it there (`chunkAssembler`).
 */
export interface ChunkExpiry {
  readonly after: Position;
  readonly uuid: string;
  readonly msg: string;
}

/**
 * What a consumer holds between two chunks (Java `ConsumerImpl.chunkedMessagesMap`,
 * `pendingChunkedMessageUuidQueue`, `pendingChunkedMessageCount`): each open `ChunkedMessageCtx`
 * — its uuid (`producerName-sequenceId`), its message and the positions of the chunks taken — in
 * the order opened, the uuid queue the limit polls (stale uuids included) and the pending count.
 */
export interface ChunkContexts {
  readonly open: readonly {
    readonly uuid: string;
    readonly msg: string;
    readonly taken: readonly Position[];
  }[];
  readonly queue: readonly string[];
  readonly count: number;
}
