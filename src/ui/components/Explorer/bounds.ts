// The explorer's bounds: the scenario's `explore` block as the panel's fields, and back.
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_STATES,
  MAX_EXPLORE_FAULTS,
  type ExploreFaultKind,
} from '../../../engine';

export interface Bounds {
  readonly maxDepth: number;
  readonly maxStates: number;
  readonly maxFaults: number;
  readonly kinds: readonly ExploreFaultKind[];
}

export type Block = Readonly<Record<string, unknown>>;

export type NumKey = 'maxDepth' | 'maxStates' | 'maxFaults';
export const NUM_KEYS: readonly NumKey[] = ['maxDepth', 'maxStates', 'maxFaults'];
export const MIN: Record<NumKey, number> = { maxDepth: 1, maxStates: 1, maxFaults: 0 };
/** The validator's upper limits (`$.explore`): a larger value would be rejected by the search. */
export const MAX: Record<NumKey, number> = {
  maxDepth: 100_000,
  maxStates: 1_000_000_000,
  maxFaults: MAX_EXPLORE_FAULTS,
};

/** The scenario's `explore` block as bounds (the engine's defaults where it says nothing). */
export function boundsOf(scenario: Block | undefined): Bounds {
  const ex = (scenario?.explore ?? null) as {
    faults?: { kinds?: ExploreFaultKind[]; max?: number };
    maxDepth?: number;
    maxStates?: number;
  } | null;
  return {
    maxDepth: ex?.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxStates: ex?.maxStates ?? DEFAULT_MAX_STATES,
    maxFaults: ex ? (ex.faults?.max ?? 1) : 0,
    kinds: ex?.faults?.kinds ?? [],
  };
}

/** An `explore` block as the panel writes it (a type alias: it is also a plain `Block`). */
export type ExploreBlock = {
  readonly faults: { readonly kinds: readonly ExploreFaultKind[]; readonly max: number };
  readonly maxDepth: number;
  readonly maxStates: number;
};

/** The `explore` block a search runs with: the scenario's, as edited in the panel. */
export const blockOf = (b: Bounds): ExploreBlock => ({
  faults: { kinds: b.kinds, max: b.maxFaults },
  maxDepth: b.maxDepth,
  maxStates: b.maxStates,
});

/** Whether the search could ever place a fault of this kind in the scenario: the engine's rule. */
export { faultKindApplies as kindApplies } from '../../../engine';

/**
 * A bound field's text as a number, or why it cannot be one. `unreadable`: the browser could not
 * read what was typed as a number ("1e", "--1"); a number field then reports "", which is not
 * "empty" to the user who sees their text in it.
 */
export function readBound(
  key: NumKey,
  text: string,
  unreadable = false,
): { readonly ok: true; readonly value: number } | { readonly ok: false; readonly why: string } {
  const t = text.trim();
  if (t === '' && unreadable) return { ok: false, why: 'is not a number as typed' };
  if (t === '') return { ok: false, why: 'was empty' };
  const n = Number(t);
  if (!Number.isInteger(n)) return { ok: false, why: `must be a whole number ("${t}" is not)` };
  if (n < MIN[key]) return { ok: false, why: `must be at least ${MIN[key]}` };
  if (n > MAX[key])
    return { ok: false, why: `must be at most ${MAX[key].toLocaleString('en-US')}` };
  return { ok: true, value: n };
}
