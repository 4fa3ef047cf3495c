// @vitest-environment node
// Next actions reads each key in words (UX review 14, finding 11): a Pulsar engineer choosing the
// interleaving reads "bookie-2's answer to the add of entry 3:1 reaches broker-1", not the grammar
// alone. Every key any built-in enables has words; a key that does not parse has none. A fault key
// has none from the engine: the UI words it as its fault plan does (tests/ui/key-words.test.ts).
import { describe, expect, it } from 'vitest';
import { actionWords, loadScenario, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

const runOf = (id: string) => {
  const l = loadScenario(BUILTINS.find((b) => b.id === id)!);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, 'auto');
};
const wordsAt = (id: string) => {
  const r = runOf(id);
  const all = new Map<string, string | null>();
  for (const s of r.steps)
    for (const k of s.enabled) if (!all.has(k)) all.set(k, actionWords(k, s.world));
  return all;
};

describe('the keys of the seed 001 fencing race, in words', () => {
  const w = wordsAt('seed-001-fencing-race');
  it('BookKeeper traffic: an add, its answer, a fencing read and its answer', () => {
    expect(w.get('deliver:broker-1->bookie-2:3:1')).toBe('the add of entry 3:1 reaches bookie-2');
    expect(w.get('deliver:bookie-2->broker-1:3:1')).toBe(
      "bookie-2's answer to the add of entry 3:1 reaches broker-1",
    );
    expect(w.get('deliver:broker-2->bookie-1:fence-3')).toBe(
      'the fencing read of ledger 3 reaches bookie-1',
    );
    expect(w.get('metadata:broker-2:ledgers')).toBe(
      "broker-2's managed ledger writes its ledger list",
    );
  });
  it('the client; its fault is left to the UI', () => {
    expect(w.get('connect:p1')).toBe('p1 connects and resends what is pending');
    expect(w.has('fault:ownership-change:local:broker-2')).toBe(true);
    expect(w.get('fault:ownership-change:local:broker-2')).toBeNull();
  });
});

describe('two-way replication: a replicator named by its link', () => {
  const w = wordsAt('geo-two-way');
  it("its sends and answers, though its name holds ':' and '->'", () => {
    expect(w.get('read:replicator:us-east->us-west')).toBe(
      'the us-east → us-west replicator reads its backlog and sends it',
    );
    expect(w.get('deliver:replicator:us-east->us-west->broker-2:E1')).toBe(
      "the us-east → us-west replicator's send of E1 reaches broker-2",
    );
    expect(w.get('deliver:broker-2->replicator:us-east->us-west:E1')).toBe(
      "broker-2's answer for E1 reaches the us-east → us-west replicator",
    );
  });
});

describe('every key but a fault every built-in enables along its run has words', () => {
  it.each(BUILTINS.map((b) => b.id))('%s', (id) => {
    const missing = [...wordsAt(id)]
      .filter(([k, words]) => words === null && !k.startsWith('fault:'))
      .map(([k]) => k);
    expect(missing).toEqual([]);
  });
  it('a key outside the grammar gets none, rather than a guess', () => {
    const world = runOf('seed-000-checksum-corrupted').steps[0]!.world;
    expect(actionWords('deliver:nobody->nowhere:M1', world)).toBeNull();
    expect(actionWords('fault:meteor:local', world)).toBeNull();
    expect(actionWords('fault:checksum-error:E3@us-west:corrupted', world)).toBeNull();
    expect(actionWords('teleport:p1', world)).toBeNull();
  });
});
