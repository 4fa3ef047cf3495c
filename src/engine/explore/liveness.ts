// The liveness pass over the explored graph: strongly connected sets of states (Tarjan, iterative)
// in which entries are still to be replicated and which weak fairness cannot leave — every
// non-fault action enabled in all of their states is also taken inside them. Such a set is a loop
// replication can stay in forever: `replication-progress` is violated. The loop its counterexample
// ends with is fairWalk.ts's.
import { fairWalk } from './fairWalk';

export interface Graph {
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

/** Iterative Tarjan over the states for which `live` holds. */
function tarjan(
  n: number,
  start: Int32Array,
  adj: Int32Array,
  live: (s: number) => boolean,
): number[][] {
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
