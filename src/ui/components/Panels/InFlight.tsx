// Frames on each producer connection, both directions, in FIFO order (oldest first).
import type { ChannelPanel } from '../../../engine';
import { changedClass } from './changed';

function Frames({ label, frames }: { readonly label: string; readonly frames: readonly string[] }) {
  return (
    <div className="row">
      <span className="row-label">{label}</span>
      {frames.length === 0 ? (
        <span className="muted">none</span>
      ) : (
        frames.map((f, i) => (
          <code key={i} className="frame">
            {f}
          </code>
        ))
      )}
    </div>
  );
}

export function InFlightPanel({ channels }: { readonly channels: readonly ChannelPanel[] }) {
  return (
    <section className="panel" aria-label="In flight" data-testid="panel-inflight">
      <h3>In flight</h3>
      {channels.length === 0 && <p className="muted">No connection yet.</p>}
      {channels.map((c) => (
        <article key={c.id} className={changedClass(c.changed, 'card')}>
          <header className="card-head">
            <strong>
              {c.producer} ⇄ {c.broker}
            </strong>
            <span className="muted">
              connection {c.epoch} · {c.open ? 'open' : 'closed'}
            </span>
          </header>
          <Frames label={`to ${c.broker}`} frames={c.toBroker} />
          <Frames label={`to ${c.producer}`} frames={c.toClient} />
        </article>
      ))}
    </section>
  );
}
