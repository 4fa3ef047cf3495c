// What the eye sees of the step marks (highlight.ts). Any visible change inside the SVG makes
// Chromium repaint the whole drawing (thousands of shapes) and re-raster where it changed: at 1000
// messages, measured ≈ 0.6 ms of the step's frame, ≈ 1.2 ms of raster and ≈ 0.6 ms of compositing
// per step (CPU time). Instead a band behind the drawing lights up the current step's rows and a
// veil over it dims everything below them (the later steps: Mermaid draws items top to bottom in
// step order), two composited layers that a step only moves (a transform: no paint, no raster).
import { markedOf, type Box, type Span } from './highlight';

/** The layer (inside the drawing's host, after the SVG) that holds the band and the veil. */
export const LAYER = 'dl-marks';

function layerOf(root: Element): { readonly band: HTMLElement; readonly veil: HTMLElement } {
  let layer = root.querySelector<HTMLElement>(`:scope > .${LAYER}`);
  if (!layer) {
    layer = document.createElement('div');
    layer.className = LAYER;
    layer.setAttribute('aria-hidden', 'true');
    const band = document.createElement('div');
    band.className = 'dl-band';
    const veil = document.createElement('div');
    veil.className = 'dl-veil';
    layer.append(band, veil);
    root.append(layer);
  }
  return {
    band: layer.querySelector<HTMLElement>('.dl-band')!,
    veil: layer.querySelector<HTMLElement>('.dl-veil')!,
  };
}

/**
 * Where the band lies across: as wide as the violation band Mermaid draws (a `rect` block, which
 * toMermaid writes only around a violating step: its class `rect`), so that at a violation both
 * bands have one width (UX review 13, finding 10: the band spanned the scroll area, wider than the
 * drawing, the pink one only the lanes); the union if there are several. A drawing without one:
 * the drawing's width (the SVG), not the view's.
 */
function spanOf(svg: Element, host: DOMRect): Span {
  const rects = [...svg.querySelectorAll('rect.rect')].map((r) => r.getBoundingClientRect());
  const boxes = rects.length > 0 ? rects : [svg.getBoundingClientRect()];
  const left = Math.min(...boxes.map((b) => b.left)) - host.left;
  const right = Math.max(...boxes.map((b) => b.right)) - host.left;
  return { left, width: Math.max(0, right - left) };
}

function setTransform(el: HTMLElement, transform: string): void {
  if (el.style.transform !== transform) el.style.transform = transform;
}

/**
 * Shows the marks markStep set last: the band behind the current step's shapes and the veil from
 * the first later step down. Reads the layout (the shapes' boxes, once per item and drawing): call
 * it where the frame lays out anyway, in a requestAnimationFrame callback.
 */
export function placeMarks(root: Element): void {
  const m = markedOf(root);
  if (!m || !m.svg || !root.contains(m.svg)) return;
  const { band, veil } = layerOf(root);
  const host = root.getBoundingClientRect();
  const box = (i: number): Box | null => {
    const known = m.boxes[i];
    if (known !== undefined) return known;
    let top = Infinity;
    let bottom = -Infinity;
    for (const el of m.shapes[i]!) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      top = Math.min(top, r.top - host.top);
      bottom = Math.max(bottom, r.bottom - host.top);
    }
    const b = top <= bottom ? { top, bottom } : null;
    m.boxes[i] = b;
    return b;
  };
  let bandTop = Infinity;
  let bandBottom = -Infinity;
  let lastBefore: Box | null = null;
  let veilTop = host.height;
  for (let i = 0; i < m.steps.length; i++) {
    const step = m.steps[i]!;
    if (step > m.cursor) {
      const b = box(i);
      if (!b) continue;
      // From just above the first later item, not over what comes before it.
      veilTop =
        lastBefore && lastBefore.bottom < b.top ? Math.max(lastBefore.bottom, b.top - 6) : b.top;
      break;
    }
    // Only the items next to the cursor are measured: the current step's and the one before it.
    const next = m.steps[i + 1];
    if (step < m.cursor && next !== undefined && next < m.cursor) continue;
    const b = box(i);
    if (!b) continue;
    lastBefore = b;
    if (step === m.cursor) {
      bandTop = Math.min(bandTop, b.top);
      bandBottom = Math.max(bandBottom, b.bottom);
    }
  }
  m.span ??= spanOf(m.svg, host);
  const left = `${m.span.left}px`;
  const width = `${m.span.width}px`;
  if (band.style.left !== left) band.style.left = left;
  if (band.style.width !== width) band.style.width = width;
  const pad = 3;
  setTransform(
    band,
    bandTop <= bandBottom
      ? `translateY(${bandTop - pad}px) scaleY(${Math.max(0, Math.min(bandBottom + pad, veilTop) - (bandTop - pad))})`
      : 'scaleY(0)',
  );
  setTransform(veil, `translateY(${veilTop}px)`);
}

/** Forgets the shapes' measured boxes (the drawing was resized: a zoom); placeMarks re-measures. */
export function forgetLayout(root: Element): void {
  const m = markedOf(root);
  if (!m) return;
  m.boxes.length = 0;
  m.span = null;
}
