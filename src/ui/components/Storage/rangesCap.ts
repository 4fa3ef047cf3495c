// What the range cap left out of the cursor ledger, for the Subscriptions panel's "cursor ledger"
// row. ManagedCursorImpl.buildIndividualDeletedMessageRanges gives a cursor write its individually
// deleted ranges and stops once the list is longer than managedLedgerMaxUnackedRangesToPersist
// (`topic.maxUnackedRangesToPersist`): the rest stay in memory only. The row listed "individually
// deleted 10:1, 10:3" under a memory row of "10:1, 10:3, 10:5", and only the diagram's step said
// why 10:5 was missing — the reason consumer-ack-ranges-cap's M6 comes again (UX review 23,
// finding 4). Said while it holds: the entries are still deleted in memory and the last write cut
// them (`AckState.persistedCut`); a later write that keeps everything clears it.
import { maxUnackedRangesToPersist, type World } from '../../../engine';

/** Per subscription of `cluster`'s topic, the words for what the last cursor write cut, if any. */
export function rangesCut(w: World, cluster: string): Readonly<Record<string, string>> {
  const topic = w.topics[cluster];
  if (!topic) return {};
  // The engine's own reading of the cap (Pulsar's default when unset), so the words match the write.
  const max = maxUnackedRangesToPersist(w, topic);
  const out: Record<string, string> = {};
  for (const s of Object.values(topic.subscriptions)) {
    const cut = (s.acked?.persistedCut ?? []).filter((p) =>
      s.individuallyDeleted.some((d) => d.ledgerId === p.ledgerId && d.entryId === p.entryId),
    );
    if (cut.length === 0) continue;
    const at = cut.map((p) => `${p.ledgerId}:${p.entryId}`).join(', ');
    out[s.name] =
      `${at} deleted in memory only: the write keeps the first ${max + 1} ranges (maxUnackedRangesToPersist ${max})`;
  }
  return out;
}
