// The recipe a branch stands for: the scenario as written, whether a branch still is it, the JSON
// the engine runs for it, and the choices that lead to the step on screen.
import { mainBranch, scenarioOf, type AppState, type Branch } from './state';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The scenario as written (its own schedule and fault plan) for the scenario on screen. */
export const asWrittenBranch = (s: Pick<AppState, 'scenarioId' | 'custom'>): Branch =>
  mainBranch(s.scenarioId, s.custom);

/** The branch runs the scenario's own schedule and fault plan, as written. */
export function isAsWritten(s: Pick<AppState, 'scenarioId' | 'custom'>, b: Branch): boolean {
  const main = mainBranch(s.scenarioId, s.custom);
  return (
    b.explore === undefined &&
    sameJson(b.schedule, main.schedule) &&
    sameJson(b.faults, main.faults)
  );
}

/** The scenario JSON the engine runs for a branch: the built-in with its schedule and fault plan. */
export function recipeOf(s: AppState): unknown {
  const scenario = scenarioOf(s);
  const b = s.branches[s.branch];
  if (!scenario || !b) return scenario;
  return {
    ...scenario,
    ...(b.explore ? { explore: b.explore } : {}),
    schedule: b.schedule.length > 0 ? b.schedule : 'auto',
    faults: b.faults,
  };
}

/** The keys of steps 1..cursor of the trace shown: the choices that lead to the current step. */
export function pathToCursor(s: AppState): string[] {
  return (s.result?.steps ?? []).slice(1, s.cursor + 1).map((x) => x.key ?? '');
}

/**
 * The keys of every step of the trace shown (1..end): its whole interleaving. Adding a fault keeps
 * the part of it someone chose (faultPlan.ts), so the run differs only by what the fault changes
 * (a key that no longer fits is cut there).
 */
export function wholePath(s: AppState): string[] {
  return (s.result?.steps ?? []).slice(1).map((x) => x.key ?? '');
}

/** The keys of steps 1..cursor of the trace shown (the explorer's "explore from here" prefix). */
export const pathToHere = (s: AppState): string[] => pathToCursor(s);
