// What the diagram draws, and its SVG. The whole trace, or a window of steps around the cursor
// (window.ts) for a source too long for Mermaid, chosen during render (React's "adjust state when
// props change"), so a new window is chosen only when the cursor leaves it. Mermaid renders it
// (loadMermaid.ts) into the host; a source it still refuses is drawn as a smaller window.
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { toMermaid, type RunResult } from '../../../engine';
import { renderSvg } from './loadMermaid';
import { drawingFor, inWindow, isErrorPicture, MERMAID_MAX_TEXT, type Drawing } from './window';
import { applyZoom, type Zoom } from './zoom';

/** The drawing whose SVG is in the host (null until one is), or why it could not be drawn. */
export type DrawState = { readonly drawn: Drawing | null; readonly error: string | null };
type Chosen = {
  readonly result: RunResult;
  readonly budget: number;
  readonly dark: boolean;
  readonly drawing: Drawing;
};

/** The violation band in the dark theme (its --bad-soft): the light pink under light text was unreadable. */
export const DARK_VIOLATION_FILL = 'rgb(61, 28, 31)';

export function useDrawing(props: {
  readonly result: RunResult | null;
  readonly cursor: number;
  readonly dark: boolean;
  readonly host: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
  /** The zoom a new SVG is sized at before its first frame. */
  readonly zoomRef: RefObject<Zoom>;
}) {
  const { result, cursor, dark, host, section, zoomRef } = props;
  const style = useMemo(() => (dark ? { violationFill: DARK_VIOLATION_FILL } : {}), [dark]);
  const full = useMemo(() => (result ? toMermaid(result, style) : null), [result, style]);
  // Lowered when Mermaid still draws its error picture for a source under the limit.
  const [budget, setBudget] = useState(MERMAID_MAX_TEXT);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [draw, setDraw] = useState<DrawState>({ drawn: null, error: null });

  // What to draw: the whole trace, or a window that contains the cursor.
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
        // Sized at once (no frame at 100 % first); useZoomLayout keeps it sized.
        if (section.current) applyZoom(host.current, section.current, zoomRef.current);
        setDraw({ drawn: current, error: null });
      },
      (e: unknown) =>
        !gone && setDraw({ drawn: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      gone = true;
    };
  }, [current, dark, host, section, zoomRef]);

  return { current, draw };
}
