// What a search reports: its progress between slices, and at the end its verdict — the
// counterexamples found (shortest first), whether safety and liveness hold, and whether the whole
// space within the bounds was searched or why it was cut short.
import type { InvariantId } from '../check/invariants';

export interface Counterexample {
  readonly invariant: InvariantId;
  readonly length: number;
  readonly trace: readonly string[];
  readonly detail: string;
}

export interface ExploreProgress {
  readonly states: number;
  readonly transitions: number;
  readonly depth: number;
  readonly queue: number;
  readonly done: boolean;
}

export interface ExploreResult extends ExploreProgress {
  /** The whole space within the bounds was searched (no state was cut off by depth or count). */
  readonly complete: boolean;
  /** Why the search was cut short, if it was. */
  readonly stopReason: 'max-states' | 'max-depth' | 'memory' | null;
  readonly violations: readonly Counterexample[];
  readonly safety: 'violated' | 'holds';
  readonly liveness: 'violated' | 'holds' | 'not-applicable';
}

/** Why a search ended early, as the explorer's flags record it (all false: it searched everything). */
export interface CutShort {
  readonly cutOff: boolean;
  readonly stateLimit: boolean;
  readonly outOfMemory: boolean;
}

/** The verdict once the search (and the liveness pass) is done: violations sorted by trace length, then name. */
export function verdictOf(
  progress: ExploreProgress,
  found: ReadonlyMap<InvariantId, Counterexample>,
  cut: CutShort,
  replicates: boolean,
): ExploreResult {
  const violations = [...found.values()].sort(
    (a, b) => a.length - b.length || (a.invariant < b.invariant ? -1 : 1),
  );
  const safetyBroken = violations.some((v) => v.invariant !== 'replication-progress');
  const liveBroken = violations.some((v) => v.invariant === 'replication-progress');
  return {
    ...progress,
    complete: !cut.cutOff,
    stopReason: cut.outOfMemory
      ? 'memory'
      : cut.stateLimit
        ? 'max-states'
        : cut.cutOff
          ? 'max-depth'
          : null,
    violations,
    safety: safetyBroken ? 'violated' : 'holds',
    liveness: !replicates ? 'not-applicable' : liveBroken ? 'violated' : 'holds',
  };
}
