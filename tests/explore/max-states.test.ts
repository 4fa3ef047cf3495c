// `maxStates` bounds the distinct states a search keeps, and is never passed: the state that would be
// one too many ends the search (it used to stop only after the whole state being expanded was
// expanded, so `--max-states 50` could report 53). A space of exactly N states searched with
// `maxStates: N` is complete: nothing was left unseen.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

function bounds(id: string) {
  const loaded = loadScenario(
    BUILTINS.find((b) => b.id === id)!,
    [],
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return { config: loaded.config, opts: explorerBounds(loaded.config) };
}

describe('the max-states bound', () => {
  it('stops at exactly the bound on seed 001 (many successors per state), saying why', () => {
    const { config, opts } = bounds('seed-001-explore');
    for (const maxStates of [1, 2, 50, 333]) {
      const r = explore(config, { ...opts, maxStates });
      expect(r.states).toBe(maxStates);
      expect(r.complete).toBe(false);
      expect(r.stopReason).toBe('max-states');
    }
  });

  it('calls a search complete when the space has exactly that many states', () => {
    const { config, opts } = bounds('seed-003-a-go-explore');
    const whole = explore(config, opts);
    expect(whole.complete).toBe(true);
    const exact = explore(config, { ...opts, maxStates: whole.states });
    expect(exact).toMatchObject({ states: whole.states, complete: true, stopReason: null });
    expect(exact.violations.map((v) => v.invariant)).toEqual(
      whole.violations.map((v) => v.invariant),
    );
    const short = explore(config, { ...opts, maxStates: whole.states - 1 });
    expect(short).toMatchObject({
      states: whole.states - 1,
      complete: false,
      stopReason: 'max-states',
    });
  });
});
