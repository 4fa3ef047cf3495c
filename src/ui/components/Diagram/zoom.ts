// The diagram's zoom: "auto" (the default: fit width, but never smaller than AUTO_MIN, where the
// labels stop being readable), "fit width" (the whole drawing as wide as the diagram's view, never
// larger than drawn) or a fixed scale; remembered for the browser tab's session. A wide trace (seed
// 002's eight lifelines are 2,979 px) showed two lanes at a time at 100 %; at 1024 × 700 seed 001's
// 3,224 px showed one (review 7), and fit width there is 20 %, 3 px text. The SVG is drawn larger or
// smaller by its CSS size (its viewBox scales the drawing), so the scroll area, the marks and the
// sticky actor header follow it as laid out; nothing inside the SVG changes.

export type Zoom = 'auto' | 'fit' | number;

/** The fixed scales − and + move between. */
export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.8, 0.9, 1, 1.25, 1.5, 2];
const KEY = 'dedup-lab-diagram-zoom';
export const ZOOM_MIN = ZOOM_STEPS[0]!;
export const ZOOM_MAX = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
/**
 * The smallest scale "auto" draws at: Mermaid's 16 px message labels at 10.7 px and 14 px notes at
 * 9.4 px, still read without zooming in; a drawing that needs less to fit is scrolled sideways.
 */
export const AUTO_MIN = 0.67;

export function readZoom(): Zoom {
  try {
    const saved = sessionStorage.getItem(KEY);
    if (saved === 'fit' || saved === 'auto') return saved;
    const n = Number(saved);
    if (saved !== null && Number.isFinite(n) && n >= ZOOM_MIN && n <= ZOOM_MAX) return n;
  } catch {
    // no storage (a sandboxed embed): auto
  }
  return 'auto';
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
 * The scale `zoom` draws a drawing `width` px wide at in `room` px of view: "fit" and "auto" never
 * enlarge a drawing narrower than the view, and "auto" stops shrinking at AUTO_MIN. Nothing laid
 * out (room 0: jsdom) draws at 1.
 */
export function scaleFor(zoom: Zoom, width: number, room: number): number {
  if (typeof zoom === 'number') return zoom;
  if (room <= 0 || width <= 0) return 1;
  const fit = Math.min(1, Math.max(0.05, room / width));
  return zoom === 'fit' ? fit : Math.max(fit, AUTO_MIN);
}

/**
 * Sizes the SVG in `host` for `zoom` and returns the scale it is drawn at (1 without an SVG, or
 * where nothing is laid out: jsdom).
 */
export function applyZoom(host: HTMLElement, scroller: HTMLElement, zoom: Zoom): number {
  const svg = host.querySelector('svg');
  if (!svg) return 1;
  const { width, height } = naturalSize(svg);
  const scale = scaleFor(zoom, width, typeof zoom === 'number' ? 0 : roomIn(scroller));
  // Whole pixels: the header is measured on the drawn boxes, and fractions blur the lines.
  const w = scale === 1 || width <= 0 ? '' : `${Math.floor(width * scale)}px`;
  const h = scale === 1 || height <= 0 ? '' : `${Math.floor(height * scale)}px`;
  if (svg.style.width !== w) svg.style.width = w;
  if (svg.style.height !== h) svg.style.height = h;
  return scale;
}
