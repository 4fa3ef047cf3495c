// @vitest-environment node
// The explorer merges states by `stateHash`, `run` finds loops by `fingerprint`: the two must draw
// the same line between states, or a loop the explorer reports would not close when replayed.
import { describe, expect, it } from 'vitest';
import { explorerBounds, explorerConfig, loadScenario, type World } from '../../src/engine';
import { hashWorld, stateHash } from '../../src/engine/explore/stateHash';
import { BUILTINS } from '../../src/scenarios';
import { hashPerFingerprint } from './helpers';

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
      // Reusing the parent's component hashes gives the hash computed from scratch.
      let parentOf: World | null = null;
      let parent = null as ReturnType<typeof hashWorld> | null;
      const byPrint = hashPerFingerprint(config, limit, (w, next) => {
        if (parentOf !== w) [parentOf, parent] = [w, hashWorld(w, null)];
        expect(hashWorld(next, parent).hash).toBe(stateHash(next));
      });
      expect(new Set(byPrint.values()).size).toBe(byPrint.size);
      expect(byPrint.size).toBeGreaterThan(100);
    });
  }
});
