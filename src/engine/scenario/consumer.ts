// `consumer`: the options of the consumer a run's readers stand for — the one `storedMessages`,
// the invariants and the panels read each topic with. Only its chunked-message options exist:
// the pending limit, and the expiry of an incomplete message (an action: ConsumerImplChunkExpiry.ts).
import type { ConsumerConfig } from '../model/config';
import type { Reader } from './reader';

/** Java's `ConsumerConfigurationData.maxPendingChunkedMessage` is an int; 0 means no limit. */
const MAX_INT = 2147483647;

/**
 * `consumer.maxPendingChunkedMessage` (default 10, as Java's) and
 * `consumer.autoAckOldestChunkedMessageOnQueueFull` (default false). Absent: undefined, so a run
 * without the block keeps its config as before. The limit is accepted with the option off (Java
 * takes it too), though it then only stalls a message, which no invariant judges.
 */
export function readConsumer(r: Reader, v: unknown): ConsumerConfig | undefined {
  if (v === undefined) return undefined;
  const o = r.obj(v, '$.consumer');
  if (!o) return undefined;
  r.known(o, '$.consumer', [
    'maxPendingChunkedMessage',
    'autoAckOldestChunkedMessageOnQueueFull',
    'expireTimeOfIncompleteChunkedMessageMillis',
  ]);
  const max =
    o.maxPendingChunkedMessage === undefined
      ? 10
      : (r.int(o.maxPendingChunkedMessage, '$.consumer.maxPendingChunkedMessage', 0, MAX_INT) ??
        10);
  const autoAck =
    o.autoAckOldestChunkedMessageOnQueueFull === undefined
      ? false
      : (r.bool(
          o.autoAckOldestChunkedMessageOnQueueFull,
          '$.consumer.autoAckOldestChunkedMessageOnQueueFull',
        ) ?? false);
  // Java's long; any value above 0 enables the timer, whose firing the model makes an action.
  const expire =
    o.expireTimeOfIncompleteChunkedMessageMillis === undefined
      ? null
      : r.int(
          o.expireTimeOfIncompleteChunkedMessageMillis,
          '$.consumer.expireTimeOfIncompleteChunkedMessageMillis',
          0,
        );
  return {
    maxPendingChunkedMessage: max,
    autoAckOldestChunkedMessageOnQueueFull: autoAck,
    ...(expire === null ? {} : { expireTimeOfIncompleteChunkedMessageMillis: expire }),
  };
}
