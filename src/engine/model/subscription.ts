// A subscription on a topic (`TopicState.subscriptions`): its cursor, the consumer attached on one
// broker, and the entries that consumer received, each with why a chunk was discarded or an entry
// was sent again. Plain data, like the rest of the world.
import type { MsgRef } from './producer';
import type { AckState } from './subscriptionAcks';
import type { ChunkContexts, Position } from './topic';

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
   * uuid → the message of the first chunk 0 of that uuid the consumer received (the earliest such
   * receipt's), so a later chunk's discard can say the first chunk reached it (ConsumerImplReceive.ts);
   * absent until a first chunk came. Derived from `received` and kept with it, so a receipt need not
   * scan every earlier one; the explorer's fingerprint drops it (explore/fingerprint.ts), as
   * `received` already tells the states apart.
   */
  firstChunks?: Readonly<Record<string, string>>;
  /**
   * Present only with `acks: "in-flight"` (ConsumerAcks.ts): the dispatcher's read position (the
   * last entry it sent the consumer), the CommandAcks on their way to the broker, the mark-delete
   * the cursor ledger holds (what a broker that recovers the cursor gets back), and, for entries a
   * rewind will send again, why.
   */
  acked?: AckState;
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
