// What a share link carries: the recipe of the run on screen (never its state). The codec
// (./codec) puts it on the wire; opening a link (./openLink) runs it and verifies the replay.
import type { FoundBy } from '../store';

/**
 * How the explorer found the run (./foundBy.ts words it), without the toggles it searched with:
 * those are the recipe's `fixes`.
 */
export type SharedFound = Omit<FoundBy, 'toggles'>;

/** The scenario a recipe runs: a built-in by id (unmodified), or the full JSON (edited). */
export type SharedScenario = { readonly builtin: string } | { readonly json: unknown };

export interface ShareRecipe {
  readonly scenario: SharedScenario;
  /** Fix ids toggled on in the UI (added to the scenario's own). */
  readonly fixes: readonly string[];
  /** The whole fault plan, in the scenario format's JSON shape. */
  readonly faults: readonly Readonly<Record<string, unknown>>[];
  /** The choices: action keys of steps 1..n, then `auto`. */
  readonly schedule: readonly string[];
  /** The step on screen. */
  readonly step: number;
  /**
   * The `explore` block the branch runs with (a counterexample opened with the explorer panel's
   * bounds: its placed faults are enabled actions only under it). Kept apart from the scenario, so
   * a built-in opened this way is still the built-in, not an edited copy.
   */
  readonly explore?: Readonly<Record<string, unknown>>;
  /**
   * What the state looked like when the link was made, to verify a replay: `at` is a hash of the
   * state at `step`, `trail` three characters per step 1..step (so a divergence names its step).
   */
  readonly check?: { readonly at: string; readonly trail: string };
  /**
   * The explorer search that found the run (session 26), when the page that made the link opened it
   * from one and its fixes are still the search's: the opened link says it, and so does its Copy for
   * GitHub. Absent in every older link.
   */
  readonly found?: SharedFound;
  /** A found part the link carried that could not be read: what is wrong. The run opens without it. */
  readonly foundIgnored?: string;
}
