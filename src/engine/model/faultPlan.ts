// A scenario's fault plan: the faults it injects, the triggers that fire them, and the names of
// their kinds. The kinds the explorer may place, and whether a kind can ever act on a scenario's
// clusters and senders, are in faultScope.ts.

export type Trigger =
  | { readonly step: number }
  /** Extension: fires once nothing but faults is enabled (the run would otherwise end). */
  | { readonly when: 'quiescent' }
  | {
      readonly event: 'sent' | 'received' | 'persisted' | 'acked';
      readonly message: string;
      readonly cluster?: string;
    };

export type FaultSpec =
  | { readonly kind: 'lose-receipt'; readonly message: string; readonly cluster: string }
  | { readonly kind: 'persist-fails'; readonly message: string; readonly cluster: string }
  /**
   * Extension: the consumer's connection drops while its CommandAck for the entry holding `message`
   * is on its way (`subscription`'s, whose `acks` is "in-flight"): the broker sends the entry again.
   */
  | {
      readonly kind: 'lose-ack';
      readonly message: string;
      readonly cluster: string;
      readonly subscription: string;
    }
  | {
      readonly kind: 'checksum-error';
      readonly message: string;
      readonly cluster: string;
      readonly localBufferCorrupted: boolean;
    }
  | {
      readonly kind: 'not-allowed';
      readonly message: string;
      readonly cluster: string;
      readonly times: number;
    }
  | { readonly kind: 'disconnect'; readonly producer: string; readonly after: Trigger }
  | { readonly kind: 'restart-producer'; readonly producer: string; readonly after: Trigger }
  /**
   * `scope` 'topic' (extension): `pulsar-admin topics unload` — `PersistentTopic.close(false)`, which
   * closes the managed ledger only once its clients (the replicator's producer) have closed. Absent:
   * a bundle unload, `closeWithoutWaitingClientDisconnect` (NamespaceService.unloadNamespaceBundle's default).
   */
  | {
      readonly kind: 'unload-topic';
      readonly cluster: string;
      readonly scope?: 'topic';
      readonly after: Trigger;
    }
  /**
   * An operator switches the topic's deduplication policy on or off while it runs
   * (`pulsar-admin topics set-deduplication`, or the namespace's): the broker's
   * `PersistentTopic.checkDeduplicationStatus` → `MessageDeduplication.checkStatus`.
   */
  | {
      readonly kind: 'set-deduplication';
      readonly cluster: string;
      readonly enabled: boolean;
      readonly after: Trigger;
    }
  | {
      readonly kind: 'ownership-change';
      readonly cluster: string;
      readonly to: string;
      readonly after: Trigger;
    }
  /**
   * The topic's message TTL has passed for every entry it has confirmed: the broker's expiry check
   * (`PersistentTopic.checkMessageExpiry`) mark-deletes every subscription's and replicator's cursor
   * up to the last confirmed entry (`PersistentMessageExpiryMonitor`).
   */
  | { readonly kind: 'expire-messages'; readonly cluster: string; readonly after: Trigger }
  /**
   * An operator trims the topic (`pulsar-admin topics trim-topic`), or the broker's own background
   * trim runs (`ManagedLedgerImpl.trimConsumedLedgersInBackground`), with retention 0: the ledgers
   * wholly before the slowest durable cursor's mark-delete are deleted, never the current one.
   */
  | { readonly kind: 'trim-topic'; readonly cluster: string; readonly after: Trigger }
  /**
   * The process of the broker serving the topic dies; `to` loads the topic after it (null: the
   * same broker, once it has restarted). Unlike ownership-change, the old owner never acts again.
   */
  | {
      readonly kind: 'restart-broker';
      readonly cluster: string;
      readonly to: string | null;
      readonly after: Trigger;
    }
  | { readonly kind: 'slow-bookie'; readonly bookie: string; readonly message?: string }
  /**
   * The bookie's process dies and comes back (one step): requests in flight to it and its answers
   * in flight are lost, what it journaled (entries, fenced flags) stays, and the writer's adds still
   * waiting for it fail (BookieHandleNotAvailable) into an ensemble change or a rollover.
   */
  | { readonly kind: 'restart-bookie'; readonly bookie: string; readonly after: Trigger }
  /**
   * The application producer's send timer fires while `message` is pending (it has waited longer
   * than sendTimeoutMs); optionally only once `after` fired. The replicator's producer has
   * sendTimeout 0, so it never applies to it.
   */
  | { readonly kind: 'send-timeout'; readonly message: string; readonly after?: Trigger }
  /**
   * Extension: the context of a Go application's `SendAsync` of `message` ends while the send waits
   * for a permit or for its client's memory (ErrContextExpired); optionally only once `after` fired.
   */
  | { readonly kind: 'context-expired'; readonly message: string; readonly after?: Trigger }
  | {
      readonly kind: 'duplicate-frames';
      readonly producer: string;
      readonly atSend: number;
      readonly frames: readonly string[];
    };

export type FaultKind = FaultSpec['kind'];
export const FAULT_KINDS: readonly FaultKind[] = [
  'lose-receipt',
  'persist-fails',
  'checksum-error',
  'not-allowed',
  'disconnect',
  'restart-producer',
  'send-timeout',
  'unload-topic',
  'duplicate-frames',
  'ownership-change',
  'slow-bookie',
  'restart-broker',
  'restart-bookie',
  'set-deduplication',
  'expire-messages',
  'trim-topic',
  'lose-ack',
  'context-expired',
];
