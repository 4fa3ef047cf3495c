// The broker's `MessageDeduplication` watermarks per producer name. An absent name is not -1:
// the broker accepts any sequence id from a name it has no entry for, so it is shown as "none".
import type { TopicPanel } from '../../../engine';
import { changedClass } from './changed';

const show = (n: number | null) => (n === null ? 'none' : String(n));

export function DedupPanel({ topics }: { readonly topics: readonly TopicPanel[] }) {
  return (
    <section className="panel" aria-label="Broker dedup" data-testid="panel-dedup">
      <h3>Broker dedup</h3>
      {topics.map((t) => (
        <article key={t.cluster} className={changedClass(t.changed.dedup, 'card')}>
          <header className="card-head">
            <strong>{t.cluster}</strong>
            <span className="muted">
              {t.owner} · deduplication {t.dedupEnabled ? 'on' : 'off'}
            </span>
          </header>
          {t.dedup.length === 0 ? (
            <p className="muted">No producer recorded yet.</p>
          ) : (
            <table className="grid">
              <thead>
                <tr>
                  <th>producer</th>
                  <th>highestSequencedPushed</th>
                  <th>highestSequencedPersisted</th>
                </tr>
              </thead>
              <tbody>
                {t.dedup.map((d) => (
                  <tr key={d.producer}>
                    <td>{d.producer}</td>
                    <td>{show(d.pushed)}</td>
                    <td>{show(d.persisted)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </article>
      ))}
    </section>
  );
}
