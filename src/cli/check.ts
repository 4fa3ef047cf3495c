// `check`: the explorer from the command line. Bounds come from the scenario's `explore` block
// (fault kinds, max faults, depth, states), then the flags override them. The JSON is the
// contract's, plus `stopReason`, the `safety` / `liveness` verdicts, the bounds used, and each violation's detail.
import {
  type Config,
  explore,
  explorerBounds,
  type Explorer,
  faultKindBlocker,
} from '../engine/index';
import type { CheckArgs } from './args';
import { MESSAGES } from './messages';
import { type CliIo, EXIT_OK, EXIT_USAGE, EXIT_VIOLATION, loadTarget } from './cli';

type ReadTarget = (target: string, io: CliIo) => { json: unknown } | null;

/** Measured by `npm run bench` (heap per explored state, queue included), with some headroom. */
const BYTES_PER_STATE = 2_000;

/**
 * Keep max-states within what this process's heap can hold (~70% of it), so a large bound ends the
 * search with a note instead of a crash out of memory.
 */
export function withinMemory<B extends { maxStates: number }>(bounds: B, io: CliIo): B {
  if (!io.heapLimitBytes) return bounds;
  const fits = Math.floor((io.heapLimitBytes * 0.7) / BYTES_PER_STATE);
  if (bounds.maxStates <= fits) return bounds;
  io.stderr(
    `${MESSAGES.memoryCap(bounds.maxStates, fits, Math.round(io.heapLimitBytes / 2 ** 20))}\n`,
  );
  return { ...bounds, maxStates: fits };
}

/** Stop before the heap is full: a frontier of large worlds can outgrow the per-state estimate. */
const HEAP_STOP = 0.85;

/** True (after a note) once the heap is past HEAP_STOP of its limit: the search then stops. */
export function heapFull(ex: Explorer, io: CliIo): boolean {
  const limit = io.heapLimitBytes;
  const used = io.heapUsedBytes?.();
  if (!limit || used === undefined || used <= limit * HEAP_STOP) return false;
  io.stderr(
    `${MESSAGES.heapFull(ex.progress().states, Math.round(used / 2 ** 20), Math.round(limit / 2 ** 20))}\n`,
  );
  return true;
}

/**
 * A plan fault `after: { "step": n }` fires as step n + 1: past max-depth no trace of the search
 * reaches it, so a verdict of "holds" would be silent about it. Said on stderr (the search is still
 * the answer within its bounds).
 */
export function warnUnreachableSteps(config: Config, maxDepth: number, io: CliIo): void {
  config.faults.forEach((f, i) => {
    if ('after' in f && f.after !== undefined && 'step' in f.after && f.after.step + 1 > maxDepth)
      io.stderr(`${MESSAGES.stepPastDepth(i, f.after.step, maxDepth)}\n`);
  });
}

/**
 * An `explore.faults.kinds` entry that can never act in this scenario (restart-bookie with no
 * bookies, expire-messages with no cursor, …): the search places none of it, so a verdict of
 * "holds" says nothing about that kind. Said on stderr with the reason the app's bounds form shows
 * (`faultKindBlocker`); the verdict and the exit status stand (review 16).
 */
export function warnKindsThatNeverAct(config: Config, io: CliIo): void {
  (config.explore?.kinds ?? []).forEach((kind, i) => {
    const why = faultKindBlocker(kind, config);
    if (why !== null) io.stderr(`${MESSAGES.kindNeverActs(i, kind, why)}\n`);
  });
}

export function checkCommand(args: CheckArgs, io: CliIo, readTarget: ReadTarget): number {
  const loaded = loadTarget(args.target, args.fixes, io, readTarget);
  if (!loaded) return EXIT_USAGE;
  const bounds = withinMemory(explorerBounds(loaded.config, args), io);
  warnUnreachableSteps(loaded.config, bounds.maxDepth, io);
  warnKindsThatNeverAct(loaded.config, io);
  const t0 = io.now?.() ?? 0;
  const result = explore(loaded.config, bounds, (ex) => heapFull(ex, io));
  const seconds = ((io.now?.() ?? 0) - t0) / 1000;
  if (!result.complete)
    io.stderr(`${MESSAGES.cutShort(result.states, result.stopReason ?? 'depth bound')}\n`);
  const out = {
    scenario: loaded.config.id,
    complete: result.complete,
    // Why a search that is not complete stopped ('max-states', 'max-depth', 'memory'; null when complete), as `compare` says it
    // per row: the stderr note alone left a saved JSON unable to tell a memory cut from a depth cut (review 14).
    stopReason: result.stopReason,
    states: result.states,
    transitions: result.transitions,
    seconds: Number(seconds.toFixed(3)),
    statesPerSecond: seconds > 0 ? Math.round(result.states / seconds) : 0,
    safety: result.safety,
    liveness: result.liveness,
    bounds,
    violations: result.violations.map(({ invariant, length, trace, detail }) => ({
      invariant,
      length,
      trace,
      detail,
    })),
  };
  io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  return result.violations.length > 0 ? EXIT_VIOLATION : EXIT_OK;
}
