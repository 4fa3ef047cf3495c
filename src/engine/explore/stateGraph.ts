// The graph a search builds, kept apart from the loop that builds it. Per state: the state it was
// first reached from and by which action (breadth-first, so that path is a shortest trace to it),
// its depth, whether its successors were all generated, and whether replication still owed there;
// every edge taken, as parallel arrays of numbers; action keys interned once, as numbers, since the
// same few keys label millions of edges. The search reads depths and traces; the liveness pass
// (liveness.ts) reads the edges.
export class StateGraph {
  private readonly parent: number[] = [-1];
  private readonly via: number[] = [-1];
  private readonly depthOf: number[] = [0];
  private readonly keys: string[] = [];
  private readonly keyIds = new Map<string, number>();
  /** Edges as parallel arrays, for the liveness pass. */
  readonly edgeFrom: number[] = [];
  readonly edgeTo: number[] = [];
  readonly edgeKey: number[] = [];
  /** States whose successors were all generated (not cut off by the depth bound). */
  readonly expanded: boolean[] = [];
  /** Per state: entries still to replicate (liveness needs it). */
  readonly pending: boolean[];

  /** The root (state 0) is the world after `prefix`, the actions every trace starts with. */
  constructor(
    private readonly prefix: readonly string[],
    rootPending: boolean,
  ) {
    this.pending = [rootPending];
  }

  /** How many distinct states so far. */
  get size(): number {
    return this.parent.length;
  }

  depth(id: number): number {
    return this.depthOf[id]!;
  }

  /** The deepest state so far: the last added, since states are added breadth-first. */
  get lastDepth(): number {
    return this.depthOf[this.parent.length - 1] ?? 0;
  }

  /** A new state, first reached from `parent` by action `key`; returns its id. */
  addState(parent: number, key: number, pending: boolean): number {
    const id = this.parent.length;
    this.parent.push(parent);
    this.via.push(key);
    this.depthOf.push(this.depthOf[parent]! + 1);
    this.pending.push(pending);
    return id;
  }

  addEdge(from: number, to: number, key: number): void {
    this.edgeFrom.push(from);
    this.edgeTo.push(to);
    this.edgeKey.push(key);
  }

  /** The actions from the start to `id`: the prefix, then the path the search first found. */
  traceTo(id: number): string[] {
    const out: string[] = [];
    for (let s = id; s > 0; s = this.parent[s]!) out.push(this.keys[this.via[s]!]!);
    return [...this.prefix, ...out.reverse()];
  }

  keyName = (id: number): string => this.keys[id]!;

  keyId(key: string): number {
    let k = this.keyIds.get(key);
    if (k === undefined) {
      k = this.keys.length;
      this.keys.push(key);
      this.keyIds.set(key, k);
    }
    return k;
  }
}
