// The recipe on the wire, version 1: short keys, since every byte is in someone's address bar.
// fromWire checks a decoded payload field by field and says which one is wrong.
import { foundFromWire, foundToWire, type FoundWire } from './foundWire';
import type { SharedScenario, ShareRecipe } from './recipe';

/** v1's JSON. */
export interface WireV1 {
  b?: string;
  j?: unknown;
  x: readonly string[];
  f: readonly Readonly<Record<string, unknown>>[];
  s: readonly string[];
  c: number;
  h?: string;
  t?: string;
  /** The branch's explore block, when it has one (absent in older links: optional, no new version). */
  e?: Readonly<Record<string, unknown>>;
  /** How the explorer found the run (session 26; optional like `e`, no new version): foundWire.ts. */
  g?: FoundWire;
}

export function toWire(r: ShareRecipe): WireV1 {
  const w: WireV1 = { x: r.fixes, f: r.faults, s: r.schedule, c: r.step };
  if ('builtin' in r.scenario) w.b = r.scenario.builtin;
  else w.j = r.scenario.json;
  if (r.check) {
    w.h = r.check.at;
    w.t = r.check.trail;
  }
  if (r.explore !== undefined) w.e = r.explore;
  if (r.found) w.g = foundToWire(r.found);
  return w;
}

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The recipe in a v1 payload, or what is wrong with it (a path and what was expected). */
export function fromWire(v: unknown): ShareRecipe | string {
  if (!isObject(v)) return 'the recipe is not an object';
  const hasB = typeof v.b === 'string';
  if (hasB === 'j' in v) return 'the recipe needs either a built-in id (b) or a scenario (j)';
  if (!isStrings(v.x)) return 'fixes (x) must be a list of strings';
  if (!Array.isArray(v.f) || !v.f.every((f) => isObject(f) && typeof f.kind === 'string'))
    return 'faults (f) must be a list of objects with a kind';
  if (!isStrings(v.s)) return 'the schedule (s) must be a list of action keys';
  if (typeof v.c !== 'number' || !Number.isSafeInteger(v.c) || v.c < 0)
    return 'the step (c) must be a whole number ≥ 0';
  if (
    (v.h === undefined) !== (v.t === undefined) ||
    (v.h !== undefined && (typeof v.h !== 'string' || typeof v.t !== 'string'))
  )
    return 'the check (h, t) must be two strings';
  if (v.e !== undefined && !isObject(v.e)) return 'the explore block (e) must be an object';
  const scenario: SharedScenario = hasB ? { builtin: v.b as string } : { json: v.j };
  const recipe: ShareRecipe = {
    scenario,
    fixes: v.x,
    faults: v.f as Record<string, unknown>[],
    schedule: v.s,
    step: v.c,
    ...(isObject(v.e) ? { explore: v.e } : {}),
  };
  const checked: ShareRecipe =
    typeof v.h === 'string' ? { ...recipe, check: { at: v.h, trail: v.t as string } } : recipe;
  // A `g` that cannot be read is left out and said, never a broken link: the run is all there.
  if (v.g === undefined) return checked;
  const found = foundFromWire(v.g);
  return typeof found === 'string' ? { ...checked, foundIgnored: found } : { ...checked, found };
}
