// Branching the timeline (Runway's fork): a different next action, a counterexample from the
// explorer, or a fault added (./faultPlan.ts) becomes a new branch beside the others; switching
// and resetting choose which one runs.
import { appStore, mainBranch, type Branch, type FaultJson, type FoundBy } from './state';
import { pathToCursor } from './recipe';
import { rerun, type Place, type RerunOptions } from './run';
import { setCursor, stepForward } from './cursor';
import { choiceName } from '../keyWords';

/** Adds a branch after the others, shows it and runs it, landing at `place`. */
export function fork(
  label: string,
  branch: Omit<Branch, 'label'>,
  place: Place,
  opts?: RerunOptions,
): Promise<void> {
  const s = appStore.getState();
  const branches = [...s.branches, { label, ...branch }];
  appStore.setState({ branches, branch: branches.length - 1 });
  return rerun(place, opts);
}

/**
 * Picks what happens after the current step. The action this trace takes anyway is a step
 * forward; any other forks a branch: the choices up to here, the picked key, then `auto`.
 */
export function pickAction(key: string): Promise<void> {
  const s = appStore.getState();
  const taken = s.result?.steps[s.cursor + 1]?.key;
  if (key === taken) {
    stepForward();
    return Promise.resolve();
  }
  const b = s.branches[s.branch]!;
  const schedule = [...pathToCursor(s), key];
  return fork(
    `step ${s.cursor + 1}: ${choiceName(key, b.faults)}`,
    { schedule, faults: b.faults },
    s.cursor + 1,
  );
}

/** Renames a branch (a link's fork, once its run says which choices it made). */
export function renameBranch(index: number, label: string): void {
  const s = appStore.getState();
  if (!s.branches[index]) return;
  appStore.setState({ branches: s.branches.map((b, i) => (i === index ? { ...b, label } : b)) });
}

/** Shows another branch, at the same step (or its last). */
export function switchBranch(index: number): Promise<void> {
  const s = appStore.getState();
  if (index === s.branch || !s.branches[index]) return Promise.resolve();
  appStore.setState({ branch: index });
  return rerun(s.cursor);
}

/** Back to the scenario as written: one branch, its own schedule and fault plan, step 0. */
export function resetBranches(): Promise<void> {
  const s = appStore.getState();
  appStore.setState({ branches: [mainBranch(s.scenarioId, s.custom)], branch: 0 });
  return rerun('start');
}

/** An explorer counterexample to open in the timeline. */
export interface CounterexampleRecipe {
  readonly invariant: string;
  readonly trace: readonly string[];
  /** The fault plan the search ran with ([] unless it explored from a step of a planned branch). */
  readonly faults: readonly FaultJson[];
  /** The `explore` block the search ran with: its fault keys are enabled actions in the run. */
  readonly explore: Readonly<Record<string, unknown>>;
  /** The search that found it, kept with the branch (share/foundBy.ts words it). */
  readonly found?: FoundBy;
}

/**
 * Opens a counterexample as a new branch whose schedule is its trace, and moves the cursor to the
 * step where the run reports its invariant (the end of the trace if the run does not report it).
 */
export async function openCounterexample(c: CounterexampleRecipe): Promise<void> {
  await fork(
    `explorer: ${c.invariant} (${c.trace.length} steps)`,
    {
      schedule: c.trace,
      faults: c.faults,
      explore: c.explore,
      ...(c.found ? { found: c.found } : {}),
    },
    c.trace.length,
  );
  const v = appStore.getState().result?.violations.find((x) => x.invariant === c.invariant);
  if (v) setCursor(v.step);
}
