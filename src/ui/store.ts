// The app's state: the recipe (built-in scenario + fixes), what the engine returned for it, and
// the cursor over its steps. Vanilla zustand so it is testable without React; actions are plain
// module-level functions (zustand's "no store actions" pattern) that components import directly.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { RunResult } from '../engine';
import { builtinById } from '../scenarios';
import type { Problem, Runner } from '../worker/messages';

export const DEFAULT_SCENARIO = 'seed-003-a-go';

export interface AppState {
  readonly scenarioId: string;
  /** Fix ids toggled on in the UI (added to the scenario's own). */
  readonly fixes: readonly string[];
  readonly result: RunResult | null;
  /** Index into result.steps; invariant: 0 ≤ cursor < steps.length (0 while there is no result). */
  readonly cursor: number;
  readonly status: 'idle' | 'running' | 'ready' | 'error';
  readonly errors: readonly Problem[];
}

const initial: AppState = {
  scenarioId: DEFAULT_SCENARIO,
  fixes: [],
  result: null,
  cursor: 0,
  status: 'idle',
  errors: [],
};

export const appStore = createStore<AppState>()(() => initial);

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}

let runner: Runner | null = null;
/** Incremented per run: a reply to an older recipe arrives late and is ignored. */
let generation = 0;

/** Where runs go: the worker in the app, `directRunner` in tests. Resets the state. */
export function setRunner(r: Runner): void {
  runner = r;
  generation++;
  appStore.setState(initial, true);
}

const lastIndex = (s: AppState) => Math.max(0, (s.result?.steps.length ?? 1) - 1);

/**
 * Runs the current recipe. A new scenario starts at step 0; a re-run of the same scenario (a fix
 * toggled) keeps the cursor, and a cursor that was at the end stays at the (new) end, so the
 * user compares outcomes without losing their place.
 */
async function rerun(keepPlace: boolean): Promise<void> {
  const s = appStore.getState();
  const scenario = builtinById(s.scenarioId);
  if (!runner || !scenario) {
    const message = runner ? `unknown scenario "${s.scenarioId}"` : 'no engine runner configured';
    appStore.setState({ status: 'error', errors: [{ path: '$', message }] });
    return;
  }
  const mine = ++generation;
  const atEnd = s.result !== null && s.cursor === lastIndex(s);
  appStore.setState({ status: 'running' });
  const reply = await runner({ type: 'run', scenario, fixes: s.fixes }).catch(
    (e: unknown): Awaited<ReturnType<Runner>> => ({
      ok: false,
      errors: [{ path: 'worker', message: String(e) }],
    }),
  );
  if (mine !== generation) return;
  if (!reply.ok) {
    appStore.setState({ status: 'error', errors: reply.errors, result: null, cursor: 0 });
    return;
  }
  const last = reply.result.steps.length - 1;
  const cursor = !keepPlace ? 0 : atEnd ? last : Math.min(appStore.getState().cursor, last);
  appStore.setState({ status: 'ready', errors: [], result: reply.result, cursor });
}

/** Runs the current recipe from scratch (the app's first load). */
export const start = (): Promise<void> => rerun(false);

export function selectScenario(id: string): Promise<void> {
  appStore.setState({ scenarioId: id });
  return rerun(false);
}

export function toggleFix(fix: string): Promise<void> {
  const { fixes } = appStore.getState();
  appStore.setState({
    fixes: fixes.includes(fix) ? fixes.filter((f) => f !== fix) : [...fixes, fix],
  });
  return rerun(true);
}

export function setCursor(index: number): void {
  const s = appStore.getState();
  const cursor = Math.min(Math.max(0, Math.trunc(index) || 0), lastIndex(s));
  if (cursor !== s.cursor) appStore.setState({ cursor });
}

export const stepForward = () => setCursor(appStore.getState().cursor + 1);
export const stepBack = () => setCursor(appStore.getState().cursor - 1);
export const stepFirst = () => setCursor(0);
export const stepLast = () => setCursor(lastIndex(appStore.getState()));
