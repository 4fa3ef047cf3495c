// The replicator's view-models (built by replication.ts): its cursor's view of the source
// topic, the Case each receipt took, and its producer towards the remote cluster.

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

/**
 * With `replication.cursorWrites: "in-flight"` only: the replicator's cursor as its ledger holds it
 * (`ManagedCursorImpl.persistPositionToLedger`'s last write, what `recoverFromLedger` gives back),
 * beside the cursor in memory (the panel's markDeletePosition and individuallyDeleted).
 */
export interface CursorLedgerView {
  readonly markDeletePosition: string;
  readonly individuallyDeleted: readonly string[];
  /** Source entries deleted in memory that the ledger does not hold deleted yet, oldest first. */
  readonly inMemoryOnly: readonly { readonly position: string; readonly msgs: readonly string[] }[];
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
  /** The cursor ledger's copy (`cursorWrites: "in-flight"`); absent without the option. */
  readonly cursorLedger?: CursorLedgerView;
  readonly producer: {
    /** `pulsar.repl.<from>--><to>`: the name the remote's dedup keys by (V2). */
    readonly wireName: string;
    readonly state: string;
    readonly closed: boolean;
    /** The connection negotiated PR 23697's V2 dedup (`supports_repl_dedup_by_lid_and_eid`). */
    readonly replDedupV2: boolean | null;
    readonly lastPersistedSource: string;
    /** Each pending op's source position(s) and message ids, head first. */
    readonly pending: readonly {
      readonly sourcePositions: readonly string[];
      readonly msgs: readonly string[];
    }[];
  };
  /** Receipts the geo producer handled up to this step, with the Case each hit (oldest first). */
  readonly receipts: readonly ReceiptCaseView[];
  readonly changed: {
    readonly cursor: boolean;
    readonly producer: boolean;
    readonly state: boolean;
  };
}
