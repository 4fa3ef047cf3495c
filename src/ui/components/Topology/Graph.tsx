// The @xyflow/react part of the topology (loaded lazily by ./index). Maps the plain topology data
// of engine/render/topology to nodes and edges; a node is a button that opens its panel, an edge
// label lists the frames in flight on it. A node with topology faults has a menu of them
// (./NodeMenu): its ⋯ button or a right-click opens it. The nodes are placed by ./layout, top to
// bottom at 100 % zoom in the width of the side column (not fitted: fitted, the engine's wide
// layout came out at half size), and the graph is as tall as that layout. Edge labels are placed
// by ./labels, against the node their edge goes into.
import { ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './topology.css';
import { useLayoutEffect, useMemo, useState } from 'react';
import type { Topology } from '../../../engine';
import { useApp } from '../../store';
import { ComponentNode } from './ComponentNode';
import { flowEdge, flowNode, type TEdge, type TNode } from './flowElements';
import { layoutTopology } from './layout';
import { placeLabels } from './labels';
import { PickedNote } from '../FaultPlan/pickNote';
import { NODE_ORIGIN, NodeFaultMenu, NodeMenuContext } from './NodeMenu';
import { openPanel } from './openPanel';
import { TrafficEdge } from './TrafficEdge';
import { useNodeMenu } from './useNodeMenu';

const nodeTypes = { component: ComponentNode };
const edgeTypes = { traffic: TrafficEdge };

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
      {/* Under the graph, not where the menu was: there it covered the node picked from and its
          neighbours (UX review 18). Nothing above it moves when it shows. */}
      <PickedNote origin={NODE_ORIGIN} className="fault-added-below" reveal />
    </NodeMenuContext.Provider>
  );
}
