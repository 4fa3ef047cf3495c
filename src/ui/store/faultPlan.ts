// Editing the fault plan of the branch shown. Adding forks a branch (the run before it is kept,
// and a fault the validator rejects is undone with a notice); removing edits the branch in place.
import { appStore, type FaultJson } from './state';
import { pathToCursor } from './recipe';
import { rerun } from './run';
import { fork } from './branches';
import { describeFault } from './describe';

/**
 * Adds a fault to the plan as a new branch: the choices up to the current step are kept, so the
 * fault can only act from the next step on, and the user stays where they are.
 */
export function addFault(f: FaultJson): Promise<void> {
  const s = appStore.getState();
  const b = s.branches[s.branch]!;
  const what = describeFault(f);
  return fork(
    `step ${s.cursor}: + ${what}`,
    { schedule: pathToCursor(s), faults: [...b.faults, f] },
    s.cursor,
    { undo: { branches: s.branches, branch: s.branch, what } },
  );
}

/** Removes a plan entry from the current branch and re-runs, staying at the same step. */
export function removeFault(index: number): Promise<void> {
  const s = appStore.getState();
  const b = s.branches[s.branch]!;
  const next = { ...b, faults: b.faults.filter((_, i) => i !== index) };
  appStore.setState({ branches: s.branches.map((x, i) => (i === s.branch ? next : x)) });
  return rerun(s.cursor);
}
