// The @xyflow/react part of the topology (loaded lazily by ./index). Maps the plain topology data
// of engine/render/topology to nodes and edges; a node is a button that opens its panel, an edge
// label lists the frames in flight on it. A node with topology faults has a menu of them
// (./NodeMenu): its ⋯ button or a right-click opens it.
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
import { useMemo } from 'react';
import type { Topology, TopologyEdge, TopologyNode } from '../../../engine';
import { useApp } from '../../store';
import { NodeFaultMenu, NodeMenuButton, NodeMenuContext } from './NodeMenu';
import { openPanel } from './openPanel';
import { useNodeMenu } from './useNodeMenu';

type TNode = Node<{ readonly node: TopologyNode }, 'component'>;
type TEdge = Edge<{ readonly edge: TopologyEdge }, 'traffic'>;

const ICON: Record<TopologyNode['kind'], string> = {
  producer: '▶',
  broker: '◆',
  bookie: '▤',
  metadata: '☰',
  replicator: '⇄',
};

function ComponentNode({ data }: NodeProps<TNode>) {
  const n = data.node;
  return (
    <div
      className={`topo-node topo-${n.kind}${n.alert ? ' topo-alert' : ''}`}
      data-testid={`topo-node-${n.id}`}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <button
        type="button"
        className="topo-open nodrag nopan"
        aria-label={`Open the panel of ${n.label}`}
      >
        <span aria-hidden="true">{ICON[n.kind]}</span> <strong>{n.label}</strong>
      </button>
      <NodeMenuButton node={n} />
      <div className="topo-detail">{n.detail}</div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

function TrafficEdge(props: EdgeProps<TEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data } = props;
  const [path, x, y] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
  });
  const e = data?.edge;
  const busy = (e?.inFlight ?? 0) > 0;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={`topo-edge topo-edge-${e?.kind ?? 'connection'}${busy ? ' topo-busy' : ''}`}
        style={e && !e.open ? { strokeDasharray: '5 4', opacity: 0.6 } : undefined}
      />
      {e && (e.label !== '' || busy) && (
        <EdgeLabelRenderer>
          <div
            className={`topo-edge-label${busy ? ' topo-busy' : ''}`}
            data-testid={`topo-edge-${e.id}`}
            style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
          >
            <div className="topo-edge-count">{e.label}</div>
            {e.frames.slice(0, 3).map((f, i) => (
              <div key={i} className="topo-frame">
                {f}
              </div>
            ))}
            {e.frames.length > 3 && <div className="topo-frame">+{e.frames.length - 3} more</div>}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { component: ComponentNode };
const edgeTypes = { traffic: TrafficEdge };

const flowNodes = new WeakMap<TopologyNode, TNode>();
const flowEdges = new WeakMap<TopologyEdge, TEdge>();

function flowNode(n: TopologyNode): TNode {
  let f = flowNodes.get(n);
  if (!f) {
    f = {
      id: n.id,
      type: 'component',
      position: n.position,
      data: { node: n },
      draggable: false,
      connectable: false,
    };
    flowNodes.set(n, f);
  }
  return f;
}

function flowEdge(e: TopologyEdge): TEdge {
  let f = flowEdges.get(e);
  if (!f) {
    f = {
      id: e.id,
      type: 'traffic',
      source: e.source,
      target: e.target,
      data: { edge: e },
      // Not `animated`: xyflow's dash animation repaints the graph every frame while anything
      // is in flight, stealing main-thread time from key presses. A busy edge is drawn in the
      // accent colour (topo-busy) and its label lists the frames in flight instead.
      focusable: false,
    };
    flowEdges.set(e, f);
  }
  return f;
}

/**
 * The graph, and the fault menu of one node. `faultNodes`: the ids of the nodes with topology
 * faults, space-separated (a string, so the memoized graph re-renders only when it changes).
 */
export default function Graph(props: { readonly topology: Topology; readonly faultNodes: string }) {
  const { topology, faultNodes } = props;
  const dark = useApp((s) => s.theme === 'dark');
  // One xyflow node/edge per topology node/edge object, kept while that object is: the topology
  // shares unchanged nodes and edges across steps, so xyflow re-renders only the changed ones.
  const nodes = useMemo<TNode[]>(() => topology.nodes.map(flowNode), [topology]);
  const edges = useMemo<TEdge[]>(() => topology.edges.map(flowEdge), [topology]);
  // `fitView` fits the first render's nodes only, and refitting by hand after the nodes change
  // races their measurement: a new set of nodes (another scenario, a takeover broker) mounts a new
  // graph, fitted to them. Steps keep the set, so stepping never moves the view.
  const nodeSet = useMemo(() => nodes.map((n) => n.id).join(' '), [nodes]);
  const { wrap, menu, api, close, onContextMenu } = useNodeMenu(faultNodes);

  return (
    <NodeMenuContext.Provider value={api}>
      <div ref={wrap} className="topo-flow">
        <ReactFlow
          key={nodeSet}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={dark ? 'dark' : 'light'}
          fitView
          minZoom={0.3}
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
