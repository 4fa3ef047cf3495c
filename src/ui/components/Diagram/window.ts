// Long traces: Mermaid costs ~1.1 ms per message and, past its text limit (50,000 characters),
// draws an error picture instead of the diagram (toolchain.md §5). Above the limit the diagram
// shows a window of steps around the cursor, sized to fit, and is redrawn only when the cursor
// leaves it.
import { toMermaid, type MermaidDiagram, type RenderInput } from '../../../engine';

/** Mermaid's own default `maxTextSize`: longer sources get the error picture. */
export const MERMAID_MAX_TEXT = 50_000;

export interface StepWindow {
  readonly from: number;
  readonly to: number;
  /** The last step of the whole trace. */
  readonly last: number;
}

export interface Drawing {
  readonly diagram: MermaidDiagram;
  /** null: the whole trace is drawn. */
  readonly window: StepWindow | null;
}

export const inWindow = (w: StepWindow | null, cursor: number): boolean =>
  w === null || (cursor >= w.from - (w.from === 1 ? 1 : 0) && cursor <= w.to);

/**
 * The whole trace when its source fits in `budget` characters; otherwise the largest window of
 * steps around `cursor` (a third before it, the rest after, so stepping forward stays inside
 * longer) whose source fits.
 */
export function drawingFor(
  result: RenderInput,
  cursor: number,
  budget = MERMAID_MAX_TEXT,
  full: MermaidDiagram = toMermaid(result),
  style: { readonly violationFill?: string } = {},
): Drawing {
  if (full.text.length <= budget) return { diagram: full, window: null };
  const last = result.steps.length - 1;
  // First guess from the average step size, with room for the header; halve until it fits.
  let size = Math.max(1, Math.floor((last * budget * 0.9) / full.text.length));
  for (;;) {
    const from = Math.max(1, Math.min(cursor - Math.floor(size / 3), last - size + 1));
    const to = Math.min(last, from + size - 1);
    const diagram = toMermaid(result, { ...style, from, to });
    if (diagram.text.length <= budget || size === 1) return { diagram, window: { from, to, last } };
    size = Math.max(1, Math.floor(size / 2));
  }
}

/** Mermaid's error picture (what it draws for a source it refuses), as opposed to a diagram. */
export const isErrorPicture = (svg: string): boolean =>
  /aria-roledescription="error"/.test(svg) || /Maximum text size in diagram exceeded/.test(svg);
