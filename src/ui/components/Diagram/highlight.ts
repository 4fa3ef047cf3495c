// Marks the current step in a rendered sequence diagram. `toMermaid` lists every message and note
// in drawing order with its step; Mermaid draws a message's label (one `text.messageText` per
// wrapped line) and its line (messageShapes.ts), and one `rect.note` (inside its own <g>) per note, in the same order, so the i-th
// message item is the i-th message's shapes. Later steps are dimmed; earlier ones are left as drawn.
//
// The marks themselves, as classes on the shapes (`dl-current`, `dl-future`), say which shapes
// belong to the current step and which come later. Stepping is hot (a key press each): the shapes
// of a drawing are looked up once and each item's mark is remembered, so a step only flips the
// classes of the shapes whose mark changes. The classes carry no style: what the eye sees is
// placeMarks.ts's band and veil, which read the marks kept here (markedOf).
import type { MermaidItem } from '../../../engine';
import { messageShapes } from './messageShapes';

export const CURRENT = 'dl-current';
export const FUTURE = 'dl-future';

type Mark = typeof CURRENT | typeof FUTURE | null;

export interface Marked {
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

export interface Span {
  readonly left: number;
  readonly width: number;
}

export interface Box {
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

/** The marks markStep set last on this drawing's host, with placeMarks' measures of them. */
export function markedOf(root: Element): Marked | undefined {
  return marked.get(root);
}

/** The shapes of the step markStep marked last (all its messages and notes), to bring into view. */
export function currentShapes(root: Element): readonly Element[] {
  const m = marked.get(root);
  if (!m) return [];
  return m.steps.flatMap((step, i) => (step === m.cursor ? m.shapes[i]! : []));
}
