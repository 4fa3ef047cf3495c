// Frames on each producer connection, both directions, in FIFO order (oldest first).
import type { ChannelPanel } from '../../../engine';
import { FaultMenu } from '../FaultPlan/FaultMenu';
import { SEND_FAULTS, type MessageFault } from '../FaultPlan/messageFaultKinds';
import { faultsAt, useClustersWithBookies } from '../FaultPlan/messageFaults';
import { changedClass } from './changed';

const RECEIPT_FAULTS: readonly MessageFault[] = ['lose-receipt'];

function Frames({
  label,
  frames,
  msgs,
  ids = msgs,
  cluster,
  kinds,
}: {
  readonly label: string;
  readonly frames: readonly string[];
  readonly msgs: readonly (readonly string[] | null)[];
  /** The message id a fault names for each of `msgs` (a chunk's message); `msgs` when absent. */
  readonly ids?: readonly (readonly string[] | null)[];
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
}) {
  return (
    <div className="row">
      <span className="row-label">{label}</span>
      {frames.length === 0 ? (
        <span className="muted">none</span>
      ) : (
        frames.map((f, i) => (
          <span key={i} className="frame-wrap">
            <code className="frame">{f}</code>
            {msgs[i]?.map((m, j) => (
              <FaultMenu
                key={m}
                place="in-flight"
                message={ids[i]?.[j] ?? m}
                part={m}
                cluster={cluster}
                kinds={kinds}
              />
            ))}
          </span>
        ))
      )}
    </div>
  );
}

export function InFlightPanel({ channels }: { readonly channels: readonly ChannelPanel[] }) {
  // Only the faults the validator accepts at the channel's cluster (no persist-fails on bookies).
  const bookies = useClustersWithBookies();
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
              {!c.listening &&
                ` · ${c.producer} unregistered (NotAllowedError): its answers are dropped`}
            </span>
          </header>
          <Frames
            label={`to ${c.broker}`}
            frames={c.toBroker}
            msgs={c.toBrokerMsgs}
            ids={c.toBrokerMsgIds}
            cluster={c.cluster}
            kinds={faultsAt(SEND_FAULTS, c.cluster, bookies)}
          />
          <Frames
            label={`to ${c.producer}`}
            frames={c.toClient}
            msgs={c.toClientReceipts}
            cluster={c.cluster}
            kinds={RECEIPT_FAULTS}
          />
        </article>
      ))}
    </section>
  );
}
