// @vitest-environment node
// "Explore from here" (issue 6): the explorer replays a prefix of action keys before the search,
// its traces start with that prefix and still replay with `run`; a key the bounds do not enable is
// an error naming the step; the scenario's fault plan is searched too (`keepPlan: false` drops it).
import { describe, expect, it } from 'vitest';
import {
  explore,
  explorerBounds,
  explorerConfig,
  initialWorld,
  loadScenario,
  run,
  type Config,
} from '../../src/engine';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { stateHash } from '../../src/engine/explore/stateHash';
import { BUILTINS } from '../../src/scenarios';
import { loaded } from '../scenarios/helpers';

const load = (id: string): Config => loaded(BUILTINS.find((b) => b.id === id)).config;

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
    expect(() => explore(config, { ...bounds, prefix: [ce.trace[0]!, 'deliver:nowhere'] })).toThrow(
      /step 2 "deliver:nowhere" is not enabled/,
    );
  });

  it('the fault plan is searched by default: a prefix that took a planned fault replays only with the plan kept', () => {
    const planned = load('seed-000-checksum-corrupted');
    const steps = run(planned, 'auto')
      .steps.map((s) => s.key!)
      .slice(1);
    const at = steps.findIndex((k) => k.startsWith('fault:') || k.includes('checksum'));
    expect(at).toBeGreaterThan(0);
    const prefix = steps.slice(0, at + 1);
    const opts = { maxDepth: 80, maxStates: 100_000, faults: { kinds: [], max: 0 }, prefix };
    expect(() => explore(planned, { ...opts, keepPlan: false })).toThrow(/is not enabled/);
    const r = explore(planned, opts);
    expect(r.complete).toBe(true);
    expect(r.violations.map((v) => v.invariant)).toContain('no-silent-loss');
  });
});

describe('a scenario with a fault plan: the search takes the planned faults as it finds them due', () => {
  it("seed 000's checksum-error plan: Explore finds the run's silent loss, complete", () => {
    const planned = load('seed-000-checksum-corrupted');
    const r = explore(planned, { maxDepth: 80, maxStates: 100_000, faults: { kinds: [], max: 0 } });
    expect(r.complete).toBe(true);
    expect(r.safety).toBe('violated');
    expect(r.violations.map((v) => v.invariant)).toContain('no-silent-loss');
  });

  it('a plan waiting for a step count keeps the count in the state until it fires (no two counts merged)', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'step-trigger',
      topic: { deduplication: true },
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
      faults: [{ kind: 'disconnect', producer: 'p1', after: { step: 3 } }],
    });
    if (!l.ok) throw new Error('invalid');
    const w = initialWorld(l.config);
    expect(fingerprint({ ...w, stepCount: 1 })).not.toBe(fingerprint({ ...w, stepCount: 2 }));
    expect(stateHash({ ...w, stepCount: 1 })).not.toBe(stateHash({ ...w, stepCount: 2 }));
    const spent = { ...w, plan: [{ ...w.plan[0]!, spent: true }] };
    expect(stateHash({ ...spent, stepCount: 1 })).toBe(stateHash({ ...spent, stepCount: 2 }));
  });
});
