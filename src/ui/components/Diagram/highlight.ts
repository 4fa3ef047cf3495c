// Marks the current step in a rendered sequence diagram. `toMermaid` lists every message and note
// in drawing order with its step; Mermaid draws one `text.messageText` + one message line per
// message and one `rect.note` (inside its own <g>) per note, in the same order, so the i-th
// message item is the i-th message text. Later steps are dimmed; earlier ones are left as drawn.
import type { MermaidItem } from '../../../engine';

export const CURRENT = 'dl-current';
export const FUTURE = 'dl-future';

/** Returns the first shape of the current step (or the last shape before it) to scroll to. */
export function markStep(
  root: Element,
  items: readonly MermaidItem[],
  cursor: number,
): Element | null {
  const texts = root.querySelectorAll('text.messageText');
  const lines = root.querySelectorAll('.messageLine0, .messageLine1');
  const notes = root.querySelectorAll('rect.note');
  for (const el of root.querySelectorAll(`.${CURRENT}, .${FUTURE}`))
    el.classList.remove(CURRENT, FUTURE);

  let m = 0;
  let n = 0;
  let anchor: Element | null = null;
  let before: Element | null = null;
  for (const item of items) {
    const shapes =
      item.kind === 'message'
        ? [texts[m], lines[m++]]
        : [notes[n]?.parentElement ?? notes[n], notes[n++]];
    const cls = item.step === cursor ? CURRENT : item.step > cursor ? FUTURE : null;
    for (const el of shapes) if (el && cls) el.classList.add(cls);
    const first = shapes[0] ?? null;
    if (item.step === cursor) anchor ??= first;
    if (item.step < cursor) before = first;
  }
  return anchor ?? before;
}
