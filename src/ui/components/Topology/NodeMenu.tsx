// The topology faults of one graph node as a menu (issue 6): opened by the node's ⋯ button or a
// right-click (or the context-menu key) on the node. It lists what the fault-plan panel offers
// for that component at the current step (../FaultPlan/topologyFaults), with the same disabled
// states and the same reasons (TopologyFaultButton), and a choice goes through the same
// placeFault → addFault path.
import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { TopologyNode } from '../../../engine';
import { useApp, useShownStep } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { windowRoom } from '../FaultPlan/popupPlacement';
import { TopologyFaultButton } from '../FaultPlan/TopologyFaultButton';
import { faultsOnNode } from '../FaultPlan/topologyFaults';

export const MENU_ID = 'topo-node-menu';
/** The node menus' place in pickNote: one note, under the graph (Graph.tsx). */
export const NODE_ORIGIN = 'node';

export interface NodeMenuApi {
  /** The ids of the nodes that have topology faults, space-separated (faultNodesKey). */
  readonly nodes: string;
  /** The node whose menu is open. */
  readonly openFor: string | null;
  readonly toggle: (node: TopologyNode, anchor: HTMLElement) => void;
}

export const NodeMenuContext = createContext<NodeMenuApi>({
  nodes: '',
  openFor: null,
  toggle: () => {},
});

/** The ⋯ button on a node; nothing on a node without topology faults (metadata, a standby). */
export function NodeMenuButton({ node }: { readonly node: TopologyNode }) {
  const { nodes, openFor, toggle } = useContext(NodeMenuContext);
  if (!nodes.split(' ').includes(node.id)) return null;
  const open = openFor === node.id;
  return (
    <button
      type="button"
      className="topo-menu-button nodrag nopan"
      aria-label={`Faults on ${node.label}`}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? MENU_ID : undefined}
      data-menu-for={node.id}
      onClick={(e) => {
        // Not a click on the node: that opens the node's panel.
        e.stopPropagation();
        toggle(node, e.currentTarget);
      }}
    >
      ⋯
    </button>
  );
}

/** The open menu, placed at `x`, `y` in the graph. `onClose(true)` gives the focus back. */
export function NodeFaultMenu(props: {
  readonly node: TopologyNode;
  readonly x: number;
  readonly y: number;
  readonly onClose: (refocus: boolean) => void;
}) {
  const { node, x, y, onClose } = props;
  // The step the panels and the fault plan show: the fault is placed after it.
  const { result, cursor } = useShownStep();
  const busy = useApp((s) => s.status === 'running');
  const world = result?.steps[cursor]?.world ?? null;
  const items = world ? faultsOnNode(world, cursor, node.id) : [];
  const menu = useRef<HTMLDivElement>(null);
  const opened = useRef(result);

  // Arrow keys, Home/End, Escape/Tab (focus back to the ⋯ button), a press outside: useMenuKeys.
  const onKeyDown = useMenuKeys(
    menu,
    onClose,
    // Its own ⋯ button toggles it on click.
    (target) => target.closest?.('[data-menu-for]')?.getAttribute('data-menu-for') === node.id,
  );
  // Opened at the node (or the right-click): moved left and up as far as needed to stay inside the
  // window and the graph's box, before it is painted (a node at the right edge opened it half off).
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    el.style.left = `${x}px`;
    el.style.top = `${y}px`;
    const r = el.getBoundingClientRect();
    const win = windowRoom();
    const box = (el.offsetParent as HTMLElement | null)?.getBoundingClientRect();
    const right = Math.min(win.right, box?.right ?? win.right) - 4;
    const bottom = Math.min(win.bottom, box?.bottom ?? win.bottom) - 4;
    if (r.right > right) el.style.left = `${Math.max(0, x - (r.right - right))}px`;
    if (r.bottom > bottom) el.style.top = `${Math.max(0, y - (r.bottom - bottom))}px`;
    // A graph scrolled mostly below the window (its column scrolls) has less room above the
    // window's edge than the menu is tall: scroll the column just enough to show the whole menu.
    const placed = el.getBoundingClientRect();
    if (placed.bottom > win.bottom || placed.top < win.top)
      el.scrollIntoView?.({ block: 'nearest' });
  }, [x, y, items.length]);

  // Another run (another scenario, a branch switch) closes it.
  useEffect(() => {
    if (result !== opened.current) onClose(false);
  }, [result, onClose]);

  return (
    <div
      ref={menu}
      id={MENU_ID}
      role="menu"
      tabIndex={-1}
      className="fault-popup topo-menu"
      aria-label={`Faults on ${node.label} after step ${cursor}`}
      style={{ left: x, top: y }}
      onKeyDown={onKeyDown}
    >
      <div className="topo-menu-head">
        {node.label} · after step {cursor}
      </div>
      {items.length === 0 && <div className="muted">No topology fault applies here now.</div>}
      {items.map((f) => (
        <TopologyFaultButton
          key={f.label}
          fault={f}
          busy={busy}
          role="menuitem"
          onPick={() => onClose(true)}
          note={NODE_ORIGIN}
        />
      ))}
      {busy && <div className="muted">Running…</div>}
    </div>
  );
}
