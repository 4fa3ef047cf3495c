// The bounds of a search (depth, states, the fault budget, a prefix to start from) and the config
// and starting world they give: what the explorer, the CLI and the worker agree on before a search.
import type { Config } from '../model/config';
import type { ExploreFaultKind } from '../model/faultScope';
import type { World } from '../model/world';
import { enabledActions } from '../sim/enabled';
import { initialWorld } from '../sim/init';
import { step } from '../sim/step';

export interface ExploreOptions {
  readonly maxDepth: number;
  readonly maxStates: number;
  /** Fault kinds the search may place, and how many per run. */
  readonly faults: { readonly kinds: readonly ExploreFaultKind[]; readonly max: number };
  /**
   * Explore from here: action keys replayed from the initial state before the search starts (the
   * UI's current step). Traces begin with them; `maxDepth` counts from the end of the prefix.
   */
  readonly prefix?: readonly string[];
  /**
   * Search with the scenario's fault plan (default): each planned fault is an action the search
   * may take once its trigger fired, besides the faults it places itself. False: placed faults only.
   */
  readonly keepPlan?: boolean;
}

/** The most faults one run of a search may place (`explore.faults.max`, `check --max-faults`). */
export const MAX_EXPLORE_FAULTS = 10;

/**
 * Distinct states kept by default: well under 1 GB of heap at the ~0.75 KB per state `npm run bench`
 * measures (the frontier's worlds dominate; the visited set, parents and edges are a few dozen
 * bytes a state). The search then stops with `stopReason: 'max-states'` instead of running out.
 */
export const DEFAULT_MAX_STATES = 750_000;
export const DEFAULT_MAX_DEPTH = 80;

/** The largest bounds a scenario's `explore` block or `check --max-depth / --max-states` may ask (both from 1). */
export const MAX_EXPLORE_DEPTH = 100_000;
export const MAX_EXPLORE_STATES = 1_000_000_000;

/**
 * The bounds of a search: the scenario's `explore` block (kinds, max faults, depth, states), with
 * any of them overridden (the CLI's flags). No block: no faults, the defaults above.
 */
export function explorerBounds(
  config: Config,
  over: { maxDepth?: number; maxFaults?: number; maxStates?: number } = {},
): ExploreOptions {
  const ex = config.explore;
  return {
    maxDepth: over.maxDepth ?? ex?.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxStates: over.maxStates ?? ex?.maxStates ?? DEFAULT_MAX_STATES,
    faults: { kinds: ex?.kinds ?? [], max: over.maxFaults ?? ex?.max ?? 0 },
  };
}

/**
 * The config the search runs: the scenario's fault plan (unless `keepPlan: false`) and the fault
 * budget of the bounds. Replaying a counterexample with `run` needs this same config.
 */
export const explorerConfig = (config: Config, opts: ExploreOptions): Config => ({
  ...config,
  faults: opts.keepPlan === false ? [] : config.faults,
  faultBudget: opts.faults,
});

/** The world after replaying `prefix` from the initial state; throws naming the first key not enabled. */
export function replayPrefix(config: Config, prefix: readonly string[]): World {
  let w = initialWorld(config);
  prefix.forEach((key, i) => {
    const a = enabledActions(w).find((x) => x.key === key);
    if (!a)
      throw new Error(`explore from here: step ${i + 1} "${key}" is not enabled with these bounds`);
    w = step(w, a.action).world;
  });
  return w;
}
