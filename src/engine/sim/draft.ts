// `step`'s working copy of the world, copied on write (see `draftWorld`). Kept apart from the
// protocol's helpers (./context.ts): handlers only ever see a `World`.
import type { World } from '../model/world';

/**
 * The world a step works on, copied on write: a record entry (`producers.p1`, `topics.east`…) or a
 * top-level value (`completions`, `plan`…) is copied the first time the step reads it, and whatever
 * the step never touched stays the very object of the world before. Handlers mutate it freely.
 * Sharing the untouched parts is what makes the explorer cheap: a step copies one or two
 * components instead of the world, and the explorer's hash reuses the parent's for every shared one.
 */
export function draftWorld(base: World): World {
  return new WorldDraft(base) as unknown as World;
}

/** The finished world of a draft: a plain object, in the key order `initialWorld` gives. */
export function finishWorld(draft: World): World {
  return (draft as unknown as WorldDraft).finish();
}

/**
 * How many levels of a topic are copied one at a time: the topic, then its BookKeeper state (the
 * largest component by far: bookies, requests, answers, ledger metadata, managed ledger). The
 * explorer's hash nests the same way (explore/stateHash.ts), so what is shared is hashed once.
 */
export const NEST_TOPIC = 2;

type Lazy = 'replicator' | 'sendsOf' | 'completions' | 'plan' | 'notAllowed';
type Rec = 'producers' | 'channels' | 'topics';

class WorldDraft {
  readonly config: World['config'];
  tick: number;
  stepCount: number;
  workloadPos: number;
  faultsUsed: number;
  private readonly own: Partial<Record<Lazy, unknown>> = {};
  private readonly recs: Partial<Record<Rec, LazyRecord>> = {};

  constructor(private readonly base: World) {
    this.config = base.config;
    this.tick = base.tick;
    this.stepCount = base.stepCount;
    this.workloadPos = base.workloadPos;
    this.faultsUsed = base.faultsUsed;
  }

  private lazy(k: Lazy): unknown {
    if (!(k in this.own)) this.own[k] = copyDeep(this.base[k]);
    return this.own[k];
  }

  /** The step's value of a lazy field, or the world before's when the step left it equal. */
  private settled<K extends Lazy>(k: K): World[K] {
    const b = this.base[k];
    return k in this.own && !sameData(this.own[k], b) ? (this.own[k] as World[K]) : b;
  }

  /** The step's record, or the world before's when every entry it read came out equal. */
  private settledRec<K extends Rec>(k: K): World[K] {
    const r = this.recs[k];
    return (r === undefined || r.handler.settle(r.target) ? this.base[k] : r.target) as World[K];
  }

  private rec(k: Rec): Record<string, unknown> {
    return (this.recs[k] ??= lazyRecord(this.base[k] as Record<string, unknown>, k === 'topics' ? NEST_TOPIC : 0)).proxy;
  }

  get producers() { return this.rec('producers'); }
  get channels() { return this.rec('channels'); }
  get topics() { return this.rec('topics'); }
  get replicator() { return this.lazy('replicator'); }
  get sendsOf() { return this.lazy('sendsOf'); }
  get completions() { return this.lazy('completions'); }
  get plan() { return this.lazy('plan'); }
  get notAllowed() { return this.lazy('notAllowed'); }

  /**
   * The finished world. What the step copied but left equal (it was only read) is put back as the
   * world before's own object, so the explorer's hash reuses it and the worlds share it.
   */
  finish(): World {
    return {
      config: this.config,
      replicator: this.settled('replicator'),
      tick: this.tick,
      stepCount: this.stepCount,
      workloadPos: this.workloadPos,
      producers: this.settledRec('producers'),
      channels: this.settledRec('channels'),
      topics: this.settledRec('topics'),
      sendsOf: this.settled('sendsOf'),
      completions: this.settled('completions'),
      plan: this.settled('plan'),
      notAllowed: this.settled('notAllowed'),
      faultsUsed: this.faultsUsed,
    };
  }
}

/**
 * A record whose entries are copied on first read; `target` is the finished record. `nest` levels
 * of an entry are copied shallow, each behind its own copy-on-read view, so a step that touches a
 * topic's BookKeeper requests copies those and shares its bookies, ledgers and cursors.
 */
interface LazyRecord {
  readonly proxy: Record<string, unknown>;
  readonly target: Record<string, unknown>;
  readonly handler: CopyOnRead;
}

function lazyRecord(base: Record<string, unknown>, nest: number): LazyRecord {
  const target: Record<string, unknown> = { ...base };
  const handler = new CopyOnRead(nest);
  return { proxy: new Proxy(target, handler), target, handler };
}

/**
 * The proxy handler of one lazy object (a class: no closures to allocate per step). A value is
 * copied the first time it is read; the copy is what the finished world holds, and what the
 * handlers get back is that copy, or, for a nested level, a view of it that copies on read again.
 */
class CopyOnRead implements ProxyHandler<Record<string, unknown>> {
  /** Per key read or set: `[key, what get returns, the value before the step, nested handler]…`. */
  private seen: unknown[] | null = null;
  private deleted = false;

  constructor(private readonly nest: number) {}

  get(t: Record<string, unknown>, k: string | symbol): unknown {
    const v = t[k as string];
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
    const i = this.find(k);
    if (i >= 0) return this.seen![i + 1];
    const shallow = this.nest > 0 && !Array.isArray(v);
    const copy = shallow ? { ...(v as Record<string, unknown>) } : copyDeep(v);
    t[k as string] = copy;
    const nested = shallow ? new CopyOnRead(this.nest - 1) : null;
    const view = nested ? new Proxy(copy as Record<string, unknown>, nested) : copy;
    (this.seen ??= []).push(k, view, v, nested);
    return view;
  }

  set(t: Record<string, unknown>, k: string | symbol, v: unknown): boolean {
    // A value set whole is the step's own: read back as it is, never copied again.
    const i = this.find(k);
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
        if (nested !== null ? nested.settle(t[k] as Record<string, unknown>) && shallowSame(t[k], before) : sameData(t[k], before)) t[k] = before;
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

/** Equal as plain data (identical values short-cut: shared frozen parts compare at once). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (!sameData(x[k], y[k])) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

/** Equal, one level deep: the values below compare by identity (a settled nested level). */
function shallowSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] !== y[k]) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

/** Deep copy of plain data (no Maps, no cycles); frozen values are shared, never copied. */
function copyDeep(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const arr = new Array<unknown>(n);
    for (let i = 0; i < n; i++) arr[i] = copyDeep(v[i]);
    return arr;
  }
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // for…in over own enumerable keys (the world is plain data, no prototypes with enumerable keys).
  for (const k in o) out[k] = copyDeep(o[k]);
  return out;
}
