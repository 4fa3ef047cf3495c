// The run as a Mermaid sequence diagram, rendered once per run result (or per window of a long
// trace: useDrawing.ts, window.ts); moving the cursor only re-marks shapes (useStepMarks.ts,
// highlight.ts), which is cheap, instead of re-rendering Mermaid per step. A click on a row moves
// the cursor to its step; an arrow or its label also opens the fault menu for the messages it
// carries (useArrowMenu.ts). The zoom (useZoom.ts) sizes the drawing; the scroll area takes the
// focus, so the keyboard scrolls and zooms it too (keys.ts). Over it, the actor names once the
// drawing's own have scrolled away (ActorHeader.tsx); in the zoom bar, the lanes out of view, a
// click from each (LaneReach.tsx).
import { useRef } from 'react';
import { useApp } from '../../store';
import { ActorStrip, useActorHeader, useHeaderSync } from './ActorHeader';
import { ArrowMenu, ARROW_ORIGIN } from './ArrowMenu';
import { bringLane, LaneReach, useLaneReach } from './LaneReach';
import { PickedNote } from '../FaultPlan/pickNote';
import './diagram.css';
import { onDiagramKey } from './keys';
import { useArrowMenu } from './useArrowMenu';
import { useDrawing } from './useDrawing';
import { useStepMarks } from './useStepMarks';
import { useZoom, useZoomLayout } from './useZoom';
import { ZoomBar } from './ZoomBar';

export { DARK_VIOLATION_FILL } from './useDrawing';

export function Diagram() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const dark = useApp((s) => s.theme === 'dark');
  const busy = useApp((s) => s.status === 'running');
  const playing = useApp((s) => s.playing);
  const host = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const { zoom, zoomRef, scale, setScale, setZoom } = useZoom();
  const { current, draw } = useDrawing({ result, cursor, dark, host, section, zoomRef });
  useZoomLayout({ draw, zoom, zoomRef, setScale, host, section });
  const sync = useHeaderSync(section);
  /** The step a click on the diagram moved the cursor to, until the step's effect has seen it. */
  const clickedTo = useRef<number | null>(null);
  // Before the actor header's effects: the step's frame (its scroll) runs first.
  useStepMarks({
    draw,
    cursor,
    scale,
    playing,
    host,
    section,
    clickedToRef: clickedTo,
    syncHeader: sync.syncHeader,
  });
  const actors = useActorHeader({ draw, scale, host, section, sync });
  const lanes = useLaneReach(section, actors);
  const { menu, closeMenu, onClick } = useArrowMenu({
    result,
    cursor,
    draw,
    host,
    section,
    clickedToRef: clickedTo,
  });

  const pending = current !== null && draw.drawn !== current && draw.error === null;
  const win = draw.drawn?.window ?? null;
  return (
    <div className="diagram-pane">
      <ZoomBar zoom={zoom} scale={scale} onZoom={setZoom}>
        {/* An arrow's pick is noted above the drawing, not over it: drawn where the menu was, it
            hid the arrows the fault goes on to change until the cursor moved (UX review 16). */}
        <PickedNote origin={ARROW_ORIGIN} className="fault-added-bar" />
        <LaneReach reach={lanes} onBring={(side) => bringLane(section.current, actors, side)} />
      </ZoomBar>
      <ActorStrip shown={sync.headerShown} actors={actors} scale={scale} row={sync.headerRow} />
      <section
        ref={section}
        className="diagram"
        aria-label="Sequence diagram"
        aria-description="Scroll with ↑ ↓ Page Up/Down and Shift+← →; zoom with + − 0 (100 %) f (fit width) a (auto)"
        data-testid="diagram"
        aria-busy={pending}
        // Focusable: a keyboard user scrolls it (and Escape in an arrow's menu comes back here).
        tabIndex={0}
        onKeyDown={(e) => onDiagramKey(e, scale, setZoom)}
      >
        {draw.error !== null && (
          <div role="alert" className="error-box">
            The diagram could not be drawn: {draw.error}
          </div>
        )}
        {win && (
          <p className="diagram-window" data-testid="diagram-window" role="status">
            Showing steps {win.from}–{win.to} of {win.last}: the whole trace is too long for one
            diagram. It follows the cursor.
          </p>
        )}
        {pending && <p className="muted">Drawing the diagram…</p>}
        <div ref={host} className="diagram-svg" onClick={onClick} />
        {menu && (
          <ArrowMenu
            key={`${menu.step} ${menu.x} ${menu.y}`}
            menu={menu}
            busy={busy}
            scroller={section}
            onClose={closeMenu}
          />
        )}
      </section>
    </div>
  );
}
