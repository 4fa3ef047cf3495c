// What sits under a topic when the scenario has bookies: BookKeeper (bookies, the writer's ledger
// handle, ledger recovery by another client), the metadata store (topic ownership, the managed
// ledger's ledger list with its version), the managed ledger of the serving broker, and a second
// broker taking the topic over. Plain data, like the rest of the world.
import type { MsgRef } from './producer';
import type { ChunkContexts, Position } from './topic';

/** One bookie: the entry ids it stores per ledger, and whether the ledger is fenced on it. */
export interface Bookie {
  ledgers: Record<string, { entries: number[]; fenced: boolean }>;
}

/** A request from a broker (writer or recovering client) to a bookie, in flight. */
export interface BkRequest {
  readonly from: string;
  readonly to: string;
  readonly kind: 'add' | 'fence';
  readonly ledgerId: number;
  readonly entryId: number;
  readonly born: number;
}

/** A bookie's answer, in flight back to the broker. `held`: a slow bookie's, taken last. */
export interface BkAnswer {
  readonly from: string;
  readonly to: string;
  readonly kind: 'add' | 'fence';
  readonly ledgerId: number;
  readonly entryId: number;
  readonly rc: 'OK' | 'LedgerFenced';
  /** For a fence answer: the entry ids this bookie holds for the ledger. */
  readonly holds: readonly number[];
  readonly held: boolean;
  readonly born: number;
}

/** `PendingAddOp` in the writer's `LedgerHandle`. */
export interface PendingAdd {
  readonly entryId: number;
  /** Bookies that answered OK. */
  acks: string[];
}

/** The writer's `LedgerHandle` of the current ledger. */
export interface LedgerHandle {
  readonly ledgerId: number;
  /** The current (last) ensemble: an ensemble change replaces it (`LedgerHandle.getCurrentEnsemble`). */
  ensemble: readonly string[];
  /** Last add confirmed: the writer's own confirmed prefix. */
  lac: number;
  pending: PendingAdd[];
  closed: boolean;
  /**
   * `delayedWriteFailedBookies`: bookies that answered an error after their add had completed
   * (ack quorum < write quorum); the next add's ensemble change acts on them. Absent when none.
   */
  delayedWriteFailed?: string[];
}

/** `OpAddEntry`: a write the managed ledger has not completed (queued or bound to an entry). */
export interface OpAddEntry {
  /** Index into the topic's `pendingWrites` identity: the write's birth tick. */
  readonly write: number;
  /** Where it was initiated (-1: waiting for a ledger). */
  position: Position | null;
  /** Where it was initiated before and failed, and why: see `ResentAdd`; absent on a first try. */
  resentAdd?: ResentAdd;
}

/**
 * An add the managed ledger tried before (`tries`, oldest first) and failed (`error`):
 * `OpAddEntry.handleAddFailure` leaves the op queued and `updateLedgersIdsComplete` initiates it
 * again into the next ledger — below `MessageDeduplication`, so no publish made the new copy. For
 * words only (`no-duplicates`' detail): the explorer's fingerprint drops it (explore/fingerprint.ts),
 * as the rest of the state already tells the tries apart.
 */
export interface ResentAdd {
  readonly tries: readonly Position[];
  readonly error: string;
}

/** BookKeeper's own ledger metadata in the metadata store. */
export interface LedgerMetadata {
  /** IN_RECOVERY from the moment another client opens it with recovery. */
  state: 'OPEN' | 'IN_RECOVERY' | 'CLOSED';
  lastEntryId: number;
  /** The current (last) ensemble: the one a fencing read and recovery use. */
  ensemble: readonly string[];
  /**
   * After an ensemble change (`LedgerHandle.ensembleChangeLoop`): the first entry id of the current
   * ensemble, and the ensembles before it by first entry. Absent while the ledger has one ensemble
   * (from entry 0).
   */
  currentFrom?: number;
  earlier?: readonly { readonly first: number; readonly ensemble: readonly string[] }[];
}

/** The managed ledger (`ManagedLedgerImpl`) of the serving broker's topic instance. */
export interface ManagedLedger {
  /**
   * `ClosingLedger`: the current ledger is full (`currentLedgerIsFull`); its last add is in flight and
   * new adds queue until the next ledger is created. `Crashed`: not a Pulsar state — the broker
   * process holding this instance died (restart-broker). `Closed`: an admin topic unload closed it
   * (`ManagedLedgerImpl.asyncClose`) and the topic is not loaded again until its replicators'
   * producer closes are done (`TopicState.closing`).
   */
  state: 'LedgerOpened' | 'ClosingLedger' | 'CreatingLedger' | 'Fenced' | 'Crashed' | 'Closed';
  /** In-memory ledger list (`ledgers`) and the metadata version it was read or written at. */
  ledgers: { id: number; entries: number }[];
  version: number;
  handle: LedgerHandle | null;
  /** `lastConfirmedEntry`: the last position whose add completed (kept when a ledger closes). */
  lastConfirmedEntry: Position;
  /** Adds initiated into the current ledger (`currentLedgerEntries`). */
  currentLedgerEntries: number;
  ops: OpAddEntry[];
}

/** A second broker loading the topic after an ownership change (`ManagedLedgerImpl.initialize`). */
export interface Takeover {
  readonly broker: string;
  state: 'recovering' | 'writing-metadata' | 'loaded' | 'failed';
  readonly readVersion: number;
  ledgers: { id: number; entries: number }[];
  readonly recovering: number;
  /** Bookies whose fencing answer arrived while the fencing read was still open, in that order. */
  answered: string[];
  /** What each of them held when fenced (`LedgerRecoveryOp` reads it forward). */
  holds: Record<string, readonly number[]>;
  /** The last entry recovery reaches with what has answered so far. */
  recoveredLast: number;
  reason: string;
  /**
   * The broker whose process died (restart-broker): no old owner acts or holds clients while this
   * load runs, so the topic is served once it is loaded. Absent for an ownership change, whose old
   * owner keeps acting until its managed ledger fences itself.
   */
  readonly crashed?: string;
}

export interface BkState {
  readonly ensembleSize: number;
  readonly writeQuorum: number;
  readonly ackQuorum: number;
  bookies: Record<string, Bookie>;
  requests: BkRequest[];
  answers: BkAnswer[];
  ledgerMeta: Record<string, LedgerMetadata>;
  /** The metadata store: topic owner, ledger list and its version, next ledger id. */
  metadata: {
    owner: string;
    ledgers: { id: number; entries: number }[];
    version: number;
    nextLedgerId: number;
  };
  ml: ManagedLedger;
  takeover: Takeover | null;
}

/** A subscription's cursor and the consumer attached on one broker. */
export interface Subscription {
  readonly name: string;
  /** The broker serving its consumer: the topic's owner once the consumer followed a move. */
  broker: string;
  markDeletePosition: Position;
  individuallyDeleted: Position[];
  /**
   * Entries the consumer received and acknowledged, in order, with their producer (a chunk's uuid is
   * `producerName-sequenceId`) and, for a chunk the consumer discarded, why (`ConsumerImplReceive.ts`).
   */
  received: SubscriptionReceipt[];
  /**
   * The entries a message-TTL check mark-deleted before the consumer received them
   * (`PersistentMessageExpiryMonitor`), in order; absent until one did. Kept so a chunk whose first
   * chunk the TTL took can say so.
   */
  expired?: readonly Position[];
  /**
   * The consumer's open chunked messages after the last entry it received, carried to the next
   * (`ConsumerImplReceive.ts`); absent while it holds none.
   */
  chunks?: ChunkContexts;
  /**
   * Present only with `acks: "in-flight"` (ConsumerAcks.ts): the dispatcher's read position (the
   * last entry it sent the consumer), the CommandAcks on their way to the broker, the mark-delete
   * the cursor ledger holds (what a broker that recovers the cursor gets back), and, for entries a
   * rewind will send again, why.
   */
  acked?: AckState;
}

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
   * cannot ask for the same entry forever).
   */
  timedOutOnce?: string[];
  /**
   * With `ackTimeout`, the chunked messages the application was handed and whose chunk ids the
   * consumer still keeps (`unAckedChunkedMessageIdSequenceMap`, ConsumerChunkAckTimeout.ts): the
   * message id's `L:E` (its last chunk's position) → every chunk's position, in order. Absent while none.
   */
  chunkIds?: Record<string, Position[]>;
}

/** A discarded chunk's ack: sent (`doAcknowledge`) or left to `trackMessage`, in words that say why. */
export interface DiscardAck {
  readonly acknowledged: boolean;
  readonly why: string;
}

/** One entry a subscription's consumer received (`ConsumerImpl.messageReceived`). */
export interface SubscriptionReceipt {
  readonly position: Position;
  readonly producerName: string;
  readonly msgs: readonly MsgRef[];
  /** Why `ConsumerImpl.processMessageChunk` discarded this chunk, losing its message to this consumer; absent otherwise. */
  readonly discarded?: string;
  /** With `discarded`: whether the consumer acknowledges the chunk, and why (ConsumerImplUnexpectedChunk.ts). */
  readonly discardAck?: DiscardAck;
  /** Other messages this entry made the consumer drop (the pending limit's eviction), and why; absent otherwise. */
  readonly othersLost?: string;
  /** A redelivery (`acks: "in-flight"`): why the broker sent this entry again. */
  readonly redelivered?: string;
}
