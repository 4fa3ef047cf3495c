// The client side of the world: `ProducerImpl` / Go `partitionProducer` state, the messages it
// carries and what the application was told. Plain data, like the rest of the world (see world.ts).
import type { Position } from './topic';

/** One application send of one logical message (`M2`), as the client carries it. */
export interface MsgRef {
  readonly msg: string;
  /** The sequence id the client assigned (or the application gave). */
  readonly seq: number;
  /** Which application send of `msg` this is (0 for the first, 1 for a resend…). */
  readonly sendIndex: number;
  /** Payload bytes, when the workload gives them (`size`): judged by a max message size policy. */
  readonly size?: number;
  /**
   * `MessageMetadata.replicate_to` the application gave this message (workload `replicateTo` /
   * `disableReplication`); absent: none. A batch's entry carries its first message's (see
   * `entryReplicateTo`), and a replicated copy keeps it.
   */
  readonly replicateTo?: readonly string[];
  /** Ms of delayed delivery the application asked for (workload `deliverAfter`): the metadata's `deliver_at_time`. */
  readonly deliverAfter?: number;
  /** Source position `ledgerId:entryId` of a replicated entry (the replicator's sends only). */
  readonly sourcePosition?: Position;
  /** The original producer name a replicated entry carries in its metadata. */
  readonly originalProducer?: string;
  /**
   * One chunk of a chunked message (Java `enableChunking`): `MessageMetadata.chunk_id` (0-based)
   * and `num_chunks_from_msg`. Every chunk carries the message's sequence id and its uuid
   * (`producerName-sequenceId`); `size` is then the chunk's payload.
   */
  readonly chunk?: { readonly id: number; readonly of: number };
}

/** `ProducerImpl.OpSendMsg` / Go `pendingItem`: one wire send (a batch or a single message). */
export interface OpSendMsg {
  readonly opId: number;
  readonly msgs: readonly MsgRef[];
  /** `CommandSend.sequence_id`: the lowest id of the batch. */
  readonly sequenceId: number;
  /** `CommandSend.highest_sequence_id`, -1 when absent (single message, or Go before PR 1565). */
  readonly highestSequenceId: number;
  /** The client's locally held bytes no longer match their checksum (a checksum-error fault). */
  readonly localBufferCorrupted: boolean;
}

/**
 * `Busy`: a reconnect the broker answered ProducerBusy (another producer holds its name on the
 * topic); the client retries with backoff, and the model lets it connect once that name is free.
 * `Failed`: its first connect was answered ProducerBusy, so `create()` failed (for good).
 * `Closing`: the application called `close()` on it (a `restart-producer` on a shared PulsarClient):
 * CommandCloseProducer is on the connection behind its sends, and it waits for the broker's answer.
 */
export type ProducerConnState = 'Ready' | 'Connecting' | 'Busy' | 'Failed' | 'Closing';

/** A new `ProducerImpl`'s counters: nothing taken, nothing pushed or published, nothing pending. */
export const freshProducerSession = () => ({
  state: 'Connecting' as ProducerConnState,
  closed: false,
  msgIdGenerator: 0,
  seeded: false,
  lastSequenceIdPushed: -1,
  lastSequenceIdPublished: -1,
  isLastSequenceIdPotentialDuplicated: false,
  batch: [] as MsgRef[],
  pendingMessages: [] as OpSendMsg[],
});

export interface ProducerState {
  /** The key of this producer in the world and in fault plans (`replicator` for the geo one). */
  readonly name: string;
  /** The producer name it registers with (`CommandProducer.producer_name`): dedup keys by it. */
  readonly wireName: string;
  /** `replicator`: a `GeoReplicationProducerImpl` owned by the source cluster's replicator. */
  readonly role: 'app' | 'replicator';
  readonly cluster: string;
  readonly client: 'java' | 'go';
  /** Incremented by a restart: a new process, a new ProducerImpl. */
  instance: number;
  state: ProducerConnState;
  /** Java `msgIdGenerator` / Go `sequenceIDGenerator`: the next auto-assigned id. */
  msgIdGenerator: number;
  /** Go: the generator exists once the first connection seeded it (`sequenceIDGenerator != nil`). */
  seeded: boolean;
  lastSequenceIdPushed: number;
  lastSequenceIdPublished: number;
  /** Java PR 6326 flag: the last message added to a batch was a potential duplicate. */
  isLastSequenceIdPotentialDuplicated: boolean;
  /** The open batch, in add order (empty when batching is off or nothing is buffered). */
  batch: MsgRef[];
  /** Tick at which the open batch got its first message (orders the batch timer). */
  batchBorn: number;
  /** FIFO of ops handed to the connection and not yet completed; completion only at the head. */
  pendingMessages: OpSendMsg[];
  nextOpId: number;
  /** `GeoReplicationProducerImpl.lastPersistedSource{LedgerId,EntryId}`: starts at 0:0. */
  lastPersistedSource: Position;
  /** Closed for good (a terminated replicator's producer, a create that failed): never reconnects. */
  closed: boolean;
  /**
   * Go: permits a refused chunked send took and never gave back (`reserveSemaphore` takes one per
   * chunk, `sendRequest.done` releases one). Set only once it happens; a new process has none.
   */
  leakedPermits?: number;
  /**
   * Java: bytes its completed chunk ops gave back to the client's `MemoryLimitController` beyond what
   * they held (`releaseSemaphoreForSendOp` releases the whole message's `uncompressedSize` for every
   * chunk, while `canEnqueueRequest` reserved it once). Set only then, with `memoryLimitBytes`; it
   * lowers the client's usage for the client's life (MemoryLimitController.ts).
   */
  memoryOverReleased?: number;
  /**
   * Java with `pr-23038`: the application closed this producer while it was reconnecting on a
   * connection that stayed open (`ProducerImpl.closeAsync` with no `cnx()`: no CommandCloseProducer),
   * so the broker still has the earlier instance under this name on that connection. Set only then.
   */
  earlierInstanceRegistered?: true;
}

/** What an application got back for one send (Java future / Go callback). */
export interface Completion {
  readonly msg: string;
  readonly sendIndex: number;
  readonly producer: string;
  readonly cluster: string;
  readonly result: 'stored' | 'dup' | 'failed';
  readonly ledgerId: number;
  readonly entryId: number;
  readonly error?: string;
}
