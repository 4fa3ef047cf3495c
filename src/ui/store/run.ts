// Running the recipe: where runs go (the worker, or a direct runner in tests), and `rerun`, which
// every action that changes the recipe ends with. A reply is applied only if it answers the
// latest request, and a recipe that does not fit is cut or reported, never a lost run.
import type { Runner } from '../../worker/messages';
import { appStore, initial, lastIndex, type Branch, type Notice } from './state';
import { isAsWritten, recipeOf } from './recipe';
import { firstUntaken, MAX_FAULT_STEPS, type AddedFault } from './addedFault';
import { cutNotice, keptNotice, scheduleNotice } from './rerunNotices';

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
  /**
   * The fixes changed by one toggle ("go-1565 on"): a branch cut because of it shows what the fix
   * does, as a status that names it — not a red schedule error (review 9: toggling go-1565 on seed
   * 003's counterexample read as if something broke).
   */
  readonly fixChange?: string;
  /**
   * A fault added at step `at` to a branch that keeps the chosen interleaving of the trace shown:
   * the notice says the rest was kept, or at which later step it was cut and why.
   */
  readonly added?: AddedFault;
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
  const added = opts.added;
  const fire =
    b && added && (added.fired ?? 0) < MAX_FAULT_STEPS
      ? firstUntaken(reply.result, added, b.schedule.length)
      : null;
  if (b && added && fire) {
    // The kept choices never name the added fault's own step. `auto` takes a plan fault as soon
    // as it is enabled (its class comes first: the format's "the fault happens as the very next
    // step"), so it goes in there, and the kept choices follow it.
    const schedule = [...b.schedule.slice(0, fire.at), fire.key, ...b.schedule.slice(fire.at)];
    const next = { ...b, schedule };
    appStore.setState({ branches: s.branches.map((x, i) => (i === s.branch ? next : x)) });
    return rerun(place, { ...opts, added: { ...added, fired: (added.fired ?? 0) + 1 } });
  }
  let notice = opts.notice ?? (b && opts.added ? keptNotice(opts.added, b.schedule.length) : null);
  if (err && b && !isAsWritten(s, b) && b.schedule.length >= err.step) {
    const cut = { ...b, schedule: b.schedule.slice(0, err.step - 1) };
    appStore.setState({ branches: s.branches.map((x, i) => (i === s.branch ? cut : x)) });
    return rerun(
      place,
      opts.quietCut ? opts : { ...opts, notice: cutNotice(err, opts.added, opts.fixChange) },
    );
  }
  // The scenario's own schedule: stop where it fails and say so, as the CLI does (exit 2).
  if (err) notice = scheduleNotice(err);
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
