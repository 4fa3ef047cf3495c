// Everything that can happen next, as tagged values with stable, readable keys.
//
// Key grammar (part of the public contract; `<label>` is the message ids of a frame joined by `+`):
//   deliver:<producer>-><broker>:<label>     a CommandSend reaches the broker (head of the channel)
//   deliver:<broker>-><producer>:<label>     a receipt or error reaches the client (head of the channel)
//   deliver:<broker>-><producer>:CloseProducerSuccess   the broker's answer to a close the application
//                                            asked for (restart-producer on a shared pulsarClient), or
//                                            to the replicator's close when its source topic closed
//   persist:<cluster>:<label>                the head ledger write completes
//   read:replicator                          the replicator reads what its cursor can see and sends it
//   read:replicator:<from>-><to>             with several replication links: that link's replicator reads
//                                            (its producer key `replicator:<from>-><to>` stands for
//                                            <producer> in every other key)
//   connect:<producer>                       CommandProducer → ProducerSuccess, then resend all pending
//   send:<producer>:<msg>                    the next workload item: the application sends <msg>
//   flush:<producer>                         the next workload item: an explicit flush
//   batch-timer:<producer>                   the max-publish-delay timer flushes the open batch
//   chunk-expiry:<cluster>                   the consumer's expiry timer drops the oldest incomplete
//                                            chunked message (consumer.expireTimeOfIncompleteChunkedMessageMillis)
//   deliver:<broker>-><bookie>:<ledger>:<entry>   an add request reaches a bookie (`fence-<ledger>` for a fencing read)
//   deliver:<bookie>-><broker>:<ledger>:<entry>   a bookie's answer reaches the broker (held back when slow)
//   metadata:<broker>:ledgers                 a managed ledger writes its ledger list (compare-and-set)
//   consume:<subscription>:<ledger>:<entry>   the consumer receives that entry and acknowledges it
//                                            (with `acks: "in-flight"`: its CommandAck leaves)
//   ack:<subscription>:<ledger>:<entry>       (`acks: "in-flight"`) the head CommandAck reaches the broker;
//                                            a chunked message's one CommandAck names every chunk,
//                                            joined by `+`: ack:<subscription>:10:0+10:1 (session 22)
//   persist-cursor:<subscription>:<ledger>:<entry>  (`acks: "in-flight"`) the mark-delete reaches the cursor ledger
//   persist-replicator-cursor:<ledger>:<entry>   (`replication.cursorWrites: "in-flight"`) the replicator's
//                                            cursor's mark-delete <ledger>:<entry> and its deleted entries
//                                            reach the cursor ledger; with several links
//                                            persist-replicator-cursor:<from>-><to>:<ledger>:<entry>
//   negative-ack:<subscription>               (`negativeAcknowledge`) the NegativeAcksTracker's timer fires: the
//                                            consumer's CommandRedeliverUnacknowledgedMessages leaves
//   redeliver:<subscription>                  (`negativeAcknowledge`, `ackTimeout`) the consumer's redelivery
//                                            request reaches the broker, which rewinds
//   acknowledge:<subscription>:<ledger>:<entry>  (`ackTimeout`) the application acknowledges that entry
//   ack-timeout:<subscription>                (`ackTimeout`) the UnAckedMessageTracker's timer fires: the
//                                            consumer's CommandRedeliverUnacknowledgedMessages leaves
//   replay:<cluster>:dedup-cursor             the replay of a dedup cursor a runtime switch on created
//                                            completes (MessageDeduplication Recovering → Enabled)
//   dedup-snapshot:<cluster>                 the broker's snapshot timer: the dedup map is stored in the
//                                            dedup cursor at the last confirmed entry (takeSnapshot; only
//                                            with topic.deduplicationSnapshotTimer)
//   dedup-purge:<cluster>:<producer name>    the name has been gone longer than the inactivity timeout:
//                                            dedup forgets it (purgeInactiveProducers; only with
//                                            topic.deduplicationInactivityPurge)
//   fault:<kind>:<subject>[@<cluster>][:<variant>]   a fault (from the plan, or placed by the explorer)
//   fault:unload-topic:<cluster>[:topic]     the topic unloads and loads again: a bundle unload, or
//                                            (`:topic`) `pulsar-admin topics unload`, whose close
//                                            waits for the replicator's producer to close
//   fault:ownership-change:<cluster>:<broker> the topic's ownership moves to <broker>
//   fault:restart-broker:<cluster>[:<broker>]  the broker serving the topic crashes; it restarts and
//                                            loads the topic again (no <broker>), or <broker> loads it
//   fault:set-deduplication:<cluster>:on|off  an operator switches the topic's deduplication policy
//                                            on or off (MessageDeduplication.checkStatus)
//   fault:expire-messages:<cluster>          the topic's message TTL passed for every confirmed entry:
//                                            its subscriptions' and replicators' cursors are
//                                            mark-deleted up to the last one (checkMessageExpiry)
//   fault:trim-topic:<cluster>               the topic's consumed ledgers are trimmed (retention 0): those
//                                            wholly before the slowest durable cursor's mark-delete,
//                                            never the current one (internalTrimLedgers)
//   fault:restart-bookie:<bookie>            the bookie's process dies and comes back (every cluster
//                                            that lists <bookie>): what it had in flight is lost
//   fault:send-timeout:<msg>[#<n>]            the send timer of the application producer that has
//                                            <msg> pending fires (no cluster: it acts in the client);
//                                            Go: the items up to the n-th pending item holding <msg>
//                                            fail (no #<n>: the first; the explorer writes #<n> from 2)
//   fault:context-expired:<msg>              the context of the Go application's SendAsync of <msg>,
//                                            blocked for a permit or for memory, ends (ErrContextExpired)
//   fault:lose-ack:<msg>@<cluster>:<subscription>  the consumer's connection drops with the CommandAck
//                                            of <msg>'s entry on it; the broker rewinds and sends again
//   fault:disconnect:<producer>              the TCP connection <producer> is registered on drops, with
//                                            every producer of its pulsarClient on it (the explorer
//                                            names a shared connection by its first producer)
//   fault:duplicate-frames:<producer>:<n>    (explorer) the open channel's n-th send from now re-writes
//                                            every frame written on it since, then it drops all sends

export type FaultAction =
  | {
      readonly kind: 'lose-receipt' | 'persist-fails';
      readonly message: string;
      readonly cluster: string;
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
  /** Extension: `subscription`'s consumer connection drops with the CommandAck of `message`'s entry on it. */
  | {
      readonly kind: 'lose-ack';
      readonly message: string;
      readonly cluster: string;
      readonly subscription: string;
    }
  | { readonly kind: 'disconnect' | 'restart-producer'; readonly producer: string }
  /** `nth` (Go, explorer only): the n-th pending item holding `message` expired; absent: the first. */
  | { readonly kind: 'send-timeout'; readonly message: string; readonly nth?: number }
  /** Extension: the context of the Go application's blocked `SendAsync` of `message` ends. */
  | { readonly kind: 'context-expired'; readonly message: string }
  /** `scope` 'topic': the admin topic unload, whose close waits for its clients (faultPlan.ts). */
  | { readonly kind: 'unload-topic'; readonly cluster: string; readonly scope?: 'topic' }
  | { readonly kind: 'set-deduplication'; readonly cluster: string; readonly enabled: boolean }
  | { readonly kind: 'expire-messages'; readonly cluster: string }
  | { readonly kind: 'trim-topic'; readonly cluster: string }
  | { readonly kind: 'ownership-change'; readonly cluster: string; readonly to: string }
  /** `to` null: the crashed broker restarts and loads the topic again. */
  | { readonly kind: 'restart-broker'; readonly cluster: string; readonly to: string | null }
  | { readonly kind: 'restart-bookie'; readonly bookie: string }
  /** Explorer only: arm the producer's open channel to re-write its cached frames at its `atSend`-th send from now. */
  | { readonly kind: 'duplicate-frames'; readonly producer: string; readonly atSend: number };

export type Action =
  | { readonly type: 'deliver-send'; readonly producer: string }
  | { readonly type: 'deliver-response'; readonly producer: string }
  /** CommandCloseProducer read ahead of receipts still queued before it (CommandCloseProducer.ts `closeProducer`). */
  | { readonly type: 'deliver-close'; readonly producer: string }
  /** The broker's answer to the client's own CommandCloseProducer (the application's, or a stopped replicator's; ProducerImplClose.ts `closeAnswered`). */
  | { readonly type: 'close-answered'; readonly producer: string }
  | { readonly type: 'persist'; readonly cluster: string }
  | { readonly type: 'replicator-read'; readonly producer?: string }
  | { readonly type: 'connect'; readonly producer: string }
  | { readonly type: 'workload' }
  | { readonly type: 'batch-timer'; readonly producer: string }
  | { readonly type: 'chunk-expiry'; readonly cluster: string }
  /** BookKeeper traffic of a cluster: the oldest request or answer between `from` and `to`. */
  | {
      readonly type: 'bk-request' | 'bk-answer';
      readonly cluster: string;
      readonly from: string;
      readonly to: string;
    }
  /** A managed ledger's compare-and-set of its ledger list (rollover, or a broker loading the topic). */
  | { readonly type: 'metadata-write'; readonly cluster: string; readonly broker: string }
  | { readonly type: 'dedup-replay'; readonly cluster: string }
  /** `MessageDeduplication.takeSnapshot()` on the broker's timer (MessageDeduplicationSnapshot.ts). */
  | { readonly type: 'dedup-snapshot'; readonly cluster: string }
  /** `MessageDeduplication.purgeInactiveProducers` forgets `name` (a producer name, as dedup keys it). */
  | { readonly type: 'dedup-purge'; readonly cluster: string; readonly name: string }
  /** A subscription's consumer receives the next entry its broker can read and acknowledges it. */
  | { readonly type: 'consume'; readonly cluster: string; readonly subscription: string }
  /** `acks: "in-flight"`: the consumer's head CommandAck reaches its broker (ManagedCursorAsyncDelete.ts). */
  | { readonly type: 'ack'; readonly cluster: string; readonly subscription: string }
  /** `acks: "in-flight"`: the broker writes the cursor's mark-delete to the cursor ledger. */
  | { readonly type: 'persist-cursor'; readonly cluster: string; readonly subscription: string }
  /** `cursorWrites: "in-flight"`: the replicator's cursor reaches its ledger (`producer`: the link's key). */
  | { readonly type: 'persist-replicator-cursor'; readonly producer: string }
  /** `negativeAcknowledge`: the tracker's timer fires; the consumer asks for its unacked messages again. */
  | { readonly type: 'negative-ack'; readonly cluster: string; readonly subscription: string }
  /** `negativeAcknowledge`: the consumer's redelivery request reaches its broker, which rewinds. */
  | { readonly type: 'redeliver'; readonly cluster: string; readonly subscription: string }
  /** `ackTimeout`: the application acknowledges the oldest entry it works on. */
  | { readonly type: 'acknowledge'; readonly cluster: string; readonly subscription: string }
  /** `ackTimeout`: the UnAckedMessageTracker's timer fires; the consumer asks for its unacked messages again. */
  | { readonly type: 'ack-timeout'; readonly cluster: string; readonly subscription: string }
  | { readonly type: 'fault'; readonly fault: FaultAction; readonly plan: number | null };

/**
 * The classes of the `auto` policy, in priority order (the scenario contract): plan faults that
 * are due, responses to clients, persistence, requests to brokers (and reconnects), replicator
 * reads, workload, batch timers, held-back answers. Explorer-placed faults come last: `auto` never
 * takes one unless nothing else is enabled.
 */
export const ActionClass = {
  planFault: 0,
  response: 1,
  persist: 2,
  request: 3,
  replicatorRead: 4,
  workload: 5,
  batchTimer: 6,
  heldBack: 7,
  exploreFault: 8,
} as const;

export interface EnabledAction {
  readonly key: string;
  readonly action: Action;
  /** `ActionClass` of the auto policy. */
  readonly cls: number;
  /** Logical time the thing it acts on was created: oldest first within a class. */
  readonly born: number;
}

export function faultKey(f: FaultAction): string {
  switch (f.kind) {
    case 'lose-receipt':
    case 'persist-fails':
    case 'not-allowed':
      return `fault:${f.kind}:${f.message}@${f.cluster}`;
    case 'lose-ack':
      return `fault:lose-ack:${f.message}@${f.cluster}:${f.subscription}`;
    case 'checksum-error':
      return `fault:checksum-error:${f.message}@${f.cluster}:${f.localBufferCorrupted ? 'corrupted' : 'intact'}`;
    case 'disconnect':
    case 'restart-producer':
      return `fault:${f.kind}:${f.producer}`;
    case 'context-expired':
      return `fault:context-expired:${f.message}`;
    case 'send-timeout':
      return `fault:send-timeout:${f.message}${f.nth !== undefined && f.nth > 1 ? `#${f.nth}` : ''}`;
    case 'unload-topic':
      return `fault:unload-topic:${f.cluster}${f.scope === 'topic' ? ':topic' : ''}`;
    case 'set-deduplication':
      return `fault:set-deduplication:${f.cluster}:${f.enabled ? 'on' : 'off'}`;
    case 'expire-messages':
      return `fault:expire-messages:${f.cluster}`;
    case 'trim-topic':
      return `fault:trim-topic:${f.cluster}`;
    case 'ownership-change':
      return `fault:ownership-change:${f.cluster}:${f.to}`;
    case 'restart-broker':
      return `fault:restart-broker:${f.cluster}${f.to === null ? '' : `:${f.to}`}`;
    case 'restart-bookie':
      return `fault:restart-bookie:${f.bookie}`;
    case 'duplicate-frames':
      return `fault:duplicate-frames:${f.producer}:${f.atSend}`;
  }
}
