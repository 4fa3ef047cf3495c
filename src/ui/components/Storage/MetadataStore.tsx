// The metadata store: who it says owns the topic (against the broker that serves it), the managed
// ledger's ledger list with entry counts and its version, BookKeeper's own ledger metadata (state,
// last entry, its ensembles by first entry id), and the broker loading the topic. A recorded count
// BookKeeper contradicts is red.
import type { MetadataView, TakeoverView } from '../../../engine';
import { changedClass } from '../Panels/changed';

const plural = (n: number) => `${n} entr${n === 1 ? 'y' : 'ies'}`;

export const TAKEOVER_TEXT: Record<TakeoverView['state'], string> = {
  recovering: 'recovering (fencing and reading the last ledger)',
  'writing-metadata': 'writing the ledger list (compare-and-set)',
  loaded: 'loaded',
  failed: 'load failed',
};

export function MetadataStorePanel({
  metadata: m,
  changed,
}: {
  readonly metadata: MetadataView;
  readonly changed: boolean;
}) {
  const split = m.owner !== m.servedBy;
  return (
    <section className="panel" aria-label="Metadata store" data-testid="panel-metadata">
      <h3>Metadata store</h3>
      <div className={changedClass(changed)}>
        <dl className="kv">
          <dt>topic owner</dt>
          <dd data-testid="metadata-owner">
            {m.owner}
            {split && (
              <span className="bad">
                {' '}
                — but {m.servedBy} still serves it and believes it owns it
              </span>
            )}
          </dd>
          <dt>ledger list</dt>
          <dd data-testid="metadata-ledgers">
            <span className="muted">version {m.version}:</span>{' '}
            {m.ledgers.map((l) => (
              <span
                key={l.id}
                className={l.mismatch ? 'chip bad' : 'chip'}
                data-testid={`recorded-ledger-${l.id}`}
                title={
                  l.current ? 'the current ledger: its count is written when it closes' : undefined
                }
              >
                ledger {l.id}: {plural(l.entries)}
                {l.current ? ' (current)' : ''}
                {l.mismatch ? ' ≠ BookKeeper' : ''}
              </span>
            ))}
          </dd>
        </dl>
        <table className="grid" data-testid="bk-ledger-meta">
          <caption className="muted" style={{ textAlign: 'left' }}>
            BookKeeper ledger metadata
          </caption>
          <thead>
            <tr>
              <th>ledger</th>
              <th>state</th>
              <th>last entry</th>
              <th title="BookKeeper keeps each ensemble by its first entry id; an ensemble change adds one">
                ensemble
              </th>
            </tr>
          </thead>
          <tbody>
            {m.bkLedgers.map((l) => (
              <tr key={l.id} data-testid={`bk-ledger-${l.id}`}>
                <td>{l.id}</td>
                <td>{l.state}</td>
                <td>
                  {l.lastEntry}
                  {l.entries !== null && <span className="muted"> ({plural(l.entries)})</span>}
                </td>
                <td data-testid={`bk-ledger-${l.id}-ensembles`}>
                  {l.ensembles.map((e, i) => (
                    <span key={e.first} data-testid={`bk-ledger-${l.id}-ensemble-${e.first}`}>
                      {i > 0 && '; '}
                      {e.range !== null && <span className="muted">{e.range}: </span>}
                      {e.bookies.join(', ')}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {m.takeover && (
          <p
            data-testid="metadata-takeover"
            className={m.takeover.state === 'failed' ? 'bad' : undefined}
          >
            {m.takeover.broker} loading the topic: {TAKEOVER_TEXT[m.takeover.state]}
            {m.takeover.reason && ` — ${m.takeover.reason}`}
          </p>
        )}
      </div>
    </section>
  );
}
