// What the scenario's `producers` and `workload` say: each application producer's client and
// options (batching, chunking, the semaphore, the client's memory limit), and each send, flush and
// await its application makes. Apart from config.ts because these are the client side, which the
// validator's producers.ts and workload.ts build and the client rules read; config.ts re-exports
// them.

export interface ProducerConfig {
  /** The producer's key in the scenario (workload, faults, action keys): unique. */
  readonly name: string;
  /**
   * The name it registers with the broker (`CommandProducer.producer_name`; Java `producerName`,
   * Go `ProducerOptions.Name`), which dedup keys by; default `name`. Two producers may share it:
   * on one topic the broker then refuses the second (`AbstractTopic.internalAddProducer`).
   */
  readonly producerName: string;
  readonly cluster: string;
  readonly client: 'java' | 'go';
  /** `batchingMaxMessages`; 0 = batching off. */
  readonly batchingMaxMessages: number;
  /**
   * `batchingMaxBytes` (Java) / `BatchingMaxSize` (Go): the payload bytes a batch may hold, default
   * 128 KiB. 0 means the broker's max message size in Java, and Go's default 128 KiB.
   */
  readonly batchingMaxBytes: number;
  readonly sequenceIds: 'auto' | 'explicit';
  /**
   * The `PulsarClient` (Java) / `pulsar.Client` (Go) that created it. Producers naming the same
   * client share its connection pool: one `ClientCnx` per broker (`ConnectionPool`, one connection
   * per broker by default), so a network drop closes every one of them at once. Absent: a client
   * of its own (every producer before this field existed).
   */
  readonly pulsarClient?: string;
  /**
   * Java `ProducerBuilder.enableChunking(true)` / Go `ProducerOptions.EnableChunking` (batching
   * off): a message over the broker's maxMessageSize is split into chunks (`ProducerImpl.sendAsync`,
   * Go `partitionProducer.internalSend`), each its own CommandSend and entry with the same sequence
   * id. Absent: off (every producer before this field existed).
   */
  readonly chunking?: true;
  /**
   * Java `ProducerBuilder.chunkMaxMessageSize` / Go `ProducerOptions.ChunkMaxMessageSize`: a cap on
   * one chunk's payload, taken only when it is smaller than what the connection allows (Java
   * `setChunkMaxMessageSize` keeps min(it, maxMessageSize), then `sendAsync` min(that, maxMessageSize
   * less the metadata); Go `updateChunkInfo` the same min). A message over it is chunked even when it
   * would fit one frame. Only with `chunking`. Absent: the broker's maxMessageSize less the metadata.
   */
  readonly chunkMaxMessageSize?: number;
  /**
   * Java `ProducerBuilder.maxPendingMessages` / Go `ProducerOptions.MaxPendingMessages`: the permits
   * of the producer's semaphore (Java `ProducerImpl.semaphore`, Go `partitionProducer
   * .publishSemaphore`). A message takes one when the application sends it (a chunked message one
   * per chunk) and gives it back when its send completes — a receipt, a failure or a timeout. Absent:
   * no count limit (Java's default since 2.10, PIP-120; Go's default is 1000, which no scenario here
   * comes near).
   */
  readonly maxPendingMessages?: number;
  /**
   * Java `ProducerBuilder.blockIfQueueFull` (default false) / Go `!ProducerOptions
   * .DisableBlockIfQueueFull` (default true): with the queue full, the application's send waits for
   * a permit instead of failing at once. Absent: the client's default (`blocksIfQueueFull`).
   */
  readonly blockIfQueueFull?: boolean;
  /**
   * The memory limit of the producer's client (Java `ClientBuilder.memoryLimit`, kept in
   * `ClientConfigurationData.memoryLimitBytes`; Go `ClientOptions.MemoryLimitBytes`), in bytes: one
   * budget of message payload bytes (`size`) shared by every producer of the client
   * (`MemoryLimitController`), taken when the application sends and given back when the send
   * completes. Every producer of one `pulsarClient` gives the same value (scenario/memoryLimit.ts).
   * Absent: no limit (the clients default to 64 MiB, which no scenario here comes near).
   */
  readonly memoryLimitBytes?: number;
}

/**
 * What Java `TypedMessageBuilderImpl.disableReplication()` and Go `partitionProducer.updateMetaData`
 * (for `DisableReplication`) put in `replicate_to`: a name no cluster has, so every replicator skips
 * the message.
 */
export const LOCAL_ONLY = '__local__';

export type WorkloadItem =
  | {
      readonly kind: 'send';
      readonly msg: string;
      readonly producer: string;
      readonly seq?: number;
      readonly size?: number;
      /**
       * The message's `MessageMetadata.replicate_to` (extension): Java
       * `TypedMessageBuilder.replicationClusters(List)`, Go `ProducerMessage.ReplicationClusters`,
       * or `[LOCAL_ONLY]` for `disableReplication()` / `DisableReplication`. Absent or empty: no
       * restriction (`MessageImpl.hasReplicateTo()` is false for an empty list).
       */
      readonly replicateTo?: readonly string[];
      /** The scenario said `disableReplication: true` (kept for the editor; `replicateTo` is `[LOCAL_ONLY]`). */
      readonly disableReplication?: true;
      /**
       * Delayed delivery (extension): Java `TypedMessageBuilder.deliverAfter`, Go
       * `ProducerMessage.DeliverAfter`, in ms. The metadata's `deliver_at_time` makes the message
       * bypass batching (Java `ProducerImpl.canAddToBatch`, Go `updateMetaData`'s sendAsBatch).
       */
      readonly deliverAfter?: number;
      /**
       * Go's synchronous `Send(ctx, …)` (extension, Go only): the application waits for the result
       * and its batch is flushed at once (`flushImmediately`); its context may end while it waits
       * (the `context-expired` fault). Absent: `SendAsync`.
       */
      readonly sync?: true;
    }
  | { readonly kind: 'flush'; readonly producer: string }
  | { readonly kind: 'await'; readonly producer: string };
