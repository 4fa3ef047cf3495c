// The geo-replicator: its cursor on the source topic as a strip of entries (read position,
// mark-delete, individually deleted — each with a text label, not colour alone), its state
// (Terminated in red, with the reason), and its GeoReplicationProducerImpl: pending source
// positions, lastPersistedSource and the Case each receipt hit.
import type { ReplicationPanel as View, SourceEntryView } from '../../../engine';
import { changedClass } from './changed';

/**
 * What the message TTL did to an entry, in words. An entry whose send was already in flight is not
 * lost by it: the send goes on and the remote stores it ("expired" alone read as a loss beside a
 * remote that holds the message — review 17, row t01).
 */
function ttlWords(e: SourceEntryView, to: string): string {
  if (e.expiredSend === 'stored-at-remote')
    return `expired by the message TTL, but stored at ${to}: its send was already in flight`;
  if (e.expiredSend === 'in-flight')
    return 'expired by the message TTL while its send was in flight (the send goes on)';
  return 'expired by the message TTL';
}

function labelsOf(e: SourceEntryView, to: string): string[] {
  const out: string[] = [];
  if (e.atReadPosition) out.push('read position');
  if (e.markDeleted) out.push('mark-deleted');
  if (e.individuallyDeleted) out.push('individually deleted');
  if (e.expired) out.push(ttlWords(e, to));
  if (e.skipped) out.push(`skipped: ${e.skipped}`);
  if (e.pending) out.push('in flight');
  if (e.lostAtRemote) out.push('deleted but not at the remote');
  return out;
}

function Entry({ e, to }: { readonly e: SourceEntryView; readonly to: string }) {
  const labels = labelsOf(e, to);
  const cls = [
    'strip-entry',
    e.markDeleted && 'is-mark-deleted',
    e.individuallyDeleted && 'is-deleted',
    e.atReadPosition && 'is-read',
    e.pending && 'is-pending',
    e.lostAtRemote && 'is-lost',
  ]
    .filter(Boolean)
    .join(' ');
  const name = e.msgs.length > 0 ? (e.names ?? e.msgs).join('+') : '—';
  return (
    <li
      className={cls}
      data-position={e.position}
      aria-label={`${e.position} ${name}${labels.length ? ': ' + labels.join(', ') : ''}`}
    >
      {e.atReadPosition && (
        <span className="strip-read" aria-hidden="true">
          ▼ read
        </span>
      )}
      <code>{e.position}</code>
      <span className="strip-msg">{name}</span>
      <span className="strip-flags" aria-hidden="true">
        {e.markDeleted && <abbr title="mark-deleted">MD</abbr>}
        {e.individuallyDeleted && <abbr title="individually deleted">del</abbr>}
        {e.expired && <abbr title={ttlWords(e, to)}>TTL</abbr>}
        {e.expiredSend === 'stored-at-remote' && (
          <abbr title={`stored at ${to}: its send was already in flight when the TTL expired it`}>
            stored
          </abbr>
        )}
        {e.skipped && <abbr title={`skipped unsent: ${e.skipped}`}>skip</abbr>}
        {e.pending && <abbr title="in flight (pending at the geo producer)">sent</abbr>}
        {e.lostAtRemote && <abbr title="deleted at the source, absent at the remote">LOST</abbr>}
      </span>
    </li>
  );
}

export function ReplicationPanel({ repl }: { readonly repl: View }) {
  const terminated = repl.state === 'Terminated';
  // GeoReplicationProducerImpl.ackReceived hands a V1 connection's receipts to ProducerImpl's
  // ("Repl V1 is the same as normal"): no Case runs, and lastPersistedSource never moves. The
  // panel read "receipts: none yet" beside the -1:-1 receipt that completed M3 (seed 002).
  const v1 = repl.producer.replDedupV2 === false;
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
          <dt>markDeletePosition</dt>
          <dd>{repl.markDeletePosition}</dd>
          <dt>individuallyDeleted</dt>
          <dd>{repl.individuallyDeleted.length ? repl.individuallyDeleted.join(', ') : 'none'}</dd>
        </dl>
        <ol className="strip" aria-label={`Source entries at ${repl.from}`}>
          {repl.entries.map((e) => (
            <Entry key={e.position} e={e} to={repl.to} />
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
          {/* Only where a message TTL expired entries: the other views' legend stays as it was. */}
          {repl.entries.some((e) => e.expired) && ' · TTL expired by the message TTL'}
          {repl.entries.some((e) => e.expiredSend === 'stored-at-remote') &&
            ` · stored expired, yet stored at ${repl.to} (its send was in flight)`}
          {/* Likewise only where an entry's replicate_to left the remote out. */}
          {repl.entries.some((e) => e.skipped) &&
            ` · skip skipped unsent: its replicate_to excludes ${repl.to}`}
        </p>
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
