// Running the recipe: where runs go (the worker, or a direct runner in tests), and `rerun`, which
// every action that changes the recipe ends with. A reply is applied only if it answers the
// latest request, and a recipe that does not fit is cut or reported, never a lost run.
import type { Runner } from '../../worker/messages';
import { appStore, initial, lastIndex, type Branch, type Notice } from './state';
import { isAsWritten, recipeOf } from './recipe';

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

/** Where the cursor goes after a re-run: step 0, the same step (the end stays the end), or a step. */
export type Place = 'start' | 'keep' | number;

export interface RerunOptions {
  /**
   * The recipe changed by one user action (a fault added): if the validator rejects the new
   * recipe, go back to these branches and say why, keeping the run, result and cursor on screen.
   */
  readonly undo?: {
    readonly branches: readonly Branch[];
    readonly branch: number;
    readonly what: string;
  };
  /** A link opened: a cut schedule is reported by the link notice (share/openLink.ts), not here. */
  readonly quietCut?: boolean;
  /** A notice to show once the run is done (a cut found by an earlier pass). */
  readonly notice?: Notice;
}

/**
 * Runs the current recipe. A new scenario starts at step 0; a re-run of the same scenario (a fix
 * toggled) keeps the cursor, and a cursor that was at the end stays at the (new) end, so the
 * user compares outcomes without losing their place. A branch whose choices no longer fit (a
 * fault removed that its schedule took) is cut at the step that failed and re-run with `auto`,
 * with a notice that says so. The scenario's own schedule is never cut: the run stops where it
 * fails and the notice names the step and key, as the CLI's `schedule error`.
 */
export async function rerun(place: Place, opts: RerunOptions = {}): Promise<void> {
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

/** Runs the current recipe from scratch (the app's first load). */
export const start = (): Promise<void> => rerun('start');

/** Runs the current recipe again (after a worker failure), keeping the step. */
export const retry = (): Promise<void> => rerun('keep');
