// One line per fix for the toggles: what the fix changes, in the words of the PR it models.
// Partial: the engine may model a fix before the UI has words for it; the toggle still appears.
import type { FixId } from '../engine';

export const FIX_DESCRIPTIONS: Partial<Record<FixId, string>> = {
  'go-1565': 'Go client PR 1565: highest_sequence_id + isolate resends',
  'go-highest-sequence-id': 'PR 1565, first half: batches carry highest_sequence_id',
  'go-isolate-resends': 'PR 1565, second half: potential duplicates travel alone',
  'guard-rewind': 'Seed 000 proposal: no rewind while later entries may be persisted; stop instead',
  'sentinel-not-confirmed': 'Seed 000 proposal: a -1:-1 receipt does not confirm a Case-1 entry',
  'fail-on-corrupt-head': 'Seed 000 proposal: a corrupted head stops the replicator visibly',
};
