// The branch's fault plan (the scenario's own faults and the injected ones), each removable, and
// the topology faults the user can place at the current step: they happen right after it.
import { describeFault, removeFault, addFault, useApp, useShownStep } from '../../store';

export function FaultPlan() {
  const faults = useApp((s) => s.branches[s.branch]?.faults ?? []);
  // The same step as the panels (useShownStep): the faults are placed at the step shown here.
  const { result, cursor } = useShownStep();
  const world = result?.steps[cursor]?.world ?? null;
  const busy = useApp((s) => s.status === 'running');
  if (!world) return null;
  const after = { step: cursor };
  const producers = Object.values(world.producers);
  return (
    <section className="panel" aria-label="Fault plan" data-testid="panel-faults">
      <h3>Fault plan</h3>
      {faults.length === 0 ? (
        <p className="muted">
          No faults. Use ⚡ on a message (pending queue, in flight) or the buttons below.
        </p>
      ) : (
        <ul className="plain fault-list">
          {faults.map((f, i) => (
            <li key={i}>
              <span>{describeFault(f)}</span>{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${describeFault(f)}`}
                disabled={busy}
                onClick={() => void removeFault(i)}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row topology" aria-label={`Topology faults after step ${cursor}`}>
        <span className="row-label">after step {cursor}</span>
        {producers.map((p) => (
          <span key={p.name} className="topology-group">
            <button
              type="button"
              disabled={busy || !world.channels[p.name]?.open}
              onClick={() => void addFault({ kind: 'disconnect', producer: p.name, after })}
            >
              disconnect {p.name}
            </button>
            {p.role === 'app' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void addFault({ kind: 'restart-producer', producer: p.name, after })}
              >
                restart {p.name}
              </button>
            )}
          </span>
        ))}
        {world.config.clusters.map((c) => {
          const bk = world.topics[c.name]?.bk ?? null;
          return (
            <span key={c.name} className="topology-group">
              {/* An unload is modelled on abstract storage only (see sim/faults.ts). */}
              {!bk && (
                <button type="button" disabled={busy} onClick={() => void addFault({ kind: 'unload-topic', cluster: c.name, after })}>
                  unload topic at {c.name}
                </button>
              )}
              {bk &&
                c.brokers
                  .filter((b) => b !== bk.metadata.owner)
                  .map((b) => (
                    <button key={b} type="button" disabled={busy || bk.takeover !== null} onClick={() => void addFault({ kind: 'ownership-change', cluster: c.name, to: b, after })}>
                      move ownership to {b}
                    </button>
                  ))}
              {c.bookies.map((b) => (
                <button key={b} type="button" disabled={busy} onClick={() => void addFault({ kind: 'slow-bookie', bookie: b })}>
                  slow {b}
                </button>
              ))}
            </span>
          );
        })}
      </div>
    </section>
  );
}
