// The explorer's state hash: the abstraction of `fingerprint` (./fingerprint.ts), hashed instead of
// printed. The world is hashed component by component — each producer, channel and topic, the
// replicator, the completions, the plan… — and a successor reuses the hash of every component it
// shares with the state it came from: `step` keeps the very object of whatever it did not change
// (sim/draft.ts), so a successor rehashes one to three components; a topic with BookKeeper state
// is hashed a level at a time, as `step` copies it (`nestOf`). Stamps are the one thing a component cannot judge
// alone (their rank is world-wide), so a component's hash leaves them out and lists them, and the
// world hashes which stamp slots come in which order — the line `fingerprint`'s ranks draw.
// 53 bits from two 32-bit multiplicative lanes: a collision (≈ n²/2^54, ~5·10^-3 at 10^7 states)
// would merge two states.
import type { World } from '../model/world';
import { countsSteps, DROP } from './fingerprint';
import { nestOf } from '../sim/draft';
import { hasher, inShell, keptKey, keyCode, mix, walk, walkEntry, type Hasher } from './hashWalk';

interface Part {
  /** The component (or, for a nested one's shell, the object) this part hashes. */
  readonly obj: object;
  /** A shell (the plain values of an object hashed in nested parts), not a whole value. */
  readonly shell: boolean;
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
  readonly parts: readonly Part[];
}

export const stateHash = (w: World): number => hashWorld(w, null).hash;

/** Hash `w`, reusing the parts of `from` (the state it was stepped from) it still shares. */
export function hashWorld(w: World, from: Hashed | null): Hashed {
  const h = hasher(0);
  const acc = new Parts(h, from);
  mix(h, 7);
  for (const k in w) {
    if (k === 'stepCount' && countsSteps(w)) {
      mix(h, keyCode(k));
      mix(h, w.stepCount);
      continue;
    }
    if (DROP.has(k)) continue;
    const v = (w as unknown as Record<string, unknown>)[k];
    mix(h, keyCode(k));
    if (k === 'producers' || k === 'channels' || k === 'topics') {
      const rec = v as Record<string, object>;
      mix(h, 7);
      for (const name in rec) {
        mix(h, keyCode(name));
        const x = rec[name]!;
        const depth = nestOf(x);
        if (depth > 0) acc.tree(x, depth);
        else acc.leaf(x, opBaseOf(w, k, x));
      }
      mix(h, 8);
    } else if (v !== null && typeof v === 'object') acc.leaf(v, 0);
    else walk(h, v);
  }
  mix(h, 8);
  const parts = acc.done();
  mixStampOrder(h, parts);
  return { hash: (h.a >>> 0) * 0x200000 + ((h.b >>> 0) & 0x1fffff), parts };
}

/**
 * The parts of one world, in walk order, each mixed into the world's hash as it is added. A part
 * is taken from the parent when the parent hashed the very same object (and op-id base): looked
 * for at the same place in the parent's list first, where it almost always is.
 */
class Parts {
  private readonly list: Part[];
  private n = 0;

  constructor(
    private readonly h: Hasher,
    private readonly from: Hashed | null,
  ) {
    this.list = new Array<Part>(from === null ? 24 : from.parts.length);
  }

  done(): Part[] {
    this.list.length = this.n;
    return this.list;
  }

  leaf(v: object, opBase: number): void {
    let p = this.reuse(v, false);
    if (p === null || p.opBase !== opBase) {
      const h = hasher(opBase);
      walk(h, v);
      p = { obj: v, shell: false, a: h.a, b: h.b, stamps: h.stamps, opBase };
    }
    this.add(p);
  }

  /**
   * A value hashed in nested parts, as `step` copies it (sim/draft.ts): each object below it is a
   * part of its own, down `depth` levels, so an untouched one keeps its hash; its plain and frozen
   * values make one more part (its shell), reused while the object itself is shared.
   */
  tree(v: object, depth: number): void {
    if (depth === 0 || Array.isArray(v) || Object.isFrozen(v)) return this.leaf(v, 0);
    const o = v as Record<string, unknown>;
    mix(this.h, 12);
    for (const k in o) {
      if (keptKey(o, k) === null) continue;
      // A plain value is hashed in the shell; its place among the nested keys is marked here.
      if (inShell(o, k)) mix(this.h, 14);
      else {
        mix(this.h, keyCode(k));
        this.tree(o[k] as object, depth - 1);
      }
    }
    mix(this.h, 13);
    this.add(this.reuse(o, true) ?? shellOf(o));
  }

  private add(p: Part): void {
    mix(this.h, p.a);
    mix(this.h, p.b);
    this.list[this.n++] = p;
  }

  private reuse(v: object, shell: boolean): Part | null {
    const from = this.from?.parts;
    if (!from) return null;
    const at = from[this.n];
    if (at !== undefined && at.obj === v && at.shell === shell) return at;
    for (let i = 0; i < from.length; i++)
      if (from[i]!.obj === v && from[i]!.shell === shell) return from[i]!;
    return null;
  }
}

/** The plain and frozen values of an object hashed as nested parts (see `Parts.tree`). */
function shellOf(o: Record<string, unknown>): Part {
  const h = hasher(0);
  for (const k in o) if (inShell(o, k)) walkEntry(h, o, k);
  return { obj: o, shell: true, a: h.a, b: h.b, stamps: h.stamps, opBase: 0 };
}

/** Scratch for `mixStampOrder` (grown when a world holds more stamps): no allocation per hash. */
let stampScratch = new Float64Array(64);
let slotScratch = new Int32Array(64);

/** Stamp ranks: every stamp slot (part, index) in stamp order, equal stamps marked as one rank. */
function mixStampOrder(h: Hasher, parts: readonly Part[]): void {
  let n = 0;
  for (let p = 0; p < parts.length; p++) {
    const s = parts[p]!.stamps;
    for (let i = 0; i < s.length; i++) {
      if (n === stampScratch.length) growScratch();
      // Insertion sort, stable: a world holds a handful of stamps.
      let j = n++;
      while (j > 0 && stampScratch[j - 1]! > s[i]!) {
        stampScratch[j] = stampScratch[j - 1]!;
        slotScratch[j] = slotScratch[j - 1]!;
        j--;
      }
      stampScratch[j] = s[i]!;
      slotScratch[j] = p * 4096 + i;
    }
  }
  for (let i = 0; i < n; i++) {
    if (i > 0 && stampScratch[i] === stampScratch[i - 1]) mix(h, 10);
    mix(h, slotScratch[i]!);
  }
}

function growScratch(): void {
  const stamps = new Float64Array(stampScratch.length * 2);
  const slots = new Int32Array(slotScratch.length * 2);
  stamps.set(stampScratch);
  slots.set(slotScratch);
  stampScratch = stamps;
  slotScratch = slots;
}

/** Op ids count from their producer's next op id: a producer's and its channel's base. */
function opBaseOf(w: World, rec: string, x: object): number {
  if (rec === 'producers') return (x as { nextOpId: number }).nextOpId;
  if (rec === 'channels') return w.producers[(x as { producer: string }).producer]?.nextOpId ?? 0;
  return 0;
}
