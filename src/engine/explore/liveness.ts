// The liveness pass over the explored graph: strongly connected sets of states (Tarjan, iterative)
// in which entries are still to be replicated and which weak fairness cannot leave — every
// non-fault action enabled in all of their states is also taken inside them. Such a set is a loop
// replication can stay in forever: `replication-progress` is violated.

interface Graph {
  readonly edgeFrom: readonly number[];
  readonly edgeTo: readonly number[];
  readonly edgeKey: readonly number[];
  readonly expanded: readonly boolean[];
  readonly pending: readonly boolean[];
  keyName(id: number): string;
}

export function findFairLoops(g: Graph): { entry: number; cycle: string[] } | null {
  const n = g.pending.length;
  const live = (s: number) => g.pending[s] === true && g.expanded[s] === true;
  // Adjacency in compressed rows.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < g.edgeFrom.length; i++) start[g.edgeFrom[i]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const adj = new Int32Array(g.edgeFrom.length);
  const lab = new Int32Array(g.edgeFrom.length);
  for (let i = 0; i < g.edgeFrom.length; i++) {
    const f = g.edgeFrom[i]!;
    adj[fill[f]!] = g.edgeTo[i]!;
    lab[fill[f]!++] = g.edgeKey[i]!;
  }
  const sccs = tarjan(n, start, adj, live);
  for (const scc of sccs) {
    const inside = new Set(scc);
    const selfLoop = scc.length === 1 && hasEdge(start, adj, scc[0]!, scc[0]!);
    if (scc.length === 1 && !selfLoop) continue;
    let always = null as Set<number> | null;
    const taken = new Set<number>();
    for (const s of scc) {
      const here = new Set<number>();
      for (let e = start[s]!; e < start[s + 1]!; e++) {
        if (g.keyName(lab[e]!).startsWith('fault:')) continue;
        here.add(lab[e]!);
        if (inside.has(adj[e]!)) taken.add(lab[e]!);
      }
      always = always === null ? here : new Set([...always].filter((k) => here.has(k)));
    }
    if ([...(always ?? [])].some((k) => !taken.has(k))) continue;
    const entry = Math.min(...scc);
    return { entry, cycle: fairWalk(entry, inside, start, adj, lab, g, always ?? new Set()) };
  }
  return null;
}

function hasEdge(start: Int32Array, adj: Int32Array, a: number, b: number): boolean {
  for (let e = start[a]!; e < start[a + 1]!; e++) if (adj[e] === b) return true;
  return false;
}

/**
 * A closed walk from `entry` inside the set that takes every non-fault action enabled in all of
 * the states it visits — so a replay of it (`run`, which judges fairness on the loop it sees) finds
 * the same unfair-free loop. Starts from the actions enabled everywhere in the set, then adds any
 * action the walk's own states all enable but it did not take (a few rounds at most).
 */
function fairWalk(entry: number, inside: Set<number>, start: Int32Array, adj: Int32Array, lab: Int32Array, g: Graph, always: Set<number>): string[] {
  const need = new Set(always);
  let walk: { states: number[]; keys: number[] } = { states: [entry], keys: [] };
  for (let round = 0; round < 8; round++) {
    walk = walkTaking(entry, need, inside, start, adj, lab);
    const taken = new Set(walk.keys);
    let common = null as Set<number> | null;
    for (const s of walk.states.slice(0, -1)) {
      const here = new Set<number>();
      for (let e = start[s]!; e < start[s + 1]!; e++) if (!g.keyName(lab[e]!).startsWith('fault:')) here.add(lab[e]!);
      common = common === null ? here : new Set([...common].filter((k) => here.has(k)));
    }
    const missing = [...(common ?? [])].filter((k) => !taken.has(k) && !need.has(k));
    if (missing.length === 0) break;
    for (const k of missing) need.add(k);
  }
  return walk.keys.length > 0 ? walk.keys.map(g.keyName) : cycleThrough(entry, inside, start, adj, lab, g);
}

/** From `entry`, take the nearest inside edge of each needed label in turn, then go back to `entry`. */
function walkTaking(entry: number, need: Set<number>, inside: Set<number>, start: Int32Array, adj: Int32Array, lab: Int32Array): { states: number[]; keys: number[] } {
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
    const path = bfsInside(cur, inside, start, adj, lab, (_s, t, k) => todo.has(k) && inside.has(t));
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
function bfsInside(from: number, inside: Set<number>, start: Int32Array, adj: Int32Array, lab: Int32Array, goal: (s: number, t: number, k: number) => boolean): [number, number][] | null {
  const prev = new Map<number, [number, number]>();
  const queue = [from];
  const seen = new Set([from]);
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let e = start[s]!; e < start[s + 1]!; e++) {
      const t = adj[e]!;
      if (goal(s, t, lab[e]!)) {
        const path: [number, number][] = [[t, lab[e]!]];
        for (let x = s; x !== from; ) {
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
function cycleThrough(entry: number, inside: Set<number>, start: Int32Array, adj: Int32Array, lab: Int32Array, g: Graph): string[] {
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

/** Iterative Tarjan over the states for which `live` holds. */
function tarjan(n: number, start: Int32Array, adj: Int32Array, live: (s: number) => boolean): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1 || !live(root)) continue;
    const work: [number, number][] = [[root, start[root]!]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, e] = top;
      if (e < start[v + 1]!) {
        top[1] = e + 1;
        const w = adj[e]!;
        if (!live(w)) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, start[w]!]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const u = work[work.length - 1]![0];
        low[u] = Math.min(low[u]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const scc: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          scc.push(w);
        } while (w !== v);
        out.push(scc);
      }
    }
  }
  return out;
}
