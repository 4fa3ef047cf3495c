// Which lanes of the drawing lie outside the diagram's view, and where to scroll to bring one in.
// At 1024 px at Auto (67 %) seed 002's last three lanes (replicator, broker-2, us-west ledger) were
// right of the view, and with the browser zoomed out to 67 % the lanes still ran past its edge:
// with overlay scroll bars (macOS, touch pads) nothing on the page said the drawing went on, and
// an arrow from broker-2 read as one from nowhere (UX reviews 18–20). The zoom bar names them
// (LaneReach.tsx); pure arithmetic on the actor boxes the header measured (geometry.ts Actor).
import type { Actor } from './geometry';

/** The lanes out of view on each side, nearest to the view first. */
export type Reach = { readonly left: readonly Actor[]; readonly right: readonly Actor[] };

/** A lane within this many px of the view's edge still counts as in view (rounding, borders). */
const SLACK = 1;
/** The room left between a lane scrolled in and the view's edge. */
const SIDE = 12;

/**
 * The lanes not whole in the view `[scrollLeft, scrollLeft + width]` (the scroller's content
 * coordinates, as Actor.left is measured): on the left those that start before it, on the right
 * those that end after it. A lane wider than the view is never out of view on both sides at once:
 * one that covers the view is in it.
 */
export function lanesOutOfView(actors: readonly Actor[], scrollLeft: number, width: number): Reach {
  const from = scrollLeft - SLACK;
  const to = scrollLeft + width + SLACK;
  const left = actors
    .filter((a) => a.left < from && a.left + a.width < to)
    .sort((a, b) => b.left - a.left);
  const right = actors
    .filter((a) => a.left + a.width > to && a.left > from)
    .sort((a, b) => a.left - b.left);
  return { left, right };
}

/**
 * The scrollLeft that brings `lane` whole into a view `width` px wide, at the edge it came in by
 * (SIDE px in from it): one click, one lane more, the lanes already shown moving the least.
 */
export function scrollToLane(lane: Actor, side: 'left' | 'right', width: number): number {
  const at = side === 'right' ? lane.left + lane.width + SIDE - width : lane.left - SIDE;
  return Math.max(0, Math.round(at));
}

/** The same reach (the names on each side): a scroll that changes nothing is not a render. */
export function sameReach(a: Reach, b: Reach): boolean {
  const key = (r: Reach) =>
    `${r.left.map((l) => l.name).join('\n')}|${r.right.map((l) => l.name).join('\n')}`;
  return key(a) === key(b);
}
