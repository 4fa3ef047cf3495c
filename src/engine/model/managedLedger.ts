// The managed ledger of the serving broker's topic instance (`ManagedLedgerImpl`) when the scenario
// has bookies: the writer's `LedgerHandle` it holds, its `OpAddEntry`s, and a second broker loading
// the topic (`ManagedLedgerImpl.initialize`). Apart from BookKeeper's own state (bookkeeper.ts),
// which holds it: this is the broker's side of the storage. Plain data, like the rest of the world.
import type { Position } from './topic';

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
