// The explorer's state hash: the abstraction of `fingerprint` (./fingerprint.ts), hashed instead of
// printed. The world is hashed component by component — each producer, channel and topic, the
// replicator, the completions, the plan… — and a successor reuses the hash of every component it
// shares with the state it came from: `step` copies only what it touches (sim/context.ts), so a
// successor rehashes one to three components. Stamps are the one thing a component cannot judge
// alone (their rank is world-wide), so a component's hash leaves them out and lists them, and the
// world hashes which stamp slots come in which order — the line `fingerprint`'s ranks draw.
// 53 bits from two 32-bit multiplicative lanes: a collision (≈ n²/2^54, ~5·10^-3 at 10^7 states)
// would merge two states.
import type { World } from '../model/world';
import { DROP } from './fingerprint';
import { NEST_TOPIC } from '../sim/draft';
import { hasher, keyCode, mix, walk, walkEntry, type Hasher } from './hashWalk';

interface Part {
  readonly a: number;
  readonly b: number;
  /** Stamp values in walk order (the component's stamp slots). */
  readonly stamps: readonly number[];
  /** The next op id its op ids were counted from (a producer's and its channel's). */
  readonly opBase: number;
}

/** A hashed world: its hash, and its components' hashes for its successors to reuse. */
export interface Hashed {
  readonly hash: number;
  readonly objects: readonly object[];
  readonly parts: readonly Part[];
}

export const stateHash = (w: World): number => hashWorld(w, null).hash;

/** Hash `w`, reusing the parts of `from` (the state it was stepped from) it still shares. */
export function hashWorld(w: World, from: Hashed | null): Hashed {
  const h = hasher(0);
  const objects: object[] = [];
  const parts: Part[] = [];
  mix(h, 7);
  for (const k in w) {
    if (DROP.has(k)) continue;
    const v = (w as unknown as Record<string, unknown>)[k];
    mix(h, keyCode(k));
    if (k === 'producers' || k === 'channels' || k === 'topics') {
      const rec = v as Record<string, object>;
      mix(h, 7);
      for (const name in rec) {
        mix(h, keyCode(name));
        const x = rec[name]!;
        if (k === 'topics') addTree(h, objects, parts, x, NEST_TOPIC, from);
        else addPart(h, objects, parts, x, partOf(x, opBaseOf(w, k, x), from));
      }
      mix(h, 8);
    } else if (v !== null && typeof v === 'object') addPart(h, objects, parts, v, partOf(v, 0, from));
    else walk(h, v);
  }
  mix(h, 8);
  mixStampOrder(h, parts);
  return { hash: (h.a >>> 0) * 0x200000 + ((h.b >>> 0) & 0x1fffff), objects, parts };
}

function addPart(h: Hasher, objects: object[], parts: Part[], v: object, p: Part): void {
  mix(h, p.a);
  mix(h, p.b);
  objects.push(v);
  parts.push(p);
}

/**
 * A value hashed in nested parts, as `step` copies it (sim/draft.ts): each object below it is a part
 * of its own, down `depth` levels, so an untouched one keeps its hash; its plain and frozen values
 * make one more part (its shell), reused while the object itself is shared.
 */
function addTree(h: Hasher, objects: object[], parts: Part[], v: object, depth: number, from: Hashed | null): void {
  if (depth === 0 || Array.isArray(v) || Object.isFrozen(v)) return addPart(h, objects, parts, v, partOf(v, 0, from));
  const o = v as Record<string, unknown>;
  mix(h, 12);
  for (const k in o) {
    const x = o[k];
    if (x === null || typeof x !== 'object' || Object.isFrozen(x)) continue;
    mix(h, keyCode(k));
    addTree(h, objects, parts, x, depth - 1, from);
  }
  mix(h, 13);
  addPart(h, objects, parts, o, shellOf(o, from));
}

/** The plain and frozen values of an object hashed as nested parts (see `addTree`). */
function shellOf(o: Record<string, unknown>, from: Hashed | null): Part {
  const i = from === null ? -1 : from.objects.indexOf(o);
  if (i >= 0) return from!.parts[i]!;
  const h = hasher(0);
  for (const k in o) {
    const x = o[k];
    if (x === null || typeof x !== 'object' || Object.isFrozen(x)) walkEntry(h, o, k);
  }
  return { a: h.a, b: h.b, stamps: h.stamps, opBase: 0 };
}

function partOf(v: object, opBase: number, from: Hashed | null): Part {
  if (from !== null) {
    const i = from.objects.indexOf(v);
    if (i >= 0 && from.parts[i]!.opBase === opBase) return from.parts[i]!;
  }
  const h = hasher(opBase);
  walk(h, v);
  return { a: h.a, b: h.b, stamps: h.stamps, opBase };
}

/** Stamp ranks: every stamp slot (part, index) in stamp order, equal stamps marked as one rank. */
function mixStampOrder(h: Hasher, parts: readonly Part[]): void {
  const stamps: number[] = [];
  const slots: number[] = [];
  for (let p = 0; p < parts.length; p++) {
    const s = parts[p]!.stamps;
    for (let i = 0; i < s.length; i++) {
      // Insertion sort: a world holds a handful of stamps.
      let j = stamps.length;
      while (j > 0 && stamps[j - 1]! > s[i]!) j--;
      stamps.splice(j, 0, s[i]!);
      slots.splice(j, 0, p * 4096 + i);
    }
  }
  for (let i = 0; i < stamps.length; i++) {
    if (i > 0 && stamps[i] === stamps[i - 1]) mix(h, 10);
    mix(h, slots[i]!);
  }
}

/** Op ids count from their producer's next op id: a producer's and its channel's base. */
function opBaseOf(w: World, rec: string, x: object): number {
  if (rec === 'producers') return (x as { nextOpId: number }).nextOpId;
  if (rec === 'channels') return w.producers[(x as { producer: string }).producer]?.nextOpId ?? 0;
  return 0;
}
