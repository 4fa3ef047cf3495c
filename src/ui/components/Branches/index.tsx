// The scenario's timelines: the one as written, and one per fork (another next action picked, or
// a fault injected). Shown once there is more than one; a click switches, keeping the step.
import { switchBranch, useApp } from '../../store';

export function Branches() {
  const branches = useApp((s) => s.branches);
  const active = useApp((s) => s.branch);
  if (branches.length < 2) return null;
  return (
    <section className="panel" aria-label="Branches" data-testid="panel-branches">
      <h3>Branches</h3>
      <ol className="plain branches">
        {branches.map((b, i) => (
          <li key={i}>
            <button
              type="button"
              className="link-button"
              aria-current={i === active ? 'true' : undefined}
              onClick={() => void switchBranch(i)}
            >
              {i === active ? '● ' : '○ '}
              {b.label}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
