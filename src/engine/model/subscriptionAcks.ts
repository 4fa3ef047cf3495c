// A subscription's acknowledgements when its scenario asks for them in flight (`acks: "in-flight"`):
// the CommandAcks on their way, what the cursor ledger and the metadata store hold, and the
// consumer's negative acks and ack timeout. Apart from the subscription (subscription.ts) because
// only the in-flight protocol files (ConsumerAcks.ts and the files it names) read them.
import type { Position } from './topic';

/**
 * One CommandAck on the consumer's connection: the positions it carries, in order (several only for
 * a chunked message's chunks, which `PersistentAcknowledgmentsGroupingTracker` sends in one command),
 * and when it left.
 */
export interface CommandAckInFlight {
  readonly positions: readonly Position[];
  readonly born: number;
}

/** A subscription's acknowledgements in flight (`acks: "in-flight"`). */
export interface AckState {
  readPosition: Position;
  /**
   * The CommandAcks on their way, oldest first, each one frame with the positions it acknowledges:
   * one, or every chunk of a chunked message (`Commands.newMultiMessageAck`, ConsumerChunkAcks.ts).
   */
  inFlight: CommandAckInFlight[];
  persisted: Position;
  /**
   * The individually deleted entries the cursor ledger holds with `persisted` (ManagedCursorLedger.ts:
   * `persistPositionToLedger` writes both); absent while it holds none.
   */
  persistedDeleted?: Position[];
  /**
   * The individually deleted entries the last write left out: ranges past
   * `managedLedgerMaxUnackedRangesToPersist` (ManagedCursorLedger.ts); absent when none.
   */
  persistedCut?: Position[];
  /**
   * The broker whose topic load opened this cursor's ledger with recovery, after which the old
   * owner's write failed (ManagedCursorFencing.ts); absent otherwise, cleared when the consumer moves.
   */
  cursorLedgerFenced?: string;
  /**
   * The cursor's metadata-store node as an old owner wrote it after its fenced cursor-ledger write
   * (`persistPositionToMetaStore`, ManagedCursorFencing.ts): what a later load reads instead of
   * `persisted`. `refreshed`: the serving broker's BadVersion made it re-read the node's version.
   */
  metaStore?: {
    readonly by: string;
    readonly markDelete: Position;
    readonly deleted?: readonly Position[];
    readonly cut?: readonly Position[];
    refreshed?: true;
  };
  /** `L:E` → why that entry is sent again (set by a rewind, cleared once it is received again). */
  redeliver: Record<string, string>;
  /**
   * The chunks of messages the consumer has not assembled whole yet, whose CommandAck waits for the
   * message (ConsumerChunkAcks.ts: `unAckedChunkedMessageIdSequenceMap`), each with its message's
   * uuid; absent until a chunk was received. Once present the cursor deletes with holes in mind.
   */
  chunkAcks?: { readonly position: Position; readonly uuid: string }[];
  /**
   * Present only with `negativeAcknowledge` or `ackTimeout` (NegativeAcksTracker.ts,
   * UnAckedMessageTracker.ts): the consumer's negative acks, slow acks and redelivery requests.
   */
  nack?: NegativeAcks;
}

/** A CommandRedeliverUnacknowledgedMessages on its way (`NegativeAcks.command`, `.queued`). */
export interface RedeliveryRequest {
  behind: number;
  readonly nacked: readonly Position[];
  /** The entries whose ack timeout sent it (`ackTimeout`). */
  readonly timedOut?: readonly Position[];
  readonly born: number;
}

/** A consumer's negative acknowledgements (`subscriptions[].negativeAcknowledge`). */
export interface NegativeAcks {
  /** Entries the application negatively acknowledged, waiting out negativeAckRedeliveryDelay in the tracker. */
  held: Position[];
  /**
   * The CommandRedeliverUnacknowledgedMessages on its way to the broker, behind `behind` CommandAcks
   * sent before it on the same connection (they land first); the entries whose nack sent it, and when. Absent
   * while none is on its way. While present the consumer's epoch is ahead of the broker's.
   */
  command?: RedeliveryRequest;
  /**
   * Requests sent after `command` while it was still on its way (`ConsumerImpl.
   * redeliverUnacknowledgedMessages` has no guard: each call is a new epoch and a new command), in
   * order; each one's `behind` counts the CommandAcks between it and the request before it. Absent
   * while none.
   */
  queued?: RedeliveryRequest[];
  /** Messages the application negatively acknowledged already: when they come again it acknowledges them. */
  done: string[];
  /**
   * Present only with `ackTimeout` (UnAckedMessageTracker.ts): the entries the application received
   * and is still processing, oldest first (it acknowledges them in that order), and those the
   * UnAckedMessageTracker times (a redelivery request clears it; the application keeps processing).
   */
  processing?: Position[];
  tracked?: Position[];
  /**
   * `L:E` of the entries an ack timeout asked for already: their copies are not timed again (the
   * model's bound — the application is slower than ackTimeoutMillis once per entry — so the timer
   * cannot ask for the same entry forever). A discarded chunk's copy asked for is acknowledged
   * (ConsumerImplUnexpectedChunk.ts: Java's rounds until its publish time is past the limit, as one).
   */
  timedOutOnce?: string[];
  /**
   * With `ackTimeout`, the chunked messages the application was handed and whose chunk ids the
   * consumer still keeps (`unAckedChunkedMessageIdSequenceMap`, ConsumerChunkAckTimeout.ts): the
   * message id's `L:E` (its last chunk's position) → every chunk's position, in order. Absent while none.
   */
  chunkIds?: Record<string, Position[]>;
}
