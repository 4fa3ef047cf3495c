// Where the graph's nodes go in the side column. The engine's topology lays components out in
// columns (producers, brokers, metadata, bookies), which is too wide for the side column: fitted
// to its ~470 px it was drawn at half size (5 px labels). Here the graph flows top to bottom, one
// layer per role, at 100 % zoom, and a layer wider than the column wraps into rows; the graph
// takes the height it needs (the side column scrolls).
//
// The layout depends only on the set of nodes (their ids, kinds, clusters and the engine's order)
// and the width, never on the edges or the details: stepping never moves a node.
import type { TopologyNode } from '../../../engine';

/** A node's box: the width is the layout's, the height fixed (one line of name, one of detail). */
export const NODE_H = 46;
/**
 * Narrower than NARROW_W (two nodes a row in the 1024 px side column: 152 px), a node takes two
 * lines of name and two of detail: at one line each it read "metadata sto…", "local · loading
 * (writi…" and "java · Ready · 2 pe…" (UX review 15, finding 8).
 */
export const NODE_H_TALL = 66;
export const NARROW_W = 190;
export const NODE_MIN_W = 140;
export const NODE_MAX_W = 210;
/** Between nodes of a row; between rows of one layer; between layers (room for edge labels). */
export const GAP_X = 12;
export const GAP_ROW = 14;
export const GAP_LAYER = 74;
/** Around the drawing, inside the graph's box. */
export const PAD = 8;

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly nodeWidth: number;
  /** NODE_H, or NODE_H_TALL for a node narrower than NARROW_W (its texts wrap to two lines). */
  readonly nodeHeight: number;
  readonly positions: ReadonlyMap<string, { readonly x: number; readonly y: number }>;
  /** Each node's layer (0 = top). */
  readonly layers: ReadonlyMap<string, number>;
}

type Placeable = Pick<TopologyNode, 'id' | 'kind' | 'cluster' | 'position'>;

// The metadata store sits beside the producers, above its brokers: below the bookies, the brokers'
// edges to it ran behind the middle bookie of an odd count (three bookies drew bookie-2 → "owns").
const ROLE: Record<TopologyNode['kind'], number> = {
  producer: 0,
  metadata: 0,
  broker: 1,
  replicator: 2,
  bookie: 2,
};

/**
 * The role's rank. With replication the clusters face each other across their replicators: the
 * first replicator's cluster on top (producers, brokers, then its bookies beside the replicators),
 * every replicator in that middle layer whichever cluster runs it, and each other cluster mirrored
 * below — its brokers right under the replicators, then its producers, metadata store and bookies.
 * So one link reads p1 → broker-1 → replicator → broker-2, and two links (geo-two-way)
 * pe → broker-1 → both replicators ← broker-2 ← pw, each edge between neighbouring layers. Ranked
 * by the first replicator's cluster alone, us-west's producer sat between the replicators and
 * broker-2, and broker-2's edges up to them ran behind it (UX review 10).
 */
function rank(n: Placeable, replicatorCluster: string | null): number {
  if (replicatorCluster === null || n.kind === 'replicator') return ROLE[n.kind];
  if (n.cluster === replicatorCluster) return ROLE[n.kind];
  return n.kind === 'broker' ? 3 : 4;
}

/** The layout of `nodes` in a box `width` px wide. */
export function layoutTopology(nodes: readonly Placeable[], width: number): Layout {
  const replicatorCluster = nodes.find((n) => n.kind === 'replicator')?.cluster ?? null;
  const ranks = [...new Set(nodes.map((n) => rank(n, replicatorCluster)))].sort((a, b) => a - b);
  const inLayer = ranks.map((r) =>
    nodes
      .filter((n) => rank(n, replicatorCluster) === r)
      // The engine's order: clusters and rows top to bottom, then its columns.
      .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x),
  );
  const inner = Math.max(NODE_MIN_W, width - 2 * PAD);
  const widest = Math.max(1, ...inLayer.map((l) => l.length));
  const cols = Math.max(1, Math.min(widest, Math.floor((inner + GAP_X) / (NODE_MIN_W + GAP_X))));
  const nodeWidth = Math.min(NODE_MAX_W, Math.floor((inner - (cols - 1) * GAP_X) / cols));
  const nodeHeight = nodeWidth < NARROW_W ? NODE_H_TALL : NODE_H;

  const positions = new Map<string, { x: number; y: number }>();
  const layers = new Map<string, number>();
  let y = PAD;
  inLayer.forEach((layer, li) => {
    if (li > 0) y += GAP_LAYER - GAP_ROW;
    for (let start = 0; start < layer.length; start += cols) {
      const row = layer.slice(start, start + cols);
      const rowWidth = row.length * nodeWidth + (row.length - 1) * GAP_X;
      // Centred in the box (or at the left edge when the box is narrower than one node).
      const left = Math.max(PAD, Math.round((width - rowWidth) / 2));
      row.forEach((n, i) => {
        positions.set(n.id, { x: left + i * (nodeWidth + GAP_X), y });
        layers.set(n.id, li);
      });
      y += nodeHeight + GAP_ROW;
    }
  });
  const height = Math.max(y - GAP_ROW + PAD, nodeHeight + 2 * PAD);
  return { width, height, nodeWidth, nodeHeight, positions, layers };
}

/**
 * The sides an edge leaves and enters by: down between layers (bottom → top), up for an edge
 * that goes back up, sideways within a row.
 */
export function edgeSides(
  layout: Layout,
  source: string,
  target: string,
): { readonly source: Side; readonly target: Side } {
  const s = layout.positions.get(source);
  const t = layout.positions.get(target);
  if (!s || !t) return { source: 'bottom', target: 'top' };
  if (t.y > s.y) return { source: 'bottom', target: 'top' };
  if (t.y < s.y) return { source: 'top', target: 'bottom' };
  return t.x >= s.x ? { source: 'right', target: 'left' } : { source: 'left', target: 'right' };
}
