// The loop a `replication-progress` counterexample ends with: once the liveness pass (liveness.ts)
// has found a set of states weak fairness cannot leave, a closed walk inside it from its entry that
// takes every non-fault action its own states all enable — so that `run`, replaying the trace and
// judging fairness on the loop it sees, finds the same loop and not a starved action to take.
// The graph comes as compressed rows (`start`, `adj`, `lab`), as liveness.ts builds them.
import type { Graph } from './liveness';

/**
 * A closed walk from `entry` inside the set that takes every non-fault action enabled in all of
 * the states it visits — so a replay of it (`run`, which judges fairness on the loop it sees) finds
 * the same unfair-free loop. Starts from the actions enabled everywhere in the set, then adds any
 * action the walk's own states all enable but it did not take (a few rounds at most).
 */
export function fairWalk(
  entry: number,
  inside: Set<number>,
  start: Int32Array,
  adj: Int32Array,
  lab: Int32Array,
  g: Graph,
  always: Set<number>,
): string[] {
  const need = new Set(always);
  let walk: { states: number[]; keys: number[] } = { states: [entry], keys: [] };
  for (let round = 0; round < 8; round++) {
    walk = walkTaking(entry, need, inside, start, adj, lab);
    const taken = new Set(walk.keys);
    let common = null as Set<number> | null;
    for (const s of walk.states.slice(0, -1)) {
      const here = new Set<number>();
      for (let e = start[s]!; e < start[s + 1]!; e++)
        if (!g.keyName(lab[e]!).startsWith('fault:')) here.add(lab[e]!);
      common = common === null ? here : new Set([...common].filter((k) => here.has(k)));
    }
    const missing = [...(common ?? [])].filter((k) => !taken.has(k) && !need.has(k));
    if (missing.length === 0) break;
    for (const k of missing) need.add(k);
  }
  return walk.keys.length > 0
    ? walk.keys.map(g.keyName)
    : cycleThrough(entry, inside, start, adj, lab, g);
}

/** From `entry`, take the nearest inside edge of each needed label in turn, then go back to `entry`. */
function walkTaking(
  entry: number,
  need: Set<number>,
  inside: Set<number>,
  start: Int32Array,
  adj: Int32Array,
  lab: Int32Array,
): { states: number[]; keys: number[] } {
  const states = [entry];
  const keys: number[] = [];
  const todo = new Set(need);
  let cur = entry;
  const follow = (path: [number, number][]) => {
    for (const [t, k] of path) {
      states.push(t);
      keys.push(k);
      todo.delete(k);
    }
    cur = states[states.length - 1]!;
  };
  while (todo.size > 0) {
    const path = bfsInside(
      cur,
      inside,
      start,
      adj,
      lab,
      (_s, t, k) => todo.has(k) && inside.has(t),
    );
    if (!path) break;
    follow(path);
  }
  if (cur !== entry || keys.length === 0) {
    const back = bfsInside(cur, inside, start, adj, lab, (_s, t) => t === entry);
    if (back) follow(back);
  }
  return { states, keys };
}

/** Shortest path inside the set from `from` whose last edge satisfies `goal`, as [target, label] steps. */
function bfsInside(
  from: number,
  inside: Set<number>,
  start: Int32Array,
  adj: Int32Array,
  lab: Int32Array,
  goal: (s: number, t: number, k: number) => boolean,
): [number, number][] | null {
  const prev = new Map<number, [number, number]>();
  const queue = [from];
  const seen = new Set([from]);
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let e = start[s]!; e < start[s + 1]!; e++) {
      const t = adj[e]!;
      if (goal(s, t, lab[e]!)) {
        const path: [number, number][] = [[t, lab[e]!]];
        for (let x = s; x !== from;) {
          const [p, k] = prev.get(x)!;
          path.push([x, k]);
          x = p;
        }
        return path.reverse();
      }
      if (!inside.has(t) || seen.has(t)) continue;
      seen.add(t);
      prev.set(t, [s, lab[e]!]);
      queue.push(t);
    }
  }
  return null;
}

/** Shortest cycle from `entry` back to itself inside the set, as action keys. */
function cycleThrough(
  entry: number,
  inside: Set<number>,
  start: Int32Array,
  adj: Int32Array,
  lab: Int32Array,
  g: Graph,
): string[] {
  const prev = new Map<number, [number, number]>();
  const queue = [entry];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let e = start[s]!; e < start[s + 1]!; e++) {
      const t = adj[e]!;
      if (!inside.has(t) || prev.has(t)) continue;
      prev.set(t, [s, lab[e]!]);
      if (t === entry) {
        const out: string[] = [];
        for (let x = entry, first = true; first || x !== entry; first = false) {
          const [p, k] = prev.get(x)!;
          out.push(g.keyName(k));
          x = p;
        }
        return out.reverse();
      }
      queue.push(t);
    }
  }
  return [];
}
