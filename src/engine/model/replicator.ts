// The geo-replicator in the source cluster (`PersistentReplicator`) and its cursor on the source
// topic. Plain data, like the rest of the world.
import type { Position } from './topic';

/** `ManagedCursorImpl` of the replicator (`pulsar.repl.<remote>`) on the source topic. */
export interface ReplicatorCursor {
  readPosition: Position;
  markDeletePosition: Position;
  /** `individualDeletedMessages`: deleted positions above the mark-delete, in order. */
  individuallyDeleted: Position[];
  /**
   * The entries a message-TTL check mark-deleted before they were delivered
   * (`PersistentMessageExpiryMonitor`), in order; absent until one did. Kept so a loss the TTL
   * caused is told apart from the delete of a replicated entry.
   */
  expired?: readonly Position[];
  /**
   * With `cursorWrites: "in-flight"` only: what the cursor ledger holds — the mark-delete and the
   * individually deleted entries of the last write (`persistPositionToLedger`). The source topic's
   * next load recovers the cursor from it (`ManagedCursorImpl.recoverFromLedger`).
   */
  persisted?: { markDeletePosition: Position; individuallyDeleted: Position[] };
  /**
   * With `cursorWrites: "in-flight"` only, during an ownership change: the broker whose load opened
   * the cursor ledger with recovery (fencing it) while the old owner still serves the topic, until
   * the clients move (PersistentReplicatorCursorFencing.ts). `persisted` is then what it loaded.
   */
  loadedBy?: string;
  /**
   * What the old owner wrote to the cursor's metadata-store node after its write to the fenced
   * cursor ledger failed (`persistPositionToMetaStore`); the new owner keeps the cursor it loaded.
   */
  metaStore?: { markDeletePosition: Position; individuallyDeleted: Position[] };
}

/** `PersistentReplicator` / `GeoPersistentReplicator` in the source cluster. */
export interface ReplicatorState {
  /** `Started`; `Terminated` is the visible, alarmed stop of seed 000's proposed fixes. */
  state: 'Started' | 'Terminated';
  cursor: ReplicatorCursor;
  /**
   * Its source topic's close waits for this replicator's producer to close before it closes the
   * managed ledger (`PersistentTopic.close(false)`, the admin topic unload): until that close is
   * answered, receipts still delete on the open cursor. Absent otherwise.
   */
  closeWaitsForClients?: true;
  /** Why it terminated (shown in the UI). */
  reason: string;
}
