// What sits under a topic when the scenario has bookies: BookKeeper (bookies, the requests and
// answers between them and the brokers, a ledger's metadata), the metadata store (topic ownership,
// the managed ledger's ledger list with its version) and, held here, the managed ledger of the
// serving broker and a second broker taking the topic over (managedLedger.ts). Plain data, like the
// rest of the world.
import type { ManagedLedger, Takeover } from './managedLedger';

// The storage types live by concept (managedLedger.ts, subscription.ts, subscriptionAcks.ts); they are
// exported here too, where the engine's files have always imported them from.
export type {
  LedgerHandle,
  ManagedLedger,
  OpAddEntry,
  PendingAdd,
  ResentAdd,
  Takeover,
} from './managedLedger';
export type { DiscardAck, Subscription, SubscriptionReceipt } from './subscription';
export type {
  AckState,
  CommandAckInFlight,
  NegativeAcks,
  RedeliveryRequest,
} from './subscriptionAcks';

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
