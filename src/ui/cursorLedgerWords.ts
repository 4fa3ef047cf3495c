// The replicator's cursor ledger in words, with `replication.cursorWrites: "in-flight"` only
// (docs/research/replicator-cursor-writes.md): what `ManagedCursorImpl.persistPositionToLedger` has
// written, and which deletes `ManagedCursorImpl.asyncDelete` made in memory only — what a crash of
// the source's broker loses (`recoverFromLedger`). The replication panel (ReplicatorCursorLedger.tsx)
// and Copy for GitHub's state summary (share/summary.ts) say it with these words, so an issue's
// reader sees what the panel showed: without the ledger, the copied cursor looked written.
import type { CursorLedgerView } from '../engine';

const listed = (xs: readonly string[]): string => (xs.length > 0 ? xs.join(', ') : 'none');

/** "mark-delete 10:-1, individually deleted none": what the cursor ledger holds. */
export const ledgerHolds = (ledger: CursorLedgerView): string =>
  `mark-delete ${ledger.markDeletePosition}, individually deleted ${listed(ledger.individuallyDeleted)}`;

/**
 * Whether every delete made in memory is in the ledger: `lead` is the verdict ("In memory only:",
 * "Persisted:"), `rest` why, naming the entries a crash of `from`'s broker would send again.
 */
export function ledgerWrite(
  ledger: CursorLedgerView,
  from: string,
): { readonly memoryOnly: boolean; readonly lead: string; readonly rest: string } {
  const memoryOnly = ledger.inMemoryOnly;
  if (memoryOnly.length === 0)
    return {
      memoryOnly: false,
      lead: 'Persisted:',
      rest: 'the cursor ledger holds every delete made in memory (ManagedCursorImpl.persistPositionToLedger).',
    };
  const named = memoryOnly.map((e) =>
    e.msgs.length > 0 ? `${e.position} (${e.msgs.join('+')})` : e.position,
  );
  const them = memoryOnly.length === 1 ? 'it' : 'them';
  const sent = memoryOnly.flatMap((e) => e.msgs);
  const again = sent.length > 0 ? `, and the new replicator reads ${sent.join(', ')} again` : '';
  return {
    memoryOnly: true,
    lead: 'In memory only:',
    rest: `deleted ${named.join(', ')} — ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not written ${them} to the cursor ledger yet. A crash of ${from}’s broker now loses the delete (recoverFromLedger)${again}.`,
  };
}
