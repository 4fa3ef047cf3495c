// The app's state: the recipe (built-in scenario + fixes), what the engine returned for it, and
// the cursor over its steps. Vanilla zustand so it is testable without React; actions are plain
// module-level functions (zustand's "no store actions" pattern) that components import directly,
// each in the file of its concern beside this one (./index.ts lists them all).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { FIX_IDS, type FixId, type RunResult } from '../../engine';
import { builtinById } from '../../scenarios';
import type { Problem } from '../../worker/messages';

export const DEFAULT_SCENARIO = 'seed-003-a-go';

/**
 * One timeline of the scenario: the recipe's choices (`schedule`: action keys of steps 1..n, then
 * `auto`) and its whole fault plan (the scenario's own faults plus what the user injected, in the
 * scenario format's JSON shape). Picking another next action or injecting a fault forks a branch.
 */
export interface Branch {
  readonly label: string;
  readonly schedule: readonly string[];
  readonly faults: readonly FaultJson[];
  /** The `explore` block it runs with (a counterexample opened with the explorer panel's bounds). */
  readonly explore?: Readonly<Record<string, unknown>>;
  /** How the explorer found it (a counterexample opened here, or from a link that says so). */
  readonly found?: FoundBy;
}

/**
 * The search that found a counterexample, as the panel showed it: "Copy for GitHub" says how the
 * run was found (UX review 24, finding 6) from this, held in memory with the branch it opened.
 */
export interface FoundBy {
  readonly invariant: string;
  readonly states: number;
  readonly complete: boolean;
  readonly stopReason?: string;
  /** The toggles it searched with: once they change, the run is no longer the one it found. */
  readonly toggles: readonly string[];
  /** Every fix on for that search (the scenario's own too). */
  readonly fixes: readonly string[];
  /** Read beside the search before it (Explorer/beside.ts): still open, or new, and its fixes. */
  readonly beside?: { readonly open: boolean; readonly fixes: readonly string[] };
  /** A row of Compare fixes, not the panel's own search. */
  readonly compare?: true;
}

/** A fault plan entry as scenario JSON (`{ kind, message, cluster, … }`). */
export type FaultJson = Readonly<Record<string, unknown>> & { readonly kind: string };

export interface AppState {
  readonly scenarioId: string;
  /** An edited scenario's JSON (the editor's Run, a link); null: the built-in `scenarioId`. */
  readonly custom: Readonly<Record<string, unknown>> | null;
  /** The scenario's timelines; the first is the scenario as written. */
  readonly branches: readonly Branch[];
  /** Index of the branch shown. */
  readonly branch: number;
  /** Fix ids toggled on in the UI (added to the scenario's own). */
  readonly fixes: readonly string[];
  readonly result: RunResult | null;
  /** Index into result.steps; invariant: 0 ≤ cursor < steps.length (0 while there is no result). */
  readonly cursor: number;
  readonly status: 'idle' | 'running' | 'ready' | 'error';
  /** Playing: the cursor advances by itself at `speed` steps per second until the end. */
  readonly playing: boolean;
  readonly speed: number;
  readonly theme: 'light' | 'dark';
  /** The keyboard shortcut list (`?`) is open. */
  readonly shortcutsOpen: boolean;
  readonly errors: readonly Problem[];
  /** Something the last action could not do, shown until dismissed (the run on screen is kept). */
  readonly notice: Notice | null;
}

/**
 * What a notice is about: `fault` (a fault the validator rejected; the Fault plan panel shows it),
 * `schedule` (the recipe's choices did not fit the run; shown under the scenario's title and in
 * the editor).
 */
export interface Notice {
  readonly source: 'fault' | 'schedule';
  readonly text: string;
  readonly problems: readonly Problem[];
  /** `info`: what an action did, not what it could not do (shown as a status, not an alert). */
  readonly tone?: 'info';
}

/** The scenario JSON shown: the edited one, else the built-in. */
/**
 * Every fix the run has on, in FIX_IDS order: the toggles' (`fixes`) and those the scenario lists
 * itself (`own`, its `fixes` field), which are on whatever the toggles say. The folded fix line, a
 * link's notice and the GitHub comment name the same set.
 */
export const fixesOn = (fixes: readonly string[], own: unknown): FixId[] =>
  FIX_IDS.filter((f) => fixes.includes(f) || (Array.isArray(own) && own.includes(f)));

export function scenarioOf(
  s: Pick<AppState, 'scenarioId' | 'custom'>,
): Readonly<Record<string, unknown>> | undefined {
  return s.custom ?? builtinById(s.scenarioId);
}

export function mainBranch(id: string, custom: AppState['custom'] = null): Branch {
  const sc = custom ?? builtinById(id);
  const schedule = Array.isArray(sc?.schedule) ? (sc.schedule as string[]) : [];
  const faults = Array.isArray(sc?.faults) ? (sc.faults as FaultJson[]) : [];
  return { label: 'as written', schedule, faults };
}

export const initial: AppState = {
  scenarioId: DEFAULT_SCENARIO,
  custom: null,
  branches: [mainBranch(DEFAULT_SCENARIO)],
  branch: 0,
  fixes: [],
  result: null,
  cursor: 0,
  status: 'idle',
  playing: false,
  speed: 2,
  theme: 'light',
  shortcutsOpen: false,
  errors: [],
  notice: null,
};

export const appStore = createStore<AppState>()(() => initial);

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}

/**
 * The run and cursor the side panels show. Not deferred: a deferred panel showed the previous
 * step for a frame, so what a user read or clicked there could belong to another step than the
 * label says (measured gain: ~2 ms of p95 step latency, not worth that).
 */
export function useShownStep(): { readonly result: RunResult | null; readonly cursor: number } {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  return { result, cursor };
}

export const lastIndex = (s: AppState) => Math.max(0, (s.result?.steps.length ?? 1) - 1);
