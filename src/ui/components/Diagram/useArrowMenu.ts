// A click on the drawing: on a row (a message or a note) it moves the cursor to its step
// (clickedStep.ts); on an arrow or its label it also opens the fault menu of the messages the arrow
// carries (arrows.ts), at the click. A new run (a fault added, another scenario) closes the menu.
// Opening it pauses Play, as every fault menu does: the drawing scrolled away under the open menu
// and the step bar ran on while the user read it (UX review 14).
import { useCallback, useState, type RefObject } from 'react';
import type { RunResult } from '../../../engine';
import { setCursor, setPlaying } from '../../store';
import type { Menu } from './ArrowMenu';
import { arrowTarget, messageIndexOf } from './arrows';
import { clickedStep } from './clickedStep';
import type { DrawState } from './useDrawing';

export function useArrowMenu(props: {
  readonly result: RunResult | null;
  readonly cursor: number;
  readonly draw: DrawState;
  readonly host: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
  /** Set to the step a click moves the cursor to: that step's row is in view already. */
  readonly clickedToRef: RefObject<number | null>;
}) {
  const { result, cursor, draw, host, section, clickedToRef } = props;
  const [menu, setMenu] = useState<Menu | null>(null);
  // Escape, Tab or a fault chosen give the focus to the diagram (the arrow clicked is not
  // focusable): a choice left it on <body>, so the step keys' place on the page was lost.
  const closeMenu = useCallback(
    (refocus: boolean) => {
      if (refocus) section.current?.focus({ preventScroll: true });
      setMenu(null);
    },
    [section],
  );
  const [menuResult, setMenuResult] = useState(result);
  if (menuResult !== result) {
    setMenuResult(result);
    setMenu(null);
  }

  const onClick = (e: React.MouseEvent) => {
    if (!result || !draw.drawn || !host.current) return;
    const step = clickedStep(host.current, draw.drawn.diagram.items, e.target as Element);
    if (step !== null && step !== cursor) {
      clickedToRef.current = step;
      setCursor(step);
    }
    const index = messageIndexOf(host.current, e.target as Element);
    const target = arrowTarget(result, draw.drawn.diagram.items, index);
    if (!target) return;
    setPlaying(false);
    const scroller = section.current!;
    const box = scroller.getBoundingClientRect();
    setMenu({
      ...target,
      x: e.clientX - box.left - scroller.clientLeft + scroller.scrollLeft,
      y: e.clientY - box.top - scroller.clientTop + scroller.scrollTop,
    });
  };
  return { menu, closeMenu, onClick };
}
