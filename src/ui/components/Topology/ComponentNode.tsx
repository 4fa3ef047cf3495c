// A topology node as xyflow draws it: a button that opens the component's panel (the click bubbles
// to the graph's onNodeClick), its ⋯ fault menu button, a line of detail, and a target and a
// source handle on each side, so an edge can leave and enter by whichever side the layout picks.
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Fragment } from 'react';
import type { TopologyNode } from '../../../engine';
import { wholeWords } from '../Panels/breakName';
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

/**
 * A node's name in two parts: what may be cut (the end of the text before " → ") and what never
 * is (" → " and its destination). A replicator's name drops "replicator" (its ⇄ says it, its
 * pointer text and its label to a screen reader keep it). Two-way replication's nodes read
 * "replicator us-east → u…" and "replicator us-west →…" at 1024 px, over their neighbour: the
 * direction, the one thing that tells them apart, was what got cut (UX review 14).
 */
export function nameParts(n: Pick<TopologyNode, 'kind' | 'label'>): {
  readonly head: string;
  readonly tail: string | null;
} {
  const name = n.kind === 'replicator' ? n.label.replace(/^replicator /, '') : n.label;
  const at = name.lastIndexOf(' → ');
  return at < 0
    ? { head: name, tail: null }
    : { head: name.slice(0, at), tail: name.slice(at + 1) };
}

export function ComponentNode({ data }: NodeProps<TNode>) {
  const n = data.node;
  const { head, tail } = nameParts(n);
  return (
    <div
      className={`topo-node topo-${n.kind}${n.alert ? ' topo-alert' : ''}${data.tall ? ' topo-tall' : ''}`}
      data-testid={`topo-node-${n.id}`}
    >
      <button
        type="button"
        className="topo-open nodrag nopan"
        aria-label={`Open the panel of ${n.label}`}
        title={n.label}
      >
        <span aria-hidden="true">{ICON[n.kind]}</span>
        <strong className="topo-name">
          <span className="topo-name-head">{head}</span>
          {tail !== null && <span className="topo-name-tail">{tail}</span>}
        </strong>
      </button>
      <NodeMenuButton node={n} />
      <div className="topo-detail" title={n.detail}>
        {/* "mark-delete 10:0" breaks at spaces only (UX review 16, finding 11). */}
        {wholeWords(n.detail)}
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
