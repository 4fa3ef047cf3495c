// The operator's switch as the tests write it: the `set-deduplication` fault
// (`PersistentTopic.checkDeduplicationStatus` → `MessageDeduplication.checkStatus`) on the local
// cluster's topic, after a point of the run — most often once a message is persisted or received.
import type { Json } from './helpers';

/** Deduplication switched to `enabled` (anything, so a test can write a wrong value) after `after`. */
export const setDeduplication = (enabled: unknown, after: Json): Json => ({
  kind: 'set-deduplication',
  cluster: 'local',
  enabled,
  after,
});

/** A switch's trigger: `message` at this point of its way (`persisted`, `received`, `sent`, …). */
export const once = (event: string, message: string): Json => ({ event, message });
