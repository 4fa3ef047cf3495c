// Where the current step's arrows lie across: both ends (the box around their lines) and the end
// each starts from (its sender's lifeline). At a VIOLATION step the note spans every lane, so the
// row never fits the view, and the sideways scroll showed the note's text and the step's labels
// but not always where the arrow went: seed 002's step 28 at 1024 px cut the receipt's broker-2 end,
// seed 001's step 17 at 1280 px the metadata store's (UX review 20, finding 5). scrollFor adds
// these to what it shows when they fit: both ends, else the start. Pure DOM reads, no React.
import type { Box } from './geometry';

/** A Mermaid message line (`line.messageLine0/1`) or a self-message's `path`. */
const isArrow = (el: Element): boolean =>
  /\bmessageLine[01]\b/.test(el.getAttribute('class') ?? '');

/** The x the line is drawn from, as an attribute (the drawing's units): its sender's end. */
const startsLeft = (el: Element): boolean => {
  const x1 = Number(el.getAttribute('x1'));
  const x2 = Number(el.getAttribute('x2'));
  return !(Number.isFinite(x1) && Number.isFinite(x2) && x2 < x1);
};

export interface ArrowEnds {
  /** Both ends of every arrow of the step. */
  readonly both: Box;
  /** The first arrow's starting end: a box 0 px wide on its sender's lifeline. */
  readonly start: Box;
}

/** The step's arrows among its shapes, measured; null when it has none (a note, a log line). */
export function arrowEnds(shapes: readonly Element[]): ArrowEnds | null {
  let both: Box | null = null;
  let start: Box | null = null;
  for (const el of shapes) {
    if (!isArrow(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const box = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    both = both ? union(both, box) : box;
    if (!start) {
      const x = startsLeft(el) ? r.left : r.right;
      start = { top: r.top, bottom: r.bottom, left: x, right: x };
    }
  }
  return both && start ? { both, start } : null;
}

export const union = (a: Box, b: Box): Box => ({
  top: Math.min(a.top, b.top),
  bottom: Math.max(a.bottom, b.bottom),
  left: Math.min(a.left, b.left),
  right: Math.max(a.right, b.right),
});

/** `box` with the arrows' both ends when that fits, else with their start, else `box` alone. */
export function withArrow(
  box: Box,
  arrow: ArrowEnds | null | undefined,
  fits: (b: Box) => boolean,
): Box {
  if (!arrow) return box;
  const both = union(box, arrow.both);
  if (fits(both)) return both;
  const start = union(box, arrow.start);
  return fits(start) ? start : box;
}
