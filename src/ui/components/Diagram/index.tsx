// The run as a Mermaid sequence diagram, rendered once per run result (or per window of a long
// trace); moving the cursor only re-marks shapes (highlight.ts), which is cheap, instead of
// re-rendering Mermaid per step. A trace whose source is too long for Mermaid is drawn as a window
// of steps around the cursor, redrawn only when the cursor leaves it (window.ts). Clicking an
// arrow or its label opens the fault menu for the messages it carries (arrows.ts). The zoom
// (zoom.ts) sizes the drawing; the scroll area takes the focus, so the keyboard scrolls it too.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toMermaid, type RunResult } from '../../../engine';
import { setCursor, useApp } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems, placePopup } from '../FaultPlan/FaultMenu';
import { arrowTarget, messageIndexOf, type ArrowTarget } from './arrows';
import './diagram.css';
import { currentShapes, forgetLayout, markStep, placeMarks } from './highlight';
import { renderSvg } from './loadMermaid';
import { drawingFor, inWindow, isErrorPicture, MERMAID_MAX_TEXT, type Drawing } from './window';
import { applyZoom, readZoom, saveZoom, stepZoom, ZOOM_MAX, ZOOM_MIN, type Zoom } from './zoom';

type DrawState = { readonly drawn: Drawing | null; readonly error: string | null };
type Chosen = {
  readonly result: RunResult;
  readonly budget: number;
  readonly dark: boolean;
  readonly drawing: Drawing;
};

/** The violation band in the dark theme (its --bad-soft): the light pink under light text was unreadable. */
export const DARK_VIOLATION_FILL = 'rgb(61, 28, 31)';
type Menu = ArrowTarget & { readonly x: number; readonly y: number };

type Box = {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
};

/**
 * The part of the scrolling diagram that shows (its client box without the scrollbars, within the
 * window), below the sticky actor header (`header` px tall when shown).
 */
function visibleBox(scroller: HTMLElement, header: number): Box {
  const box = scroller.getBoundingClientRect();
  const top = box.top + scroller.clientTop;
  const left = box.left + scroller.clientLeft;
  return {
    top: Math.max(top, 0) + header,
    bottom: Math.min(top + scroller.clientHeight, window.innerHeight),
    left: Math.max(left, 0),
    right: Math.min(left + scroller.clientWidth, window.innerWidth),
  };
}

/** The box around the current step's shapes (its arrows, their labels and its notes). */
function rowBox(shapes: readonly Element[]): Box | null {
  let box: Box | null = null;
  for (const el of shapes) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    box = box
      ? {
          top: Math.min(box.top, r.top),
          bottom: Math.max(box.bottom, r.bottom),
          left: Math.min(box.left, r.left),
          right: Math.max(box.right, r.right),
        }
      : { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  }
  return box;
}

const MARGIN = 32;
/** Across, a little room is enough (a row is often almost as wide as the view). */
const SIDE = 12;

/** How far to scroll across so that [left, right] shows whole (it fits), or its left end. */
function acrossFor(v: Box, r: Box): number {
  if (r.right - r.left > v.right - v.left - 2 * SIDE)
    return r.left < v.left || r.left > (v.left + v.right) / 2 ? r.left - (v.left + SIDE) : 0;
  if (r.left < v.left + SIDE) return r.left - (v.left + SIDE);
  if (r.right > v.right - SIDE) return r.right - (v.right - SIDE);
  return 0;
}

/**
 * How far to scroll so that the current step's row shows: 0 when it already does. A row that fits
 * in the view shows whole, with a margin; a taller one shows its top. Across, a row wider than the
 * view (an arrow between far lifelines, a note over all of them) shows its labels whole instead
 * (`labels.all`: the box around its arrow labels and note texts), or its first one.
 *
 * Down and up, a row that left the view is placed a quarter of the view in from the edge it left
 * by: the next steps in the same direction then have the rest of the view before the next scroll.
 * (Every scroll makes Chromium raster the view anew, and the step after it waits for that:
 * centring scrolled every third step of a long trace, this every fifth.)
 */
export function scrollFor(
  v: Box,
  r: Box,
  labels: { readonly all: Box; readonly first: Box } | null = null,
): { readonly down: number; readonly across: number } {
  let down = 0;
  const height = r.bottom - r.top;
  const room = v.bottom - v.top;
  if (height > room - 2 * MARGIN) {
    if (r.top < v.top || r.top > v.bottom - MARGIN) down = r.top - (v.top + MARGIN / 2);
  } else if (r.top < v.top + MARGIN || r.bottom > v.bottom - MARGIN) {
    const quarter = room / 4;
    const target =
      r.bottom > v.bottom - MARGIN
        ? Math.min(v.top + quarter, v.bottom - MARGIN - height)
        : Math.max(v.bottom - quarter - height, v.top + MARGIN);
    down = r.top - target;
  }
  const room2 = v.right - v.left - 2 * SIDE;
  // The row, else all its labels, else its first label (its first arrow's or note's).
  const across = acrossFor(
    v,
    r.right - r.left <= room2 || !labels
      ? r
      : labels.all.right - labels.all.left <= room2
        ? labels.all
        : labels.first,
  );
  return { down, across };
}

/** The texts among a step's shapes: its arrow labels, and the text of its notes. */
function labelsOf(shapes: readonly Element[]): Element[] {
  return shapes.flatMap((el) =>
    el.tagName.toLowerCase() === 'text'
      ? [el]
      : el.tagName.toLowerCase() === 'g'
        ? [...el.querySelectorAll('text')]
        : [],
  );
}

/** An actor's name over its lifeline, measured in the drawing (px from the host's left). */
type Actor = { readonly name: string; readonly left: number; readonly width: number };
type Actors = {
  readonly list: readonly Actor[];
  /** How far down the diagram scrolls before the drawing's own actor boxes are gone. */
  readonly gone: number;
};

/** Mermaid's actor boxes at the top of the drawing: their names and where they are. */
function measureActors(section: HTMLElement, host: HTMLElement): Actors | null {
  const svg = host.querySelector('svg');
  if (!svg) return null;
  const h = host.getBoundingClientRect();
  const s = section.getBoundingClientRect();
  let bottom = 0;
  const list = [...svg.querySelectorAll('rect.actor-top')].map((rect) => {
    const r = rect.getBoundingClientRect();
    bottom = Math.max(bottom, r.bottom);
    const name =
      rect.parentElement?.querySelector('text.actor')?.textContent ??
      rect.parentElement?.querySelector('text')?.textContent ??
      '';
    return { name, left: r.left - h.left, width: r.width };
  });
  if (list.length === 0) return null;
  return { list, gone: bottom - s.top + section.scrollTop - section.clientTop };
}

/** How far Shift+← / Shift+→ scroll the focused diagram sideways (px). */
const SIDEWAYS = 80;

export function Diagram() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const dark = useApp((s) => s.theme === 'dark');
  const busy = useApp((s) => s.status === 'running');
  const style = useMemo(() => (dark ? { violationFill: DARK_VIOLATION_FILL } : {}), [dark]);
  const full = useMemo(() => (result ? toMermaid(result, style) : null), [result, style]);
  // Lowered when Mermaid still draws its error picture for a source under the limit.
  const [budget, setBudget] = useState(MERMAID_MAX_TEXT);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const [draw, setDraw] = useState<DrawState>({ drawn: null, error: null });
  // The zoom chosen (remembered for the session) and the scale it draws at now.
  const [zoom, setZoomState] = useState<Zoom>(readZoom);
  const zoomRef = useRef(zoom);
  const [scale, setScale] = useState(1);
  const setZoom = useCallback((z: Zoom) => {
    saveZoom(z);
    setZoomState(z);
  }, []);

  // What to draw: the whole trace, or a window that contains the cursor. Derived during render
  // (React's "adjust state when props change"), so a new window is chosen only when needed.
  const stale =
    result !== null &&
    full !== null &&
    (chosen === null ||
      chosen.result !== result ||
      chosen.budget !== budget ||
      chosen.dark !== dark ||
      !inWindow(chosen.drawing.window, cursor));
  if (stale) setChosen({ result, budget, dark, drawing: drawingFor(result, cursor, budget, full, style) });
  const current = stale || !result ? null : (chosen?.drawing ?? null);

  useEffect(() => {
    if (!current) return;
    let gone = false;
    const text = current.diagram.text;
    renderSvg(text, dark).then(
      (svg) => {
        if (gone || !host.current) return;
        if (isErrorPicture(svg)) {
          // Mermaid refused the source: draw a smaller window instead of its error picture.
          setBudget((b) => Math.min(b, Math.floor(text.length / 2)));
          return;
        }
        // The SVG comes from Mermaid with securityLevel 'strict' (labels sanitized); React owns
        // no children of this element, so replacing its content is safe.
        host.current.innerHTML = svg;
        // Sized at once (no frame at 100 % first); the layout effect below keeps it sized.
        if (section.current) applyZoom(host.current, section.current, zoomRef.current);
        setDraw({ drawn: current, error: null });
      },
      (e: unknown) =>
        !gone && setDraw({ drawn: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      gone = true;
    };
  }, [current, dark]);

  // The zoom: the SVG sized before the frame is painted; "fit" again whenever the view's width
  // changes. The marks' cached boxes are of the old size: forgotten (they are measured again).
  useLayoutEffect(() => {
    zoomRef.current = zoom;
    const root = host.current;
    const scroller = section.current;
    if (!draw.drawn || !root || !scroller) return;
    let width = -1;
    const apply = () => {
      width = scroller.clientWidth;
      const s = applyZoom(root, scroller, zoom);
      setScale((old) => {
        if (old !== s) forgetLayout(root);
        return s;
      });
    };
    apply();
    if (zoom !== 'fit' || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth !== width) apply();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [draw, zoom]);

  // The sticky actor header's state (below): kept here so that a scroll made by the step below
  // shows or hides it in the same frame.
  const gone = useRef<number | null>(null);
  const [headerShown, setHeaderShown] = useState(false);
  const syncHeader = useCallback(() => {
    const scroller = section.current;
    if (scroller && gone.current !== null) setHeaderShown(scroller.scrollTop > gone.current);
  }, []);

  useEffect(() => {
    if (!draw.drawn || !host.current) return;
    // Mark now (class flips only: no layout read); show the marks and scroll in the step's own
    // frame: reading the layout here, right after React's commit, would force a style + layout
    // pass that the frame then does again; in the frame callback it is the frame's only one.
    // Scroll only when the current step's row is not in view (scrollFor). A new zoom brings the
    // current step into view again.
    const root = host.current;
    const anchor = markStep(root, draw.drawn.diagram.items, cursor);
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const scroller = section.current;
      if (anchor?.isConnected && scroller) {
        const shapes = currentShapes(root);
        const row = rowBox(shapes.length > 0 ? shapes : [anchor]);
        const header = scroller.querySelector<HTMLElement>('.diagram-actors.shown');
        const sticky = scroller.querySelector<HTMLElement>('.diagram-window');
        const covered = (header?.offsetHeight ?? 0) + (sticky?.offsetHeight ?? 0);
        if (row) {
          const texts = labelsOf(shapes);
          const all = rowBox(texts);
          const first = rowBox(texts.slice(0, 1));
          const labels = all && first ? { all, first } : null;
          const { down, across } = scrollFor(visibleBox(scroller, covered), row, labels);
          if (down !== 0) scroller.scrollTop += down;
          if (across !== 0) scroller.scrollLeft += across;
          if (down !== 0) syncHeader();
        }
      }
      placeMarks(root);
    });
    return () => cancelAnimationFrame(frame);
    // `draw`, not `draw.drawn`: a theme switch draws a new SVG of the same drawing, and the marks
    // (inside the host, replaced with it) must be placed on it again.
  }, [draw, cursor, scale, syncHeader]);

  // The sticky actor header: the names measured once per SVG and zoom, shown once the drawing's
  // own actor boxes have scrolled out of view (a scroll only compares two numbers).
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
      // The step's scroll (the frame callback above, run first) may be past the boxes already.
      syncHeader();
    });
    return () => cancelAnimationFrame(frame);
  }, [draw, scale, syncHeader]);
  useEffect(() => {
    const scroller = section.current;
    if (!scroller || !actors) return;
    syncHeader();
    scroller.addEventListener('scroll', syncHeader, { passive: true });
    return () => scroller.removeEventListener('scroll', syncHeader);
  }, [actors, syncHeader]);
  // Only for the SVG and zoom they were measured on (a new one is measured in its first frame).
  const shownActors = actors?.of === draw && actors.scale === scale ? actors.actors.list : null;

  // Escape or Tab give the focus to the diagram (the arrow clicked is not focusable).
  const closeMenu = useCallback((refocus: boolean) => {
    if (refocus) section.current?.focus({ preventScroll: true });
    setMenu(null);
  }, []);
  // A new run (a fault added, another scenario) closes the menu.
  const [menuResult, setMenuResult] = useState(result);
  if (menuResult !== result) {
    setMenuResult(result);
    setMenu(null);
  }

  const onClick = (e: React.MouseEvent) => {
    if (!result || !draw.drawn || !host.current) return;
    const index = messageIndexOf(host.current, e.target as Element);
    const target = arrowTarget(result, draw.drawn.diagram.items, index);
    if (!target) return;
    const scroller = section.current!;
    const box = scroller.getBoundingClientRect();
    setMenu({
      ...target,
      x: e.clientX - box.left - scroller.clientLeft + scroller.scrollLeft,
      y: e.clientY - box.top - scroller.clientTop + scroller.scrollTop,
    });
  };

  // The focused diagram's own keys: Shift+← / → scroll it sideways (← → alone step the run, as
  // everywhere on the page; ↑ ↓ PgUp PgDn scroll it natively), + − 0 f zoom.
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const scroller = e.currentTarget;
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'))
      scroller.scrollLeft += e.key === 'ArrowLeft' ? -SIDEWAYS : SIDEWAYS;
    else if (e.key === '+' || e.key === '=') setZoom(stepZoom(scale, 1));
    else if (e.key === '-') setZoom(stepZoom(scale, -1));
    else if (e.key === '0') setZoom(1);
    else if (e.key === 'f') setZoom('fit');
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const pending = current !== null && draw.drawn !== current && draw.error === null;
  const win = draw.drawn?.window ?? null;
  return (
    <div className="diagram-pane">
      <ZoomBar zoom={zoom} scale={scale} onZoom={setZoom} />
      <section
        ref={section}
        className="diagram"
        aria-label="Sequence diagram"
        aria-description="Scroll with ↑ ↓ Page Up/Down and Shift+← →; zoom with + − 0 (100 %) f (fit width)"
        data-testid="diagram"
        aria-busy={pending}
        // Focusable: a keyboard user scrolls it (and Escape in an arrow's menu comes back here).
        tabIndex={0}
        onKeyDown={onKeyDown}
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
        {shownActors && (
          // The names again over the lifelines, for a reader scrolled past the drawing's own: the
          // drawing has them too (this row is for the eye only). Smaller with a smaller drawing.
          <div
            className={`diagram-actors${headerShown ? ' shown' : ''}`}
            data-testid="diagram-actors"
            aria-hidden="true"
            style={{ fontSize: Math.round(Math.max(9, Math.min(13, 16 * scale))) }}
          >
            {shownActors.map((a, i) => (
              <span key={i} className="diagram-actor" style={{ left: a.left, width: a.width }}>
                {a.name}
              </span>
            ))}
          </div>
        )}
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

/** Fit width, 100 %, − and +: the scale shown between − and +. */
function ZoomBar(props: {
  readonly zoom: Zoom;
  readonly scale: number;
  readonly onZoom: (zoom: Zoom) => void;
}) {
  const { zoom, scale, onZoom } = props;
  const percent = `${Math.round(scale * 100)} %`;
  return (
    <div className="diagram-zoom" role="toolbar" aria-label="Diagram zoom">
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out (−)"
        disabled={scale <= ZOOM_MIN}
        onClick={() => onZoom(stepZoom(scale, -1))}
      >
        −
      </button>
      <output className="diagram-zoom-level" aria-label="Zoom" data-testid="diagram-zoom-level">
        {percent}
      </output>
      <button
        type="button"
        aria-label="Zoom in"
        title="Zoom in (+)"
        disabled={scale >= ZOOM_MAX}
        onClick={() => onZoom(stepZoom(scale, 1))}
      >
        +
      </button>
      <button
        type="button"
        aria-pressed={zoom === 'fit'}
        title="The whole width of the diagram in view (f)"
        onClick={() => onZoom('fit')}
      >
        Fit width
      </button>
      <button
        type="button"
        aria-pressed={zoom === 1}
        title="The diagram as drawn (0)"
        onClick={() => onZoom(1)}
      >
        100 %
      </button>
    </div>
  );
}

/**
 * The fault menu of the arrow clicked (its messages' faults), at the click, moved inside the part
 * of the diagram that shows (it scrolls with the drawing, and the diagram clips what leaves it).
 */
function ArrowMenu(props: {
  readonly menu: Menu;
  readonly busy: boolean;
  readonly scroller: React.RefObject<HTMLElement | null>;
  readonly onClose: (refocus: boolean) => void;
}) {
  const { menu, busy, scroller, onClose } = props;
  const root = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(root, onClose);
  const [place, setPlace] = useState<{
    readonly left: number;
    readonly top: number;
    readonly maxHeight: number | null;
  }>({ left: menu.x, top: menu.y, maxHeight: null });
  useLayoutEffect(() => {
    const el = root.current;
    const view = scroller.current;
    if (!el || !view) return;
    const r = el.getBoundingClientRect();
    const room = visibleBox(view, 0);
    if (room.right <= room.left || room.bottom <= room.top) return;
    // The click, in the window: where the menu's corner is before it is moved.
    const at = { left: r.left, top: r.top, right: r.left, bottom: r.top };
    const p = placePopup(at, { width: r.width, height: r.height }, room);
    setPlace({
      left: menu.x + p.left - r.left,
      top: menu.y + p.top - r.top,
      maxHeight: p.maxHeight,
    });
  }, [menu, scroller]);
  return (
    <div
      ref={root}
      className="arrow-menu fault-popup"
      role="menu"
      tabIndex={-1}
      aria-label={`Faults for step ${menu.step}: ${menu.event.text}`}
      style={{
        left: place.left,
        top: place.top,
        ...(place.maxHeight !== null && { maxHeight: place.maxHeight, overflowY: 'auto' }),
      }}
      onKeyDown={onKeyDown}
    >
      <div className="arrow-menu-head">
        Step {menu.step}: {menu.event.text}
      </div>
      {menu.kinds.length === 0 || menu.event.msgs.length === 0 ? (
        <div className="muted">No per-message fault applies to this arrow.</div>
      ) : (
        menu.event.msgs.map((m) => (
          <div key={m} role="group" aria-label={`${m} at ${menu.cluster}`}>
            {menu.event.msgs.length > 1 && <div className="arrow-menu-msg">{m}</div>}
            <FaultItems
              message={m}
              cluster={menu.cluster}
              kinds={menu.kinds}
              onPick={() => onClose(false)}
              // The fault must catch this arrow: it is placed just before its step.
              before={() => setCursor(menu.step - 1)}
            />
          </div>
        ))
      )}
      {busy && <div className="muted">Running…</div>}
    </div>
  );
}
