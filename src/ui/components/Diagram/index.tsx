// The run as a Mermaid sequence diagram, rendered once per run result (or per window of a long
// trace); moving the cursor only re-marks shapes (highlight.ts), which is cheap, instead of
// re-rendering Mermaid per step. A trace whose source is too long for Mermaid is drawn as a window
// of steps around the cursor, redrawn only when the cursor leaves it (window.ts). Clicking an
// arrow or its label opens the fault menu for the messages it carries (arrows.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toMermaid, type RunResult } from '../../../engine';
import { setCursor, useApp } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems } from '../FaultPlan/FaultMenu';
import { arrowTarget, messageIndexOf, type ArrowTarget } from './arrows';
import './diagram.css';
import { markStep, placeMarks } from './highlight';
import { renderSvg } from './loadMermaid';
import { drawingFor, inWindow, isErrorPicture, MERMAID_MAX_TEXT, type Drawing } from './window';

type DrawState = { readonly drawn: Drawing | null; readonly error: string | null };
type Chosen = {
  readonly result: RunResult;
  readonly budget: number;
  readonly drawing: Drawing;
};
type Menu = ArrowTarget & { readonly x: number; readonly y: number };

/** The part of the scrolling diagram that shows (its box, within the window). */
function visibleBox(scroller: Element) {
  const box = scroller.getBoundingClientRect();
  return {
    top: Math.max(box.top, 0),
    bottom: Math.min(box.bottom, window.innerHeight),
    left: Math.max(box.left, 0),
    right: Math.min(box.right, window.innerWidth),
  };
}

const MARGIN = 32;

/** The shape is inside the scrolling diagram's visible box (and the window's), with a margin. */
function inView(scroller: Element, el: Element): boolean {
  const v = visibleBox(scroller);
  const r = el.getBoundingClientRect();
  // Across, some of it showing is enough: a label wider than the view would scroll every step.
  return (
    r.top >= v.top + MARGIN && r.bottom <= v.bottom - MARGIN && r.right > v.left && r.left < v.right
  );
}

/**
 * Scrolls the diagram so that `el` shows a quarter of the view in from the edge it left by: the
 * next steps in the same direction then have the rest of the view before the next scroll. (Every
 * scroll makes Chromium raster the view anew, and the step after it waits for that: centring
 * scrolled every third step of a long trace, this every fifth.)
 */
function bringIntoView(scroller: HTMLElement, el: Element): void {
  const v = visibleBox(scroller);
  const r = el.getBoundingClientRect();
  const quarter = (v.bottom - v.top) / 4;
  if (r.top < v.top + MARGIN || r.bottom > v.bottom - MARGIN) {
    const target = r.bottom > v.bottom - MARGIN ? v.top + quarter : v.bottom - quarter - r.height;
    scroller.scrollTop += r.top - target;
  }
  if (r.right <= v.left) scroller.scrollLeft -= v.left - r.left + MARGIN;
  else if (r.left >= v.right) scroller.scrollLeft += r.right - v.right + MARGIN;
}

export function Diagram() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const dark = useApp((s) => s.theme === 'dark');
  const busy = useApp((s) => s.status === 'running');
  const full = useMemo(() => (result ? toMermaid(result) : null), [result]);
  // Lowered when Mermaid still draws its error picture for a source under the limit.
  const [budget, setBudget] = useState(MERMAID_MAX_TEXT);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const [draw, setDraw] = useState<DrawState>({ drawn: null, error: null });

  // What to draw: the whole trace, or a window that contains the cursor. Derived during render
  // (React's "adjust state when props change"), so a new window is chosen only when needed.
  const stale =
    result !== null &&
    full !== null &&
    (chosen === null ||
      chosen.result !== result ||
      chosen.budget !== budget ||
      !inWindow(chosen.drawing.window, cursor));
  if (stale) setChosen({ result, budget, drawing: drawingFor(result, cursor, budget, full) });
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
        setDraw({ drawn: current, error: null });
      },
      (e: unknown) =>
        !gone && setDraw({ drawn: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      gone = true;
    };
  }, [current, dark]);

  useEffect(() => {
    if (!draw.drawn || !host.current) return;
    // Mark now (class flips only: no layout read); show the marks and scroll in the step's own
    // frame: reading the layout here, right after React's commit, would force a style + layout
    // pass that the frame then does again; in the frame callback it is the frame's only one.
    // Scroll only when the current step is out of view (bringIntoView).
    const root = host.current;
    const anchor = markStep(root, draw.drawn.diagram.items, cursor);
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      if (anchor?.isConnected && section.current && !inView(section.current, anchor))
        bringIntoView(section.current, anchor);
      placeMarks(root);
    });
    return () => cancelAnimationFrame(frame);
    // `draw`, not `draw.drawn`: a theme switch draws a new SVG of the same drawing, and the marks
    // (inside the host, replaced with it) must be placed on it again.
  }, [draw, cursor]);

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
    const box = section.current!.getBoundingClientRect();
    setMenu({
      ...target,
      x: e.clientX - box.left + section.current!.scrollLeft,
      y: e.clientY - box.top + section.current!.scrollTop,
    });
  };

  const pending = current !== null && draw.drawn !== current && draw.error === null;
  const win = draw.drawn?.window ?? null;
  return (
    <section
      ref={section}
      className="diagram"
      aria-label="Sequence diagram"
      data-testid="diagram"
      aria-busy={pending}
      tabIndex={-1}
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
          onClose={closeMenu}
        />
      )}
    </section>
  );
}

/** The fault menu of the arrow clicked (its messages' faults), at the click. */
function ArrowMenu(props: {
  readonly menu: Menu;
  readonly busy: boolean;
  readonly onClose: (refocus: boolean) => void;
}) {
  const { menu, busy, onClose } = props;
  const root = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(root, onClose);
  return (
    <div
      ref={root}
      className="arrow-menu fault-popup"
      role="menu"
      tabIndex={-1}
      aria-label={`Faults for step ${menu.step}: ${menu.event.text}`}
      style={{ left: menu.x, top: menu.y }}
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
