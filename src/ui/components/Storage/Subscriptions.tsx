// Subscriptions: the cursor's mark-delete, what the consumer received, and the backlog Pulsar
// computes from the recorded entry counts (ManagedCursorImpl.getNumberOfEntriesInBacklog) — red
// when negative; an acknowledged position the ledger list does not record is red too. Why an entry
// came again is written out under the receipts (before, only the "again" chip's tooltip said it).
import type { SubscriptionView } from '../../../engine';
import { changedClass } from '../Panels/changed';
import { AcksInFlight } from './AcksInFlight';
import { Redelivery } from './Redelivery';
import { carried, type ReceivedNames } from './receivedNames';

export function SubscriptionsPanel({
  subscriptions,
  changed,
  cluster,
  timers = [],
  taken = null,
  names = {},
  cut = {},
}: {
  readonly subscriptions: readonly SubscriptionView[];
  readonly changed: boolean;
  /** The topic's cluster, for the ⚡ of an acknowledgement in flight. */
  readonly cluster?: string;
  /**
   * The consumer's actions enabled at the cursor, offered under their row: the redelivery timers
   * (`negative-ack:`, `ack-timeout:`), the application's `acknowledge:` and the `redeliver:` request;
   * the CommandAck reaching the broker (`ack:`), under its acks in flight.
   */
  readonly timers?: readonly string[];
  /** The key of those this trace takes next, if any. */
  readonly taken?: string | null;
  /** What each receipt carried, a chunk by its place (`M1[1/2]`): receivedNames.ts. */
  readonly names?: ReceivedNames;
  /** Per subscription, what the range cap left out of the cursor ledger (rangesCap.ts). */
  readonly cut?: Readonly<Record<string, string>>;
}) {
  return (
    <section className="panel" aria-label="Subscriptions" data-testid="panel-subscriptions">
      <h3>Subscriptions</h3>
      <div className={changedClass(changed)}>
        {subscriptions.length === 0 && <p className="muted">No subscription.</p>}
        {subscriptions.map((s) => (
          <article key={s.name} className="card" data-testid={`sub-${s.name}`}>
            <header className="card-head">
              <strong>{s.name}</strong>
              <span className="muted">
                consumer on {s.broker}
                {s.serving ? '' : ' (its broker does not serve the topic)'}
              </span>
            </header>
            <dl className="kv">
              <dt>mark-delete</dt>
              <dd data-testid={`sub-${s.name}-markdelete`}>
                <span className={s.ackedMissing ? 'bad' : undefined}>{s.markDelete}</span>
                {s.ackedMissing && (
                  <span className="bad" role="status">
                    {' '}
                    — acknowledged, but {s.ackedMissing}
                  </span>
                )}
              </dd>
              {s.individuallyDeleted.length > 0 && (
                <>
                  <dt>individually deleted</dt>
                  <dd>{s.individuallyDeleted.join(', ')}</dd>
                </>
              )}
              {s.acks && (
                <>
                  <dt>acks in flight</dt>
                  <dd data-testid={`sub-${s.name}-acks`}>
                    <AcksInFlight
                      subscription={s}
                      cluster={cluster}
                      enabled={timers}
                      taken={taken}
                    />
                  </dd>
                  <dt>cursor ledger</dt>
                  <dd data-testid={`sub-${s.name}-persisted`}>
                    mark-delete {s.acks.persisted}
                    {s.acks.persistedDeleted &&
                      `, individually deleted ${s.acks.persistedDeleted.join(', ')}`}
                    {cut[s.name] && <span className="muted">; {cut[s.name]}</span>}
                  </dd>
                </>
              )}
              {s.redelivery && <Redelivery subscription={s} enabled={timers} taken={taken} />}
              <dt>backlog</dt>
              <dd data-testid={`sub-${s.name}-backlog`}>
                <span className={s.backlog < 0 ? 'bad' : undefined}>{s.backlog}</span>
                {s.backlog < 0 && <span className="bad"> (negative)</span>}
                <span className="muted" style={{ fontWeight: 'normal' }}>
                  {' '}
                  {s.lastConfirmed
                    ? `${Math.abs(s.backlog) === 1 ? 'entry' : 'entries'} after the mark-delete up to ${s.lastConfirmed}, from the recorded counts`
                    : 'nothing confirmed yet'}
                </span>
              </dd>
            </dl>
            <div className="row" data-testid={`sub-${s.name}-received`}>
              <span className="row-label">received</span>
              {s.received.length === 0 && <span className="muted">nothing yet</span>}
              {/* Keyed by order: a redelivered entry is received twice. */}
              {s.received.map((r, i) => (
                <span
                  key={i}
                  className="chip"
                  title={r.redelivered ? `redelivered: ${r.redelivered}` : r.discarded}
                >
                  {r.position}
                  {r.msgs.length > 0 && <small> {carried(r.msgs, names[s.name]?.[i])}</small>}
                  {r.discarded && <small className="muted"> chunk discarded</small>}
                  {r.redelivered && <small className="bad"> again</small>}
                </span>
              ))}
            </div>
            {s.received.some((r) => r.redelivered) && (
              <ul className="muted" data-testid={`sub-${s.name}-why-again`}>
                {s.received.map(
                  (r, i) =>
                    r.redelivered && (
                      <li key={i}>
                        {r.position}
                        {r.msgs.length > 0 && ` ${carried(r.msgs, names[s.name]?.[i])}`} again:{' '}
                        {r.redelivered}
                      </li>
                    ),
                )}
              </ul>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
