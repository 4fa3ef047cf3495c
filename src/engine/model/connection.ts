// One producer's connection to the broker that serves its topic (`ClientCnx` on the client,
// `ServerCnx` on the broker) and the frames on it. Plain data, like the rest of the world.
import type { MsgRef } from './producer';

/** A `CommandSend` frame travelling from a client to a broker. */
export interface SendFrame {
  readonly kind: 'send';
  readonly opId: number;
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  readonly msgs: readonly MsgRef[];
  /** The bytes on the wire fail the broker's CRC32C check. */
  corrupted: boolean;
  readonly born: number;
}

/** `CommandSendReceipt` or `CommandSendError` travelling back to the client. */
/**
 * The ids a receipt is matched by, as its producer reads them: the replicator's producer on a V2
 * connection (PR 23697: GeoReplicationProducerImpl.ackReceivedReplicatedMsg) reads sequence_id and
 * highest_sequence_id as the source entry's ledger and entry ids; every other producer matches by
 * sequence_id (ProducerImpl.ackReceived, Go ReceivedSendReceipt).
 */
export const receiptIdsText = (
  r: { readonly sequenceId: number; readonly highestSequenceId: number },
  bySource: boolean,
): string => (bySource ? `source ${r.sequenceId}:${r.highestSequenceId}` : `seq ${r.sequenceId}`);

export type ResponseFrame =
  | {
      readonly kind: 'receipt';
      readonly sequenceId: number;
      readonly highestSequenceId: number;
      readonly ledgerId: number;
      readonly entryId: number;
      /** For display and fault targeting only: the client matches by sequence id, never by this. */
      readonly msgs: readonly string[];
      readonly shownChunk?: AnsweredChunk;
      readonly born: number;
    }
  | {
      readonly kind: 'error';
      readonly error: ServerError;
      readonly sequenceId: number;
      readonly message: string;
      readonly msgs: readonly string[];
      readonly shownChunk?: AnsweredChunk;
      readonly born: number;
    }
  | {
      /**
       * `CommandCloseProducer` (`ServerCnx.closeProducer`): the broker removed the producer and
       * keeps the connection; receipts written before it still arrive first. `msgs` is always empty.
       */
      readonly kind: 'close-producer';
      readonly reason: string;
      readonly msgs: readonly string[];
      readonly born: number;
    };

/**
 * The chunk a receipt or error answers (`M1[2/2]`), absent for a frame that is not one chunk. For
 * display only: `CommandSendReceipt` and `CommandSendError` carry no chunk id, so no client rule may
 * read it — it lets the diagram say which chunk's frame was answered when the client matches the
 * answer to another chunk's pending item by the shared sequence id. For the same reason the
 * explorer's fingerprint drops the `shownChunk` key (fingerprint.ts DROP): two worlds that differ
 * only in which chunk an answer in flight was for behave alike from there on.
 */
export interface AnsweredChunk {
  readonly id: number;
  readonly of: number;
}

/**
 * What a receipt or error answers, as its arrow names it: `M1`, a batch `M1+M2`, or the chunk
 * `M1[2/2]` whose frame the broker answered (display only: see `AnsweredChunk`).
 */
export const answeredLabel = (r: {
  readonly msgs: readonly string[];
  readonly shownChunk?: AnsweredChunk;
}): string =>
  r.shownChunk && r.msgs.length === 1
    ? `${r.msgs[0]}[${r.shownChunk.id + 1}/${r.shownChunk.of}]`
    : r.msgs.join('+');

/**
 * Answers in flight as a drop or a close lists them, once each: a batch's as its messages (`M1, M2`),
 * a chunk's as the chunk (`M1[2/2]`).
 */
export const answersText = (frames: readonly ResponseFrame[]): string =>
  [
    ...new Set(
      frames.flatMap((f) =>
        f.kind !== 'close-producer' && f.shownChunk ? [answeredLabel(f)] : f.msgs,
      ),
    ),
  ].join(', ');

/** The chunk one frame's messages are, for its answer (`AnsweredChunk`): a lone chunk's place, else nothing. */
export const answeredChunk = (
  msgs: readonly MsgRef[],
): { shownChunk: AnsweredChunk } | Record<string, never> =>
  msgs.length === 1 && msgs[0]!.chunk ? { shownChunk: msgs[0]!.chunk } : {};

export type ServerError = 'ChecksumError' | 'NotAllowedError' | 'PersistenceError';

/** One producer's connection to the owning broker: FIFO both ways, closable. */
export interface Channel {
  readonly producer: string;
  readonly broker: string;
  readonly cluster: string;
  /** `ProducerImpl` epoch: which connection this is (a reconnect opens a new one). */
  epoch: number;
  open: boolean;
  /** Tick at which the channel closed (orders the reconnect). */
  closedAt: number;
  toBroker: SendFrame[];
  toClient: ResponseFrame[];
  /** Sends written on this connection (counts for the duplicate-frames fault). */
  sends: number;
  /** PR 23697 feature flag negotiated on this connection (`supports_repl_dedup_by_lid_and_eid`). */
  replDedupV2: boolean;
  /**
   * The producer is registered with its connection (Go `connection.listeners`). A Go
   * NotAllowedError removes it (`deletePendingProducers`): from then on the connection drops every
   * answer for it as unexpected, and does not tell it when it closes. Always true for Java.
   */
  listening: boolean;
  /**
   * The broker removed this producer from the connection (`ServerCnx.closeProducer`, on the topic's
   * close) and wrote `CommandCloseProducer`; the connection stays open. Until the client reads that
   * command the producer still writes; the broker ignores those sends (`recentlyClosedProducers`).
   * Absent while the broker still knows the producer.
   */
  removed?: true;
  /**
   * The Java ProducerImpl registered on it was closed by the application while PR 23038 had it
   * reconnecting (`ProducerImpl.closeAsync`, not connected: no CommandCloseProducer). The connection
   * and the frames on it stay and the broker still has the producer; answers reach the closed
   * ProducerImpl and are ignored (ProducerImplClosed.ts). Kept only while something of it is in
   * flight; the producer's next instance connects once nothing is left.
   */
  producerClosed?: true;
  /**
   * duplicate-frames fault: frames written so far (its cache) and what the channel does now. From
   * its `atSend`-th send (counted in `sends`) it writes the cached frames of `frames` (null: all of
   * them) in place of that send, then drops every send. `plan`: the plan entry, null when placed
   * by the explorer.
   */
  broken: {
    readonly plan: number | null;
    readonly atSend: number;
    readonly frames: readonly string[] | null;
    cache: SendFrame[];
    mode: 'caching' | 'dropping';
  } | null;
}
