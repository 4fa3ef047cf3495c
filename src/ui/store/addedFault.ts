// A fault added to a branch whose interleaving the user chose: where its own steps go among the
// kept choices. `auto` takes a plan fault as soon as it is enabled, but a kept choice would take
// another action there, so the fault's step is put in before it (up to MAX_FAULT_STEPS of them).
import { enabledActions, type RunResult } from '../../engine';

/** A fault added at step `at` to a branch that keeps the chosen interleaving of the trace shown. */
export interface AddedFault {
  readonly what: string;
  readonly at: number;
  /** Its index in the branch's fault plan (the engine's `plan` index of its action). */
  readonly plan: number;
  /** It has no step of its own and only reorders `auto`'s choices (a slow bookie). */
  readonly orderOnly?: boolean;
  /** How many of its steps this add has put in so far (a bound: each re-runs the recipe). */
  readonly fired?: number;
}

/** At most this many steps of an added fault are put into the kept choices (then `auto`'s). */
export const MAX_FAULT_STEPS = 64;

/**
 * The first step, after the one the fault was added at and within the kept choices, where the
 * added fault's action is enabled but the next kept choice is another: its key and the schedule
 * index it goes in at. Null when the run takes it wherever it is enabled (or it never is).
 */
export function firstUntaken(
  result: RunResult,
  added: AddedFault,
  kept: number,
): { readonly at: number; readonly key: string } | null {
  for (let j = added.at; j < result.steps.length && j < kept; j++) {
    const mine = enabledActions(result.steps[j]!.world).find(
      (a) => a.action.type === 'fault' && a.action.plan === added.plan,
    );
    if (mine && result.steps[j + 1]?.key !== mine.key) return { at: j, key: mine.key };
  }
  return null;
}
