// A topology edge as xyflow draws it: a curve, dashed while its connection is closed and in the
// accent colour while frames are in flight on it, and a label (placed by ./labels) listing them.
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import type { TEdge } from './flowElements';

export function TrafficEdge(props: EdgeProps<TEdge>) {
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
