// The scenario's timelines: the one as written, and one per fork (another next action picked, or
// a fault injected). Shown once there is more than one; a click switches, keeping the step. Each
// line says how that timeline ended — its steps, the invariants it violates and where, what each
// cluster stored — so two branches compare at a glance, without switching back and forth and
// reading the panels (review 9). A branch's outcome is the one it had when it was last shown with
// the fixes on now; one not run with them in this page (a link opens only its own) says so.
import { useEffect } from 'react';
import type { RunResult } from '../../../engine';
import { switchBranch, useApp, type AppState, type Branch } from '../../store';

export interface Outcome {
  readonly steps: number;
  readonly violations: readonly { readonly invariant: string; readonly step: number }[];
  readonly stored: readonly (readonly [string, readonly string[]])[];
}

/** What a run ended with, for a branch's line. */
export function outcomeOf(r: RunResult): Outcome {
  return {
    steps: r.steps.length - 1,
    violations: r.violations.map((v) => ({ invariant: v.invariant, step: v.step })),
    stored: Object.entries(r.stored),
  };
}

/** "9 steps · no invariant violated · stored local: M1, M2". */
export function outcomeText(o: Outcome): string {
  const broken =
    o.violations.length === 0
      ? 'no invariant violated'
      : o.violations.map((v) => `⚠ ${v.invariant} at step ${v.step}`).join(', ');
  const stored = o.stored
    .map(([cluster, ids]) => `${cluster}: ${ids.length > 0 ? ids.join(', ') : 'nothing'}`)
    .join('; ');
  return `${o.steps} step${o.steps === 1 ? '' : 's'} · ${broken} · stored ${stored}`;
}

// The outcomes seen, by scenario, fixes and the branch's own recipe (its label is not part of it).
const outcomes = new Map<string, Outcome>();
const keyOf = (s: Pick<AppState, 'scenarioId' | 'custom' | 'fixes'>, b: Branch): string =>
  JSON.stringify([s.scenarioId, s.custom, s.fixes, b.schedule, b.faults, b.explore ?? null]);

export function Branches() {
  const branches = useApp((s) => s.branches);
  const active = useApp((s) => s.branch);
  const scenarioId = useApp((s) => s.scenarioId);
  const custom = useApp((s) => s.custom);
  const fixes = useApp((s) => s.fixes);
  const result = useApp((s) => (s.status === 'ready' ? s.result : null));
  const here = { scenarioId, custom, fixes };
  const shown = branches[active];
  const activeKey = shown ? keyOf(here, shown) : null;
  // A ready result is the active branch's run (a switch or a fix sets status 'running' first).
  useEffect(() => {
    if (result && activeKey) outcomes.set(activeKey, outcomeOf(result));
  }, [result, activeKey]);
  if (branches.length < 2) return null;
  return (
    <section className="panel" aria-label="Branches" data-testid="panel-branches">
      <h3>Branches</h3>
      <ol className="plain branches">
        {branches.map((b, i) => {
          const o = i === active && result ? outcomeOf(result) : outcomes.get(keyOf(here, b));
          return (
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
              <span
                className={`branch-outcome muted${o && o.violations.length > 0 ? ' broken' : ''}`}
                data-testid="branch-outcome"
              >
                {o
                  ? outcomeText(o)
                  : 'not run here yet with the fixes on now: open it to see how it ends'}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
