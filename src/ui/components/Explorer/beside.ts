// A verdict read beside the search before it (UX review 24). Toggling a fix and exploring again is
// how a reader asks "does this fix close the gap?" — but the panel showed only the new verdict: on
// seed 000 with guard-rewind under a ChecksumError, "2 invariants violated" (one more than without
// the fix), and nothing said that no-silent-loss was the same gap still open (the intact buffer's
// path) while replication-progress was the fix's visible stop. Each invariant now says whether the
// search before, with other fixes, found it too; one it found that this one did not is "closed".
// Each shortest trace also names the faults it places (or none): the same invariant can be
// reached by another fault once a fix closes one path, and a gap that needs no fault at all is a
// different bug report than one that needs a ChecksumError.
import type { Counterexample, ExploreResult } from '../../../engine';
import { describeFaultKey } from '../../keyWords';
import { sameFixes, type Ran } from './verdict';

/** A finished search and what it ran with. */
export interface Searched {
  readonly ran: Ran;
  readonly result: ExploreResult;
  /** The scenario it searched (the same object while the scenario is unchanged). */
  readonly scenario: unknown;
}

/**
 * The search to read `now` beside: the one before it on the same scenario, from the same place
 * (the same step reached by the same actions), with the same bounds and fault plan — only the
 * fixes differ. Anything else changed: none.
 */
export function besideOf(before: Searched | null, now: Searched): Searched | null {
  if (!before || before.scenario !== now.scenario) return null;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const { ran: a } = before;
  const { ran: b } = now;
  if (a.from !== b.from || !same(a.prefix, b.prefix)) return null;
  if (!same(a.block, b.block) || !same(a.faults, b.faults)) return null;
  return sameFixes(a.fixes, b.fixes) ? null : before;
}

/** "guard-rewind", "go-1565, go-isolate-resends" or "no fixes" (the fixes on, the scenario's own too). */
const withWords = (on: readonly string[]): string => (on.length === 0 ? 'no fixes' : on.join(', '));

/**
 * What one invariant of this search is beside the one before: "still open" (found then too),
 * or "new" (not found then). `onNow` / `onThen` are the fixes on for each search.
 */
export function besideWords(
  v: Counterexample,
  before: ExploreResult,
  onNow: readonly string[],
  onThen: readonly string[],
): { readonly open: boolean; readonly text: string } {
  const then = before.violations.find((x) => x.invariant === v.invariant);
  return then
    ? {
        open: true,
        text: `Still open with ${withWords(onNow)}: found with ${withWords(onThen)} too (shortest trace ${then.length} steps then, ${v.length} now).`,
      }
    : { open: false, text: `New with ${withWords(onNow)}: not found with ${withWords(onThen)}.` };
}

/**
 * The invariants the search before found and this one did not: "closed" by the change of fixes;
 * or, neither finding any, that there was nothing to close.
 */
export function closedWords(
  now: ExploreResult,
  before: ExploreResult,
  onNow: readonly string[],
  onThen: readonly string[],
): string[] {
  // Both clean: the fix had no gap to close here (review 26's x05, pr-23697), which is worth saying.
  if (now.violations.length === 0 && before.violations.length === 0)
    return [
      `Nothing to close: with ${withWords(onThen)} too, no invariant was violated${now.complete && before.complete ? '' : ' in the states searched'}.`,
    ];
  const found = new Set(now.violations.map((v) => v.invariant));
  return before.violations
    .filter((v) => !found.has(v.invariant))
    .map(
      (v) =>
        `Closed with ${withWords(onNow)}: ${v.invariant}, found with ${withWords(onThen)} (${v.length} steps), is not found${now.complete ? '' : ' in the states searched'}.`,
    );
}

/** The faults a shortest trace places, in the plan's words with their step, or that it needs none. */
export function traceFaultsText(trace: readonly string[]): string {
  const placed = trace.flatMap((key, i) =>
    key.startsWith('fault:')
      ? [`${describeFaultKey(key) ?? key.slice('fault:'.length)} at step ${i + 1}`]
      : [],
  );
  return placed.length === 0
    ? 'Its shortest trace takes no fault: an interleaving alone reaches it.'
    : `Its shortest trace takes ${placed.join('; ')}.`;
}
