// The review tests' explorer harness (reviews 14 and 15): search a scenario with its own `explore`
// bounds, replay every counterexample with `run` (a trace is only worth showing if it opens in the
// timeline as the same violation), and compare a verdict field by field.
import { expect } from 'vitest';
import { explore, explorerBounds, explorerConfig, run, type ExploreResult } from '../../src/engine';
import { loaded } from '../scenarios/helpers';

export interface Verdict {
  safety: 'holds' | 'violated';
  liveness: 'holds' | 'violated' | 'not-applicable';
  states: number;
  /** invariant → trace length */
  found: Record<string, number>;
  /** Whether the search finished within its bounds (default true); one cut short stopped at max-depth. */
  complete?: boolean;
}

export function checkScenario(s: object, fixes: string[] = []): ExploreResult {
  const loadedConfig = loaded(s, fixes).config;
  const bounds = explorerBounds(loadedConfig);
  const result = explore(loadedConfig, bounds);
  const config = explorerConfig(loadedConfig, bounds);
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
