// The topology graph (producers, brokers, bookies, metadata store, replicator) at the cursor.
// @xyflow/react is ~50 kB gzip: the graph is loaded lazily, so the initial JS stays small and
// the step controls are interactive before it arrives.
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { topologyOf } from '../../../engine';
import { useApp } from '../../store';

export { openPanel } from './openPanel';

const Graph = lazy(() => import('./Graph'));

export function Topology() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  // The graph follows the cursor one render behind when stepping fast: the step label and the
  // diagram highlight update first, the graph right after (it never blocks a key press).
  const shown = useDeferredValue(cursor);
  const world = result?.steps[Math.min(shown, result.steps.length - 1)]?.world ?? null;
  const topology = useMemo(() => (world ? topologyOf(world) : null), [world]);
  if (!topology) return null;
  return (
    <section className="panel topology-panel" aria-label="Topology" data-testid="panel-topology">
      <h3>Topology</h3>
      <div className="topology-graph" style={{ height: 260 }}>
        <Suspense fallback={<p className="muted">Loading the graph…</p>}>
          <Graph topology={topology} />
        </Suspense>
      </div>
    </section>
  );
}
