// The @xyflow/react part of the topology (loaded lazily by ./index). Maps the plain topology data
// of engine/render/topology to nodes and edges; a node is a button that opens its panel, an edge
// label lists the frames in flight on it. A node with topology faults has a menu of them
// (./NodeMenu): its ⋯ button or a right-click opens it. The nodes are placed by ./layout, top to
// bottom at 100 % zoom in the width of the side column (not fitted: fitted, the engine's wide
// layout came out at half size), and the graph is as tall as that layout. Edge labels are placed
// by ./labels, against the node their edge goes into.
import {
  BaseEdge,
  EdgeLabelRenderer,
  getBezierPath,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './topology.css';
import { Fragment, useLayoutEffect, useMemo, useState } from 'react';
import type { Topology, TopologyEdge, TopologyNode } from '../../../engine';
import { useApp } from '../../store';
import { edgeSides, layoutTopology, NODE_H, type Layout, type Side } from './layout';
import { placeLabels, type LabelPlace } from './labels';
import { NodeFaultMenu, NodeMenuButton, NodeMenuContext } from './NodeMenu';
import { openPanel } from './openPanel';
import { useNodeMenu } from './useNodeMenu';

type TNode = Node<{ readonly node: TopologyNode }, 'component'>;
type TEdge = Edge<
  { readonly edge: TopologyEdge; readonly place: LabelPlace | undefined },
  'traffic'
>;

const ICON: Record<TopologyNode['kind'], string> = {
  producer: '▶',
  broker: '◆',
  bookie: '▤',
  metadata: '☰',
  replicator: '⇄',
};

const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
const POSITION: Record<Side, Position> = {
  top: Position.Top,
  bottom: Position.Bottom,
  left: Position.Left,
  right: Position.Right,
};

function ComponentNode({ data }: NodeProps<TNode>) {
  const n = data.node;
  return (
    <div
      className={`topo-node topo-${n.kind}${n.alert ? ' topo-alert' : ''}`}
      data-testid={`topo-node-${n.id}`}
    >
      <button
        type="button"
        className="topo-open nodrag nopan"
        aria-label={`Open the panel of ${n.label}`}
      >
        <span aria-hidden="true">{ICON[n.kind]}</span> <strong>{n.label}</strong>
      </button>
      <NodeMenuButton node={n} />
      <div className="topo-detail" title={n.detail}>
        {n.detail}
      </div>
      {SIDES.map((side) => (
        <Fragment key={side}>
          <Handle id={`${side}-t`} type="target" position={POSITION[side]} isConnectable={false} />
          <Handle id={`${side}-s`} type="source" position={POSITION[side]} isConnectable={false} />
        </Fragment>
      ))}
    </div>
  );
}

function TrafficEdge(props: EdgeProps<TEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data } = props;
  const [path] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
  });
  const e = data?.edge;
  const place = data?.place;
  const busy = (e?.inFlight ?? 0) > 0;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={`topo-edge topo-edge-${e?.kind ?? 'connection'}${busy ? ' topo-busy' : ''}`}
        style={e && !e.open ? { strokeDasharray: '5 4', opacity: 0.6 } : undefined}
      />
      {e && place && (
        <EdgeLabelRenderer>
          <div
            className={`topo-edge-label${busy ? ' topo-busy' : ''}`}
            data-testid={`topo-edge-${e.id}`}
            style={{ transform: `translate(-50%, -50%) translate(${place.x}px, ${place.y}px)` }}
          >
            {place.lines.map((line, i) => (
              <div key={i} className={i === 0 ? 'topo-edge-count' : 'topo-frame'}>
                {line}
              </div>
            ))}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { component: ComponentNode };
const edgeTypes = { traffic: TrafficEdge };

// One xyflow node/edge per topology node/edge object and placement, kept while both are: the
// topology shares unchanged nodes and edges across steps, so xyflow re-renders only the changed ones.
const flowNodes = new WeakMap<TopologyNode, TNode>();
const flowEdges = new WeakMap<TopologyEdge, TEdge>();

function flowNode(n: TopologyNode, layout: Layout): TNode {
  const position = layout.positions.get(n.id) ?? n.position;
  const known = flowNodes.get(n);
  if (
    known &&
    known.position.x === position.x &&
    known.position.y === position.y &&
    known.width === layout.nodeWidth
  )
    return known;
  const f: TNode = {
    id: n.id,
    type: 'component',
    position,
    // Its size is the layout's: xyflow need not wait for a measurement to draw the edges.
    width: layout.nodeWidth,
    height: NODE_H,
    style: { width: layout.nodeWidth, height: NODE_H },
    data: { node: n },
    draggable: false,
    connectable: false,
  };
  flowNodes.set(n, f);
  return f;
}

function flowEdge(e: TopologyEdge, layout: Layout, place: LabelPlace | undefined): TEdge {
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

/** The width of the graph's box, followed as the side column resizes. */
function useWidth(box: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (typeof ResizeObserver !== 'function') return;
    // It reports the box once on observe(), before the first paint, then on every resize.
    const watch = new ResizeObserver(() => setWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, [box]);
  return width;
}

/**
 * The graph, and the fault menu of one node. `faultNodes`: the ids of the nodes with topology
 * faults, space-separated (a string, so the memoized graph re-renders only when it changes).
 */
export default function Graph(props: { readonly topology: Topology; readonly faultNodes: string }) {
  const { topology, faultNodes } = props;
  const dark = useApp((s) => s.theme === 'dark');
  const { wrap, menu, api, close, onContextMenu } = useNodeMenu(faultNodes);
  const width = useWidth(wrap);
  // The set of nodes: the layout changes only with it (and the width), never with a step.
  const nodeSet = topology.nodes.map((n) => `${n.id}@${n.cluster}`).join(' ');
  const layout = useMemo(
    () => layoutTopology(topology.nodes, width),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nodeSet stands for topology.nodes' ids
    [nodeSet, width],
  );
  const nodes = useMemo<TNode[]>(
    () => topology.nodes.map((n) => flowNode(n, layout)),
    [topology, layout],
  );
  const edges = useMemo<TEdge[]>(() => {
    const places = placeLabels(layout, topology.edges);
    return topology.edges.map((e) => flowEdge(e, layout, places.get(e.id)));
  }, [topology, layout]);

  return (
    <NodeMenuContext.Provider value={api}>
      <div ref={wrap} className="topo-flow" style={{ height: layout.height }}>
        <ReactFlow
          // Another scenario (another set of nodes) starts from the unpanned view.
          key={nodeSet}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={dark ? 'dark' : 'light'}
          defaultViewport={{ x: 0, y: 0, zoom: 1 }}
          minZoom={0.5}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          // The click (mouse, or Enter/Space on the node's button) bubbles to the node.
          onNodeClick={(_, n) => openPanel(n.data.node.panel)}
          onNodeContextMenu={(e, n) => onContextMenu(e, n.data.node)}
        />
        {menu && <NodeFaultMenu key={menu.node.id} {...menu} onClose={close} />}
      </div>
    </NodeMenuContext.Provider>
  );
}
