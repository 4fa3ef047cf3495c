// @vitest-environment node
// `step` drafts a copy-on-write world: what an action touches is copied, the rest is shared with
// the world before. Two promises make that safe, and the explorer's cached hashes rely on both:
// the world before a step is never changed, and the parts a step did not touch are the same objects.
import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { enabledActions, initialWorld, loadScenario, step } from '../../src/engine';
import { checkSafety, sameSafetyInputs } from '../../src/engine/check/invariants';
import { BUILTINS } from '../../src/scenarios';
import { reachableWorlds } from '../explore/helpers';

const IDS = [
  'seed-000-explore',
  'seed-001-explore',
  'seed-002-issue-1-explore',
  'seed-003-b-go-explore',
  'geo-v2-clean',
];

describe('step never changes the world it starts from', () => {
  for (const id of IDS) {
    it(`${id}: every enabled action of 300 reachable worlds leaves them as they were`, () => {
      let steps = 0;
      for (const w of reachableWorlds(id, 300)) {
        const before = JSON.stringify(w);
        for (const a of enabledActions(w)) {
          step(w, a.action);
          steps++;
        }
        expect(JSON.stringify(w)).toBe(before);
      }
      expect(steps).toBeGreaterThan(300);
    });
  }
});

/** Paths in `v` that hold a Proxy: a draft's copy-on-read view must never end up in a world. */
function proxies(v: unknown, path: string, out: string[]): string[] {
  if (v === null || typeof v !== 'object') return out;
  if (types.isProxy(v)) out.push(path);
  else for (const k in v) proxies((v as Record<string, unknown>)[k], `${path}.${k}`, out);
  return out;
}

describe('a finished world is plain data', () => {
  for (const id of IDS) {
    it(`${id}: no copy-on-read view is left in the worlds of 300 reachable states' steps`, () => {
      let checked = 0;
      for (const w of reachableWorlds(id, 300))
        for (const a of enabledActions(w)) {
          expect(proxies(step(w, a.action).world, 'world', [])).toEqual([]);
          checked++;
        }
      expect(checked).toBeGreaterThan(300);
    });
  }
});

describe('what a step does not touch is shared, not copied', () => {
  it('p1’s send reaching us-east leaves the replicator, us-west and the completions the same objects', () => {
    const l = loadScenario(BUILTINS.find((b) => b.id === 'geo-v2-clean'));
    if (!l.ok) throw new Error('invalid');
    let w = initialWorld(l.config);
    for (const key of ['connect:p1', 'connect:replicator', 'send:p1:E3'])
      w = step(w, enabledActions(w).find((x) => x.key === key)!.action).world;
    const before = w;
    w = step(w, enabledActions(w).find((x) => x.key === 'deliver:p1->broker-1:E3')!.action).world;
    expect(w.producers.replicator).toBe(before.producers.replicator);
    expect(w.channels.replicator).toBe(before.channels.replicator);
    expect(w.topics['us-west']).toBe(before.topics['us-west']);
    expect(w.completions).toBe(before.completions);
    // What it did touch is a new object, and the world before still shows the frame in flight.
    expect(w.topics['us-east']).not.toBe(before.topics['us-east']);
    expect(w.topics['us-east']!.pendingWrites.map((p) => p.msgs.map((m) => m.msg))).toEqual([
      ['E3'],
    ]);
    expect(before.channels.p1!.toBroker.map((f) => f.msgs[0]!.msg)).toEqual(['E3']);
    expect(before.topics['us-east']!.pendingWrites).toEqual([]);
  });

  it('what a step only read comes back as the same object: a connect reads the topic’s watermarks and changes none', () => {
    const l = loadScenario(BUILTINS.find((b) => b.id === 'geo-v2-clean'));
    if (!l.ok) throw new Error('invalid');
    const w = initialWorld(l.config);
    const next = step(w, enabledActions(w).find((x) => x.key === 'connect:p1')!.action).world;
    // ProducerSuccess carries the topic's last sequence id: the topic was read (and copied)...
    expect(next.producers.p1!.state).toBe('Ready');
    // ...and, equal at the end of the step, it is the very topic of the world before.
    expect(next.topics).toBe(w.topics);
    expect(next.replicator).toBe(w.replicator);
    expect(next.producers.replicator).toBe(w.producers.replicator);
    expect(next.producers.p1).not.toBe(w.producers.p1);
  });
});

describe('a bookie storing an add changes its own record of the ledger only', () => {
  it('seed 001: the other bookies, and the bookie’s other ledgers, stay the world before’s objects', () => {
    let checked = 0;
    for (const w of reachableWorlds('seed-001-explore', 300)) {
      const bk = w.topics.local!.bk!;
      for (const a of enabledActions(w)) {
        if (a.action.type !== 'bk-request') continue;
        const { to, from } = a.action;
        const r = bk.requests.find((x) => x.from === from && x.to === to)!;
        const next = step(w, a.action).world.topics.local!.bk!;
        for (const b of Object.keys(bk.bookies))
          if (b !== to) expect(next.bookies[b]).toBe(bk.bookies[b]);
        const mine = next.bookies[to]!.ledgers[r.ledgerId]!;
        // BookieImpl.addEntry: the entry is stored (unless fenced); a fencing read fences the ledger.
        if (r.kind === 'fence') expect(mine.fenced).toBe(true);
        else if (!mine.fenced) expect(mine.entries).toContain(r.entryId);
        for (const l of Object.keys(bk.bookies[to]!.ledgers))
          if (l !== String(r.ledgerId))
            expect(next.bookies[to]!.ledgers[l]).toBe(bk.bookies[to]!.ledgers[l]);
        // The world before still holds what it held.
        expect(w.topics.local!.bk!.requests).toContain(r);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('the explorer skips the safety check where a step left its inputs alone', () => {
  for (const id of IDS) {
    it(`${id}: wherever topics, completions and replicator are the same objects, the findings are the same`, () => {
      let skipped = 0;
      for (const w of reachableWorlds(id, 300)) {
        const before = checkSafety(w).map((f) => f.key);
        for (const a of enabledActions(w)) {
          const next = step(w, a.action).world;
          if (!sameSafetyInputs(next, w)) continue;
          expect(checkSafety(next).map((f) => f.key)).toEqual(before);
          skipped++;
        }
      }
      expect(skipped).toBeGreaterThan(0);
    });
  }
});
