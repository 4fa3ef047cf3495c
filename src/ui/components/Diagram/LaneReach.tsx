// The lanes out of view, named in the zoom bar: "◂ broker-1 +2" and "replicator +2 ▸" (the lane
// a click brings in, and how many more lie beyond it). A click brings the nearest of them whole into view (laneReach.ts), so every lane is one click or
// a few away at any width and browser zoom, scroll bars shown or not. Kept in step with the
// scroll (a passive listener that renders only when the names change) and the view's width.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Actor } from './geometry';
import { lanesOutOfView, sameReach, scrollToLane, type Reach } from './laneReach';

const NONE: Reach = { left: [], right: [] };

/** The scroller's view width in its content coordinates (its client width). */
const viewOf = (scroller: HTMLElement) => ({
  at: scroller.scrollLeft,
  width: scroller.clientWidth,
});

/**
 * The lanes out of view for `actors` (measured by the actor header; null while not measured).
 */
export function useLaneReach(
  section: RefObject<HTMLElement | null>,
  actors: readonly Actor[] | null,
): Reach {
  const [reach, setReach] = useState<Reach>(NONE);
  const last = useRef<Reach>(NONE);
  useEffect(() => {
    const scroller = section.current;
    const update = () => {
      const { at, width } = scroller ? viewOf(scroller) : { at: 0, width: 0 };
      const next = actors && width > 0 ? lanesOutOfView(actors, at, width) : NONE;
      if (sameReach(next, last.current)) return;
      last.current = next;
      setReach(next);
    };
    update();
    if (!scroller || !actors) return;
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [section, actors]);
  return reach;
}

/** Scrolls the nearest lane out of view on `side` whole into view (none: nothing). */
export function bringLane(
  scroller: HTMLElement | null,
  actors: readonly Actor[] | null,
  side: 'left' | 'right',
): void {
  if (!scroller || !actors) return;
  const { at, width } = viewOf(scroller);
  const lane = lanesOutOfView(actors, at, width)[side][0];
  if (lane) scroller.scrollLeft = scrollToLane(lane, side, width);
}

const names = (lanes: readonly Actor[]) => lanes.map((l) => l.name).join(', ');
/**
 * The lane a click brings in, and how many lie beyond it: "broker-2 +1". All the names side by
 * side were cut to "◂ pe" at 1024 px beside geo-two-way's "replicator:us-east->us-west, …"; the
 * title and the accessible name list them all.
 */
const nearest = (lanes: readonly Actor[]) =>
  `${lanes[0]!.name}${lanes.length > 1 ? ` +${lanes.length - 1}` : ''}`;

/** The two buttons (each only while lanes lie out of view on its side). */
export function LaneReach(props: {
  readonly reach: Reach;
  readonly onBring: (side: 'left' | 'right') => void;
}) {
  const { reach, onBring } = props;
  if (reach.left.length === 0 && reach.right.length === 0) return null;
  return (
    <div
      className="diagram-lanes"
      role="group"
      aria-label="Lanes out of view"
      data-testid="diagram-lanes"
    >
      {reach.left.length > 0 && (
        <button
          type="button"
          data-testid="lanes-left"
          title={`Scroll left to ${reach.left[0]!.name} (out of view on the left: ${names([...reach.left].reverse())}; Shift+← scrolls too)`}
          data-lanes={names([...reach.left].reverse())}
          onClick={() => onBring('left')}
        >
          ◂ {nearest(reach.left)}
        </button>
      )}
      {reach.right.length > 0 && (
        <button
          type="button"
          data-testid="lanes-right"
          title={`Scroll right to ${reach.right[0]!.name} (out of view on the right: ${names(reach.right)}; Shift+→ scrolls too)`}
          data-lanes={names(reach.right)}
          onClick={() => onBring('right')}
        >
          {nearest(reach.right)} ▸
        </button>
      )}
    </div>
  );
}
