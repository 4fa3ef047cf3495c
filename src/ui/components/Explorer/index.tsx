// The explorer panel, loaded lazily (its chunk and the explorer worker are fetched only when the
// panel is shown). Keyed by the scenario, so another scenario starts with its own bounds.
import { lazy, Suspense } from 'react';
import { useApp } from '../../store';

const Panel = lazy(() => import('./Panel'));

const customIds = new WeakMap<object, number>();
let lastId = 0;
const customKey = (o: object): number => {
  if (!customIds.has(o)) customIds.set(o, ++lastId);
  return customIds.get(o)!;
};

export function Explorer() {
  const id = useApp((s) => s.scenarioId);
  const custom = useApp((s) => s.custom);
  const ready = useApp((s) => s.result !== null);
  if (!ready) return null;
  return (
    <Suspense fallback={<p className="muted">Loading the explorer…</p>}>
      <Panel key={custom ? `${id}:custom:${customKey(custom)}` : id} />
    </Suspense>
  );
}
