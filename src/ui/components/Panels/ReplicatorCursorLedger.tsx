// The replicator's cursor ledger beside its cursor in memory, with `replication.cursorWrites:
// "in-flight"` only (docs/research/replicator-cursor-writes.md). The send callback's delete
// (`ManagedCursorImpl.asyncDelete`) moves the cursor in memory at once; the ledger holds it only
// once `ManagedCursorImpl.persistPositionToLedger` ran (the `persist-replicator-cursor:` step), and a
// crash of the source's broker before that loses it: the topic's next load recovers the cursor from
// its ledger (`recoverFromLedger`) and the new replicator sends the entry again. The panel showed
// the cursor in memory only, so a delete a crash would undo looked written. The pending write is
// offered here as Next actions offers it (ActionChoice), like the Dedup panel's housekeeping.
import type { ReplicationPanel as View } from '../../../engine';
import { ActionChoice } from '../NextActions/ActionChoice';

const WRITE = 'persist-replicator-cursor:';

/** The `persist-replicator-cursor:` keys of `enabled` that write this replicator's cursor. */
export function cursorWriteKeys(enabled: readonly string[], repl: View): string[] {
  // One link: `persist-replicator-cursor:<ledger>:<entry>`; several: the link after the colon.
  const link = repl.key ? `${repl.from}->${repl.to}:` : '';
  const own = WRITE + link;
  return enabled.filter((k) => k.startsWith(own) && /^\d+:-?\d+$/.test(k.slice(own.length)));
}

const listed = (xs: readonly string[]): string => (xs.length > 0 ? xs.join(', ') : 'none');

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
  const memoryOnly = ledger.inMemoryOnly;
  const named = memoryOnly.map((e) =>
    e.msgs.length > 0 ? `${e.position} (${e.msgs.join('+')})` : e.position,
  );
  const them = memoryOnly.length === 1 ? 'it' : 'them';
  const sent = memoryOnly.flatMap((e) => e.msgs);
  const again = sent.length > 0 ? `, and the new replicator reads ${sent.join(', ')} again` : '';
  return (
    <div data-testid="replicator-cursor-ledger">
      <dl className="kv">
        <dt>cursor ledger</dt>
        <dd data-testid="replicator-cursor-persisted">
          mark-delete {ledger.markDeletePosition}, individually deleted{' '}
          {listed(ledger.individuallyDeleted)}
        </dd>
      </dl>
      <p
        className={memoryOnly.length > 0 ? undefined : 'muted'}
        data-testid="replicator-cursor-write"
      >
        {memoryOnly.length > 0 ? (
          <>
            <strong>In memory only:</strong> deleted {named.join(', ')} —
            ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not
            written {them} to the cursor ledger yet. A crash of {repl.from}’s broker now loses the
            delete (recoverFromLedger){again}.
          </>
        ) : (
          <>
            <strong>Persisted:</strong> the cursor ledger holds every delete made in memory
            (ManagedCursorImpl.persistPositionToLedger).
          </>
        )}
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
      {writes.length === 0 && memoryOnly.length > 0 && (
        <p className="muted">No write can happen now: {repl.from}’s topic is not served.</p>
      )}
    </div>
  );
}
