// The current step on the drawing: its shapes marked (highlight.ts) and, when its row is not in
// view, scrolled to (geometry.ts scrollFor). Moving the cursor only re-marks shapes, which is
// cheap, instead of re-rendering Mermaid per step.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { arrowEnds } from './arrowEnds';
import { labelsOf, rowBox, scrollFor, visibleBox } from './geometry';
import { currentShapes, markStep } from './highlight';
import { placeMarks } from './placeMarks';
import type { DrawState } from './useDrawing';

/**
 * Scrolls the current step's row into view: its labels, a VIOLATION note whole if it can, and its
 * arrow's two ends where they fit beside them (else the end it starts from). Across,
 * as far left as still shows them while the user has not scrolled across by hand (`placed`: the
 * scrollLeft this hook set last, null before it set one) and `pull` allows it; a hand scroll is
 * kept until a row leaves the view. Returns whether it scrolled down or up, and the scrollLeft it
 * set (null: none).
 */
function scrollToRow(
  scroller: HTMLElement,
  root: HTMLElement,
  anchor: Element,
  placed: number | null,
  pull: boolean,
): { down: boolean; left: number | null } {
  const shapes = currentShapes(root);
  const row = rowBox(shapes.length > 0 ? shapes : [anchor]);
  if (!row) return { down: false, left: null };
  // The long-trace note sticks to the top of the view; the actor header is above the view.
  const sticky = scroller.querySelector<HTMLElement>('.diagram-window');
  const covered = sticky?.offsetHeight ?? 0;
  const texts = labelsOf(shapes);
  const all = rowBox(texts);
  const first = rowBox(texts.slice(0, 1));
  // A VIOLATION note (drawn over every lane) is the text of its step worth showing whole.
  const violation = rowBox(
    labelsOf(shapes.filter((el) => el.textContent?.trimStart().startsWith('VIOLATION ') ?? false)),
  );
  const boxes = texts.flatMap((t) => {
    const b = rowBox([t]);
    return b ? [b] : [];
  });
  const labels =
    all && first ? { all, first, violation, texts: boxes, arrow: arrowEnds(shapes) } : null;
  const start = scroller.scrollLeft;
  const byHand = placed === null ? start !== 0 : Math.abs(start - placed) > 1;
  const { down, across } = scrollFor(
    visibleBox(scroller, covered),
    row,
    labels,
    byHand || !pull ? null : start,
  );
  if (down !== 0) scroller.scrollTop += down;
  if (across !== 0) scroller.scrollLeft += across;
  return { down: down !== 0, left: across !== 0 ? scroller.scrollLeft : null };
}

export function useStepMarks(props: {
  readonly draw: DrawState;
  readonly cursor: number;
  readonly scale: number;
  /**
   * Play is running: across, the view then moves only as far as the step needs (it stays put
   * while the step shows) and goes back left once Play stops. Pulled left at every step, seed
   * 002's Play slid the view across at 15 of its last 20 steps, right for a step on the remote's
   * lanes and back for the next (review 12, left; review 13).
   */
  readonly playing: boolean;
  readonly host: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
  /** The step a click on the diagram moved the cursor to, until this effect has seen it. */
  readonly clickedToRef: RefObject<number | null>;
  readonly syncHeader: () => void;
}) {
  const { draw, cursor, scale, playing, host, section, clickedToRef, syncHeader } = props;
  /** The scrollLeft this hook set last (null: none yet): another one is the user's, kept. */
  const placedLeft = useRef<number | null>(null);
  const width = useViewWidth(section);
  useEffect(() => {
    if (!draw.drawn || !host.current) return;
    // Mark now (class flips only: no layout read); show the marks and scroll in the step's own
    // frame: reading the layout here, right after React's commit, would force a style + layout
    // pass that the frame then does again; in the frame callback it is the frame's only one.
    // Scroll only when the current step's row is not in view (scrollFor). A new zoom brings the
    // current step into view again.
    const root = host.current;
    const anchor = markStep(root, draw.drawn.diagram.items, cursor);
    // A step reached by a click on its row is in view already: scrolling would move the row (and
    // the fault menu opened at the click) from under the pointer — at 1024 px an arrow's menu
    // ended half outside the diagram's left edge.
    const byClick = clickedToRef.current === cursor;
    clickedToRef.current = null;
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const scroller = section.current;
      if (anchor?.isConnected && scroller && !byClick) {
        const moved = scrollToRow(scroller, root, anchor, placedLeft.current, !playing);
        if (moved.left !== null) placedLeft.current = moved.left;
        if (moved.down || moved.left !== null) syncHeader();
      }
      placeMarks(root);
    });
    return () => cancelAnimationFrame(frame);
    // `draw`, not `draw.drawn`: a theme switch draws a new SVG of the same drawing, and the marks
    // (inside the host, replaced with it) must be placed on it again. `playing`: a pause settles
    // the view where stepping to this step would have put it (the pull, above).
    // `width`: a narrower view (the window resized from 1400 to 1024 px at seed 001's step 17) left
    // the view where the wide one had put it, and the VIOLATION note read "VIOLATION
    // ledger-entries-…" at its right edge (review 15, finding 4): the step is placed again.
  }, [draw, cursor, scale, playing, syncHeader, host, section, clickedToRef, width]);
}

/**
 * The scroller's width, once it changes after the first measure (0 until then: the first measure
 * is not a change). A ResizeObserver, since the Auto zoom keeps its scale (67 %) at both 1400 and
 * 1024 px and so no zoom change re-runs the step's scroll.
 */
function useViewWidth(section: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const scroller = section.current;
    if (!scroller || typeof ResizeObserver !== 'function') return;
    let last: number | null = null;
    const observer = new ResizeObserver(() => {
      const w = scroller.clientWidth;
      if (last !== null && w !== last) setWidth(w);
      last = w;
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [section]);
  return width;
}
