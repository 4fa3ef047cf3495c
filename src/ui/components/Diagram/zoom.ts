// The diagram's zoom: "fit width" (the whole drawing as wide as the diagram's view, never larger
// than drawn) or a fixed scale; remembered for the browser tab's session. A wide trace (seed 002's
// eight lifelines are 2,979 px) showed two lanes at a time at 100 %. The SVG is drawn larger or
// smaller by its CSS size (its viewBox scales the drawing), so the scroll area, the marks and the
// sticky actor header follow it as laid out; nothing inside the SVG changes.

export type Zoom = 'fit' | number;

/** The fixed scales − and + move between. */
export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.8, 0.9, 1, 1.25, 1.5, 2];
const KEY = 'dedup-lab-diagram-zoom';
export const ZOOM_MIN = ZOOM_STEPS[0]!;
export const ZOOM_MAX = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

export function readZoom(): Zoom {
  try {
    const saved = sessionStorage.getItem(KEY);
    if (saved === 'fit') return 'fit';
    const n = Number(saved);
    if (saved !== null && Number.isFinite(n) && n >= ZOOM_MIN && n <= ZOOM_MAX) return n;
  } catch {
    // no storage (a sandboxed embed): 100 %
  }
  return 1;
}

export function saveZoom(zoom: Zoom): void {
  try {
    sessionStorage.setItem(KEY, String(zoom));
  } catch {
    // no storage: the zoom holds for this page only
  }
}

/** The next fixed scale above (`+1`) or below (`-1`) `scale`, or `scale` at the end. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const eps = 0.005;
  if (direction > 0) return ZOOM_STEPS.find((s) => s > scale + eps) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - eps) ?? ZOOM_MIN;
}

/** The size Mermaid drew the SVG at (its width and height attributes, else its viewBox). */
function naturalSize(svg: SVGSVGElement): { readonly width: number; readonly height: number } {
  const width = parseFloat(svg.getAttribute('width') ?? '');
  const height = parseFloat(svg.getAttribute('height') ?? '');
  if (width > 0 && height > 0) return { width, height };
  const box = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  return { width: box[2] ?? 0, height: box[3] ?? 0 };
}

/** The width the drawing has in `scroller` (its client width without its padding). */
function roomIn(scroller: HTMLElement): number {
  const style = getComputedStyle(scroller);
  return (
    scroller.clientWidth -
    (parseFloat(style.paddingLeft) || 0) -
    (parseFloat(style.paddingRight) || 0)
  );
}

/**
 * Sizes the SVG in `host` for `zoom` and returns the scale it is drawn at (1 without an SVG, or
 * where nothing is laid out: jsdom). "fit" never enlarges a drawing narrower than the view.
 */
export function applyZoom(host: HTMLElement, scroller: HTMLElement, zoom: Zoom): number {
  const svg = host.querySelector('svg');
  if (!svg) return 1;
  const { width, height } = naturalSize(svg);
  let scale = zoom === 'fit' ? 1 : zoom;
  if (zoom === 'fit') {
    const room = roomIn(scroller);
    if (room > 0 && width > 0) scale = Math.min(1, Math.max(0.05, room / width));
  }
  // Whole pixels: the header is measured on the drawn boxes, and fractions blur the lines.
  const w = scale === 1 || width <= 0 ? '' : `${Math.floor(width * scale)}px`;
  const h = scale === 1 || height <= 0 ? '' : `${Math.floor(height * scale)}px`;
  if (svg.style.width !== w) svg.style.width = w;
  if (svg.style.height !== h) svg.style.height = h;
  return scale;
}
