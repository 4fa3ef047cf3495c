// Explore a built-in (its `explore` block, optionally other fault kinds or fixes) and replay every
// counterexample with `run`: a trace is only worth showing if it opens in the timeline as the same
// violation.
import { expect } from 'vitest';
import {
  enabledActions,
  explore,
  explorerBounds,
  explorerConfig,
  initialWorld,
  loadScenario,
  run,
  step,
  type Config,
  type ExploreResult,
  type World,
} from '../../src/engine';
import type { ExploreFaultKind } from '../../src/engine/model/faultScope';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { stateHash } from '../../src/engine/explore/stateHash';
import { BUILTINS } from '../../src/scenarios';
import { loaded } from '../scenarios/helpers';

export interface Checked {
  readonly config: Config;
  readonly result: ExploreResult;
  /** The invariants found, sorted. */
  readonly found: string[];
}

export function checkBuiltin(
  id: string,
  fixes: string[] = [],
  kinds?: ExploreFaultKind[],
  patch: Record<string, unknown> = {},
): Checked {
  const s = BUILTINS.find((b) => b.id === id);
  if (!s) throw new Error(`no builtin ${id}`);
  const { config } = loaded({ ...s, ...patch }, fixes);
  const bounds = explorerBounds(config);
  const opts = kinds ? { ...bounds, faults: { ...bounds.faults, kinds } } : bounds;
  const result = explore(config, opts);
  return {
    config: explorerConfig(config, opts),
    result,
    found: result.violations.map((v) => v.invariant).sort(),
  };
}

/** Every counterexample replays as a schedule to a run that reports the same invariant. */
export function expectReplays(c: Checked): void {
  for (const v of c.result.violations) {
    const r = run(c.config, v.trace);
    expect(r.error, `${v.invariant}: ${r.error?.message}`).toBeNull();
    expect(
      r.violations.map((x) => x.invariant),
      `${v.invariant} via ${v.trace.join(' ')}`,
    ).toContain(v.invariant);
  }
}

/** Breadth-first, the first `limit` worlds of a builtin's explorer space (its faults placed too). */
export function reachableWorlds(id: string, limit: number): World[] {
  const l = loadScenario(BUILTINS.find((b) => b.id === id));
  if (!l.ok) throw new Error(`${id} invalid`);
  const out: World[] = [initialWorld(explorerConfig(l.config, explorerBounds(l.config)))];
  for (let i = 0; i < out.length && out.length < limit; i++)
    for (const a of enabledActions(out[i]!)) out.push(step(out[i]!, a.action).world);
  return out.slice(0, limit);
}

/**
 * Breadth-first over `config`'s explorer space up to `limit` distinct fingerprints, asserting that a
 * fingerprint seen again has the same stateHash (`run` finds loops by one, the explorer merges by the
 * other). `onStep` sees every step taken from a new state. Returns stateHash by fingerprint.
 */
export function hashPerFingerprint(
  config: Config,
  limit = Infinity,
  onStep?: (from: World, to: World) => void,
): Map<string, number> {
  const byPrint = new Map<string, number>();
  const queue: World[] = [initialWorld(config)];
  for (let i = 0; i < queue.length && byPrint.size < limit; i++) {
    const w = queue[i]!;
    const fp = fingerprint(w);
    if (byPrint.has(fp)) {
      expect(stateHash(w)).toBe(byPrint.get(fp));
      continue;
    }
    byPrint.set(fp, stateHash(w));
    for (const a of enabledActions(w)) {
      const next = step(w, a.action).world;
      onStep?.(w, next);
      queue.push(next);
    }
  }
  return byPrint;
}
