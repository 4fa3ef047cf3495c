// Each producer's client-side state: the sequence watermarks, the open batch, and
// `pendingMessages` (sent, not yet completed) with the id range each op carries on the wire.
import type { ProducerPanel } from '../../../engine';
import { ALL_FAULTS, FaultMenu } from '../FaultPlan/FaultMenu';
import { faultsAt, useClustersWithBookies } from '../FaultPlan/messageFaults';
import { changedClass } from './changed';

export function ProducersPanel({ producers }: { readonly producers: readonly ProducerPanel[] }) {
  // Only the faults the validator accepts at the cluster the sends go to (no persist-fails where
  // the topic is on bookies).
  const bookies = useClustersWithBookies();
  return (
    <section className="panel" aria-label="Producers" data-testid="panel-producers">
      <h3>Producers</h3>
      {producers.map((p) => (
        <article key={p.name} className="card">
          <header className="card-head">
            <strong>{p.name}</strong>
            <span className="muted">
              {p.client} client · {p.cluster} · {p.state} · instance {p.instance}
            </span>
          </header>
          <dl className={changedClass(p.changed.watermarks, 'kv')}>
            <dt>msgIdGenerator</dt>
            <dd>{p.msgIdGenerator}</dd>
            <dt>lastSequenceIdPushed</dt>
            <dd>{p.lastSequenceIdPushed}</dd>
            <dt>lastSequenceIdPublished</dt>
            <dd>{p.lastSequenceIdPublished}</dd>
          </dl>
          <div className={changedClass(p.changed.batch, 'row')}>
            <span className="row-label">batch</span>
            {p.batch.length === 0 ? (
              <span className="muted">empty</span>
            ) : (
              p.batch.map((m, i) => (
                <span key={i} className="chip">
                  {m.msg} <small>seq {m.seq}</small>
                </span>
              ))
            )}
          </div>
          <div className={changedClass(p.changed.pending, 'row')}>
            <span className="row-label">pendingMessages</span>
            {p.pendingMessages.length === 0 && <span className="muted">none</span>}
            <ol className="plain">
              {p.pendingMessages.map((op) => (
                <li key={op.opId}>
                  <span className="chip">{op.msgs.join('+')}</span> seq {op.sequenceRange}
                  {op.sourcePositions.length > 0 && (
                    <small className="muted"> source {op.sourcePositions.join('+')}</small>
                  )}
                  {op.msgs.map((m) => (
                    <FaultMenu
                      key={m}
                      message={m}
                      cluster={p.sendsTo}
                      kinds={faultsAt(ALL_FAULTS, p.sendsTo, bookies)}
                    />
                  ))}
                  {op.localBufferCorrupted && (
                    <span className="tag tag-bad">local buffer corrupted</span>
                  )}
                </li>
              ))}
            </ol>
          </div>
        </article>
      ))}
    </section>
  );
}
