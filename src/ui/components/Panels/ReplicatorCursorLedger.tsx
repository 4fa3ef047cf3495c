// The replicator's cursor ledger beside its cursor in memory, with `replication.cursorWrites:
// "in-flight"` only (docs/research/replicator-cursor-writes.md). The send callback's delete
// (`ManagedCursorImpl.asyncDelete`) moves the cursor in memory at once; the ledger holds it only
// once `ManagedCursorImpl.persistPositionToLedger` ran (the `persist-replicator-cursor:` step), and a
// crash of the source's broker before that loses it: the topic's next load recovers the cursor from
// its ledger (`recoverFromLedger`) and the new replicator sends the entry again. The panel showed
// the cursor in memory only, so a delete a crash would undo looked written. The pending write is
// offered here as Next actions offers it (ActionChoice), like the Dedup panel's housekeeping.
import type { ReplicationPanel as View } from '../../../engine';
import { ledgerHolds, ledgerWrite } from '../../cursorLedgerWords';
import { ActionChoice } from '../NextActions/ActionChoice';

const WRITE = 'persist-replicator-cursor:';

/** The `persist-replicator-cursor:` keys of `enabled` that write this replicator's cursor. */
export function cursorWriteKeys(enabled: readonly string[], repl: View): string[] {
  // One link: `persist-replicator-cursor:<ledger>:<entry>`; several: the link after the colon.
  const link = repl.key ? `${repl.from}->${repl.to}:` : '';
  const own = WRITE + link;
  return enabled.filter((k) => k.startsWith(own) && /^\d+:-?\d+$/.test(k.slice(own.length)));
}

export function ReplicatorCursorLedger({
  repl,
  writes,
  taken,
}: {
  readonly repl: View;
  /** This replicator's cursor writes enabled at the cursor (cursorWriteKeys). */
  readonly writes: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken: string | null;
}) {
  const ledger = repl.cursorLedger;
  if (!ledger) return null;
  // The words Copy for GitHub's state summary repeats (cursorLedgerWords.ts).
  const write = ledgerWrite(ledger, repl.from);
  return (
    <div data-testid="replicator-cursor-ledger">
      <dl className="kv">
        <dt>cursor ledger</dt>
        <dd data-testid="replicator-cursor-persisted">{ledgerHolds(ledger)}</dd>
      </dl>
      <p className={write.memoryOnly ? undefined : 'muted'} data-testid="replicator-cursor-write">
        <strong>{write.lead}</strong> {write.rest}
      </p>
      {writes.length > 0 && (
        <div className="row" data-testid="replicator-cursor-writes">
          <span className="row-label">can happen next</span>{' '}
          {writes.map((key) => (
            <ActionChoice key={key} actionKey={key} taken={key === taken}>
              Write mark-delete {key.split(':').slice(-2).join(':')} and the deleted entries to the
              cursor ledger
            </ActionChoice>
          ))}
        </div>
      )}
      {writes.length === 0 && write.memoryOnly && (
        <p className="muted">No write can happen now: {repl.from}’s topic is not served.</p>
      )}
    </div>
  );
}
