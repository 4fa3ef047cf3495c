// @vitest-environment node
// The explorer merges states by `stateHash`, `run` finds loops by `fingerprint`: the two must draw
// the same line between states, or a loop the explorer reports would not close when replayed.
import { describe, expect, it } from 'vitest';
import {
  enabledActions,
  explorerBounds,
  explorerConfig,
  initialWorld,
  loadScenario,
  step,
  type World,
} from '../../src/engine';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { hashWorld, stateHash } from '../../src/engine/explore/stateHash';
import { BUILTINS } from '../../src/scenarios';

describe('stateHash abstracts exactly what fingerprint abstracts', () => {
  // Seed 001's topics carry BookKeeper state, hashed in nested parts: its first 6,000 states.
  for (const [id, limit] of [
    ['seed-000-explore', Infinity],
    ['seed-003-b-go-explore', Infinity],
    ['seed-001-explore', 6000],
  ] as const) {
    it(`${id}: one hash per fingerprint over ${limit === Infinity ? 'the whole reachable space' : `the first ${limit} states`}`, () => {
      const l = loadScenario(BUILTINS.find((b) => b.id === id));
      if (!l.ok) throw new Error('invalid');
      const config = explorerConfig(l.config, explorerBounds(l.config));
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
        const parent = hashWorld(w, null);
        for (const a of enabledActions(w)) {
          const next = step(w, a.action).world;
          // Reusing the parent's component hashes gives the hash computed from scratch.
          expect(hashWorld(next, parent).hash).toBe(stateHash(next));
          queue.push(next);
        }
      }
      expect(new Set(byPrint.values()).size).toBe(byPrint.size);
      expect(byPrint.size).toBeGreaterThan(100);
    });
  }
});
