// The geo-replicator: its cursor on the source topic as a strip of entries (SourceEntry.tsx), its
// state (Terminated in red, with the reason), with `cursorWrites: "in-flight"` what its cursor
// ledger holds (ReplicatorCursorLedger.tsx), and its GeoReplicationProducerImpl: pending source
// positions, lastPersistedSource and the Case each receipt hit.
import type { ReplicationPanel as View } from '../../../engine';
import { changedClass } from './changed';
import { ReplicatorCursorLedger } from './ReplicatorCursorLedger';
import { SourceEntry } from './SourceEntry';

export function ReplicationPanel({
  repl,
  writes = [],
  taken = null,
}: {
  readonly repl: View;
  /** This replicator's cursor writes enabled at the cursor (`cursorWrites: "in-flight"`). */
  readonly writes?: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken?: string | null;
}) {
  const terminated = repl.state === 'Terminated';
  // GeoReplicationProducerImpl.ackReceived hands a V1 connection's receipts to ProducerImpl's
  // ("Repl V1 is the same as normal"): no Case runs, and lastPersistedSource never moves. The
  // panel read "receipts: none yet" beside the -1:-1 receipt that completed M3 (seed 002).
  const v1 = repl.producer.replDedupV2 === false;
  const ledger = repl.cursorLedger;
  const memoryOnly = new Set(ledger?.inMemoryOnly.map((e) => e.position));
  // With the cursor ledger shown, the cursor's own fields say they are the copy in memory.
  const inMemory = ledger && <span className="muted"> (in memory)</span>;
  return (
    <section
      className="panel"
      // With several links each replicator's panel is named by its link.
      aria-label={repl.key ? `Replicator ${repl.from} → ${repl.to}` : 'Replicator'}
      data-testid="panel-replicator"
      data-link={repl.key}
    >
      <h3>
        Replicator {repl.from} → {repl.to}{' '}
        <span className="muted">(dedup {repl.dedup.toUpperCase()})</span>
      </h3>
      <p
        className={changedClass(repl.changed.state, terminated ? 'bad repl-state' : 'repl-state')}
        data-testid="replicator-state"
        role={terminated ? 'status' : undefined}
      >
        <strong>{repl.state}</strong>
        {terminated && repl.reason && <> — {repl.reason}</>}
      </p>
      <div className={changedClass(repl.changed.cursor)}>
        <dl className="kv" data-testid="replicator-cursor">
          <dt>readPosition</dt>
          <dd>
            {repl.readPosition}
            {repl.readAtEnd && <span className="muted"> (past the last entry)</span>}
          </dd>
          <dt>markDeletePosition{inMemory}</dt>
          <dd>{repl.markDeletePosition}</dd>
          <dt>individuallyDeleted{inMemory}</dt>
          <dd>{repl.individuallyDeleted.length ? repl.individuallyDeleted.join(', ') : 'none'}</dd>
        </dl>
        <ol className="strip" aria-label={`Source entries at ${repl.from}`}>
          {repl.entries.map((e) => (
            <SourceEntry
              key={e.position}
              e={e}
              to={repl.to}
              memoryOnly={memoryOnly.has(e.position)}
            />
          ))}
          {repl.readAtEnd && (
            <li className="strip-entry strip-end is-read" aria-label="read position: end of topic">
              <span className="strip-read" aria-hidden="true">
                ▼ read
              </span>
              <code>{repl.readPosition}</code>
              <span className="strip-msg muted">end</span>
            </li>
          )}
        </ol>
        <p className="strip-legend muted">
          MD mark-deleted · del individually deleted · sent pending at the producer · LOST deleted
          at {repl.from}, absent at {repl.to}
          {ledger && ' · mem deleted in memory only, not in the cursor ledger yet'}
          {/* Only where a message TTL expired entries: the other views' legend stays as it was. */}
          {repl.entries.some((e) => e.expired) && ' · TTL expired by the message TTL'}
          {repl.entries.some((e) => e.expiredSend === 'stored-at-remote') &&
            ` · stored expired, yet stored at ${repl.to} (its send was in flight)`}
          {/* Likewise only where an entry's replicate_to left the remote out. */}
          {repl.entries.some((e) => e.skipped) &&
            ` · skip skipped unsent: its replicate_to excludes ${repl.to}`}
        </p>
        <ReplicatorCursorLedger repl={repl} writes={writes} taken={taken} />
      </div>
      <div className={changedClass(repl.changed.producer, 'card')} data-testid="geo-producer">
        <header className="card-head">
          <strong>GeoReplicationProducerImpl</strong>
          <code className="muted">{repl.producer.wireName}</code>
          <span className="muted">
            {repl.producer.closed ? 'closed' : repl.producer.state}
            {repl.producer.replDedupV2 !== null &&
              ` · ${repl.producer.replDedupV2 ? 'V2 connection (by source position)' : 'V1 connection'}`}
          </span>
        </header>
        <dl className="kv">
          <dt>lastPersistedSource</dt>
          <dd>
            {repl.producer.lastPersistedSource}
            {v1 && <span className="muted"> (moved only by V2’s Case-3)</span>}
          </dd>
        </dl>
        <div className="row">
          <span className="row-label">pending (source)</span>
          {repl.producer.pending.length === 0 && <span className="muted">none</span>}
          {repl.producer.pending.map((op, i) => (
            <span key={i} className="chip">
              {op.sourcePositions.join('+')} <small>{op.msgs.join('+')}</small>
            </span>
          ))}
        </div>
        <div className="row">
          <span className="row-label">receipts</span>
          {repl.receipts.length === 0 && (
            <span className="muted" data-testid="receipts-none">
              {v1
                ? 'no Case: on a V1 connection ackReceived is ProducerImpl’s, matching each receipt by sequence id (see the diagram)'
                : 'none yet'}
            </span>
          )}
        </div>
        {repl.receipts.length > 0 && (
          <ol className="plain receipts" data-testid="receipt-cases">
            {repl.receipts.map((x, i) => (
              <li key={i} title={x.rule}>
                <span className="muted">step {x.step}</span>{' '}
                <span className={x.case.startsWith('Case-1') ? 'tag tag-bad' : 'tag'}>
                  {x.case}
                </span>{' '}
                {x.msgs.length > 0 && <span className="chip">{x.msgs.join('+')}</span>} {x.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
