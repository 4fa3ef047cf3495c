// The app's state: the recipe (built-in scenario + fixes), what the engine returned for it, and
// the cursor over its steps. Vanilla zustand so it is testable without React; actions are plain
// module-level functions (zustand's "no store actions" pattern) that components import directly.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { RunResult } from '../engine';
import { builtinById } from '../scenarios';
import { bufferWords } from './faultWords';
import type { Problem, Runner } from '../worker/messages';

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
}

/** The scenario JSON shown: the edited one, else the built-in. */
export function scenarioOf(
  s: Pick<AppState, 'scenarioId' | 'custom'>,
): Readonly<Record<string, unknown>> | undefined {
  return s.custom ?? builtinById(s.scenarioId);
}

function mainBranch(id: string, custom: AppState['custom'] = null): Branch {
  const sc = custom ?? builtinById(id);
  const schedule = Array.isArray(sc?.schedule) ? (sc.schedule as string[]) : [];
  const faults = Array.isArray(sc?.faults) ? (sc.faults as FaultJson[]) : [];
  return { label: 'as written', schedule, faults };
}

const initial: AppState = {
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

let runner: Runner | null = null;
/** Incremented per run: a reply to an older recipe arrives late and is ignored. */
let generation = 0;

/** Where runs go: the worker in the app, `directRunner` in tests. Resets the state. */
export function setRunner(r: Runner): void {
  runner = r;
  generation++;
  appStore.setState(initial, true);
}

/** Re-runs the current recipe with a new runner (a restarted worker), keeping the user's place. */
export function replaceRunner(r: Runner): Promise<void> {
  runner = r;
  return rerun('keep');
}

const lastIndex = (s: AppState) => Math.max(0, (s.result?.steps.length ?? 1) - 1);

/** Where the cursor goes after a re-run: step 0, the same step (the end stays the end), or a step. */
type Place = 'start' | 'keep' | number;

interface RerunOptions {
  /**
   * The recipe changed by one user action (a fault added): if the validator rejects the new
   * recipe, go back to these branches and say why, keeping the run, result and cursor on screen.
   */
  readonly undo?: {
    readonly branches: readonly Branch[];
    readonly branch: number;
    readonly what: string;
  };
  /** A link opened: a cut schedule is reported by the link notice (share/sync.ts), not here. */
  readonly quietCut?: boolean;
  /** A notice to show once the run is done (a cut found by an earlier pass). */
  readonly notice?: Notice;
}

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

/**
 * Runs the current recipe. A new scenario starts at step 0; a re-run of the same scenario (a fix
 * toggled) keeps the cursor, and a cursor that was at the end stays at the (new) end, so the
 * user compares outcomes without losing their place. A branch whose choices no longer fit (a
 * fault removed that its schedule took) is cut at the step that failed and re-run with `auto`,
 * with a notice that says so. The scenario's own schedule is never cut: the run stops where it
 * fails and the notice names the step and key, as the CLI's `schedule error`.
 */
async function rerun(place: Place, opts: RerunOptions = {}): Promise<void> {
  const s = appStore.getState();
  const scenario = recipeOf(s);
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
    // An invalid fault must not cost the user their run: the recipe goes back to what ran.
    const invalid = reply.errors.every((e) => e.path.startsWith('$'));
    if (opts.undo && invalid && s.result !== null) {
      appStore.setState({
        status: 'ready',
        branches: opts.undo.branches,
        branch: opts.undo.branch,
        notice: {
          source: 'fault',
          text: `${opts.undo.what} was not added: the scenario validator rejects it.`,
          problems: reply.errors,
        },
      });
      return;
    }
    appStore.setState({ status: 'error', errors: reply.errors, result: null, cursor: 0 });
    return;
  }
  const err = reply.result.error;
  const b = s.branches[s.branch];
  let notice = opts.notice ?? null;
  if (err && b && !isAsWritten(s, b) && b.schedule.length >= err.step) {
    const cut = { ...b, schedule: b.schedule.slice(0, err.step - 1) };
    appStore.setState({ branches: s.branches.map((x, i) => (i === s.branch ? cut : x)) });
    const cutNotice: Notice = {
      source: 'schedule',
      text: `This branch's choice for step ${err.step} ("${err.key}") is no longer possible; from step ${err.step} on the run takes the automatic choices.`,
      problems: [{ path: `schedule[${err.step - 1}]`, message: `schedule error: ${err.message}` }],
    };
    return rerun(place, opts.quietCut ? opts : { ...opts, notice: cutNotice });
  }
  if (err) {
    // The scenario's own schedule: stop where it fails and say so, as the CLI does (exit 2).
    notice = {
      source: 'schedule',
      text: `The scenario's schedule does not fit the run: it stops after step ${err.step - 1}.`,
      problems: [
        { path: `$.schedule[${err.step - 1}]`, message: `schedule error: ${err.message}` },
      ],
    };
  }
  const last = reply.result.steps.length - 1;
  const now = appStore.getState().cursor;
  const cursor =
    place === 'start'
      ? 0
      : place === 'keep'
        ? atEnd
          ? last
          : Math.min(now, last)
        : Math.min(Math.max(0, place), last);
  appStore.setState({ status: 'ready', errors: [], result: reply.result, cursor, notice });
}

/** Closes the notice. */
export function dismissNotice(): void {
  appStore.setState({ notice: null });
}

/** Runs the current recipe from scratch (the app's first load). */
export const start = (): Promise<void> => rerun('start');

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
  const branch: Branch = same
    ? main
    : {
        label: 'from the link',
        schedule: r.schedule,
        faults: r.faults,
        ...(r.explore !== undefined ? { explore: r.explore } : {}),
      };
  appStore.setState({
    scenarioId: r.scenarioId,
    custom: r.custom,
    fixes: r.fixes,
    branches: same ? [main] : [main, branch],
    branch: same ? 0 : 1,
    cursor: 0,
    result: null,
    notice: null,
  });
  return rerun(r.step, { quietCut: true });
}

export function toggleFix(fix: string): Promise<void> {
  const { fixes } = appStore.getState();
  appStore.setState({
    fixes: fixes.includes(fix) ? fixes.filter((f) => f !== fix) : [...fixes, fix],
  });
  return rerun('keep');
}

/** Sets the fixes on (the explorer's comparison opens a trace with the fixes it ran), staying at the step. */
export function setFixes(fixes: readonly string[]): Promise<void> {
  appStore.setState({ fixes: [...fixes] });
  return rerun('keep');
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

/** The keys of steps 1..cursor of the trace shown: the choices that lead to the current step. */
function pathToCursor(s: AppState): string[] {
  return (s.result?.steps ?? []).slice(1, s.cursor + 1).map((x) => x.key ?? '');
}

/** The keys of steps 1..cursor of the trace shown (the explorer's "explore from here" prefix). */
export const pathToHere = (s: AppState): string[] => pathToCursor(s);

function fork(
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
  return fork(`step ${s.cursor + 1}: ${key}`, { schedule, faults: b.faults }, s.cursor + 1);
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

const EVENT_TEXT: Readonly<Record<string, string>> = {
  sent: 'is sent',
  received: 'reaches the broker',
  persisted: 'is persisted',
  acked: 'is acknowledged',
};

/** When a topology fault fires, as words: " after step 3", " after M2 is persisted at us-west". */
export function describeTrigger(after: unknown): string {
  if (after === null || typeof after !== 'object') return '';
  const t = after as Readonly<Record<string, unknown>>;
  if (typeof t.step === 'number') return ` after step ${t.step}`;
  if (t.when === 'quiescent') return ' when the run is quiescent (nothing else can happen)';
  if (typeof t.event === 'string' && typeof t.message === 'string') {
    const where = typeof t.cluster === 'string' ? ` at ${t.cluster}` : '';
    return ` after ${t.message} ${EVENT_TEXT[t.event] ?? t.event}${where}`;
  }
  return '';
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** A plan entry's other fields as `key value` words (a kind this list does not know yet). */
function fieldsText(f: FaultJson): string {
  const parts = Object.entries(f)
    .filter(([k, v]) => k !== 'kind' && k !== 'after' && v !== undefined)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** A short human description of a fault plan entry, with its trigger when it has one. */
export function describeFault(f: FaultJson): string {
  const at = typeof f.cluster === 'string' ? ` at ${f.cluster}` : '';
  const after = describeTrigger(f.after);
  switch (f.kind) {
    case 'checksum-error':
      return `checksum-error on ${String(f.message)}${at} (${bufferWords(f.localBufferCorrupted !== false).label})`;
    case 'not-allowed': {
      const times =
        typeof f.times === 'number' && f.times > 0
          ? ` (the first ${f.times === 1 ? 'attempt' : `${f.times} attempts`})`
          : ' (every attempt)';
      return `not-allowed on ${String(f.message)}${at}${times}`;
    }
    case 'lose-receipt':
    case 'persist-fails':
      return `${f.kind} on ${String(f.message)}${at}`;
    case 'disconnect':
    case 'restart-producer':
      return `${f.kind} ${String(f.producer)}${after}`;
    case 'send-timeout':
      return `send-timeout on ${String(f.message)} (its producer's send timer fires while it is pending)${after}`;
    case 'unload-topic':
      return `unload-topic${at}${after}`;
    case 'ownership-change':
      return `ownership-change${at} to ${String(f.to)}${after}`;
    case 'slow-bookie':
      return `slow-bookie ${String(f.bookie)}${typeof f.message === 'string' ? ` for ${f.message}` : ''}`;
    case 'duplicate-frames': {
      const frames = Array.isArray(f.frames) ? f.frames.map(String).join(', ') : '';
      const from = typeof f.atSend === 'number' ? ` from its ${ordinal(f.atSend)} send` : '';
      return `duplicate-frames on ${String(f.producer)}'s connection${from}: ${frames ? `writes the frames of ${frames} again, then ` : ''}drops further sends until it reconnects`;
    }
    default:
      return `${f.kind}${at}${fieldsText({ ...f, cluster: undefined } as FaultJson)}${after}`;
  }
}

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

/** Runs the current recipe again (after a worker failure), keeping the step. */
export const retry = (): Promise<void> => rerun('keep');

/** Back to the scenario as written: one branch, its own schedule and fault plan, step 0. */
export function resetBranches(): Promise<void> {
  const s = appStore.getState();
  appStore.setState({ branches: [mainBranch(s.scenarioId, s.custom)], branch: 0 });
  return rerun('start');
}

export const SPEEDS = [1, 2, 4, 8, 16] as const;

export function setPlaying(playing: boolean): void {
  const s = appStore.getState();
  // Play from the end starts again from the beginning.
  if (playing && s.result && s.cursor === lastIndex(s)) appStore.setState({ cursor: 0 });
  appStore.setState({ playing: playing && s.result !== null });
}

export const togglePlay = () => setPlaying(!appStore.getState().playing);

export function setSpeed(speed: number): void {
  appStore.setState({ speed });
}

/** One tick of playback: a step forward, and a stop at the end. */
export function playTick(): void {
  const s = appStore.getState();
  if (s.cursor < lastIndex(s)) stepForward();
  const t = appStore.getState();
  if (t.cursor >= lastIndex(t)) appStore.setState({ playing: false });
}

export function setTheme(theme: 'light' | 'dark'): void {
  appStore.setState({ theme });
}

export function setShortcutsOpen(open: boolean): void {
  appStore.setState({ shortcutsOpen: open });
}

/** An explorer counterexample to open in the timeline. */
export interface CounterexampleRecipe {
  readonly invariant: string;
  readonly trace: readonly string[];
  /** The fault plan the search ran with ([] unless it explored from a step of a planned branch). */
  readonly faults: readonly FaultJson[];
  /** The `explore` block the search ran with: its fault keys are enabled actions in the run. */
  readonly explore: Readonly<Record<string, unknown>>;
}

/**
 * Opens a counterexample as a new branch whose schedule is its trace, and moves the cursor to the
 * step where the run reports its invariant (the end of the trace if the run does not report it).
 */
export async function openCounterexample(c: CounterexampleRecipe): Promise<void> {
  await fork(
    `explorer: ${c.invariant} (${c.trace.length} steps)`,
    { schedule: c.trace, faults: c.faults, explore: c.explore },
    c.trace.length,
  );
  const v = appStore.getState().result?.violations.find((x) => x.invariant === c.invariant);
  if (v) setCursor(v.step);
}
