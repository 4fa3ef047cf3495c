// The state of the graph's one open node fault menu (./NodeMenu): where it is, which node it
// belongs to, and how the ⋯ buttons and a right-click on a node open it. Opening it pauses Play:
// its heading's "after step N" (where a choice is placed) ran on while it was open (UX review 14).
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { TopologyNode } from '../../../engine';
import { setPlaying } from '../../store';
import type { NodeMenuApi } from './NodeMenu';

export type OpenMenu = { readonly node: TopologyNode; readonly x: number; readonly y: number };

/** `faultNodes`: the ids of the nodes with topology faults, space-separated. */
export function useNodeMenu(faultNodes: string) {
  // The graph's box: the menu is positioned in it.
  const wrap = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  // At a viewport point, as a position in the graph's box (kept inside it horizontally).
  const openAt = useCallback((node: TopologyNode, clientX: number, clientY: number) => {
    const box = wrap.current?.getBoundingClientRect();
    const x = clientX - (box?.left ?? 0);
    setPlaying(false);
    setMenu({
      node,
      x: Math.max(0, Math.min(x, (box?.width ?? 0) - 220)),
      y: clientY - (box?.top ?? 0),
    });
  }, []);
  // Closing with the keyboard (or a choice) gives the focus back to the node's ⋯ button.
  const close = useCallback((refocus: boolean) => {
    if (refocus)
      wrap.current?.querySelector<HTMLElement>('[data-menu-for][aria-expanded=true]')?.focus();
    setMenu(null);
  }, []);
  const api = useMemo<NodeMenuApi>(
    () => ({
      nodes: faultNodes,
      openFor: menu?.node.id ?? null,
      toggle: (node, anchor) => {
        if (menu?.node.id === node.id) return close(false);
        const r = anchor.getBoundingClientRect();
        openAt(node, r.left, r.bottom);
      },
    }),
    [faultNodes, menu, openAt, close],
  );
  const onContextMenu = (e: MouseEvent, node: TopologyNode) => {
    if (!faultNodes.split(' ').includes(node.id)) return; // the browser's own menu
    e.preventDefault();
    // The context-menu key may come without a pointer position: open below the node then.
    const keyboard = e.clientX === 0 && e.clientY === 0;
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    openAt(node, keyboard ? r.left : e.clientX, keyboard ? r.bottom : e.clientY);
  };
  return { wrap, menu, api, close, onContextMenu };
}
