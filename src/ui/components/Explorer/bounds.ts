// The explorer's bounds: the scenario's `explore` block as the panel's fields, and back.
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STATES, type ExploreFaultKind } from '../../../engine';

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
