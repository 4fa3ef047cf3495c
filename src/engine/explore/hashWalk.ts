// Hashing one value of the world (a component, see ./stateHash.ts) by walking it, with the
// abstraction of `fingerprint`: dropped keys skipped, op ids relative to the producer's next one,
// stamps set aside for the world to rank, a channel's send counter skipped unless a fault counts
// sends, a consumer's history in its canonical form (./subscriptionAbstraction.ts). Frozen values that
// need none of that (messages, stored entries, completions) are shared between worlds and hashed once.
import { DROP, STAMPS } from './fingerprint';
import { CANONICAL, canonical } from './subscriptionAbstraction';

export interface Hasher {
  a: number;
  b: number;
  /** The next op id of the producer whose component is walked (op ids are kept relative to it). */
  readonly opBase: number;
  /** Stamps met, in walk order: ranked at the world level. */
  readonly stamps: number[];
}

export const hasher = (opBase: number): Hasher => ({
  a: 0x811c9dc5,
  b: 0x9747b28c,
  opBase,
  stamps: [],
});

export const mix = (h: Hasher, x: number): void => {
  h.a = Math.imul(h.a ^ x, 0x01000193);
  h.b = Math.imul(h.b ^ x, 0x5bd1e995) ^ (h.b >>> 15);
};

/** What a key means to the walk, and its hash (one lookup per key met). */
const Kind = { Plain: 0, Drop: 1, Stamp: 2, OpId: 3, Sends: 4, Canonical: 5 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];
interface KeyInfo {
  readonly code: number;
  readonly kind: Kind;
  /** The key that followed this one last time, and its info: objects of one kind list their keys in one order. */
  next: string;
  nextInfo: KeyInfo | null;
}
const keyInfos = new Map<string, KeyInfo>();

function keyInfo(k: string): KeyInfo {
  let c = keyInfos.get(k);
  if (c === undefined) {
    let code = 0x9e3779b1;
    for (let i = 0; i < k.length; i++) code = Math.imul(code ^ k.charCodeAt(i), 0x01000193);
    const kind = DROP.has(k)
      ? Kind.Drop
      : STAMPS.has(k)
        ? Kind.Stamp
        : k === 'opId'
          ? Kind.OpId
          : k === 'sends'
            ? Kind.Sends
            : CANONICAL.has(k)
              ? Kind.Canonical
              : Kind.Plain;
    keyInfos.set(k, (c = { code, kind, next: '', nextInfo: null }));
  }
  return c;
}

export const keyCode = (k: string): number => keyInfo(k).code;

export function walk(h: Hasher, v: unknown): void {
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
  if (Object.isFrozen(v)) {
    if (inner > 0) return innerHash(h, v);
    const cached = frozenHash(v);
    if (cached !== null) {
      mix(h, 9);
      mix(h, cached[0]);
      mix(h, cached[1]);
      return;
    }
  }
  walkBody(h, v);
}

/** An object or array, key by key (a frozen one's cached hash is computed with this too). */
function walkBody(h: Hasher, v: object): void {
  if (Array.isArray(v)) {
    mix(h, 6);
    mix(h, v.length);
    for (let i = 0; i < v.length; i++) walk(h, v[i]);
    return;
  }
  const o = v as Record<string, unknown>;
  mix(h, 7);
  let prev: KeyInfo | null = null;
  for (const k in o) {
    // The key after `prev` is almost always the one it was last time: a string compare, no lookup.
    let info: KeyInfo;
    if (prev !== null && prev.next === k) info = prev.nextInfo!;
    else {
      info = keyInfo(k);
      if (prev !== null) {
        prev.next = k;
        prev.nextInfo = info;
      }
    }
    prev = info;
    entry(h, o, k, info);
  }
  mix(h, 8);
}

/**
 * Whether the abstraction keeps this key of `o` (an undefined value, a dropped key and a channel's
 * send counter while no fault counts sends are left out): its rules, or null.
 */
export function keptKey(o: Record<string, unknown>, k: string): KeyInfo | null {
  const info = keyInfo(k);
  return leftOut(o, o[k], info) ? null : info;
}

const leftOut = (o: Record<string, unknown>, x: unknown, info: KeyInfo): boolean =>
  x === undefined || info.kind === Kind.Drop || (info.kind === Kind.Sends && o.broken === null);

/** One key of an object and its value, with the abstraction's rules for that key. */
export function walkEntry(h: Hasher, o: Record<string, unknown>, k: string): void {
  entry(h, o, k, keyInfo(k));
}

/**
 * Whether a nested part hashes `o[k]` in its shell (stateHash.ts's `Parts.tree`): a plain or frozen
 * value, and one kept in a canonical form, which is hashed whole from that form.
 */
export function inShell(o: Record<string, unknown>, k: string): boolean {
  const x = o[k];
  return (
    x === null || typeof x !== 'object' || Object.isFrozen(x) || keyInfo(k).kind === Kind.Canonical
  );
}

function entry(h: Hasher, o: Record<string, unknown>, k: string, info: KeyInfo): void {
  const x = o[k];
  if (leftOut(o, x, info)) return;
  mix(h, info.code);
  if (info.kind === Kind.Stamp && typeof x === 'number') {
    mix(h, 11);
    h.stamps.push(x);
  } else if (info.kind === Kind.OpId && typeof x === 'number') mix(h, x - h.opBase);
  else if (info.kind === Kind.Canonical) walk(h, canonical(k, x));
  else walk(h, x);
}

const CONTEXTUAL: readonly [number, number] = [0, 0];
const frozenHashes = new WeakMap<object, readonly [number, number]>();

/**
 * How deep `frozenHash` is in computing a frozen value's own hash. Every value below one being
 * computed is frozen and stand-alone too (`contextual` looks all the way down), and is met again
 * only through the value whose hash is now cached: it is hashed in place, not cached — a WeakMap
 * entry costs far more to add than the walk of a message or a position.
 */
let inner = 0;
const innerHashers: Hasher[] = [];

/** A frozen value's stand-alone hash mixed into `h`, as a cached one is, without the cache. */
function innerHash(h: Hasher, v: object): void {
  const sub = (innerHashers[inner] ??= hasher(0));
  sub.a = 0x811c9dc5;
  sub.b = 0x9747b28c;
  inner++;
  walkBody(sub, v);
  inner--;
  mix(h, 9);
  mix(h, sub.a);
  mix(h, sub.b);
}

/** The stand-alone hash of a frozen value, or null when its hash depends on the world around it. */
function frozenHash(v: object): readonly [number, number] | null {
  // Frames, answers and requests carry their birth stamp, a producer's ops their op id: contextual
  // by definition, and the most common frozen values met. A property read settles them without a
  // WeakMap lookup.
  if ((v as { born?: unknown }).born !== undefined || (v as { opId?: unknown }).opId !== undefined)
    return null;
  let c = frozenHashes.get(v);
  if (c === undefined) {
    if (contextual(v)) c = CONTEXTUAL;
    else {
      const sub = hasher(0);
      inner++;
      walkBody(sub, v);
      inner--;
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
  for (const k in o) if (keyInfo(k).kind !== Kind.Plain || contextual(o[k])) return true;
  return false;
}
