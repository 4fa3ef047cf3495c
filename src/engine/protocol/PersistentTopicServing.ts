// Whether a topic instance serves the topic (`topicDown`), and why nothing can be done to one an
// admin unload is closing, in words. Smaller than our usual file on purpose: a dozen readers in
// sim/ and check/ ask this, and with the loads (BrokerServiceLoadTopic.ts) beside it each of them
// pulled the dedup replay into its imports, and the replay's snapshot into a cycle with the loads.
import type { TopicState } from '../model/topic';
import { peek } from '../sim/context';

/**
 * No topic instance serves the topic: its broker crashed and the load that replaces it has not
 * completed, or an admin topic unload's close still waits for its replicators (`TopicState.closing`:
 * the fenced instance refuses every producer and consumer with ServiceNotReady, and they retry).
 * Clients' lookups wait for the load (no connect), consumers and the replicator of a source topic
 * wait too.
 */
export const topicDown = (topic: TopicState): boolean => {
  const t = peek(topic);
  return t.closing === true || t.bk?.takeover?.crashed !== undefined;
};

/** Why nothing can be done to a topic an admin unload is closing (`TopicState.closing`), in words. */
export const closingReason = (cluster: string): string =>
  `the topic at ${cluster} is closing: pulsar-admin topics unload waits for its replicator's producer close`;
