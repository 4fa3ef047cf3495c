// The run as a Mermaid sequence diagram, rendered once per run result (or per window of a long
// trace); moving the cursor only re-marks shapes (highlight.ts), which is cheap, instead of
// re-rendering Mermaid per step. A trace whose source is too long for Mermaid is drawn as a window
// of steps around the cursor, redrawn only when the cursor leaves it (window.ts). Clicking an
// arrow or its label opens the fault menu for the messages it carries (arrows.ts).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toMermaid, type RunResult } from '../../../engine';
import { setCursor, useApp } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems, placePopup } from '../FaultPlan/FaultMenu';
import { arrowTarget, messageIndexOf, type ArrowTarget } from './arrows';
import './diagram.css';
import { currentShapes, markStep, placeMarks } from './highlight';
import { renderSvg } from './loadMermaid';
import { drawingFor, inWindow, isErrorPicture, MERMAID_MAX_TEXT, type Drawing } from './window';

type DrawState = { readonly drawn: Drawing | null; readonly error: string | null };
type Chosen = {
  readonly result: RunResult;
  readonly budget: number;
  readonly drawing: Drawing;
};
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
    // Scroll only when the current step's row is not in view (scrollFor).
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
        }
      }
      placeMarks(root);
    });
    return () => cancelAnimationFrame(frame);
    // `draw`, not `draw.drawn`: a theme switch draws a new SVG of the same drawing, and the marks
    // (inside the host, replaced with it) must be placed on it again.
  }, [draw, cursor]);

  // The sticky actor header: the names measured once per SVG, shown once the drawing's own actor
  // boxes have scrolled out of view (a scroll only compares two numbers).
  const [actors, setActors] = useState<{ readonly of: DrawState; readonly actors: Actors } | null>(
    null,
  );
  const [headerShown, setHeaderShown] = useState(false);
  useEffect(() => {
    if (!draw.drawn || typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const measured =
        section.current && host.current ? measureActors(section.current, host.current) : null;
      setActors(measured ? { of: draw, actors: measured } : null);
    });
    return () => cancelAnimationFrame(frame);
  }, [draw]);
  useEffect(() => {
    const scroller = section.current;
    if (!scroller || !actors) return;
    const { gone } = actors.actors;
    const onScroll = () => setHeaderShown(scroller.scrollTop > gone);
    onScroll();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [actors]);
  // Only for the SVG they were measured on (a new one is measured in its first frame).
  const shownActors = actors?.of === draw ? actors.actors.list : null;

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
      {shownActors && (
        // The names again over the lifelines, for a reader scrolled past the drawing's own: the
        // drawing has them too (this row is for the eye only).
        <div
          className={`diagram-actors${headerShown ? ' shown' : ''}`}
          data-testid="diagram-actors"
          aria-hidden="true"
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
