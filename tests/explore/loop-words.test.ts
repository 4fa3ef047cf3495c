// @vitest-environment node
// The explorer's loop counterexample names the messages it owes in `run`'s words (check/progress.ts
// loopOwedWords, judged at the loop's entry by replaying the trace once): seed 000's NotAllowedError
// loop on E3, once with E3 never at us-west (the built-in) and once from a prefix where E3 was
// persisted at us-west and its receipt lost — the search's loop then owes an entry us-west stores.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, explorerConfig, loadScenario, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { checkBuiltin, expectReplays } from './helpers';
import { SEED_000_E3_AT_WEST } from '../scenarios/helpers';

const LOOP =
  'a loop of states that makes no progress while entries are still to be replicated, under weak fairness';

describe("the explorer's loop names what it owes, as run's loop does", () => {
  it('seed-000-not-allowed: E3 rejected on every attempt — "E3 never replicated"', () => {
    const c = checkBuiltin('seed-000-not-allowed');
    const v = c.result.violations.find((x) => x.invariant === 'replication-progress')!;
    expect(v.detail).toBe(`${LOOP}: E3 never replicated`);
    expectReplays(c);
  });

  it('E3 persisted at us-west and its receipt lost before the search: the loop says us-west stores it', () => {
    const s = BUILTINS.find((b) => b.id === 'seed-000-not-allowed')!;
    const { faults, schedule: prefix } = SEED_000_E3_AT_WEST;
    const l = loadScenario({ ...s, faults, schedule: undefined, expect: undefined });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const opts = { ...explorerBounds(l.config), prefix };
    const v = explore(l.config, opts).violations.find(
      (x) => x.invariant === 'replication-progress',
    )!;
    expect(v.trace.slice(0, prefix.length)).toEqual(prefix);
    expect(v.detail).toBe(`${LOOP}: E3 stored at us-west but still in the source backlog`);
    // The same words `run` gives replaying the counterexample (one describer).
    const replay = run(explorerConfig(l.config, opts), v.trace).violations.find(
      (x) => x.invariant === 'replication-progress',
    )!;
    expect(replay.detail).toMatch(
      /^replication loops without progress .*\); E3 stored at us-west but still in the source backlog$/,
    );
  });
});
