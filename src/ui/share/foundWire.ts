// How the explorer found a run, on the wire (session 26): the optional `g` part of a v1 recipe.
// Copy for GitHub said it only on the page whose search opened the run (UX review 24, finding 6),
// so the same run opened from its link lost the sentence. `g` carries the search's figures — not
// its toggles, which are the recipe's own fixes (`x`) by construction (foundOf holds only while
// they are the same). A `g` that cannot be read never fails the link: the run opens without it and
// the notice names the part (foundFromWire's words). Short keys: the address bar holds it.
import type { SharedFound } from './recipe';

/** `g`'s JSON. */
export interface FoundWire {
  /** The invariant the search found violated. */
  i: string;
  /** The states it visited. */
  n: number;
  /** It ran to the end (else `r` says why it stopped). */
  c: boolean;
  r?: string;
  /** Every fix on for the search (the scenario's own too). */
  f: readonly string[];
  /** Beside the search before it: still open (`o`), or new, and that search's fixes. */
  b?: { o: boolean; f: readonly string[] };
  /** A row of Compare fixes, not the panel's own search. */
  m?: true;
}

export function foundToWire(f: SharedFound): FoundWire {
  return {
    i: f.invariant,
    n: f.states,
    c: f.complete,
    ...(f.stopReason !== undefined ? { r: f.stopReason } : {}),
    f: f.fixes,
    ...(f.beside ? { b: { o: f.beside.open, f: f.beside.fixes } } : {}),
    ...(f.compare ? { m: true as const } : {}),
  };
}

// An invariant, fix or stop reason is a name (`no-silent-loss`, `pr-25860`, `max-states`): anything
// else would be said in the app and pasted into an issue as the link's author never wrote it.
const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const isName = (v: unknown): v is string => typeof v === 'string' && NAME.test(v);
const isNames = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 64 && v.every(isName);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const KEYS = new Set(['i', 'n', 'c', 'r', 'f', 'b', 'm']);

/** The search in a `g` part, or what is wrong with it (the key and what was expected). */
export function foundFromWire(v: unknown): SharedFound | string {
  if (!isObject(v)) return 'g must be an object';
  const extra = Object.keys(v).find((k) => !KEYS.has(k));
  if (extra !== undefined) return `g has a part this version does not know (${extra.slice(0, 20)})`;
  if (!isName(v.i)) return 'g.i (the invariant found) must be a name like no-silent-loss';
  if (typeof v.n !== 'number' || !Number.isSafeInteger(v.n) || v.n < 0)
    return 'g.n (the states searched) must be a whole number ≥ 0';
  if (typeof v.c !== 'boolean') return 'g.c (the search complete) must be true or false';
  if (v.r !== undefined && (!isName(v.r) || v.c))
    return 'g.r (why the search stopped) must be a name, and only for a search cut short';
  if (!isNames(v.f)) return 'g.f (the fixes on for the search) must be a list of fix ids';
  if (v.b !== undefined && !(isObject(v.b) && typeof v.b.o === 'boolean' && isNames(v.b.f)))
    return 'g.b (beside the search before) must be { o: true or false, f: a list of fix ids }';
  if (v.m !== undefined && v.m !== true) return 'g.m (a Compare fixes row) must be true if present';
  return {
    invariant: v.i,
    states: v.n,
    complete: v.c,
    ...(typeof v.r === 'string' ? { stopReason: v.r } : {}),
    fixes: v.f,
    ...(isObject(v.b) ? { beside: { open: v.b.o as boolean, fixes: v.b.f as string[] } } : {}),
    ...(v.m === true ? { compare: true as const } : {}),
  };
}
