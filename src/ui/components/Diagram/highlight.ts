// Marks the current step in a rendered sequence diagram. `toMermaid` lists every message and note
// in drawing order with its step; Mermaid draws a message's label (one `text.messageText` per
// wrapped line) and its line (messageShapes.ts), and one `rect.note` (inside its own <g>) per note, in the same order, so the i-th
// message item is the i-th message's shapes. Later steps are dimmed; earlier ones are left as drawn.
//
// Two parts:
// - markStep: the marks themselves, as classes on the shapes (`dl-current`, `dl-future`), which say
//   which shapes belong to the current step and which come later. Stepping is hot (a key press
//   each): the shapes of a drawing are looked up once and each item's mark is remembered, so a
//   step only flips the classes of the shapes whose mark changes.
// - placeMarks: what the eye sees. The classes carry no style: any visible change inside the SVG
//   makes Chromium repaint the whole drawing (thousands of shapes) and re-raster where it changed:
//   at 1000 messages, measured ≈ 0.6 ms of the step's frame, ≈ 1.2 ms of raster and ≈ 0.6 ms of
//   compositing per step (CPU time).
//   Instead a band behind the drawing lights up the current step's rows and a veil over it dims
//   everything below them (the later steps: Mermaid draws items top to bottom in step order), two
//   composited layers that a step only moves (a transform: no paint, no raster).
import type { MermaidItem } from '../../../engine';
import { messageShapes } from './messageShapes';

export const CURRENT = 'dl-current';
export const FUTURE = 'dl-future';
/** The layer (inside the drawing's host, after the SVG) that holds the band and the veil. */
export const LAYER = 'dl-marks';

type Mark = typeof CURRENT | typeof FUTURE | null;

interface Marked {
  readonly items: readonly MermaidItem[];
  /** The drawing the shapes belong to: a new SVG (innerHTML replaced) means a new lookup. */
  readonly svg: Element | null;
  /** Per item: its shapes (first = the one to scroll to) and the mark they carry now. */
  readonly shapes: readonly (readonly Element[])[];
  readonly marks: Mark[];
  /** Per item: its step. */
  readonly steps: readonly number[];
  /** The step marked last (placeMarks shows it). */
  cursor: number;
  /** Per item: its vertical extent in the host, measured the first time placeMarks needs it. */
  readonly boxes: (Box | null | undefined)[];
  /** The band's horizontal extent in the host (spanOf), measured with the first box. */
  span: Span | null;
}

interface Span {
  readonly left: number;
  readonly width: number;
}

interface Box {
  readonly top: number;
  readonly bottom: number;
}

const marked = new WeakMap<Element, Marked>();

function lookUp(root: Element, items: readonly MermaidItem[]): Marked {
  const messages = messageShapes(root);
  const notes = root.querySelectorAll('rect.note');
  let m = 0;
  let n = 0;
  const shapes = items.map((item) => {
    const found =
      item.kind === 'message'
        ? (messages[m++] ?? [])
        : [notes[n]?.parentElement ?? notes[n], notes[n++]];
    return found.filter((el): el is Element => el !== undefined && el !== null);
  });
  // Shapes may already carry marks (another caller, an older marking): start from a clean slate.
  for (const el of root.querySelectorAll(`.${CURRENT}, .${FUTURE}`))
    el.classList.remove(CURRENT, FUTURE);
  return {
    items,
    svg: root.querySelector('svg'),
    shapes,
    marks: items.map(() => null),
    steps: items.map((i) => i.step),
    cursor: -1,
    boxes: [],
    span: null,
  };
}

function current(root: Element, items: readonly MermaidItem[]): Marked {
  const known = marked.get(root);
  if (known && known.items === items && known.svg === root.querySelector('svg')) {
    const first = known.shapes.find((s) => s.length > 0)?.[0];
    if (!first || root.contains(first)) return known;
  }
  const fresh = lookUp(root, items);
  marked.set(root, fresh);
  return fresh;
}

/**
 * Marks the current step (and dims the later ones), flipping only the shapes whose mark changes.
 * Returns the first shape of the current step (or the last shape before it) to scroll to.
 */
export function markStep(
  root: Element,
  items: readonly MermaidItem[],
  cursor: number,
): Element | null {
  const m = current(root, items);
  m.cursor = cursor;
  let anchor: Element | null = null;
  let before: Element | null = null;
  for (let i = 0; i < m.steps.length; i++) {
    const step = m.steps[i]!;
    const want: Mark = step === cursor ? CURRENT : step > cursor ? FUTURE : null;
    const shapes = m.shapes[i]!;
    if (m.marks[i] !== want) {
      const had = m.marks[i];
      for (const el of shapes) {
        if (had) el.classList.remove(had);
        if (want) el.classList.add(want);
      }
      m.marks[i] = want;
    }
    const first = shapes[0] ?? null;
    if (step === cursor) anchor ??= first;
    else if (step < cursor) before = first;
  }
  return anchor ?? before;
}

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
  const m = marked.get(root);
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

/** The shapes of the step markStep marked last (all its messages and notes), to bring into view. */
export function currentShapes(root: Element): readonly Element[] {
  const m = marked.get(root);
  if (!m) return [];
  return m.steps.flatMap((step, i) => (step === m.cursor ? m.shapes[i]! : []));
}

/** Forgets the shapes' measured boxes (the drawing was resized: a zoom); placeMarks re-measures. */
export function forgetLayout(root: Element): void {
  const m = marked.get(root);
  if (!m) return;
  m.boxes.length = 0;
  m.span = null;
}
