// What a shared link shows, in one line for the person who opened it (a Pulsar committer sent
// "here is the interleaving that loses E3"): which scenario, at which step and what is violated
// there, the fixes on, the faults injected, and whether it is the scenario as written or a fork.
// The notice names the way back to the start beside it (LinkNotice).
import { describeFault, fixesOn, scenarioOf, type AppState } from '../store';
import { forkOf } from './fork';

export function linkSummary(s: AppState): string {
  const scenario = scenarioOf(s);
  const title =
    typeof scenario?.title === 'string' ? scenario.title : String(scenario?.id ?? s.scenarioId);
  const last = Math.max(0, (s.result?.steps.length ?? 1) - 1);
  const here = (s.result?.violations ?? [])
    .filter((v) => v.step === s.cursor)
    .map((v) => v.invariant);
  const fixes = fixesOn(s.fixes, scenario?.fixes);
  const faults = s.branches[s.branch]?.faults ?? [];
  const fork = forkOf(s);
  return [
    `“${title}” at step ${s.cursor} of ${last}${here.length > 0 ? ` (${here.join(', ')} violated here)` : ''}`,
    `fixes on: ${fixes.length > 0 ? fixes.join(', ') : 'none'}`,
    `faults: ${faults.length > 0 ? faults.map(describeFault).join('; ') : 'none'}`,
    fork
      ? 'a fork: the link chose its own interleaving (Branches: “as written” is the scenario’s own)'
      : 'the scenario as written',
  ].join(' · ');
}
