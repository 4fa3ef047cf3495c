// A topology node as xyflow draws it: a button that opens the component's panel (the click bubbles
// to the graph's onNodeClick), its ⋯ fault menu button, a line of detail, and a target and a
// source handle on each side, so an edge can leave and enter by whichever side the layout picks.
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Fragment } from 'react';
import type { TopologyNode } from '../../../engine';
import type { TNode } from './flowElements';
import type { Side } from './layout';
import { NodeMenuButton } from './NodeMenu';

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

export function ComponentNode({ data }: NodeProps<TNode>) {
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
