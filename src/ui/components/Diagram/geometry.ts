// The diagram's geometry, measured in the rendered SVG: the part of the drawing that shows, the box
// around a step's shapes, how far to scroll to show it, and Mermaid's actor boxes for the sticky
// header. Pure DOM reads, no React.
import { union, withArrow, type ArrowEnds } from './arrowEnds';

export type Box = {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
};

/**
 * The part of the scrolling diagram that shows (its client box without the scrollbars, within the
 * window), below the sticky actor header (`header` px tall when shown).
 */
export function visibleBox(scroller: HTMLElement, header: number): Box {
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
export function rowBox(shapes: readonly Element[]): Box | null {
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

/**
 * How far to scroll across so that [left, right] shows whole (it fits), or its left end. With
 * `pull` (how far the view may still move left: its scrollLeft), the view goes as far left as
 * still shows it instead of moving the least: the lanes on the left — the clients, the lane
 * labels — come back once a step no longer needs the right. Stepping seed 001 to step 17 at 1280
 * px, step 15's arrow to the metadata store had pushed the view 227 px right, and no later step
 * brought p1's and broker-1's lanes back (review 11, finding 7).
 */
function acrossFor(v: Box, r: Box, pull: number | null): number {
  if (r.right - r.left > v.right - v.left - 2 * SIDE) {
    const leftEnd = r.left - (v.left + SIDE);
    if (pull !== null) return Math.max(-pull, leftEnd);
    return r.left < v.left || r.left > (v.left + v.right) / 2 ? leftEnd : 0;
  }
  if (pull !== null)
    return Math.min(r.left - (v.left + SIDE), Math.max(-pull, r.right - (v.right - SIDE)));
  if (r.left < v.left + SIDE) return r.left - (v.left + SIDE);
  if (r.right > v.right - SIDE) return r.right - (v.right - SIDE);
  return 0;
}

/**
 * How far to scroll so that the current step's row shows: 0 when it already does. A row that fits
 * in the view shows whole, with a margin; a taller one shows its top. Across, a row wider than the
 * view (an arrow between far lifelines, a note over all of them) shows its labels whole instead
 * (`labels.all`: the box around its arrow labels and note texts), else its VIOLATION note's text
 * (`labels.violation`: the step's reason to be read; seed 000's last step showed its arrow label
 * and cut the note's lines by 39 px at 1400 and 275 px at 1024) with as many of the step's other
 * texts (`labels.texts`, its first row first) as fit beside it, else its first label.
 *
 * With `pull` (the scroller's scrollLeft, given while the user has not scrolled across by hand),
 * the view goes as far left as still shows that much (acrossFor): where it stands across is then
 * the step's alone, not the way the cursor came — a link opened at step 17 and steps 0 → 17 show
 * the same lanes.
 *
 * Down and up, a row that left the view is placed a quarter of the view in from the edge it left
 * by: the next steps in the same direction then have the rest of the view before the next scroll.
 * (Every scroll makes Chromium raster the view anew, and the step after it waits for that:
 * centring scrolled every third step of a long trace, this every fifth.)
 */
export function scrollFor(
  v: Box,
  r: Box,
  labels: {
    readonly all: Box;
    readonly first: Box;
    readonly violation?: Box | null;
    /** Each of the step's texts in drawing order (its arrow label first, then its notes' lines). */
    readonly texts?: readonly Box[];
    /** The step's arrows (arrowEnds.ts): both ends shown with the texts when they fit, else the start. */
    readonly arrow?: ArrowEnds | null;
  } | null = null,
  pull: number | null = null,
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
  // The row, else all its labels, else its violation note's text, else its first label.
  const fits = (b: Box | null | undefined): b is Box => !!b && b.right - b.left <= room2;
  // With the step's arrow (both ends, else its start) where it still fits: UX review 21.
  const across = acrossFor(
    v,
    fits(r) || !labels
      ? r
      : fits(labels.all)
        ? withArrow(labels.all, labels.arrow, fits)
        : fits(labels.violation)
          ? withTexts(withArrow(labels.violation, labels.arrow, fits), labels.texts ?? [], fits)
          : withArrow(labels.first, labels.arrow, fits),
    pull,
  );
  return { down, across };
}

/**
 * The violation note's box grown by each of the step's texts, in the step's order, that still fits
 * with it: the step's own notes were cut beside the note shown whole (seed 000's last step at 1440
 * px: "Case-1: head 10:3 ≤ lastP…" on the replicator's lane). The first of the step's rows comes
 * first; a text that does not fit is left out, and the ones after it are still tried.
 */
function withTexts(violation: Box, texts: readonly Box[], fits: (b: Box) => boolean): Box {
  let box = violation;
  for (const t of texts) {
    const grown = union(box, t);
    if (fits(grown)) box = grown;
  }
  return box;
}

/** The texts among a step's shapes: its arrow labels, and the text of its notes. */
export function labelsOf(shapes: readonly Element[]): Element[] {
  return shapes.flatMap((el) =>
    el.tagName.toLowerCase() === 'text'
      ? [el]
      : el.tagName.toLowerCase() === 'g'
        ? [...el.querySelectorAll('text')]
        : [],
  );
}

/**
 * An actor's name over its lifeline, measured in the drawing: px from the left edge of the scroll
 * area's content (its padding box at scrollLeft 0), so that the header strip above the scroll area
 * places it at `left - scrollLeft`.
 */
export type Actor = { readonly name: string; readonly left: number; readonly width: number };
export type Actors = {
  readonly list: readonly Actor[];
  /** How far down the diagram scrolls before the drawing's own actor boxes are gone. */
  readonly gone: number;
};

/** Mermaid's actor boxes at the top of the drawing: their names and where they are. */
export function measureActors(section: HTMLElement, host: HTMLElement): Actors | null {
  const svg = host.querySelector('svg');
  if (!svg) return null;
  const s = section.getBoundingClientRect();
  const origin = s.left + section.clientLeft - section.scrollLeft;
  // From -Infinity, not 0: measured while the drawing is scrolled past its actor boxes (a link
  // opened at a late step, a zoom change far down), their bottoms are negative in the viewport, and
  // a floor of 0 put `gone` a screen further down, so the strip never showed above it (review 11).
  let bottom = -Infinity;
  const list = [...svg.querySelectorAll('rect.actor-top')].map((rect) => {
    const r = rect.getBoundingClientRect();
    bottom = Math.max(bottom, r.bottom);
    const name =
      rect.parentElement?.querySelector('text.actor')?.textContent ??
      rect.parentElement?.querySelector('text')?.textContent ??
      '';
    return { name, left: r.left - origin, width: r.width };
  });
  if (list.length === 0) return null;
  return { list, gone: bottom - s.top + section.scrollTop - section.clientTop };
}
