// Each broker's view of the managed ledger: the serving broker's ManagedLedgerImpl (state, its own
// ledger list and version, current ledger, LAC, pending adds with the bookies that acked) and,
// during a takeover, the loading broker's recovery progress. Each says whether it serves the topic
// (believes it owns it) and whether the metadata store names it.
import type { BrokerView, TakeoverView } from '../../../engine';
import { changedClass } from '../Panels/changed';
import { TAKEOVER_TEXT } from './MetadataStore';

function Ownership({ b }: { readonly b: BrokerView }) {
  const text = b.serving
    ? b.metadataOwner
      ? 'serves the topic; the metadata store agrees'
      : 'believes it owns the topic (serves it); the metadata store names another broker'
    : b.metadataOwner
      ? b.takeover?.state === 'failed'
        ? 'the metadata store names it the owner; its load failed, it does not serve the topic'
        : 'the metadata store names it the owner; it does not serve the topic yet'
      : 'does not serve the topic';
  const split = b.serving !== b.metadataOwner;
  return (
    <span className={split ? 'bad' : 'muted'} data-testid={`broker-${b.name}-ownership`}>
      {text}
    </span>
  );
}

function Takeover({ t }: { readonly t: TakeoverView }) {
  return (
    <div data-testid="takeover">
      <div className="row">
        <span className="row-label">takeover</span>
        <strong className={t.state === 'failed' ? 'bad' : undefined}>
          {TAKEOVER_TEXT[t.state]}
        </strong>
        {t.reason && <span className="bad">{t.reason}</span>}
      </div>
      <dl className="kv">
        <dt>ledger list read at</dt>
        <dd>version {t.readVersion}</dd>
        <dt>recovering ledger</dt>
        <dd>
          {t.recovering}: fence answers from {t.answered.length} of {t.ensemble.length}
          {t.answered.length > 0 && <span className="muted"> ({t.answered.join(', ')})</span>}
        </dd>
        <dt>recovered last entry</dt>
        <dd>{t.recoveredLast}</dd>
        <dt>ledger list to write</dt>
        <dd>{t.ledgers.map((l) => `${l.id}:{${l.entries}}`).join(', ')}</dd>
      </dl>
    </div>
  );
}

export function BrokersPanel({
  brokers,
  changed,
}: {
  readonly brokers: readonly BrokerView[];
  readonly changed: boolean;
}) {
  return (
    <section className="panel" aria-label="Brokers" data-testid="panel-brokers">
      <h3>Managed ledger per broker</h3>
      <div className={changedClass(changed)}>
        {brokers.map((b) => (
          <article key={b.name} className="card" data-testid={`broker-${b.name}`}>
            <header className="card-head">
              <strong>{b.name}</strong>
              <Ownership b={b} />
            </header>
            {b.ml && (
              <div data-testid={`broker-${b.name}-ml`}>
                <dl className="kv">
                  <dt>state</dt>
                  <dd>{b.ml.state}</dd>
                  <dt>ledgers</dt>
                  <dd>
                    {b.ml.ledgers.map((l) => `${l.id}:{${l.entries}}`).join(', ')}{' '}
                    <span className="muted">(version {b.ml.version})</span>
                  </dd>
                  <dt>current ledger</dt>
                  <dd>{b.ml.currentLedger ?? 'creating a ledger'}</dd>
                  <dt>LAC</dt>
                  <dd>{b.ml.lac ?? '—'}</dd>
                  <dt>lastConfirmedEntry</dt>
                  <dd>{b.ml.lastConfirmedEntry}</dd>
                </dl>
                <div className="row">
                  <span className="row-label">pending adds</span>
                  {b.ml.pending.length === 0 && <span className="muted">none</span>}
                  {b.ml.pending.map((p) => (
                    <span key={p.position} className="chip">
                      {p.position}{' '}
                      <small>
                        acks {p.acks.length}/{b.ml!.ackQuorum}
                        {p.acks.length > 0 && ` (${p.acks.join(', ')})`}
                      </small>
                    </span>
                  ))}
                </div>
                {b.ml.ops.length > 0 && (
                  <div className="row">
                    <span className="row-label">OpAddEntry</span>
                    {b.ml.ops.map((o, i) => (
                      <span key={i} className="chip">
                        {o}
                      </span>
                    ))}
                  </div>
                )}
              </div>
            )}
            {b.takeover && <Takeover t={b.takeover} />}
          </article>
        ))}
      </div>
    </section>
  );
}
