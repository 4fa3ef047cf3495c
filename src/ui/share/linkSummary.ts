// What a shared link shows, in one line for the person who opened it (a Pulsar committer sent
// "here is the interleaving that loses E3"): which scenario, at which step and what is violated
// there, the fixes on, the faults injected (or placed by the explorer), and whether it is the scenario as written or a fork.
// The notice names the way back to the start beside it (LinkNotice). A fork says what makes it one:
// a link that only added a fault read "the link chose its own interleaving", when every step after
// the fault was the automatic choice (UX review 10).
import { describeFault, fixesOn, scenarioOf, type AppState } from '../store';
import { placedFaults } from '../components/FaultPlan/placed';
import { forkOf, type Fork } from './fork';

export function linkSummary(s: AppState): string {
  const scenario = scenarioOf(s);
  const title =
    typeof scenario?.title === 'string' ? scenario.title : String(scenario?.id ?? s.scenarioId);
  const last = Math.max(0, (s.result?.steps.length ?? 1) - 1);
  const here = (s.result?.violations ?? [])
    .filter((v) => v.step === s.cursor)
    .map((v) => v.invariant);
  const fixes = fixesOn(s.fixes, scenario?.fixes);
  // The plan's faults, and those an explorer counterexample takes as steps: "faults: none" over
  // a run with a ChecksumError the explorer placed at step 3 read as if the run had none.
  const faults = [
    ...(s.branches[s.branch]?.faults ?? []).map(describeFault),
    ...(s.result ? placedFaults(s.result) : []).map(
      (p) => `${p.text} (placed by the explorer at step ${p.step})`,
    ),
  ];
  const fork = forkOf(s);
  return [
    `“${title}” at step ${s.cursor} of ${last}${here.length > 0 ? ` (${here.join(', ')} violated here)` : ''}`,
    `fixes on: ${fixes.length > 0 ? fixes.join(', ') : 'none'}`,
    `faults: ${faults.length > 0 ? faults.join('; ') : 'none'}`,
    fork
      ? `a fork: ${forkWords(fork)} (Branches: “as written” is the scenario’s own)`
      : 'the scenario as written',
  ].join(' · ');
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What makes the link a fork: its choices (from which step), its fault plan, an explorer trace. */
function forkWords(fork: Fork): string {
  const parts: string[] = [];
  if (fork.explorer) parts.push('an explorer counterexample');
  const first = fork.choices[0];
  if (first)
    parts.push(
      `the link chose its own interleaving from step ${first.step} (${count(fork.choices.length, 'step')} not the scenario’s own)`,
    );
  if (fork.added.length > 0)
    parts.push(`the link adds ${count(fork.added.length, 'fault')} to the scenario’s plan`);
  if (fork.removed.length > 0)
    parts.push(`the link removes ${count(fork.removed.length, 'fault')} from the scenario’s plan`);
  // An explorer trace that is the scenario's own run says so too (UX review 15: Copy for GitHub
  // called such a counterexample a fork that differs in nothing).
  const same = fork.added.length === 0 && fork.removed.length === 0;
  if (first === undefined && (!fork.explorer || same))
    parts.push('every step as the scenario would take it');
  return parts.join('; ');
}
