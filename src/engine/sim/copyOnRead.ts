// The copy-on-read machinery under `step`'s draft (./draft.ts): a proxy per lazy object that copies
// a value the first time a handler reads it, and, after the step, puts back the value of the world
// before wherever the copy came out equal. Plain data only: no Maps, no cycles; frozen values are
// shared, never copied.

/**
 * A record whose entries are copied on first read; `target` is the finished record. `nestOf` levels
 * of an entry are copied shallow, each behind its own copy-on-read view, so a step that touches a
 * topic's BookKeeper requests copies those and shares its bookies, ledgers and cursors.
 */
export interface LazyRecord {
  readonly proxy: Record<string, unknown>;
  readonly target: Record<string, unknown>;
  readonly handler: CopyOnRead;
}

export function lazyRecord(
  base: Record<string, unknown>,
  nestOf: (entry: object) => number,
): LazyRecord {
  const target: Record<string, unknown> = { ...base };
  const handler = new CopyOnRead(0, nestOf);
  return { proxy: new Proxy(target, handler), target, handler };
}

/** The key a view answers with its target (see `peek`); no world object has it. */
const RAW = Symbol('peek');

/** Read-only all the way down: what `peek` gives may be read, never written or kept. */
export type Peeked<T> = T extends (infer E)[]
  ? readonly Peeked<E>[]
  : T extends object
    ? { readonly [K in keyof T]: Peeked<T[K]> }
    : T;

/**
 * The object behind a draft's view, to read without copying: its fields are the values the step
 * sees — the world before's own, or the step's copy once it read one through the view. A handler
 * that only asks (a predicate, an event's text) peeks, so the value it reads is not copied now and
 * compared back after the step. Read at once, never kept nor written: a value peeked may be the
 * world before's, which a later read through the view copies and the step then changes. On a
 * plain object (a world outside `step`) it is the object itself.
 */
export const peek = <T extends object>(v: T): Peeked<T> =>
  ((v as Record<symbol, unknown>)[RAW] as Peeked<T> | undefined) ?? (v as Peeked<T>);

/**
 * The proxy handler of one lazy object (a class: no closures to allocate per step). A value is
 * copied the first time it is read; the copy is what the finished world holds, and what the
 * handlers get back is that copy, or, for a nested level, a view of it that copies on read again.
 */
class CopyOnRead implements ProxyHandler<Record<string, unknown>> {
  /** Per key read or set: `[key, what get returns, the value before the step, nested handler]…`. */
  private seen: unknown[] | null = null;
  private deleted = false;

  /** `nest` levels below copy one at a time; a record's entries may each say how many (`nestOf`). */
  constructor(
    private readonly nest: number,
    private readonly nestOf: ((entry: object) => number) | null = null,
  ) {}

  get(t: Record<string, unknown>, k: string | symbol): unknown {
    if (k === RAW) return t;
    const v = t[k as string];
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
    const i = this.find(k);
    if (i >= 0) return this.seen![i + 1];
    const depth = this.nestOf !== null ? this.nestOf(v) : this.nest;
    const shallow = depth > 0 && !Array.isArray(v);
    const copy = shallow ? { ...(v as Record<string, unknown>) } : copyDeep(v);
    t[k as string] = copy;
    const nested = shallow ? new CopyOnRead(depth - 1) : null;
    const view = nested ? new Proxy(copy as Record<string, unknown>, nested) : copy;
    (this.seen ??= []).push(k, view, v, nested);
    return view;
  }

  set(t: Record<string, unknown>, k: string | symbol, v: unknown): boolean {
    const i = this.find(k);
    // One of this object's nested views set back (`t.bk = bk`): where it came from, nothing
    // changes; elsewhere, its copy is stored, never the view. (Handlers store no other views.)
    const s = this.seen;
    if (s !== null && v !== null && typeof v === 'object')
      for (let j = 0; j < s.length; j += 4)
        if (s[j + 1] === v && s[j + 3] !== null) {
          if (j === i) return true;
          v = t[s[j] as string];
          break;
        }
    // A value set whole is the step's own: read back as it is, never copied again.
    if (i >= 0) {
      this.seen![i + 1] = v;
      this.seen![i + 3] = null;
    } else (this.seen ??= []).push(k, v, t[k as string], null);
    t[k as string] = v;
    return true;
  }

  deleteProperty(t: Record<string, unknown>, k: string | symbol): boolean {
    this.deleted = true;
    return delete t[k as string];
  }

  /**
   * After the step: every value that came out equal to the one before is replaced by that one
   * (nested levels first, so a level whose parts all came back compares by identity). True when
   * the whole object came out equal (the caller can keep the one before).
   */
  settle(t: Record<string, unknown>): boolean {
    const s = this.seen;
    let same = !this.deleted;
    if (s !== null)
      for (let i = 0; i < s.length; i += 4) {
        const k = s[i] as string;
        const before = s[i + 2];
        const nested = s[i + 3] as CopyOnRead | null;
        if (
          nested !== null
            ? nested.settle(t[k] as Record<string, unknown>) && shallowSame(t[k], before)
            : sameData(t[k], before)
        )
          t[k] = before;
        else same = false;
      }
    return same;
  }

  private find(k: string | symbol): number {
    const s = this.seen;
    if (s !== null) for (let i = 0; i < s.length; i += 4) if (s[i] === k) return i;
    return -1;
  }
}

/**
 * Keys of the objects being compared, one segment per level, up to `keyTop`: never truncated (a
 * shorter `length` would give back its storage, and the next push allocate it again).
 */
const keyStack: string[] = [];
let keyTop = 0;

/**
 * Equal as plain data — same keys in the same order (the fingerprint prints them in order), arrays
 * only to arrays — with `deep` comparing the values below, else their identity (a settled nested
 * level). Identical values short-cut: shared frozen parts compare at once.
 */
function same(a: unknown, b: unknown, deep: boolean): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++)
      if (deep ? !same(x[i], y[i], true) : x[i] !== y[i]) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // x's keys on the stack, then y's in step with them, each value compared as its key is reached:
  // the first difference ends it.
  const base = keyTop;
  for (const k in x) keyStack[keyTop++] = k;
  const n = keyTop - base;
  let ok = true;
  let i = 0;
  for (const k in y) {
    ok = i < n && keyStack[base + i] === k && (deep ? same(x[k], y[k], true) : x[k] === y[k]);
    if (!ok) break;
    i++;
  }
  keyTop = base;
  return ok && i === n;
}

export const sameData = (a: unknown, b: unknown): boolean => same(a, b, true);
const shallowSame = (a: unknown, b: unknown): boolean => same(a, b, false);

/**
 * Deep copy of plain data (no Maps, no cycles); frozen values are shared, never copied. Each level
 * is cloned whole first (`slice`, spread: V8's fast clone keeps the object's shape), then only its
 * mutable children are copied in turn.
 */
export function copyDeep(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const arr = v.slice();
    for (let i = 0; i < arr.length; i++) {
      const x = arr[i];
      if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) arr[i] = copyDeep(x);
    }
    return arr;
  }
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  // for…in over own enumerable keys (the world is plain data, no prototypes with enumerable keys).
  for (const k in out) {
    const x = out[k];
    if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) out[k] = copyDeep(x);
  }
  return out;
}
