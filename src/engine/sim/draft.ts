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
  private readonly recs: Partial<Record<Rec, { proxy: Record<string, unknown>; target: Record<string, unknown> }>> = {};

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

  finish(): World {
    const b = this.base;
    const o = this.own as Partial<World>;
    const r = this.recs;
    return {
      config: this.config,
      replicator: 'replicator' in o ? o.replicator! : b.replicator,
      tick: this.tick,
      stepCount: this.stepCount,
      workloadPos: this.workloadPos,
      producers: (r.producers?.target ?? b.producers) as World['producers'],
      channels: (r.channels?.target ?? b.channels) as World['channels'],
      topics: (r.topics?.target ?? b.topics) as World['topics'],
      sendsOf: o.sendsOf ?? b.sendsOf,
      completions: o.completions ?? b.completions,
      plan: o.plan ?? b.plan,
      notAllowed: o.notAllowed ?? b.notAllowed,
      faultsUsed: this.faultsUsed,
    };
  }
}

/**
 * A record whose entries are copied on first read; `target` is the finished record. `nest` levels
 * of an entry are copied shallow, each behind its own copy-on-read view, so a step that touches a
 * topic's BookKeeper requests copies those and shares its bookies, ledgers and cursors.
 */
function lazyRecord(base: Record<string, unknown>, nest: number) {
  const target: Record<string, unknown> = { ...base };
  return { proxy: new Proxy(target, new CopyOnRead(nest)), target };
}

/**
 * The proxy handler of one lazy object (a class: no closures to allocate per step). A value is
 * copied the first time it is read; the copy is what the finished world holds, and what the
 * handlers get back is that copy, or, for a nested level, a view of it that copies on read again.
 */
class CopyOnRead implements ProxyHandler<Record<string, unknown>> {
  /** Keys read or set so far and what they give back, interleaved `[key, view, key, view…]`. */
  private seen: unknown[] | null = null;

  constructor(private readonly nest: number) {}

  get(t: Record<string, unknown>, k: string | symbol): unknown {
    const v = t[k as string];
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
    const i = this.find(k);
    if (i >= 0) return this.seen![i + 1];
    const shallow = this.nest > 0 && !Array.isArray(v);
    const copy = shallow ? { ...(v as Record<string, unknown>) } : copyDeep(v);
    t[k as string] = copy;
    const view = shallow ? new Proxy(copy as Record<string, unknown>, new CopyOnRead(this.nest - 1)) : copy;
    (this.seen ??= []).push(k, view);
    return view;
  }

  set(t: Record<string, unknown>, k: string | symbol, v: unknown): boolean {
    // A value set whole is the step's own: read back as it is, never copied again.
    const i = this.find(k);
    if (i >= 0) this.seen![i + 1] = v;
    else (this.seen ??= []).push(k, v);
    t[k as string] = v;
    return true;
  }

  private find(k: string | symbol): number {
    const s = this.seen;
    if (s !== null) for (let i = 0; i < s.length; i += 2) if (s[i] === k) return i;
    return -1;
  }
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
