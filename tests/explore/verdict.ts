// The review tests' explorer harness (reviews 14 and 15): search a scenario with its own `explore`
// bounds, replay every counterexample with `run` (a trace is only worth showing if it opens in the
// timeline as the same violation), and compare a verdict field by field.
import { expect } from 'vitest';
import {
  explore,
  explorerBounds,
  explorerConfig,
  loadScenario,
  run,
  type ExploreResult,
} from '../../src/engine';

export interface Verdict {
  safety: 'holds' | 'violated';
  liveness: 'holds' | 'violated' | 'not-applicable';
  states: number;
  /** invariant → trace length */
  found: Record<string, number>;
  /** Whether the search finished within its bounds (default true); one cut short stopped at max-depth. */
  complete?: boolean;
}

export function checkScenario(s: unknown, fixes: string[] = []): ExploreResult {
  const loaded = loadScenario(s, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const bounds = explorerBounds(loaded.config);
  const result = explore(loaded.config, bounds);
  const config = explorerConfig(loaded.config, bounds);
  for (const v of result.violations) {
    const r = run(config, v.trace);
    expect(r.error, `${v.invariant}: ${r.error?.message}`).toBeNull();
    expect(r.violations.map((x) => x.invariant)).toContain(v.invariant);
  }
  return result;
}

export function expectVerdict(r: ExploreResult, v: Verdict): void {
  const complete = v.complete ?? true;
  expect(r).toMatchObject({
    complete,
    stopReason: complete ? null : 'max-depth',
    safety: v.safety,
    liveness: v.liveness,
    states: v.states,
  });
  expect(Object.fromEntries(r.violations.map((x) => [x.invariant, x.length]))).toEqual(v.found);
}

export const traceOf = (r: ExploreResult, invariant: string) =>
  r.violations.find((v) => v.invariant === invariant)!;

export const HOLDS = { safety: 'holds', found: {} } as const;
export const NO_REPLICATION = { liveness: 'not-applicable' } as const;
