// The actor header: the names again over the lifelines, for a reader scrolled past the drawing's
// own. Measured once per SVG and zoom (geometry.ts), shown once the drawing's own actor boxes have
// scrolled out of view; a scroll only compares two numbers and moves the row (a style write, no
// render).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { measureActors, type Actors } from './geometry';
import type { DrawState } from './useDrawing';

/**
 * The header's state and its sync on scroll. Kept apart from the measuring (useActorHeader) so
 * that a scroll made by the step (useStepMarks) shows or hides it in the same frame.
 */
export function useHeaderSync(section: RefObject<HTMLElement | null>) {
  /** The scrollTop past which the drawing's own actor boxes are out of view. */
  const gone = useRef<number | null>(null);
  const [headerShown, setHeaderShown] = useState(false);
  /** The header strip's row of names: moved sideways with the drawing. */
  const headerRow = useRef<HTMLDivElement>(null);
  const syncHeader = useCallback(() => {
    const scroller = section.current;
    if (!scroller) return;
    if (headerRow.current)
      headerRow.current.style.transform = `translateX(${-scroller.scrollLeft}px)`;
    if (gone.current !== null) setHeaderShown(scroller.scrollTop > gone.current);
  }, [section]);
  return { gone, headerShown, headerRow, syncHeader };
}

/** The names measured on the SVG drawn and its scale (null while not measured for them). */
export function useActorHeader(props: {
  readonly draw: DrawState;
  readonly scale: number;
  readonly host: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
  readonly sync: ReturnType<typeof useHeaderSync>;
}): Actors['list'] | null {
  const { draw, scale, host, section } = props;
  const { gone, syncHeader } = props.sync;
  const [actors, setActors] = useState<{
    readonly of: DrawState;
    readonly scale: number;
    readonly actors: Actors;
  } | null>(null);
  useEffect(() => {
    if (!draw.drawn || typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const measured =
        section.current && host.current ? measureActors(section.current, host.current) : null;
      gone.current = measured?.gone ?? null;
      setActors(measured ? { of: draw, scale, actors: measured } : null);
      // The step's scroll (useStepMarks' frame callback, run first) may be past the boxes already.
      syncHeader();
    });
    return () => cancelAnimationFrame(frame);
  }, [draw, scale, syncHeader, gone, host, section]);
  useEffect(() => {
    const scroller = section.current;
    if (!scroller || !actors) return;
    syncHeader();
    scroller.addEventListener('scroll', syncHeader, { passive: true });
    return () => scroller.removeEventListener('scroll', syncHeader);
  }, [actors, syncHeader, section]);
  // Only for the SVG and zoom they were measured on (a new one is measured in its first frame).
  return actors?.of === draw && actors.scale === scale ? actors.actors.list : null;
}

/**
 * The strip of names above the scroll area, not over it, so that it never hides a row's label (as
 * a sticky row inside it did: "16 · OK for 3:1" under "local ledger" at seed 001's violation,
 * review 7). The drawing has the names too (this row is for the eye only).
 */
export function ActorStrip(props: {
  readonly shown: boolean;
  readonly actors: Actors['list'] | null;
  readonly scale: number;
  readonly row: RefObject<HTMLDivElement | null>;
}) {
  const { shown, actors, scale, row } = props;
  return (
    <div
      className={`diagram-actors${shown && actors ? ' shown' : ''}`}
      data-testid="diagram-actors"
      aria-hidden="true"
      style={{ fontSize: Math.round(Math.max(9, Math.min(13, 16 * scale))) }}
    >
      <div ref={row} className="diagram-actors-row">
        {actors?.map((a, i) => (
          <span key={i} className="diagram-actor" style={{ left: a.left, width: a.width }}>
            {a.name}
          </span>
        ))}
      </div>
    </div>
  );
}
