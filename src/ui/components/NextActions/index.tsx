// What could happen next from the current step, in the engine's stable order: the first is what
// `auto` takes (marked default), and the one this trace takes next is marked too. Each is a
// button: the one taken next steps forward; any other forks the timeline from here (a branch).
import { pickAction, useApp, useShownStep } from '../../store';

export function NextActions() {
  // The same step as the panels (useShownStep).
  const { result, cursor } = useShownStep();
  const enabled = result?.steps[cursor]?.enabled;
  const taken = result?.steps[cursor + 1]?.key ?? null;
  const busy = useApp((s) => s.status === 'running');
  if (!enabled) return null;
  return (
    <section className="panel" aria-label="Next actions" data-testid="panel-next">
      <h3>Next actions</h3>
      {enabled.length === 0 ? (
        <p className="muted">Nothing is enabled: the run is over.</p>
      ) : (
        <>
          <ol className="next-actions">
            {enabled.map((key, i) => (
              <li key={key} className={key === taken ? 'taken' : undefined}>
                <button
                  type="button"
                  className="action"
                  disabled={busy}
                  onClick={() => void pickAction(key)}
                  title={
                    key === taken
                      ? 'What this trace does next: step forward'
                      : 'Fork the timeline: do this next, then continue with the default policy'
                  }
                >
                  <code>{key}</code>
                </button>
                {i === 0 && <span className="tag">default</span>}
                {key === taken && <span className="tag tag-accent">taken next</span>}
              </li>
            ))}
          </ol>
          {enabled.length > 1 && (
            <p className="muted hint">Pick another action to fork the timeline from this step.</p>
          )}
        </>
      )}
    </section>
  );
}
