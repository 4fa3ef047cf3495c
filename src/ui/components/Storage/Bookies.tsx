// BookKeeper's bookies: the entries each stores per ledger, the ledger's fenced flag on it, and what
// travels to and from it — requests in flight, answers on their way back (a slow bookie's held
// answers marked "held", delivered last). Text labels, never colour alone.
import type { BkMessageView, BookieView } from '../../../engine';
import { changedClass } from '../Panels/changed';

function Messages({
  label,
  items,
  testId,
}: {
  readonly label: string;
  readonly items: readonly BkMessageView[];
  readonly testId: string;
}) {
  return (
    <div className="row" data-testid={testId}>
      <span className="row-label">{label}</span>
      {items.length === 0 && <span className="muted">none</span>}
      {items.map((m, i) => (
        <span key={i} className="frame">
          <span className={m.error ? 'bad' : undefined}>{m.label}</span>{' '}
          <small className="muted">
            {label.startsWith('requests') ? 'from' : 'to'} {m.peer}
          </small>
          {m.held && (
            <span className="tag" title="a slow bookie: this answer is held back and taken last">
              held (slow bookie)
            </span>
          )}
        </span>
      ))}
    </div>
  );
}

export function BookiesPanel({
  bookies,
  quorum,
}: {
  readonly bookies: readonly BookieView[];
  readonly quorum: {
    readonly ensemble: number;
    readonly writeQuorum: number;
    readonly ackQuorum: number;
  };
}) {
  return (
    <section className="panel" aria-label="Bookies" data-testid="panel-bookies">
      <h3>
        Bookies{' '}
        <span className="muted">
          (ensemble {quorum.ensemble} / write quorum {quorum.writeQuorum} / ack quorum{' '}
          {quorum.ackQuorum})
        </span>
      </h3>
      {bookies.map((b) => (
        <article
          key={b.name}
          className={changedClass(b.changed, 'card')}
          data-testid={`bookie-${b.name}`}
        >
          <header className="card-head">
            <strong>{b.name}</strong>
          </header>
          {b.ledgers.length === 0 && <p className="muted">No ledger stored.</p>}
          {b.ledgers.map((l) => (
            <div key={l.id} className="row" data-testid={`bookie-${b.name}-ledger-${l.id}`}>
              <span className="row-label">
                ledger {l.id}
                {l.fenced && ' '}
                {l.fenced && (
                  <span className="tag tag-accent" title="fenced: this bookie rejects adds to it">
                    fenced
                  </span>
                )}
              </span>
              {l.entries.length === 0 && <span className="muted">no entries</span>}
              {l.entries.map((e) => (
                <code key={e} className="chip">
                  {e}
                </code>
              ))}
            </div>
          ))}
          <Messages label="requests in" items={b.requests} testId={`bookie-${b.name}-requests`} />
          <Messages label="answers out" items={b.answers} testId={`bookie-${b.name}-answers`} />
        </article>
      ))}
    </section>
  );
}
