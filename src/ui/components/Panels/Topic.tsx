// What each cluster's topic stores: ledgers with their entries by position, and the writes still
// in flight to storage (a NotDup publish waiting for its `OpAddEntry`).
import type { TopicPanel as TopicView } from '../../../engine';
import { changedClass } from './changed';

export function TopicPanel({ topics }: { readonly topics: readonly TopicView[] }) {
  return (
    <section className="panel" aria-label="Topic" data-testid="panel-topic">
      <h3>Topic</h3>
      <div className={topics.length > 1 ? 'side-by-side' : undefined}>
        {topics.map((t) => (
          <article key={t.cluster} className="card" data-testid={`topic-${t.cluster}`}>
            <header className="card-head">
              <strong>{t.cluster}</strong>
              <span className="muted">
                stored: {t.stored.length === 0 ? 'nothing yet' : t.stored.join(', ')}
                {t.fenced ? ' · fenced' : ''}
              </span>
            </header>
            {t.missingFromSource && t.missingFromSource.msgs.length > 0 && (
              <p className="bad missing" data-testid={`missing-${t.cluster}`}>
                missing (stored at {t.missingFromSource.from}, not here):{' '}
                {t.missingFromSource.msgs.join(', ')}
              </p>
            )}
            <div className={changedClass(t.changed.ledgers)}>
              {t.ledgers.length === 0 && <p className="muted">No ledger yet.</p>}
              {t.ledgers.map((l) => (
                <div key={l.id} className="ledger">
                  <div className="row-label">
                    ledger {l.id} {l.closed ? '(closed)' : '(open)'}
                  </div>
                  {l.entries.length === 0 && <span className="muted">no entries</span>}
                  <ol className="plain">
                    {l.entries.map((e) => (
                      <li key={e.position} className={e.readable ? undefined : 'unreadable'}>
                        <code>{e.position}</code>{' '}
                        {e.msgs.map((m, i) => (
                          <span key={i} className="chip">
                            {m}
                          </span>
                        ))}{' '}
                        <small className="muted">seq {e.sequenceRange}</small>
                        {!e.readable && <small className="muted"> · written, not stored (a reader does not reach it)</small>}
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
            {t.pendingWrites.length > 0 && (
              <div className={changedClass(t.changed.pendingWrites, 'row')}>
                <span className="row-label">pending writes</span>
                {t.pendingWrites.map((w, i) => (
                  <span key={i} className="chip">
                    {w.msgs.join('+')} <small>seq {w.sequenceRange}</small>
                  </span>
                ))}
              </div>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
