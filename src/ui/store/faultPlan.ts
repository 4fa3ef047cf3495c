// Editing the fault plan of the branch shown. Adding forks a branch (the interleaving chosen so far
// is kept, and a fault the validator rejects is undone with a notice); removing edits the branch
// in place.
import { enabledActions } from '../../engine';
import { appStore, type FaultJson } from './state';
import { wholePath } from './recipe';
import { rerun } from './run';
import { fork } from './branches';
import { describeFault } from './describe';

/**
 * Adds a fault to the plan as a new branch that keeps the interleaving someone chose: the steps up
 * to the cursor, and after it every step the branch's own choices made (the scenario's schedule, a
 * counterexample's trace, picked actions) — a Pulsar engineer adding one fault to a race expects
 * the same race with that one change. Steps `auto` chose are chosen again with the fault in the
 * plan (a slow bookie, which only reorders `auto`'s choices, would otherwise change nothing). The
 * user stays where they are; the fault can only act from the next step on. A later choice the
 * fault makes impossible cuts the branch there and the run takes the automatic choices from that
 * step (run.ts), with a notice naming the step.
 */
export function addFault(f: FaultJson): Promise<void> {
  const s = appStore.getState();
  const b = s.branches[s.branch]!;
  const what = describeFault(f);
  return fork(
    `step ${s.cursor}: + ${what}`,
    {
      schedule: wholePath(s).slice(0, Math.max(s.cursor, b.schedule.length)),
      faults: [...b.faults, f],
    },
    s.cursor,
    {
      undo: { branches: s.branches, branch: s.branch, what },
      // A slow bookie holds answers back only from `auto` (engine BookieImpl): it has no step.
      added: { what, at: s.cursor, plan: b.faults.length, orderOnly: f.kind === 'slow-bookie' },
    },
  );
}

/**
 * Removes a plan entry from the current branch and re-runs, staying at the same step. The steps
 * that entry's own action took leave the branch's choices with it (the counterpart of addFault
 * putting them in): otherwise, in a scenario with an `explore` block, the same key would still be
 * enabled as an explorer-placed fault and the "removed" fault would go on acting. The other
 * choices are kept; one that no longer fits cuts the branch there (run.ts).
 */
export function removeFault(index: number): Promise<void> {
  const s = appStore.getState();
  const b = s.branches[s.branch]!;
  const steps = s.result?.steps ?? [];
  const own = new Set<number>();
  for (let j = 1; j < steps.length && j <= b.schedule.length; j++) {
    const took = enabledActions(steps[j - 1]!.world).find((a) => a.key === steps[j]!.key);
    if (took?.action.type === 'fault' && took.action.plan === index) own.add(j - 1);
  }
  const schedule = b.schedule.filter((_, i) => !own.has(i));
  const next = { ...b, schedule, faults: b.faults.filter((_, i) => i !== index) };
  appStore.setState({ branches: s.branches.map((x, i) => (i === s.branch ? next : x)) });
  return rerun(s.cursor);
}
