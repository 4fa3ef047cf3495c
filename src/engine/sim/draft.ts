// `step`'s working copy of the world, copied on read (see `draftWorld`; the proxies are in
// ./copyOnRead.ts). Kept apart from the protocol's helpers (./context.ts): handlers only ever see a
// `World`.
import type { World } from '../model/world';
import { copyDeep, lazyRecord, sameData, type LazyRecord } from './copyOnRead';

/**
 * The world a step works on, copied on read: a record entry (`producers.p1`, `topics.east`…) or a
 * top-level value (`completions`, `plan`…) is copied the first time the step reads it, and whatever
 * the step never touched — or only read — stays the very object of the world before. Handlers
 * mutate it freely; the one thing they must not do is keep or spread a topic (or its `bk`) into
 * another place of the world — those two levels are Proxy views (tests/engine/step.test.ts checks
 * that no Proxy is ever left in a world). A handler that only asks (a predicate, an event's text)
 * can `peek` instead, which reads without copying (./copyOnRead.ts).
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
 * How many levels of a world record's entry are copied one at a time. A topic with BookKeeper
 * state: two — the topic, then its BookKeeper state (the largest component by far: bookies,
 * requests, answers, ledger metadata, managed ledger), so a step that touches the requests shares
 * the rest. Any other entry is small enough that copying it whole is cheaper than the views (the
 * bench says so). The explorer's hash nests the same way (explore/stateHash.ts).
 */
export const nestOf = (entry: object): number => ((entry as { bk?: unknown }).bk ? 2 : 0);

type Lazy = 'replicator' | 'replicators' | 'sendsOf' | 'completions' | 'plan' | 'notAllowed';
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
    return (this.recs[k] ??= lazyRecord(this.base[k] as Record<string, unknown>, nestOf)).proxy;
  }

  get producers() {
    return this.rec('producers');
  }
  get channels() {
    return this.rec('channels');
  }
  get topics() {
    return this.rec('topics');
  }
  get replicator() {
    return this.lazy('replicator');
  }
  get replicators() {
    return this.base.replicators === undefined ? undefined : this.lazy('replicators');
  }
  get sendsOf() {
    return this.lazy('sendsOf');
  }
  get completions() {
    return this.lazy('completions');
  }
  get plan() {
    return this.lazy('plan');
  }
  get notAllowed() {
    return this.lazy('notAllowed');
  }

  /**
   * The finished world. What the step copied but left equal (it was only read) is put back as the
   * world before's own object, so the explorer's hash reuses it and the worlds share it.
   */
  finish(): World {
    return {
      config: this.config,
      replicator: this.settled('replicator'),
      // Only a world with several links has the field (a one-link world keeps its exact shape).
      ...(this.base.replicators === undefined ? {} : { replicators: this.settled('replicators') }),
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
