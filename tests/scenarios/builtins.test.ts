// @vitest-environment node
// Every built-in scenario comes out as its `expect` says, from the general rules, and a run is a
// pure function of its recipe: the same recipe twice gives the same trace, byte for byte.
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

function runBuiltin(id: string, fixes: string[] = []) {
  const s = BUILTINS.find((b) => b.id === id);
  if (!s) throw new Error(`no builtin ${id}`);
  const loaded = loadScenario(s, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

describe('built-in scenarios match their expect', () => {
  for (const s of BUILTINS) {
    it(`${s.id}`, () => {
      const r = runBuiltin(s.id);
      expect(['quiescent', 'loop']).toContain(r.endedBy);
      expect([...new Set(r.violations.map((v) => v.invariant))].sort()).toEqual(
        [...(s.expect?.violations ?? [])].sort(),
      );
      for (const [cluster, stored] of Object.entries(s.expect?.stored ?? {}))
        expect(r.stored[cluster]).toEqual(stored);
    });
  }
});

describe('seed 003: Go batching and dedup, each half of PR 1565', () => {
  const cases: [string, string, string[], string[]][] = [
    ['seed-003-a-go', 'go-1565', [], ['M0', 'M1', 'M2']],
    ['seed-003-b-go', 'go-1565', [], ['M0', 'M1', 'M2', 'M3']],
    ['seed-003-a-go', 'go-highest-sequence-id', ['no-silent-loss'], ['M0', 'M1']],
    ['seed-003-b-go', 'go-highest-sequence-id', [], ['M0', 'M1', 'M2', 'M3']],
    ['seed-003-a-go', 'go-isolate-resends', [], ['M0', 'M1', 'M2']],
    ['seed-003-b-go', 'go-isolate-resends', ['no-duplicates'], ['M0', 'M1', 'M2', 'M1', 'M3']],
  ];
  for (const [id, fix, violations, stored] of cases) {
    it(`${id} with ${fix}: ${violations.join(', ') || 'clean'}, stores ${stored.join(',')}`, () => {
      const r = runBuiltin(id, [fix]);
      expect(r.violations.map((v) => v.invariant)).toEqual(violations);
      expect(r.stored.local).toEqual(stored);
    });
  }

  it('row (a) on Go master: M2 is lost at the step its callback reports success with -1:-1', () => {
    const r = runBuiltin('seed-003-a-go');
    const v = r.violations[0]!;
    expect(v).toMatchObject({ invariant: 'no-silent-loss', messages: ['M2'] });
    expect(r.steps[v.step]!.key).toBe('deliver:broker-1->p1:M0+M2');
    expect(r.outcomes.M2).toEqual(['completed -1:-1']);
    expect(r.outcomes.M0).toEqual(['stored at 10:0', 'completed -1:-1']);
  });

  it('row (a) with Java: the resent M0 travels alone and is dropped as Dup, M2 is stored', () => {
    const r = runBuiltin('seed-003-a-java');
    const sent = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.kind === 'write')
      .map((e) => e.text);
    expect(sent).toEqual(['send M0+M1 seq 0..1', 'send M0 seq 0', 'send M2 seq 2']);
    expect(r.outcomes.M2).toEqual(['stored at 10:1']);
  });
});

describe('determinism', () => {
  it('the same recipe gives an identical trace', () => {
    for (const s of BUILTINS) {
      const a = runBuiltin(s.id);
      const b = runBuiltin(s.id);
      expect(JSON.stringify(a.steps.map((x) => [x.key, x.events, x.enabled]))).toBe(
        JSON.stringify(b.steps.map((x) => [x.key, x.events, x.enabled])),
      );
    }
  });

  it('replaying the keys of an auto run as an explicit schedule gives the same trace', () => {
    const a = runBuiltin('seed-003-a-go');
    const s = BUILTINS.find((b) => b.id === 'seed-003-a-go')!;
    const loaded = loadScenario({ ...s, schedule: a.steps.slice(1).map((x) => x.key) });
    if (!loaded.ok) throw new Error('invalid');
    const b = run(loaded.config, loaded.schedule);
    expect(b.steps.map((x) => x.key)).toEqual(a.steps.map((x) => x.key));
  });

  it('a key that is not enabled stops the run and names the step and what was enabled', () => {
    const s = BUILTINS.find((b) => b.id === 'seed-003-a-go')!;
    const loaded = loadScenario({ ...s, schedule: ['connect:p1', 'flush:p1'] });
    if (!loaded.ok) throw new Error('invalid');
    const r = run(loaded.config, loaded.schedule);
    expect(r.endedBy).toBe('schedule-error');
    expect(r.error).toMatchObject({ step: 2, key: 'flush:p1', enabled: ['send:p1:M0'] });
  });
});
