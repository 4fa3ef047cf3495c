// @vitest-environment node
// The draft under `step` copies on read and, at the end of the step, puts back the world before's
// object wherever its copy came out equal. "Equal" must mean what the fingerprint means (the same
// keys in the same order, arrays only to arrays), and a view a handler sets back must not leave a
// Proxy in the world. The explorer's hash must keep the key order a topic is printed in.
import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { initialWorld, loadScenario, type World } from '../../src/engine';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { stateHash } from '../../src/engine/explore/stateHash';
import { peek, sameData } from '../../src/engine/sim/copyOnRead';
import { draftWorld, finishWorld } from '../../src/engine/sim/draft';
import { BUILTINS } from '../../src/scenarios';

function seed001(): World {
  const l = loadScenario(BUILTINS.find((b) => b.id === 'seed-001-explore'));
  if (!l.ok) throw new Error('invalid');
  return initialWorld(l.config);
}

function proxies(v: unknown, path: string, out: string[] = []): string[] {
  if (v === null || typeof v !== 'object') return out;
  if (types.isProxy(v)) out.push(path);
  else for (const k in v) proxies((v as Record<string, unknown>)[k], `${path}.${k}`, out);
  return out;
}

describe('sameData: equal as the fingerprint sees it', () => {
  it('the same keys in another order are not equal (the fingerprint prints them in order)', () => {
    expect(sameData({ x: 1, y: { a: [1, 2] } }, { x: 1, y: { a: [1, 2] } })).toBe(true);
    expect(sameData({ x: 1, y: 2 }, { y: 2, x: 1 })).toBe(false);
  });

  it('an array is never equal to an object, nor a key with an undefined value to another key', () => {
    expect(sameData({}, [])).toBe(false);
    expect(sameData({ 0: 1 }, [1])).toBe(false);
    expect(sameData({ u: undefined }, { v: undefined })).toBe(false);
    expect(sameData({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toBe(false);
  });
});

describe('a view set back by a handler', () => {
  it('topic.bk read, changed and set back: the world holds the plain copy, the change, and no Proxy', () => {
    const w = seed001();
    const draft = draftWorld(w);
    const topic = draft.topics.local!;
    const bk = topic.bk!;
    bk.ml.version += 1;
    topic.bk = bk;
    const next = finishWorld(draft);
    expect(proxies(next, 'world')).toEqual([]);
    expect(next.topics.local!.bk!.ml.version).toBe(w.topics.local!.bk!.ml.version + 1);
    // Untouched parts of the BookKeeper state are still the world before's objects.
    expect(next.topics.local!.bk!.bookies).toBe(w.topics.local!.bk!.bookies);
    expect(w.topics.local!.bk!.ml.version).toBe(next.topics.local!.bk!.ml.version - 1);
  });

  it('read and set back unchanged: the very topic of the world before', () => {
    const w = seed001();
    const draft = draftWorld(w);
    const topic = draft.topics.local!;
    const bk = topic.bk;
    topic.bk = bk;
    expect(finishWorld(draft).topics).toBe(w.topics);
  });
});

describe('peek: what a handler only asks is not copied', () => {
  it('a peeked takeover is the world before’s own object, and the step gives the world before back', () => {
    const w = seed001();
    const draft = draftWorld(w);
    const bk = draft.topics.local!.bk!;
    expect(peek(bk).bookies).toBe(w.topics.local!.bk!.bookies);
    expect(peek(bk).takeover).toBe(w.topics.local!.bk!.takeover);
    // Nothing was read through the view: the finished world is the world before, record by record.
    expect(finishWorld(draft).topics).toBe(w.topics);
  });

  it('after a write through the view, peek reads the step’s copy with the write in it', () => {
    const w = seed001();
    const draft = draftWorld(w);
    const bk = draft.topics.local!.bk!;
    bk.ml.version += 1;
    expect(peek(bk).ml).not.toBe(w.topics.local!.bk!.ml);
    expect(peek(bk).ml.version).toBe(w.topics.local!.bk!.ml.version + 1);
    expect(peek(draft.topics.local!).bk!.ml.version).toBe(w.topics.local!.bk!.ml.version + 1);
  });

  it('on a plain object (a world outside step) it is the object itself', () => {
    const w = seed001();
    expect(peek(w.topics.local!)).toBe(w.topics.local);
    expect(peek(w.topics.local!.bk!).bookies).toBe(w.topics.local!.bk!.bookies);
  });
});

describe('the explorer hash keeps a topic’s key order', () => {
  it('the same topic with `bk` before `owner`: another fingerprint, another hash', () => {
    // Only where a plain key sits among the nested ones changes: the shell's keys (cluster, owner,
    // fenced, nextLedgerId) and the nested ones (bk, subscriptions…) each keep their order.
    const w = seed001();
    const { cluster, owner, bk, ...rest } = w.topics.local!;
    const reordered: World = { ...w, topics: { local: { cluster, bk, owner, ...rest } } };
    expect(fingerprint(reordered)).not.toBe(fingerprint(w));
    expect(stateHash(reordered)).not.toBe(stateHash(w));
  });
});
