// The run as a Mermaid sequence diagram, rendered once per run result (or per window of a long
// trace); moving the cursor only re-marks shapes (highlight.ts), which is cheap, instead of
// re-rendering Mermaid per step. A trace whose source is too long for Mermaid is drawn as a window
// of steps around the cursor, redrawn only when the cursor leaves it (window.ts). Clicking a row
// moves the cursor to its step (clickedStep.ts); an arrow or its label also opens the fault menu
// for the messages it carries (arrows.ts). The zoom
// (zoom.ts) sizes the drawing; the scroll area takes the focus, so the keyboard scrolls it too.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toMermaid, type RunResult } from '../../../engine';
import { setCursor, useApp } from '../../store';
import { ArrowMenu, type Menu } from './ArrowMenu';
import { arrowTarget, messageIndexOf } from './arrows';
import { clickedStep } from './clickedStep';
import './diagram.css';
import { labelsOf, measureActors, rowBox, scrollFor, visibleBox, type Actors } from './geometry';
import { currentShapes, forgetLayout, markStep, placeMarks } from './highlight';
import { renderSvg } from './loadMermaid';
import { drawingFor, inWindow, isErrorPicture, MERMAID_MAX_TEXT, type Drawing } from './window';
import { applyZoom, readZoom, saveZoom, stepZoom, type Zoom } from './zoom';
import { ZoomBar } from './ZoomBar';

type DrawState = { readonly drawn: Drawing | null; readonly error: string | null };
type Chosen = {
  readonly result: RunResult;
  readonly budget: number;
  readonly dark: boolean;
  readonly drawing: Drawing;
};

/** The violation band in the dark theme (its --bad-soft): the light pink under light text was unreadable. */
export const DARK_VIOLATION_FILL = 'rgb(61, 28, 31)';

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
  if (stale)
    setChosen({ result, budget, dark, drawing: drawingFor(result, cursor, budget, full, style) });
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

  // The zoom: the SVG sized before the frame is painted; "fit" and "auto" again whenever the view's
  // width changes. The marks' cached boxes are of the old size: forgotten (they are measured again).
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
    if (typeof zoom === 'number' || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth !== width) apply();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [draw, zoom]);

  // The sticky actor header's state (below): kept here so that a scroll made by the step below
  // shows or hides it in the same frame.
  const gone = useRef<number | null>(null);
  /** The step a click on the diagram moved the cursor to, until the step's effect has seen it. */
  const clickedTo = useRef<number | null>(null);
  const [headerShown, setHeaderShown] = useState(false);
  /** The header strip's row of names: moved sideways with the drawing (a style write, no render). */
  const headerRow = useRef<HTMLDivElement>(null);
  const syncHeader = useCallback(() => {
    const scroller = section.current;
    if (!scroller) return;
    if (headerRow.current)
      headerRow.current.style.transform = `translateX(${-scroller.scrollLeft}px)`;
    if (gone.current !== null) setHeaderShown(scroller.scrollTop > gone.current);
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
    // A step reached by a click on its row is in view already: scrolling would move the row (and
    // the fault menu opened at the click) from under the pointer — at 1024 px an arrow's menu
    // ended half outside the diagram's left edge.
    const byClick = clickedTo.current === cursor;
    clickedTo.current = null;
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const scroller = section.current;
      if (anchor?.isConnected && scroller) {
        const shapes = currentShapes(root);
        const row = rowBox(shapes.length > 0 ? shapes : [anchor]);
        // The long-trace note sticks to the top of the view; the actor header is above the view.
        const sticky = scroller.querySelector<HTMLElement>('.diagram-window');
        const covered = sticky?.offsetHeight ?? 0;
        if (row && !byClick) {
          const texts = labelsOf(shapes);
          const all = rowBox(texts);
          const first = rowBox(texts.slice(0, 1));
          // A VIOLATION note (drawn over every lane) is the text of its step worth showing whole.
          const violation = rowBox(
            labelsOf(
              shapes.filter((el) => el.textContent?.trimStart().startsWith('VIOLATION ') ?? false),
            ),
          );
          const boxes = texts.flatMap((t) => {
            const b = rowBox([t]);
            return b ? [b] : [];
          });
          const labels = all && first ? { all, first, violation, texts: boxes } : null;
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

  // The actor header: the names measured once per SVG and zoom, shown once the drawing's own actor
  // boxes have scrolled out of view (a scroll only compares two numbers and moves the row).
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

  // Escape, Tab or a fault chosen give the focus to the diagram (the arrow clicked is not
  // focusable): a choice left it on <body>, so the step keys' place on the page was lost.
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

  // A click on a row (a message or a note) moves the cursor to its step; an arrow also opens the
  // fault menu of the messages it carries.
  const onClick = (e: React.MouseEvent) => {
    if (!result || !draw.drawn || !host.current) return;
    const step = clickedStep(host.current, draw.drawn.diagram.items, e.target as Element);
    if (step !== null && step !== cursor) {
      clickedTo.current = step;
      setCursor(step);
    }
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
  // everywhere on the page; ↑ ↓ PgUp PgDn scroll it natively), + − 0 f a zoom.
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const scroller = e.currentTarget;
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'))
      scroller.scrollLeft += e.key === 'ArrowLeft' ? -SIDEWAYS : SIDEWAYS;
    else if (e.key === '+' || e.key === '=') setZoom(stepZoom(scale, 1));
    else if (e.key === '-') setZoom(stepZoom(scale, -1));
    else if (e.key === '0') setZoom(1);
    else if (e.key === 'f') setZoom('fit');
    else if (e.key === 'a') setZoom('auto');
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const pending = current !== null && draw.drawn !== current && draw.error === null;
  const win = draw.drawn?.window ?? null;
  return (
    <div className="diagram-pane">
      <ZoomBar zoom={zoom} scale={scale} onZoom={setZoom} />
      {/* The names again over the lifelines, for a reader scrolled past the drawing's own: a strip
          of its own above the scroll area, not over it, so that it never hides a row's label (as
          a sticky row inside it did: "16 · OK for 3:1" under "local ledger" at seed 001's
          violation, review 7). The drawing has the names too (this row is for the eye only). */}
      <div
        className={`diagram-actors${headerShown && shownActors ? ' shown' : ''}`}
        data-testid="diagram-actors"
        aria-hidden="true"
        style={{ fontSize: Math.round(Math.max(9, Math.min(13, 16 * scale))) }}
      >
        <div ref={headerRow} className="diagram-actors-row">
          {shownActors?.map((a, i) => (
            <span key={i} className="diagram-actor" style={{ left: a.left, width: a.width }}>
              {a.name}
            </span>
          ))}
        </div>
      </div>
      <section
        ref={section}
        className="diagram"
        aria-label="Sequence diagram"
        aria-description="Scroll with ↑ ↓ Page Up/Down and Shift+← →; zoom with + − 0 (100 %) f (fit width) a (auto)"
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
