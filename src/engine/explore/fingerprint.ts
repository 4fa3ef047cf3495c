// A state's fingerprint: what the world *is*, without what only counts time. Two worlds with the
// same fingerprint behave the same from here on, so the explorer merges them and a run that comes
// back to one has found a loop.
//
// Abstracted away:
// - the logical clock (`tick`, `stepCount`) and every `born`/`closedAt`/`batchBorn` stamp — only
//   their relative order matters (the auto policy takes the oldest first), so they become ranks;
// - op ids, replaced by their distance to the producer's next op id (frames still find their op);
// - connection epochs and per-connection send counters, except where a fault still counts sends;
// - the producer `instance` counter.
import type { World } from '../model/world';

const DROP = new Set(['config', 'tick', 'stepCount', 'instance', 'nextOpId', 'epoch']);
const STAMPS = new Set(['born', 'closedAt', 'batchBorn']);

export function fingerprint(w: World): string {
  const stamps: number[] = [];
  collectStamps(w, stamps);
  const rank = new Map([...new Set(stamps)].sort((a, b) => a - b).map((t, i) => [t, i]));
  const opBase = new Map(Object.values(w.producers).map((p) => [p.name, p.nextOpId]));
  let currentProducer = '';
  return JSON.stringify(w, function (this: unknown, key: string, value: unknown) {
    if (DROP.has(key)) return undefined;
    if (STAMPS.has(key) && typeof value === 'number') return rank.get(value);
    if (key === 'sends' && this && typeof this === 'object' && (this as { broken?: unknown }).broken === null) return undefined;
    if (value && typeof value === 'object' && 'wireName' in value) currentProducer = (value as unknown as { name: string }).name;
    if (value && typeof value === 'object' && 'producer' in value && 'broker' in value) currentProducer = (value as { producer: string }).producer;
    if (key === 'opId' && typeof value === 'number') return value - (opBase.get(currentProducer) ?? 0);
    return value;
  });
}

function collectStamps(v: unknown, out: number[]): void {
  if (v === null || typeof v !== 'object') return;
  if (Object.isFrozen(v) && frozenHash(v) !== null) return; // no stamps inside
  if (Array.isArray(v)) {
    for (const x of v) collectStamps(x, out);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    if (k === 'config') continue;
    const x = o[k];
    if (typeof x === 'number') {
      if (STAMPS.has(k)) out.push(x);
    } else if (x !== null && typeof x === 'object') collectStamps(x, out);
  }
}

/**
 * The same abstraction as `fingerprint`, hashed instead of printed (the explorer's hot path). The
 * world is hashed component by component (each producer, channel and topic, the replicator, the
 * completions…), and a component's hash is cached on the object: `step` copies only what it
 * touches (sim/context.ts), so a successor rehashes one or two components and reuses the rest.
 * Stamps are the one thing a component cannot judge alone (their rank is world-wide), so a
 * component's hash leaves them out and lists them; the world then hashes which stamp slots come
 * in which order — the same line `fingerprint`'s ranks draw. 53 bits from two 32-bit
 * multiplicative lanes: a collision (≈ n²/2^54, ~5·10^-3 at 10^7 states) would merge two states.
 * `fingerprint` stays the exact, readable form (run's loop detection, share links).
 */
export function stateHash(w: World): number {
  const h = hasher(0);
  const stamps: number[] = [];
  const slots: number[] = [];
  let comp = 0;
  const add = (c: ComponentHash) => {
    mix(h, c.a);
    mix(h, c.b);
    for (let i = 0; i < c.stamps.length; i++) {
      stamps.push(c.stamps[i]!);
      slots.push(comp * 4096 + i);
    }
    comp++;
  };
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
        add(componentHash(x, opBaseOf(w, k, x)));
      }
      mix(h, 8);
    } else if (v !== null && typeof v === 'object') add(componentHash(v, 0));
    else walk(h, v);
  }
  mix(h, 8);
  // Stamp ranks: the slots in stamp order, equal stamps marked as one rank.
  const order = stamps.map((_, i) => i).sort((x, y) => stamps[x]! - stamps[y]!);
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && stamps[order[i]!] === stamps[order[i - 1]!]) mix(h, 10);
    mix(h, slots[order[i]!]!);
  }
  return (h.a >>> 0) * 0x200000 + ((h.b >>> 0) & 0x1fffff);
}

/** Op ids count from their producer's next op id: a producer's and its channel's base. */
function opBaseOf(w: World, rec: string, x: object): number {
  if (rec === 'producers') return (x as { nextOpId: number }).nextOpId;
  if (rec === 'channels') return w.producers[(x as { producer: string }).producer]?.nextOpId ?? 0;
  return 0;
}

interface ComponentHash {
  readonly a: number;
  readonly b: number;
  /** Stamp values in walk order (their slots). */
  readonly stamps: readonly number[];
  readonly opBase: number;
}

/**
 * Components are never changed once a step has finished (a step copies before it writes), so the
 * hash of a component object stays true for as long as the object lives.
 */
const componentHashes = new WeakMap<object, ComponentHash>();

function componentHash(v: object, opBase: number): ComponentHash {
  const c = componentHashes.get(v);
  if (c !== undefined && c.opBase === opBase) return c;
  const h = hasher(opBase);
  walk(h, v);
  const out = { a: h.a, b: h.b, stamps: h.stamps, opBase };
  componentHashes.set(v, out);
  return out;
}

const hasher = (opBase: number): Hasher => ({ a: 0x811c9dc5, b: 0x9747b28c, opBase, stamps: [] });

interface Hasher {
  a: number;
  b: number;
  /** The next op id of the producer whose component is walked (op ids are kept relative to it). */
  readonly opBase: number;
  /** Stamps met, in walk order: hashed by rank at the world level. */
  readonly stamps: number[];
}

const mix = (h: Hasher, x: number): void => {
  h.a = Math.imul(h.a ^ x, 0x01000193);
  h.b = Math.imul(h.b ^ x, 0x5bd1e995) ^ (h.b >>> 15);
};

const CONTEXTUAL: readonly [number, number] = [0, 0];
const frozenHashes = new WeakMap<object, readonly [number, number]>();

/** The stand-alone hash of a frozen value, or null when its hash depends on the world around it. */
function frozenHash(v: object): readonly [number, number] | null {
  let c = frozenHashes.get(v);
  if (c === undefined) {
    if (contextual(v)) c = CONTEXTUAL;
    else {
      const sub = hasher(0);
      walkBody(sub, v);
      c = [sub.a, sub.b];
    }
    frozenHashes.set(v, c);
  }
  return c === CONTEXTUAL ? null : c;
}

function contextual(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(contextual);
  const o = v as Record<string, unknown>;
  for (const k in o) if (STAMPS.has(k) || DROP.has(k) || k === 'opId' || k === 'sends' || contextual(o[k])) return true;
  return false;
}

const keyCodes = new Map<string, number>();
function keyCode(k: string): number {
  let c = keyCodes.get(k);
  if (c === undefined) {
    c = 0x9e3779b1;
    for (let i = 0; i < k.length; i++) c = Math.imul(c ^ k.charCodeAt(i), 0x01000193);
    keyCodes.set(k, c);
  }
  return c;
}

function walk(h: Hasher, v: unknown): void {
  if (v === null) return mix(h, 1);
  switch (typeof v) {
    case 'number':
      mix(h, 2);
      mix(h, v | 0);
      if (!Number.isInteger(v)) mix(h, Math.round((v % 1) * 0x7fffffff));
      return;
    case 'string':
      mix(h, 3);
      mix(h, keyCode(v));
      return;
    case 'boolean':
      return mix(h, v ? 4 : 5);
    case 'object':
      break;
    default:
      return; // undefined: skipped, as JSON skips it
  }
  // A frozen value whose hash needs no context (no stamps or op ids inside) is
  // hashed once and reused: messages, stored entries and completions are shared between worlds.
  const cached = Object.isFrozen(v) ? frozenHash(v) : null;
  if (cached !== null) {
    mix(h, 9);
    mix(h, cached[0]);
    mix(h, cached[1]);
    return;
  }
  walkBody(h, v);
}

/** An object or array, key by key (a frozen one's cached hash is computed with this too). */
function walkBody(h: Hasher, v: object): void {
  if (Array.isArray(v)) {
    mix(h, 6);
    mix(h, v.length);
    for (const x of v) walk(h, x);
    return;
  }
  const o = v as Record<string, unknown>;
  mix(h, 7);
  for (const k in o) {
    const x = o[k];
    if (x === undefined || DROP.has(k)) continue;
    if (k === 'sends' && o.broken === null) continue;
    mix(h, keyCode(k));
    if (typeof x === 'number' && STAMPS.has(k)) {
      mix(h, 11);
      h.stamps.push(x);
    } else if (k === 'opId' && typeof x === 'number') {
      mix(h, x - h.opBase);
    } else walk(h, x);
  }
  mix(h, 8);
}
