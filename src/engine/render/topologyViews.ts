// The topology view-model: nodes (producers, brokers, bookies, metadata stores, replicators) and the
// edges between them, with their place on a simple column grid. Plain data, built by topology.ts
// and storageTopology.ts; the UI maps it to @xyflow/react nodes and edges (no xyflow import here,
// style.md §10).

export type TopologyNodeKind = 'producer' | 'broker' | 'bookie' | 'metadata' | 'replicator';

export interface TopologyNode {
  /** Stable across steps: `producer:p1`, `broker:broker-1`, `bookie:bookie-1`, `metadata:local`, `replicator`. */
  readonly id: string;
  readonly kind: TopologyNodeKind;
  readonly label: string;
  /** One short line of state (`Ready · 2 pending`, `owner`, `ledger 3 fenced`). */
  readonly detail: string;
  readonly cluster: string;
  /** Something about it is wrong or stopped (connecting, terminated, fenced, not the owner any more). */
  readonly alert: boolean;
  /** The panel that shows this component: `data-testid`s, outermost first. */
  readonly panel: readonly string[];
  readonly position: { readonly x: number; readonly y: number };
}

export type TopologyEdgeKind = 'connection' | 'storage' | 'metadata' | 'replication';

export interface TopologyEdge {
  readonly id: string;
  readonly kind: TopologyEdgeKind;
  readonly source: string;
  readonly target: string;
  /** Frames (or requests/answers) in flight on this edge, both directions. */
  readonly inFlight: number;
  /** What is in flight, oldest first, `→` towards the target and `←` back. */
  readonly frames: readonly string[];
  /** The short edge label: `2 in flight`, `closed`, `cursor 10:3`. */
  readonly label: string;
  /** A closed connection (drawn dashed). */
  readonly open: boolean;
}

export interface Topology {
  readonly nodes: readonly TopologyNode[];
  readonly edges: readonly TopologyEdge[];
}

/** The layout grid: a column per kind of component, a row per component of that kind. */
export const COL = 240;
export const ROW = 90;

export function inFlightLabel(n: number): string {
  return n === 0 ? '' : `${n} in flight`;
}
