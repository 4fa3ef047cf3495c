// placePopup: a ⚡ menu opens below its button from its left edge, flips to end at the button's
// right edge near the window's right edge, opens above near the bottom edge (when there is more
// room there), and is always moved inside the room; taller than the room, it gets a max height.
import { describe, expect, it } from 'vitest';
import { placePopup } from '../../src/ui/components/FaultPlan/popupPlacement';

const room = { left: 0, top: 0, right: 800, bottom: 600 };
const button = (left: number, top: number) => ({ left, top, right: left + 20, bottom: top + 16 });
const size = { width: 280, height: 200 };

describe('placePopup', () => {
  it('below the button, from its left edge, when it fits', () => {
    expect(placePopup(button(100, 100), size, room)).toEqual({
      left: 100,
      top: 116,
      maxHeight: null,
    });
  });

  it('near the right edge: ends at the button’s right edge (the review: 756–1036 in 800 px)', () => {
    const p = placePopup(button(756, 100), size, room);
    expect(p.left).toBe(776 - 280);
    expect(p.left + size.width).toBeLessThanOrEqual(800);
  });

  it('a button past the right edge still gets a menu inside the window', () => {
    const p = placePopup(button(790, 100), size, room);
    expect(p.left + size.width).toBeLessThanOrEqual(800 - 4);
    expect(p.left).toBeGreaterThanOrEqual(4);
  });

  it('near the bottom edge: above the button', () => {
    const p = placePopup(button(100, 560), size, room);
    expect(p.top).toBe(560 - 200);
  });

  it('no room either way: inside the window, as low as fits', () => {
    const p = placePopup(button(100, 150), { width: 280, height: 500 }, { ...room, bottom: 520 });
    expect(p.top).toBeGreaterThanOrEqual(4);
    expect(p.top + 500).toBeLessThanOrEqual(520 - 4);
  });

  it('taller than the room: at its top, with a max height', () => {
    const p = placePopup(button(100, 100), { width: 280, height: 900 }, room);
    expect(p).toEqual({ left: 100, top: 4, maxHeight: 592 });
  });
});
