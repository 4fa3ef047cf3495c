// The xyflow node and edge objects of the topology's nodes and edges: sized and placed by the
// layout, an edge drawn between the sides the layout picks, with its label's place.
import type { Edge, Node } from '@xyflow/react';
import type { TopologyEdge, TopologyNode } from '../../../engine';
import { edgeSides, NODE_H, type Layout } from './layout';
import type { LabelPlace } from './labels';

/** `tall`: the node's name and detail may take two lines each (layout NODE_H_TALL). */
export type TNode = Node<{ readonly node: TopologyNode; readonly tall: boolean }, 'component'>;
export type TEdge = Edge<
  { readonly edge: TopologyEdge; readonly place: LabelPlace | undefined },
  'traffic'
>;

// One xyflow node/edge per topology node/edge object and placement, kept while both are: the
// topology shares unchanged nodes and edges across steps, so xyflow re-renders only the changed ones.
const flowNodes = new WeakMap<TopologyNode, TNode>();
const flowEdges = new WeakMap<TopologyEdge, TEdge>();

export function flowNode(n: TopologyNode, layout: Layout): TNode {
  const position = layout.positions.get(n.id) ?? n.position;
  const known = flowNodes.get(n);
  if (
    known &&
    known.position.x === position.x &&
    known.position.y === position.y &&
    known.width === layout.nodeWidth &&
    known.height === layout.nodeHeight
  )
    return known;
  const f: TNode = {
    id: n.id,
    type: 'component',
    position,
    // Its size is the layout's: xyflow need not wait for a measurement to draw the edges.
    width: layout.nodeWidth,
    height: layout.nodeHeight,
    style: { width: layout.nodeWidth, height: layout.nodeHeight },
    data: { node: n, tall: layout.nodeHeight > NODE_H },
    draggable: false,
    connectable: false,
  };
  flowNodes.set(n, f);
  return f;
}

export function flowEdge(e: TopologyEdge, layout: Layout, place: LabelPlace | undefined): TEdge {
  const sides = edgeSides(layout, e.source, e.target);
  const sourceHandle = `${sides.source}-s`;
  const targetHandle = `${sides.target}-t`;
  const known = flowEdges.get(e);
  const was = known?.data?.place;
  if (
    known &&
    known.sourceHandle === sourceHandle &&
    known.targetHandle === targetHandle &&
    was?.x === place?.x &&
    was?.y === place?.y &&
    was?.from === place?.from &&
    was?.frames === place?.frames
  )
    return known;
  const f: TEdge = {
    id: e.id,
    type: 'traffic',
    source: e.source,
    target: e.target,
    sourceHandle,
    targetHandle,
    data: { edge: e, place },
    // Not `animated`: xyflow's dash animation repaints the graph every frame while anything
    // is in flight, stealing main-thread time from key presses. A busy edge is drawn in the
    // accent colour (topo-busy) and its label lists the frames in flight instead.
    focusable: false,
  };
  flowEdges.set(e, f);
  return f;
}
