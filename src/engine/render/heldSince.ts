// When each loss or duplicate the Messages panel names first held, and how it read then. The
// Invariants panel lists a violation once, at its first step, in that step's words; the Messages
// panel judges the step shown. Seed 002 at step 40 read "M3 … (mark-delete 10:2)" in one and
// "(mark-delete 10:3)" in the other (UX review 13, finding 9): both true, at different steps, with
// nothing saying so. go-chunked-timeout-early-success's loss held at step 6 only, and the Messages
// panel said nothing of it afterwards. This links the two: a finding's key (the identity the run
// reports once) to the run's first report of it.
import type { World } from '../model/world';
import type { RunResult } from '../sim/run';
import { noSilentLoss, type Finding } from '../check/invariants';
import { noDuplicates } from '../check/noDuplicates';

/** The run's first report of one finding: its step and its words at that step. */
export interface HeldSince {
  readonly step: number;
  readonly invariant: 'no-silent-loss' | 'no-duplicates';
  readonly messages: readonly string[];
  readonly detail: string;
}

/** The invariants the Messages panel names on a message's row. */
export const messageFindings = (w: World): Finding[] => [...noSilentLoss(w), ...noDuplicates(w)];

/**
 * Per finding key, the first report up to `cursor`. The run's violations carry no key, so each is
 * judged again on its step's world and matched by invariant and words: the finding that was new
 * there.
 */
export function heldSince(
  result: Pick<RunResult, 'steps' | 'violations'>,
  cursor: number,
): ReadonlyMap<string, HeldSince> {
  const out = new Map<string, HeldSince>();
  for (const v of result.violations) {
    if (v.step > cursor || (v.invariant !== 'no-silent-loss' && v.invariant !== 'no-duplicates'))
      continue;
    const world = result.steps[v.step]?.world;
    const f =
      world &&
      messageFindings(world).find((x) => x.invariant === v.invariant && x.detail === v.detail);
    if (f && !out.has(f.key))
      out.set(f.key, {
        step: v.step,
        invariant: v.invariant,
        messages: v.messages,
        detail: v.detail,
      });
  }
  return out;
}
