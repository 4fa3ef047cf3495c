// Where a popup menu goes: next to what opened it and inside the window. The ⚡ menus, the
// diagram's arrow menu and the topology's node menu share it; the pure placement (placePopup) is
// apart from the hook that follows the window (useFixedPlacement), so it is tested without a DOM.
import { useLayoutEffect, type RefObject } from 'react';

/** A box in window coordinates (px). */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** How far a popup keeps from the edges of the room it is placed in (px). */
const EDGE = 4;

/**
 * Where a popup `width` × `height` goes next to `anchor` (what opened it) inside `room` (the
 * window, or the part of a scrolling area that shows): below the anchor, starting at its left
 * edge; flipped to end at the anchor's right edge when it would cross the room's right edge, and
 * above the anchor when there is not enough room below it and more above; then moved inside the
 * room. `maxHeight` is set when the room is shorter than the popup (it then scrolls).
 */
export function placePopup(
  anchor: Rect,
  size: { readonly width: number; readonly height: number },
  room: Rect,
): { readonly left: number; readonly top: number; readonly maxHeight: number | null } {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));
  let left = anchor.left;
  if (left + size.width > room.right - EDGE) left = anchor.right - size.width;
  left = clamp(left, room.left + EDGE, room.right - EDGE - size.width);
  const tall = room.bottom - room.top - 2 * EDGE;
  const height = Math.min(size.height, tall);
  const below = room.bottom - EDGE - anchor.bottom;
  const above = anchor.top - (room.top + EDGE);
  let top = height <= below || below >= above ? anchor.bottom : anchor.top - height;
  top = clamp(top, room.top + EDGE, room.bottom - EDGE - height);
  return { left, top, maxHeight: size.height > tall ? Math.max(tall, 0) : null };
}

/** The window as a room for placePopup. */
export const windowRoom = (): Rect => ({
  left: 0,
  top: 0,
  right: document.documentElement.clientWidth || window.innerWidth,
  bottom: document.documentElement.clientHeight || window.innerHeight,
});

/**
 * Keeps the fixed popup `popup` next to `anchor` and inside the window: placed before it is first
 * painted, and again when the window is resized or anything scrolls (the anchor moves with it).
 */
export function useFixedPlacement(
  popup: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const place = (e?: Event) => {
      const el = popup.current;
      const at = anchor.current;
      if (!el || !at) return;
      // Its own scrolling (a popup taller than the window) moves nothing.
      if (e?.target instanceof Node && el.contains(e.target)) return;
      // The natural size: without the previous placement's height limit.
      el.style.maxHeight = '';
      const { left, top, maxHeight } = placePopup(
        at.getBoundingClientRect(),
        { width: el.offsetWidth, height: el.offsetHeight },
        windowRoom(),
      );
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      el.style.maxHeight = maxHeight === null ? '' : `${maxHeight}px`;
    };
    place();
    window.addEventListener('resize', place);
    // Capture: a scroll of any scrolling ancestor (the side column) moves the anchor.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [popup, anchor]);
}
