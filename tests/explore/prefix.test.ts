// @vitest-environment node
// "Explore from here" (issue 6): the explorer replays a prefix of action keys before the search,
// its traces start with that prefix and still replay with `run`; a key the bounds do not enable is
// an error naming the step; `keepPlan` keeps the scenario's fault plan for branches that used it.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, explorerConfig, loadScenario, run, type Config } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

function load(id: string): Config {
  const loaded = loadScenario(BUILTINS.find((b) => b.id === id), []);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.config;
}

describe('explorer: prefix (explore from here)', () => {
  const config = load('seed-003-a-go-explore');
  const bounds = explorerBounds(config);
  const full = explore(config, bounds);
  const ce = full.violations.find((v) => v.invariant === 'no-silent-loss')!;

  it('from a step on the counterexample: finds it again, its trace starts with the prefix and replays', () => {
    const prefix = ce.trace.slice(0, Math.floor(ce.trace.length / 2));
    const opts = { ...bounds, prefix };
    const r = explore(config, opts);
    const v = r.violations.find((x) => x.invariant === 'no-silent-loss')!;
    expect(v.trace.slice(0, prefix.length)).toEqual(prefix);
    expect(v.length).toBe(v.trace.length);
    expect(r.states).toBeLessThan(full.states);
    expect(r.complete).toBe(true);
    const replay = run(explorerConfig(config, opts), v.trace);
    expect(replay.error).toBeNull();
    expect(replay.violations.map((x) => x.invariant)).toContain('no-silent-loss');
  });

  it('the empty prefix is the plain search', () => {
    expect(explore(config, { ...bounds, prefix: [] })).toEqual(full);
  });

  it('a key that is not enabled names its step', () => {
    expect(() => explore(config, { ...bounds, prefix: [ce.trace[0]!, 'deliver:nowhere'] })).toThrow(/step 2 "deliver:nowhere" is not enabled/);
  });

  it('keepPlan: a prefix that took a planned fault replays only with the plan kept', () => {
    const planned = load('seed-000-checksum-corrupted');
    const steps = run(planned, 'auto').steps.map((s) => s.key!).slice(1);
    const at = steps.findIndex((k) => k.startsWith('fault:') || k.includes('checksum'));
    expect(at).toBeGreaterThan(0);
    const prefix = steps.slice(0, at + 1);
    const opts = { maxDepth: 80, maxStates: 100_000, faults: { kinds: [], max: 0 }, prefix };
    expect(() => explore(planned, opts)).toThrow(/is not enabled/);
    const r = explore(planned, { ...opts, keepPlan: true });
    expect(r.complete).toBe(true);
    expect(r.violations.map((v) => v.invariant)).toContain('no-silent-loss');
  });
});
