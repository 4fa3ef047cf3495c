// The explorer's verdict in words: the result line, a verdict that says when it holds only over
// the part searched, and which faults the search could take.
import type { ExploreResult } from '../../../engine';
import type { FaultJson, FoundBy } from '../../store';
import type { Block } from './bounds';

/** What the search ran with: opening a counterexample needs the same plan, explore block and fixes. */
export interface Ran {
  readonly faults: readonly FaultJson[];
  readonly block: Block;
  readonly from: number | null;
  /** From here: the actions that led to `from` (two branches can be at one step by other paths). */
  readonly prefix?: readonly string[];
  /** The fix toggles on when it started (the scenario's own `fixes` are on whatever they say). */
  readonly fixes: readonly string[];
}

/** The same fixes, in any order. */
export const sameFixes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((f) => b.includes(f));

/** A list of fixes in words: `none` or `a, b`. */
export const fixesText = (fixes: readonly string[]): string =>
  fixes.length === 0 ? 'none' : fixes.join(', ');

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function verdictOf(r: ExploreResult): string {
  const cut =
    r.stopReason === 'max-states'
      ? 'cut short by the state bound (raise Max states)'
      : r.stopReason === 'max-depth'
        ? 'cut short by the depth bound (raise Max depth)'
        : r.stopReason === 'memory'
          ? 'cut short before memory ran out (lower Max states)'
          : 'complete';
  if (r.violations.length === 0) return `no violation in ${fmt(r.states)} states, ${cut}`;
  return `${r.violations.length} invariant${r.violations.length === 1 ? '' : 's'} violated in ${fmt(r.states)} states, ${cut}`;
}

/** What "complete" and "cut short" promise, for someone reading a verdict for the first time. */
export const meaningOf = (complete: boolean): string =>
  complete
    ? 'Complete: every interleaving and fault placement within these bounds was tried, so "holds" is a proof for them (not beyond them).'
    : 'Cut short: only part of the interleavings was tried, so "holds" is not a proof; a violation found is still real.';

/** A verdict that holds only over the part searched says so: a cut-short "holds" is not a proof. */
export const judged = (v: string, complete: boolean): string =>
  v === 'holds' && !complete ? 'holds in the states searched (not complete)' : v;

/** Which faults the search could take: the scenario's plan, and what it placed itself. */
export function faultsText(ran: Ran): string {
  const ex = (ran.block.explore ?? ran.block) as {
    faults?: { kinds?: readonly string[]; max?: number };
  };
  const kinds = ex.faults?.kinds ?? [];
  const max = ex.faults?.max ?? 0;
  const plan =
    ran.faults.length > 0
      ? `the fault plan's ${ran.faults.length} (each at any step once due)`
      : '';
  const placed =
    kinds.length > 0 && max > 0
      ? `placed by the search: ${kinds.join(', ')}, at most ${max} per run`
      : '';
  return (
    [plan, placed].filter(Boolean).join('; ') ||
    'none (every interleaving without faults; pick fault kinds to place some)'
  );
}

/**
 * The search that found an invariant, kept with the branch it opens ("Copy for GitHub" says it),
 * and how it stands beside the search before (`before`, with its fixes on: ./beside.ts).
 */
export const foundIn = (
  result: ExploreResult,
  invariant: string,
  toggles: readonly string[],
  fixes: readonly string[],
  before?: { readonly result: ExploreResult; readonly onThen: readonly string[] } | null,
): FoundBy => ({
  invariant,
  states: result.states,
  complete: result.complete,
  ...(result.stopReason ? { stopReason: result.stopReason } : {}),
  toggles: [...toggles],
  fixes: [...fixes],
  ...(before
    ? {
        beside: {
          open: before.result.violations.some((v) => v.invariant === invariant),
          fixes: [...before.onThen],
        },
      }
    : {}),
});
