// The sizes a message is measured against: the broker's max message size, the least metadata and
// frame header a message carries on the wire, and the producer's default batch bound.

/**
 * The broker's `maxMessageSize` (ServiceConfiguration, default 5 MiB), which it announces in
 * `CommandConnected.max_message_size`. The clients refuse a bigger message themselves, before it
 * is sent (Java `ProducerImpl.sendAsync`, Go `partitionProducer.updateChunkInfo`), and a topic
 * policy at or above it is not checked by the broker ("already handled in client and
 * frameDecoder", `AbstractTopic.isExceedMaximumMessageSize`).
 */
export const BROKER_MAX_MESSAGE_SIZE = 5 * 1024 * 1024;

/**
 * The fewest bytes a message's `MessageMetadata` takes on the wire: its three required fields —
 * `producer_name` (tag, length, a name of at least one character: 3), `sequence_id` (tag and a
 * varint: 2) and `publish_time` (tag and a 6-byte varint, as any millisecond clock from 1971 to
 * 2109 gives: 7). A scenario's `size` is the payload; the limits Pulsar checks count the metadata
 * too — Java `OpSendMsg.getMessageHeaderAndPayloadSize` (metadata + payload) against the
 * connection's max message size, Go `internal.serializeMessage` (metadata + payload), the broker
 * `headersAndPayload.readableBytes()` (magic, checksum and metadata length, 10 bytes more) against
 * a topic policy. So a payload exactly at a limit is refused (review 11). The real metadata is
 * longer (the name's other characters, `uncompressed_size`, batch fields): the model's boundary is
 * this lower bound, not the exact byte.
 */
export const MIN_METADATA_BYTES = 12;

/** `magic` (2) + CRC32C checksum (4) + metadata length (4): what the broker's `headersAndPayload` holds before the metadata. */
export const FRAME_HEADER_BYTES = 10;

/** `ProducerConfigurationData.batchingMaxBytes` and Go's `defaultMaxBatchSize`: 128 KiB. */
export const DEFAULT_BATCHING_MAX_BYTES = 128 * 1024;
