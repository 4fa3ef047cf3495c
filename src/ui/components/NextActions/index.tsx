// What could happen next from the current step, in the engine's stable order. Read-only for now:
// the first is what `auto` takes; the one this trace actually took next is marked too.
import { useApp } from '../../store';

export function NextActions() {
  const enabled = useApp((s) => s.result?.steps[s.cursor]?.enabled);
  const taken = useApp((s) => s.result?.steps[s.cursor + 1]?.key ?? null);
  if (!enabled) return null;
  return (
    <section className="panel" aria-label="Next actions" data-testid="panel-next">
      <h3>Next actions</h3>
      {enabled.length === 0 ? (
        <p className="muted">Nothing is enabled: the run is over.</p>
      ) : (
        <ol className="next-actions">
          {enabled.map((key, i) => (
            <li key={key} className={key === taken ? 'taken' : undefined}>
              <code>{key}</code>
              {i === 0 && <span className="tag">default</span>}
              {key === taken && <span className="tag tag-accent">taken next</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
