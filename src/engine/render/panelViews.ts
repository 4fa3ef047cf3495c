// The panel view-models: what the UI shows per step, as plain data (built by panels.ts). The
// replicator's own are in replicationViews.ts.
import type { MemoryLimitView } from './memoryLimit';
import type { PendingQueueView } from './pendingQueue';
import type { ReplicationPanel } from './replicationViews';

export type * from './replicationViews';
export type { PendingQueueView } from './pendingQueue';
export type { MemoryLimitView } from './memoryLimit';

export interface PendingView {
  readonly opId: number;
  readonly msgs: readonly string[];
  /**
   * Each of `msgs`'s workload message id (a chunk's message: `M1` for `M1[1/2]`): what a
   * per-message fault names (the validator refuses a chunk's name).
   */
  readonly msgIds: readonly string[];
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  /** `lowest..highest`, or the lowest id alone (with a warning when a batch lacks its highest). */
  readonly sequenceRange: string;
  readonly localBufferCorrupted: boolean;
  /** Replicated ops: the source position(s) they carry (`ledgerId:entryId`). */
  readonly sourcePositions: readonly string[];
}

export interface ProducerPanel {
  readonly name: string;
  readonly client: 'java' | 'go';
  readonly cluster: string;
  /** The cluster whose broker this producer's sends reach (the remote one for the replicator). */
  readonly sendsTo: string;
  /**
   * The replicator's producer: the source cluster whose broker runs it (PersistentReplicator
   * creates it there, on a client for the remote cluster). null for an application producer.
   */
  readonly runsInBrokerOf: string | null;
  readonly state: string;
  readonly instance: number;
  readonly msgIdGenerator: number;
  readonly lastSequenceIdPushed: number;
  readonly lastSequenceIdPublished: number;
  /**
   * The same watermarks under the client's own names, the ones its source uses: Java
   * `msgIdGenerator`, `lastSequenceIdPushed`, `lastSequenceIdPublished`; Go `sequenceIDGenerator`,
   * `lastSequenceID` (what was published), and `lastSequenceIDPushed` only where PR 1565's
   * isolation keeps one (Go before it has no such field).
   */
  readonly watermarks: readonly { readonly name: string; readonly value: number }[];
  readonly batch: readonly { readonly msg: string; readonly seq: number }[];
  /** The open batch's payload bytes against its bound, once its messages carry a `size`. */
  readonly batchBytes: { readonly bytes: number; readonly limit: number } | null;
  readonly pendingMessages: readonly PendingView[];
  /**
   * The pending queue's permits (`maxPendingMessages`). Absent for a producer without the option,
   * so its panel is what it was before the field existed.
   */
  readonly pendingQueue?: PendingQueueView;
  /**
   * The client's memory limit (`memoryLimitBytes`, shared per `pulsarClient`). Absent for a producer
   * without the option, so its panel is what it was before the field existed.
   */
  readonly memoryLimit?: MemoryLimitView;
  readonly changed: {
    readonly watermarks: boolean;
    readonly batch: boolean;
    readonly pending: boolean;
  };
}

export interface ChannelPanel {
  readonly id: string;
  readonly producer: string;
  readonly broker: string;
  readonly epoch: number;
  readonly open: boolean;
  /** False once a Go NotAllowedError unregistered the producer: answers on it are dropped. */
  readonly listening: boolean;
  readonly toBroker: readonly string[];
  readonly toClient: readonly string[];
  /** The cluster of the broker (per-message faults on these frames name it). */
  readonly cluster: string;
  /** Message ids of each frame to the broker, in the same order as `toBroker`. */
  readonly toBrokerMsgs: readonly (readonly string[])[];
  /** Each frame's workload message ids (a chunk's message), as `toBrokerMsgs`: what a fault names. */
  readonly toBrokerMsgIds: readonly (readonly string[])[];
  /** Message ids of each receipt to the client (null for an error frame), as `toClient`. */
  readonly toClientReceipts: readonly (readonly string[] | null)[];
  readonly changed: boolean;
}

export interface DedupRow {
  readonly producer: string;
  /** null: the broker has no entry for this name (which accepts every sequence id). */
  readonly pushed: number | null;
  readonly persisted: number | null;
}

export interface EntryView {
  readonly position: string;
  readonly msgs: readonly string[];
  readonly sequenceRange: string;
  /**
   * With BookKeeper: false for an add the managed ledger started that a reader does not reach (not
   * confirmed yet, or refused and re-written elsewhere). Always true on abstract storage.
   */
  readonly readable: boolean;
  /** Why a reader does not reach it (null when it does): waiting for, refused by, or past the bookies' confirmed entries. */
  readonly unreadable: string | null;
}

export interface TopicPanel {
  readonly cluster: string;
  readonly owner: string;
  readonly dedupEnabled: boolean;
  /**
   * Where the dedup cursor a runtime switch opened stands (`MessageDeduplication.checkStatus`): the
   * entries up to it are in no map and a load does not replay them. Null for a cursor from before
   * the run (a load replays every entry) or none.
   */
  readonly dedupCursor: string | null;
  /**
   * A runtime switch on is still Recovering (`MessageDeduplication.Status.Recovering`): the cursor
   * exists, its replay has not completed, and the broker checks no send yet.
   */
  readonly dedupRecovering: boolean;
  /**
   * The last dedup snapshot (`MessageDeduplication.takeSnapshot`): the dedup cursor's mark-delete
   * and the names it stored (`name=id`). Absent until one is taken (opt-in, MessageDeduplicationSnapshot.ts).
   */
  readonly dedupSnapshot?: { readonly position: string; readonly names: readonly string[] };
  /** Names the topic removed and has not seen again (`inactiveProducers`); absent when none or not tracked. */
  readonly dedupInactive?: readonly string[];
  /** Names `purgeInactiveProducers` forgot in this run; absent when none. */
  readonly dedupPurged?: readonly string[];
  readonly fenced: boolean;
  readonly dedup: readonly DedupRow[];
  /** The same watermarks for display: V2 `_LID`/`_EID` keys folded into one position pair. */
  readonly watermarks: readonly WatermarkRow[];
  readonly pendingWrites: readonly {
    readonly producer: string;
    readonly msgs: readonly string[];
    readonly sequenceRange: string;
  }[];
  readonly ledgers: readonly {
    readonly id: number;
    readonly closed: boolean;
    readonly entries: readonly EntryView[];
  }[];
  /**
   * Ledgers a trim deleted (`trim-topic`), in the order deleted: their entry count and messages.
   * Absent until a trim deleted one.
   */
  /**
   * Why the topic's reader dropped a chunked message, by message, in the consumer's words (the
   * words no-silent-loss quotes): `the consumer's maxPendingChunkedMessage (1) evicted it at 10:1
   * and acknowledged its chunks`. Absent when it dropped none. The Topic panel said "M1 incomplete
   * (chunk 1 of 2)" for a message the reader had already evicted (UX review 19).
   */
  readonly readerDrops?: Readonly<Record<string, string>>;
  readonly trimmed?: readonly {
    readonly id: number;
    readonly entries: number;
    readonly msgs: readonly string[];
  }[];
  /** Every message stored in this cluster, in read order. */
  readonly stored: readonly string[];
  /** On the replication target: messages the source stores that this cluster does not (yet). */
  readonly missingFromSource: { readonly from: string; readonly msgs: readonly string[] } | null;
  readonly changed: {
    readonly dedup: boolean;
    readonly pendingWrites: boolean;
    readonly ledgers: boolean;
  };
}

export interface Panels {
  readonly producers: readonly ProducerPanel[];
  readonly channels: readonly ChannelPanel[];
  readonly topics: readonly TopicPanel[];
  /** The geo-replicator, in a scenario with replication. */
  readonly replication: ReplicationPanel | null;
  /** Every link's replicator, in the scenario's order (the one above too; several with a list of links). */
  readonly replications: readonly ReplicationPanel[];
}

/** A dedup watermark: V1 per producer name (a sequence id), V2 per replicator (`_LID:_EID`). */
export interface WatermarkRow {
  /** The producer name (V1, app producers) or the replicator's name without the suffix (V2). */
  readonly name: string;
  readonly kind: 'sequence' | 'position';
  /** `none` when the broker has no entry (it accepts everything from that name). */
  readonly pushed: string;
  readonly persisted: string;
}
