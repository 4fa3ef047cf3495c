// The panel view-models: what the UI shows per step, as plain data (built by panels.ts).

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

/** One entry of the source topic, as the replicator's cursor sees it. */
export interface SourceEntryView {
  readonly position: string;
  /** Message ids; entries that existed before the run have none (named by position). */
  readonly msgs: readonly string[];
  /** A chunk entry's names with their place (`M1[2/2]`, as the Topic panel and the diagram write them); absent: `msgs`. */
  readonly names?: readonly string[];
  /** At or below the cursor's markDeletePosition. */
  readonly markDeleted: boolean;
  /** In `individualDeletedMessages` (deleted above the mark-delete). */
  readonly individuallyDeleted: boolean;
  /** Mark-deleted by a message-TTL check (`PersistentMessageExpiryMonitor`), not by its delivery. */
  readonly expired: boolean;
  /**
   * Of an `expired` entry the replicator had already read: what became of its send, which the
   * expiry does not stop (the geo producer's pending op goes on; its receipt deletes nothing more).
   * `in-flight`: still pending; `stored-at-remote`: the remote stores its messages all the same — the
   * TTL expired it at the source while the send was on its way. Absent otherwise (an expired entry
   * never sent, or whose send failed and was not resent, is `lostAtRemote`).
   */
  readonly expiredSend?: 'in-flight' | 'stored-at-remote';
  /** The cursor's read position points at this entry (the next read starts here). */
  readonly atReadPosition: boolean;
  /** Sent by the geo producer and still in its pendingMessages. */
  readonly pending: boolean;
  /**
   * Deleted at the source (either way) while the remote does not store its messages — and, for an
   * entry the TTL expired, no send of it is still pending (`no-silent-loss` waits for that too).
   */
  readonly lostAtRemote: boolean;
  /**
   * Why the replicator skipped the entry unsent, in its words: `replicate_to excludes us-west`
   * (`GeoPersistentReplicator.replicateEntries`). Absent when its replicate_to names the remote or
   * is empty.
   */
  readonly skipped?: string;
}

/** Which `GeoReplicationProducerImpl.ackReceivedReplicatedMsg` branch one receipt took. */
export interface ReceiptCaseView {
  readonly step: number;
  /** `Case-1`, `Case-1 (sentinel-not-confirmed)`, `Case-2`, `Case-3`, `Case-5`, `no pending op`. */
  readonly case: string;
  /** The rule id, e.g. `GeoReplicationProducerImpl.ackReceivedReplicatedMsg:case-3`. */
  readonly rule: string;
  readonly text: string;
  /** Messages the branch completed (success or failure). */
  readonly msgs: readonly string[];
}

/** The geo-replicator: its cursor on the source topic and its producer to the remote cluster. */
export interface ReplicationPanel {
  /** With several links: the link's key (`replicator:<from>-><to>`); absent for the only link. */
  readonly key?: string;
  readonly from: string;
  readonly to: string;
  readonly dedup: 'v1' | 'v2';
  readonly state: 'Started' | 'Terminated';
  /** Why it terminated ('' while Started). */
  readonly reason: string;
  readonly readPosition: string;
  readonly markDeletePosition: string;
  readonly individuallyDeleted: readonly string[];
  /** The read position is past the last entry (nothing left to read). */
  readonly readAtEnd: boolean;
  readonly entries: readonly SourceEntryView[];
  readonly producer: {
    /** `pulsar.repl.<from>--><to>`: the name the remote's dedup keys by (V2). */
    readonly wireName: string;
    readonly state: string;
    readonly closed: boolean;
    /** The connection negotiated PR 23697's V2 dedup (`supports_repl_dedup_by_lid_and_eid`). */
    readonly replDedupV2: boolean | null;
    readonly lastPersistedSource: string;
    /** Each pending op's source position(s) and message ids, head first. */
    readonly pending: readonly { readonly sourcePositions: readonly string[]; readonly msgs: readonly string[] }[];
  };
  /** Receipts the geo producer handled up to this step, with the Case each hit (oldest first). */
  readonly receipts: readonly ReceiptCaseView[];
  readonly changed: { readonly cursor: boolean; readonly producer: boolean; readonly state: boolean };
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
