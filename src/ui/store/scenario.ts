// Choosing what runs: a built-in scenario, an edited one, a share link's recipe, and the fixes
// toggled on. Each starts a new set of branches (or keeps them, for fixes) and re-runs.
import {
  appStore,
  mainBranch,
  type AppState,
  type Branch,
  type FaultJson,
  type FoundBy,
} from './state';
import { rerun } from './run';

/**
 * Opens a built-in scenario at step 0 with its own fixes only: the fix toggles of the scenario
 * before are not carried over (a fix on would make another scenario's bug look fixed).
 */
export function selectScenario(id: string): Promise<void> {
  appStore.setState({
    scenarioId: id,
    custom: null,
    branches: [mainBranch(id)],
    branch: 0,
    fixes: [],
    notice: null,
  });
  return rerun('start');
}

/**
 * Runs an edited scenario (the editor's Run): its own schedule, fault plan and fixes, from step 0.
 * A schedule that does not fit is reported in `notice` (the run stops at the step that fails).
 */
export function runCustomScenario(json: Readonly<Record<string, unknown>>): Promise<void> {
  const id = typeof json.id === 'string' ? json.id : 'scenario';
  appStore.setState({
    scenarioId: id,
    custom: json,
    branches: [mainBranch(id, json)],
    branch: 0,
    fixes: [],
    notice: null,
  });
  return rerun('start');
}

/** What a share link carries; `custom` null means the built-in `scenarioId` as it ships. */
export interface OpenRecipe {
  readonly scenarioId: string;
  readonly custom: AppState['custom'];
  readonly fixes: readonly string[];
  readonly schedule: readonly string[];
  readonly faults: readonly FaultJson[];
  readonly step: number;
  /** The branch's `explore` block (an opened counterexample's), beside the scenario. */
  readonly explore?: Readonly<Record<string, unknown>>;
  /** How the explorer found the run, when the link says (session 26): kept with its branch. */
  readonly found?: FoundBy;
}

/**
 * Opens a shared recipe and runs it, landing on its step (or the last one). A recipe that is not
 * the scenario as written opens as a fork of it, beside the scenario as written (the Branches
 * panel), so a reader of the link can go back to what the scenario itself does.
 */
export function openRecipe(r: OpenRecipe): Promise<void> {
  const main = mainBranch(r.scenarioId, r.custom);
  const same =
    r.explore === undefined &&
    JSON.stringify(main.schedule) === JSON.stringify(r.schedule) &&
    JSON.stringify(main.faults) === JSON.stringify(r.faults);
  const found = r.found ? { found: r.found } : {};
  const branch: Branch = same
    ? { ...main, ...found }
    : {
        label: 'from the link',
        schedule: r.schedule,
        faults: r.faults,
        ...(r.explore !== undefined ? { explore: r.explore } : {}),
        ...found,
      };
  appStore.setState({
    scenarioId: r.scenarioId,
    custom: r.custom,
    fixes: r.fixes,
    branches: same ? [branch] : [main, branch],
    branch: same ? 0 : 1,
    cursor: 0,
    result: null,
    notice: null,
  });
  return rerun(r.step, { quietCut: true });
}

export function toggleFix(fix: string): Promise<void> {
  const { fixes } = appStore.getState();
  const on = !fixes.includes(fix);
  appStore.setState({ fixes: on ? [...fixes, fix] : fixes.filter((f) => f !== fix) });
  return rerun('keep', { fixChange: `${fix} ${on ? 'on' : 'off'}` });
}

/** Sets the fixes on (the explorer's comparison opens a trace with the fixes it ran), staying at the step. */
export function setFixes(fixes: readonly string[]): Promise<void> {
  appStore.setState({ fixes: [...fixes] });
  return rerun('keep');
}
