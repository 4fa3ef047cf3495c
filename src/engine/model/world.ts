// The world is plain data: JSON-shaped, no classes, no functions, no Maps. `step` clones it and
// applies one action, so every step of a trace is an immutable snapshot the UI can show and the
// explorer can fingerprint. Names follow Pulsar's own (ProducerImpl, MessageDeduplication, …).
import type { BkState, Subscription } from './bookkeeper';
import type { Config } from './config';

/** One application send of one logical message (`M2`), as the client carries it. */
export interface MsgRef {
  readonly msg: string;
  /** The sequence id the client assigned (or the application gave). */
  readonly seq: number;
  /** Which application send of `msg` this is (0 for the first, 1 for a resend…). */
  readonly sendIndex: number;
  /** Payload bytes, when the workload gives them (`size`): judged by a max message size policy. */
  readonly size?: number;
  /** Source position `ledgerId:entryId` of a replicated entry (the replicator's sends only). */
  readonly sourcePosition?: Position;
  /** The original producer name a replicated entry carries in its metadata. */
  readonly originalProducer?: string;
}

export interface Position {
  readonly ledgerId: number;
  readonly entryId: number;
}

/** `ProducerImpl.OpSendMsg` / Go `pendingItem`: one wire send (a batch or a single message). */
export interface OpSendMsg {
  readonly opId: number;
  readonly msgs: readonly MsgRef[];
  /** `CommandSend.sequence_id`: the lowest id of the batch. */
  readonly sequenceId: number;
  /** `CommandSend.highest_sequence_id`, -1 when absent (single message, or Go before PR 1565). */
  readonly highestSequenceId: number;
  /** The client's locally held bytes no longer match their checksum (a checksum-error fault). */
  readonly localBufferCorrupted: boolean;
}

/**
 * `Busy`: a reconnect the broker answered ProducerBusy (another producer holds its name on the
 * topic); the client retries with backoff, and the model lets it connect once that name is free.
 * `Failed`: its first connect was answered ProducerBusy, so `create()` failed (for good).
 * `Closing`: the application called `close()` on it (a `restart-producer` on a shared PulsarClient):
 * CommandCloseProducer is on the connection behind its sends, and it waits for the broker's answer.
 */
export type ProducerConnState = 'Ready' | 'Connecting' | 'Busy' | 'Failed' | 'Closing';

/**
 * Values that never change once made (messages, frames, stored entries, completions) are frozen, so
 * a world copy shares them instead of copying them: `step` copies only what can still change.
 */
export const frozen = <T extends object>(v: T): T => Object.freeze(v);

/** A new `ProducerImpl`'s counters: nothing taken, nothing pushed or published, nothing pending. */
export const freshProducerSession = () => ({
  state: 'Connecting' as ProducerConnState,
  closed: false,
  msgIdGenerator: 0,
  seeded: false,
  lastSequenceIdPushed: -1,
  lastSequenceIdPublished: -1,
  isLastSequenceIdPotentialDuplicated: false,
  batch: [] as MsgRef[],
  pendingMessages: [] as OpSendMsg[],
});

export interface ProducerState {
  /** The key of this producer in the world and in fault plans (`replicator` for the geo one). */
  readonly name: string;
  /** The producer name it registers with (`CommandProducer.producer_name`): dedup keys by it. */
  readonly wireName: string;
  /** `replicator`: a `GeoReplicationProducerImpl` owned by the source cluster's replicator. */
  readonly role: 'app' | 'replicator';
  readonly cluster: string;
  readonly client: 'java' | 'go';
  /** Incremented by a restart: a new process, a new ProducerImpl. */
  instance: number;
  state: ProducerConnState;
  /** Java `msgIdGenerator` / Go `sequenceIDGenerator`: the next auto-assigned id. */
  msgIdGenerator: number;
  /** Go: the generator exists once the first connection seeded it (`sequenceIDGenerator != nil`). */
  seeded: boolean;
  lastSequenceIdPushed: number;
  lastSequenceIdPublished: number;
  /** Java PR 6326 flag: the last message added to a batch was a potential duplicate. */
  isLastSequenceIdPotentialDuplicated: boolean;
  /** The open batch, in add order (empty when batching is off or nothing is buffered). */
  batch: MsgRef[];
  /** Tick at which the open batch got its first message (orders the batch timer). */
  batchBorn: number;
  /** FIFO of ops handed to the connection and not yet completed; completion only at the head. */
  pendingMessages: OpSendMsg[];
  nextOpId: number;
  /** `GeoReplicationProducerImpl.lastPersistedSource{LedgerId,EntryId}`: starts at 0:0. */
  lastPersistedSource: Position;
  /** Closed for good (a terminated replicator's producer, a create that failed): never reconnects. */
  closed: boolean;
}

/** A `CommandSend` frame travelling from a client to a broker. */
export interface SendFrame {
  readonly kind: 'send';
  readonly opId: number;
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  readonly msgs: readonly MsgRef[];
  /** The bytes on the wire fail the broker's CRC32C check. */
  corrupted: boolean;
  readonly born: number;
}

/** `CommandSendReceipt` or `CommandSendError` travelling back to the client. */
export type ResponseFrame =
  | {
      readonly kind: 'receipt';
      readonly sequenceId: number;
      readonly highestSequenceId: number;
      readonly ledgerId: number;
      readonly entryId: number;
      /** For display and fault targeting only: the client matches by sequence id, never by this. */
      readonly msgs: readonly string[];
      readonly born: number;
    }
  | {
      readonly kind: 'error';
      readonly error: ServerError;
      readonly sequenceId: number;
      readonly message: string;
      readonly msgs: readonly string[];
      readonly born: number;
    }
  | {
      /**
       * `CommandCloseProducer` (`ServerCnx.closeProducer`): the broker removed the producer and
       * keeps the connection; receipts written before it still arrive first. `msgs` is always empty.
       */
      readonly kind: 'close-producer';
      readonly reason: string;
      readonly msgs: readonly string[];
      readonly born: number;
    };

export type ServerError = 'ChecksumError' | 'NotAllowedError' | 'PersistenceError';

/** One producer's connection to the owning broker: FIFO both ways, closable. */
export interface Channel {
  readonly producer: string;
  readonly broker: string;
  readonly cluster: string;
  /** `ProducerImpl` epoch: which connection this is (a reconnect opens a new one). */
  epoch: number;
  open: boolean;
  /** Tick at which the channel closed (orders the reconnect). */
  closedAt: number;
  toBroker: SendFrame[];
  toClient: ResponseFrame[];
  /** Sends written on this connection (counts for the duplicate-frames fault). */
  sends: number;
  /** PR 23697 feature flag negotiated on this connection (`supports_repl_dedup_by_lid_and_eid`). */
  replDedupV2: boolean;
  /**
   * The producer is registered with its connection (Go `connection.listeners`). A Go
   * NotAllowedError removes it (`deletePendingProducers`): from then on the connection drops every
   * answer for it as unexpected, and does not tell it when it closes. Always true for Java.
   */
  listening: boolean;
  /**
   * The broker removed this producer from the connection (`ServerCnx.closeProducer`, on the topic's
   * close) and wrote `CommandCloseProducer`; the connection stays open. Until the client reads that
   * command the producer still writes; the broker ignores those sends (`recentlyClosedProducers`).
   * Absent while the broker still knows the producer.
   */
  removed?: true;
  /**
   * duplicate-frames fault: frames written so far (its cache) and what the channel does now. From
   * its `atSend`-th send (counted in `sends`) it writes the cached frames of `frames` (null: all of
   * them) in place of that send, then drops every send. `plan`: the plan entry, null when placed
   * by the explorer.
   */
  broken: {
    readonly plan: number | null;
    readonly atSend: number;
    readonly frames: readonly string[] | null;
    cache: SendFrame[];
    mode: 'caching' | 'dropping';
  } | null;
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
   * Set only with the `pr-25860` fix: this broker's `MessageDeduplication.replayCursor` also
   * rebuilds the V2 watermarks from replicated entries. `localCluster` is the broker's
   * `clusterName`, from which a replicated entry's replicator producer name is derived.
   */
  readonly replWatermarkReplay?: { readonly localCluster: string };
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
  pendingWrites: PendingWrite[];
  ledgers: Ledger[];
  nextLedgerId: number;
}

/** What an application got back for one send (Java future / Go callback). */
export interface Completion {
  readonly msg: string;
  readonly sendIndex: number;
  readonly producer: string;
  readonly cluster: string;
  readonly result: 'stored' | 'dup' | 'failed';
  readonly ledgerId: number;
  readonly entryId: number;
  readonly error?: string;
}

export interface FaultRuntime {
  /** Index in the scenario's fault plan. */
  readonly index: number;
  /** A step trigger or event trigger has fired: the fault is the very next step. */
  armed: boolean;
  /** Done with (fired as many times as it may). */
  spent: boolean;
}

/** `ManagedCursorImpl` of the replicator (`pulsar.repl.<remote>`) on the source topic. */
export interface ReplicatorCursor {
  readPosition: Position;
  markDeletePosition: Position;
  /** `individualDeletedMessages`: deleted positions above the mark-delete, in order. */
  individuallyDeleted: Position[];
}

/** `PersistentReplicator` / `GeoPersistentReplicator` in the source cluster. */
export interface ReplicatorState {
  /** `Started`; `Terminated` is the visible, alarmed stop of seed 000's proposed fixes. */
  state: 'Started' | 'Terminated';
  cursor: ReplicatorCursor;
  /** Why it terminated (shown in the UI). */
  reason: string;
}

export interface World {
  readonly config: Config;
  /** Logical clock: increases by one for everything that is created, orders "oldest first". */
  tick: number;
  /** Steps taken so far (step 0 is the initial world). */
  stepCount: number;
  /** Index of the next workload item. */
  workloadPos: number;
  producers: Record<string, ProducerState>;
  channels: Record<string, Channel>;
  topics: Record<string, TopicState>;
  /** The geo-replicator of `config.replication`, if any. */
  replicator: ReplicatorState | null;
  /** Count of application sends so far, per message id. */
  sendsOf: Record<string, number>;
  completions: Completion[];
  plan: FaultRuntime[];
  /** Messages rejected with NotAllowedError at a cluster: remaining attempts (-1 = always). */
  notAllowed: Record<string, number>;
  /** Faults placed by the explorer so far (its budget is `config.explore.max`). */
  faultsUsed: number;
}
