// Deduplication switched on or off while the topic runs: `MessageDeduplication.checkStatus` and
// the replay that completes a switch on. Its own file because only the runtime switch
// (PersistentTopicDeduplicationStatus.ts, the `set-deduplication` fault) moves these states.
import type { DedupState } from '../model/topic';
import {
  afterMarkDelete,
  type ReplayedEntry,
  replayCursor,
} from './MessageDeduplicationReplayCursor';

/** What `checkStatus` did: `Removing` → `Disabled`, `Disabled` → `Recovering`, or nothing to do. */
export type StatusChange = 'disabled' | 'recovering' | 'unchanged';

/**
 * `MessageDeduplication.checkStatus`, run by `PersistentTopic.checkDeduplicationStatus` when the
 * namespace or topic policy changes (`onPoliciesUpdate`). Enabled → off: `Removing`, the dedup
 * cursor deleted (`asyncDeleteCursor`), both maps cleared, `Disabled`. Disabled → on: `Recovering`,
 * the dedup cursor opened (`ManagedLedgerUtils.openCursor` → `asyncOpenCursor(name)`, whose default
 * `InitialPosition.Latest` creates it at the managed ledger's last confirmed entry); its replay
 * (`replayCursor`) is the next step of its own, `recoveryComplete`, so sends and completions can
 * come in between (review 10). While `Recovering`, `isEnabled()` is false: `isDuplicate` answers
 * NotDup without pushing and `recordMessagePersisted` records nothing. Removing is one step (it
 * only clears). A second switch while Recovering is deferred (`checkStatus` reschedules itself).
 */
export function checkStatus(
  dedup: DedupState,
  shouldBeEnabled: boolean,
  lastConfirmedEntry: { readonly ledgerId: number; readonly entryId: number },
  born: number,
): StatusChange {
  if (dedup.enabled === shouldBeEnabled) return 'unchanged';
  // Either way the cursor holding a snapshot goes: deleted, or a new one with no properties.
  forgetSnapshot(dedup);
  if (!shouldBeEnabled) {
    dedup.enabled = false;
    dedup.cursor = null;
    dedup.highestSequencedPushed = {};
    dedup.highestSequencedPersisted = {};
    return 'disabled';
  }
  dedup.cursor = { ...lastConfirmedEntry };
  dedup.recovering = { born };
  return 'recovering';
}

/**
 * `MessageDeduplication.replayCursor` completing for a cursor a runtime switch created: it read the
 * entries from the cursor's read position up to the managed ledger's last confirmed entry *as of
 * now* (`ManagedCursor.hasMoreEntries`), so a write that completed since the switch is in the maps,
 * one still pending is not; then `status = Enabled`. Returns the entries it read.
 */
export function recoveryComplete(dedup: DedupState, entries: readonly ReplayedEntry[]): number {
  const read = entries.filter((e) => afterMarkDelete(dedup, e)).length;
  replayCursor(dedup, entries);
  return read;
}

/** A dedup cursor deleted or created anew holds no snapshot, and counts from 0 (absent fields stay absent). */
function forgetSnapshot(dedup: DedupState): void {
  if (dedup.snapshot) delete dedup.snapshot;
  delete dedup.loadSnapshot;
  if (dedup.snapshotCounter !== undefined) dedup.snapshotCounter = 0;
  if (dedup.inactiveProducers) dedup.inactiveProducers = [];
}
