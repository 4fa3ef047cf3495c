// The storage view-models (issue 4): what sits under a topic with bookies — BookKeeper's bookies,
// the metadata store, each broker's view of the managed ledger, the subscriptions. Plain data,
// built by storage.ts; the UI lays it out without knowing the world's shape.
import type { ManagedLedger } from '../model/bookkeeper';

/** One ledger as one bookie holds it. */
export interface BookieLedgerView {
  readonly id: number;
  /** Positions stored, `ledgerId:entryId`, in entry order. */
  readonly entries: readonly string[];
  readonly fenced: boolean;
}

/** A request to a bookie or an answer from it, in flight. */
export interface BkMessageView {
  /** The other end: the broker that sent the request / will receive the answer. */
  readonly peer: string;
  /** `add 3:2`, `fence 3`, `OK for 3:1`, `LedgerFenced for 3:2`, `fenced 3, holds 3:0, 3:1`. */
  readonly label: string;
  /** A slow bookie's answer, held back (delivered last). */
  readonly held: boolean;
  /** The answer is an error (LedgerFenced). */
  readonly error: boolean;
}

export interface BookieView {
  readonly name: string;
  readonly ledgers: readonly BookieLedgerView[];
  /** Requests travelling to this bookie, oldest first. */
  readonly requests: readonly BkMessageView[];
  /** This bookie's answers travelling back, oldest first (held ones included). */
  readonly answers: readonly BkMessageView[];
  readonly changed: boolean;
}

/** One ledger of the metadata store's ledger list, next to BookKeeper's own metadata for it. */
export interface RecordedLedgerView {
  readonly id: number;
  /** The entry count the managed ledger recorded (0 for the current, open ledger). */
  readonly entries: number;
  /** The last ledger of the list: the current one, whose count is not final. */
  readonly current: boolean;
  /** BookKeeper closed it with a different count than recorded (ledger-entries-match). */
  readonly mismatch: boolean;
}

/**
 * One ensemble of a ledger's metadata, keyed by its first entry id as BookKeeper keeps them
 * (`LedgerMetadata.getAllEnsembles`, a map first entry → bookies): an ensemble change
 * (`LedgerHandle.ensembleChangeLoop`) adds one from the first unconfirmed entry on.
 */
export interface EnsembleView {
  /** Its first entry id. */
  readonly first: number;
  /** The last entry it holds (the next ensemble's first − 1); null for the current (last) one. */
  readonly last: number | null;
  readonly bookies: readonly string[];
  /** `entries 0–1`, `entry 0`, `from 2`; null while the ledger has one ensemble. */
  readonly range: string | null;
}

/** BookKeeper's ledger metadata (`LedgerMetadata`): state and last entry. */
export interface LedgerMetaView {
  readonly id: number;
  readonly state: 'OPEN' | 'IN_RECOVERY' | 'CLOSED';
  /** `3:1`, or `none` while no last entry is set (lastEntryId -1). */
  readonly lastEntry: string;
  /** lastEntryId + 1 once CLOSED, else null. */
  readonly entries: number | null;
  /** The current (last) ensemble: the one a fencing read and recovery use. */
  readonly ensemble: readonly string[];
  /** Every ensemble by first entry, oldest first (one while no ensemble change happened). */
  readonly ensembles: readonly EnsembleView[];
}

/** A broker loading the topic (`ManagedLedgerImpl.initialize` after an ownership change). */
export interface TakeoverView {
  readonly broker: string;
  readonly state: 'recovering' | 'writing-metadata' | 'loaded' | 'failed';
  /** The metadata version it read the ledger list at (its compare-and-set expects it). */
  readonly readVersion: number;
  /** The ledger it opened with recovery. */
  readonly recovering: number;
  /** Bookies whose fencing read answered, out of the ledger's ensemble. */
  readonly answered: readonly string[];
  readonly ensemble: readonly string[];
  /** Highest entry the answers hold so far (`3:1`), or `none`. */
  readonly recoveredLast: string;
  /** The ledger list it will write (`3:{2}`). */
  readonly ledgers: readonly { readonly id: number; readonly entries: number }[];
  readonly reason: string;
}

export interface MetadataView {
  /** The broker the metadata store says owns the topic. */
  readonly owner: string;
  /** The broker whose topic instance serves it (believes it owns it). */
  readonly servedBy: string;
  readonly version: number;
  readonly ledgers: readonly RecordedLedgerView[];
  readonly bkLedgers: readonly LedgerMetaView[];
  readonly takeover: TakeoverView | null;
}

/** A `PendingAddOp` of the serving broker's ledger handle. */
export interface PendingAddView {
  readonly position: string;
  /** Bookies that answered OK. */
  readonly acks: readonly string[];
}

/** The serving broker's `ManagedLedgerImpl`. */
export interface ManagedLedgerView {
  readonly state: ManagedLedger['state'];
  /** Its in-memory ledger list and the version it was read or written at. */
  readonly ledgers: readonly { readonly id: number; readonly entries: number }[];
  readonly version: number;
  /** Current ledger (the handle's), null while creating one. */
  readonly currentLedger: number | null;
  /** Last add confirmed, as a position (`4:1`), `none` (-1), or null without a handle. */
  readonly lac: string | null;
  /** `lastConfirmedEntry`: the last position whose add completed (kept across a ledger close). */
  readonly lastConfirmedEntry: string;
  readonly pending: readonly PendingAddView[];
  readonly ackQuorum: number;
  /** OpAddEntry not yet completed: queued (no ledger yet) or bound to a position. */
  readonly ops: readonly string[];
}

export interface BrokerView {
  readonly name: string;
  /** Its topic instance serves the topic (it believes it owns it). */
  readonly serving: boolean;
  /** The metadata store names it as the owner. */
  readonly metadataOwner: boolean;
  /** The serving broker's managed ledger; null for the others. */
  readonly ml: ManagedLedgerView | null;
  /** This broker is loading the topic (or failed to). */
  readonly takeover: TakeoverView | null;
}

export interface SubscriptionView {
  readonly name: string;
  readonly broker: string;
  /** Its broker serves the topic (the consumer can receive). */
  readonly serving: boolean;
  readonly markDelete: string;
  readonly individuallyDeleted: readonly string[];
  /**
   * Each entry the consumer received, with the messages it delivered — none for a chunk it
   * discarded (`discarded` says why: its message is lost to this subscription).
   */
  readonly received: readonly {
    readonly position: string;
    readonly msgs: readonly string[];
    readonly discarded?: string;
    /** A redelivery (`acks: "in-flight"`): why the broker sent this entry again. */
    readonly redelivered?: string;
  }[];
  /**
   * With `acks: "in-flight"` only: the CommandAcks on their way to the broker, and the mark-delete
   * the cursor ledger holds (what a broker recovering the cursor gets back), with the individually
   * deleted entries it holds beside it (`persistedDeleted`, absent when none).
   */
  readonly acks?: {
    /** One per CommandAck: its position, or a chunked message's chunks joined by `+` (its `ack:` key). */
    readonly inFlight: readonly string[];
    readonly persisted: string;
    readonly persistedDeleted?: readonly string[];
    /** Chunks whose CommandAck waits until their message is whole (session 22); absent when none. */
    readonly held?: readonly ChunkedMessageView[];
  };
  /**
   * The chunked messages whose chunk ids the consumer keeps together — in a CommandAck on its way,
   * in the NegativeAcksTracker, behind the ack timeout's id (`unAckedChunkedMessageIdSequenceMap`) —
   * so the panel can say "M1 (chunks 10:0, 10:1)" where it lists their positions (session 22);
   * absent when none.
   */
  readonly chunked?: readonly ChunkedMessageView[];
  /**
   * With `negativeAcknowledge` or `ackTimeout` only (NegativeAcksTracker.ts, UnAckedMessageTracker.ts):
   * the entries the NegativeAcksTracker holds, those the application still works on and those the
   * UnAckedMessageTracker times, and the redelivery request on its way (null when none), in words.
   */
  readonly redelivery?: {
    readonly nacked: readonly string[];
    readonly processing: readonly string[];
    readonly timed: readonly string[];
    readonly request: string | null;
  };
  /** `ManagedCursorImpl.getNumberOfEntriesInBacklog`, from the recorded counts (as the invariant). */
  readonly backlog: number;
  /** The last confirmed entry the backlog counts up to (`4:1`), or null. */
  readonly lastConfirmed: string | null;
  /** The mark-delete sits on a position the ledger list does not record (acked-positions-exist). */
  readonly ackedMissing: string | null;
}

/** A chunked message as a consumer's acknowledgements name it: its id and its chunks' positions. */
export interface ChunkedMessageView {
  readonly msg: string;
  readonly chunks: readonly string[];
}

export interface StoragePanel {
  readonly cluster: string;
  readonly quorum: {
    readonly ensemble: number;
    readonly writeQuorum: number;
    readonly ackQuorum: number;
  };
  readonly bookies: readonly BookieView[];
  readonly metadata: MetadataView;
  readonly brokers: readonly BrokerView[];
  readonly subscriptions: readonly SubscriptionView[];
  readonly changed: {
    readonly metadata: boolean;
    readonly brokers: boolean;
    readonly subscriptions: boolean;
  };
}
