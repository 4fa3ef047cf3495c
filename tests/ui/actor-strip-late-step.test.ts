// UX review 11: a link opened at a late step draws the diagram already scrolled far down, so the
// actor header is measured while Mermaid's actor boxes are above the view (negative bottoms). The
// measured threshold (`gone`: how far down the drawing scrolls before its own boxes are out of
// view) must not depend on the scroll at measuring time: a floor of 0 put it a screen too far down
// (seed 001's link at step 32: 1,927 instead of 65), and the strip never showed above that.
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { measureActors } from '../../src/ui/components/Diagram/geometry';

/** A scroll area at `top` in the viewport, scrolled `scrollTop` down, with actor boxes 65 px into its drawing. */
function drawing(scrollTop: number, top = 310) {
  const section = document.createElement('section');
  const host = document.createElement('div');
  section.append(host);
  Object.defineProperty(section, 'scrollTop', { value: scrollTop });
  Object.defineProperty(section, 'scrollLeft', { value: 0 });
  section.getBoundingClientRect = () => new DOMRect(0, top, 800, 500);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  host.append(svg);
  for (const [i, name] of ['p1', 'broker-1', 'local ledger'].entries()) {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    rect.setAttribute('class', 'actor actor-top');
    // In the drawing: y 15..65; in the viewport: shifted by the section's top and its scroll.
    rect.getBoundingClientRect = () => new DOMRect(40 + 200 * i, top + 15 - scrollTop, 100, 50);
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    text.setAttribute('class', 'actor');
    text.textContent = name;
    g.append(rect, text);
    svg.append(g);
  }
  return { section, host };
}

describe("measureActors: where the drawing's own actor boxes are gone", () => {
  it('at the top of the drawing: 65 px', () => {
    const { section, host } = drawing(0);
    expect(measureActors(section, host)?.gone).toBe(65);
  });

  it('measured scrolled far past the boxes (a link at step 32): still 65 px, not the scroll position', () => {
    const { section, host } = drawing(2237);
    const m = measureActors(section, host)!;
    expect(m.gone).toBe(65);
    expect(m.list.map((a) => a.name)).toEqual(['p1', 'broker-1', 'local ledger']);
  });

  it('measured with the boxes partly scrolled away: 65 px', () => {
    const { section, host } = drawing(40);
    expect(measureActors(section, host)?.gone).toBe(65);
  });
});
