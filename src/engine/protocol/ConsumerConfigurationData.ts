// The consumer options that decide how a reader assembles chunks: Java `ConsumerConfigurationData`'s
// maxPendingChunkedMessage, autoAckOldestChunkedMessageOnQueueFull and
// expireTimeOfIncompleteChunkedMessageMillis (the scenario's `consumer` block), and whether the
// consumer has PR 20948's repeated-chunk filter. Read once at the start of a run (sim/init.ts) and
// carried on each topic, so every reader of the run (ConsumerImplChunks.ts) follows the same rules.
import type { Config } from '../model/config';
import { hasFix } from '../model/fixes';
import type { ChunkConsumer } from '../model/topic';

/**
 * Today's Java consumer with default options, which reads a topic without `chunkConsumer`: PR
 * 20948's repeated-chunk filter, no acknowledged eviction.
 */
export const MASTER_CONSUMER: ChunkConsumer = Object.freeze({
  filtersRepeats: true,
  maxPending: 0,
});

/**
 * The rules of a run's readers, or undefined for `MASTER_CONSUMER` (so most topics carry nothing):
 * without `pr-20948` the consumer predates its repeated-chunk filter, and the `consumer` block's
 * limit acts only when what it evicts is acknowledged. Only a run with a chunking producer has
 * chunks to assemble (a remote's replicated chunks come from one too).
 */
export function chunkConsumerOf(config: Config): ChunkConsumer | undefined {
  if (!config.producers.some((p) => p.chunking)) return undefined;
  const filtersRepeats = hasFix(config, 'pr-20948');
  const c = config.consumer;
  const maxPending = c?.autoAckOldestChunkedMessageOnQueueFull ? c.maxPendingChunkedMessage : 0;
  const expires = (c?.expireTimeOfIncompleteChunkedMessageMillis ?? 0) > 0;
  if (expires) return { filtersRepeats, maxPending, expires: true };
  return filtersRepeats && maxPending === 0 ? undefined : { filtersRepeats, maxPending };
}
