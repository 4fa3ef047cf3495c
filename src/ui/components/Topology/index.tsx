// The topology graph (producers, brokers, bookies, metadata store, replicator) at the cursor.
// @xyflow/react is ~50 kB gzip: the graph is loaded lazily, so the initial JS stays small and
// the step controls are interactive before it arrives.
import { lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { topologyOf, type Topology as TopologyData, type World } from '../../../engine';
import { useApp } from '../../store';
import { faultNodesKey } from '../FaultPlan/topologyFaults';

export { openPanel } from './openPanel';

// Memoized: a step that changes nothing in the topology does not re-render the graph.
const Graph = memo(lazy(() => import('./Graph')));

type Shown = { readonly world: World | null; readonly topology: TopologyData | null };

/**
 * The new topology with every node and edge equal to the previous one's replaced by the previous
 * object (and the previous topology itself when nothing changed), so the graph only re-renders
 * what a step changed: most steps change one edge label or none.
 */
export function shareUnchanged(prev: TopologyData | null, next: TopologyData): TopologyData {
  if (!prev) return next;
  const same = <T,>(olds: readonly T[], news: readonly T[]): readonly T[] => {
    const byKey = new Map(olds.map((o) => [JSON.stringify(o), o]));
    const out = news.map((n) => byKey.get(JSON.stringify(n)) ?? n);
    return out.length === olds.length && out.every((o, i) => o === olds[i]) ? olds : out;
  };
  const nodes = same(prev.nodes, next.nodes);
  const edges = same(prev.edges, next.edges);
  return nodes === prev.nodes && edges === prev.edges ? prev : { nodes, edges };
}

export function Topology() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  // The graph follows the cursor one render behind when stepping fast: the step label and the
  // diagram highlight update first, the graph right after (it never blocks a key press).
  const shown = useDeferredValue(cursor);
  const world = result?.steps[Math.min(shown, result.steps.length - 1)]?.world ?? null;
  // Derived during render from the previous step's topology (React's "adjust state when props
  // change"): unchanged nodes and edges keep their objects.
  const [drawn, setDrawn] = useState<Shown>({ world: null, topology: null });
  let topology = drawn.topology;
  if (drawn.world !== world) {
    topology = world ? shareUnchanged(drawn.topology, topologyOf(world)) : null;
    setDrawn({ world, topology });
  }
  // Which nodes get a ⋯ fault menu: a string that changes only when that set does (ownership).
  const faultNodes = useMemo(() => (world ? faultNodesKey(world) : ''), [world]);
  if (!topology) return null;
  return (
    <section className="panel topology-panel" aria-label="Topology" data-testid="panel-topology">
      <h3>Topology</h3>
      <div className="topology-graph">
        <Suspense fallback={<p className="muted">Loading the graph…</p>}>
          <Graph topology={topology} faultNodes={faultNodes} />
        </Suspense>
      </div>
    </section>
  );
}
