// What the eye sees of the step marks (placeMarks.ts): a band behind the current step's
// shapes and a veil over everything from the first later step down. jsdom has no layout, so each
// shape gets a box by hand: items stacked top to bottom in step order, as Mermaid draws them.
import { beforeEach, describe, expect, it } from 'vitest';
import type { MermaidItem } from '../../src/engine';
import { CURRENT, FUTURE, markStep } from '../../src/ui/components/Diagram/highlight';
import { LAYER, placeMarks } from '../../src/ui/components/Diagram/placeMarks';

const SVG = 'http://www.w3.org/2000/svg';
// Step 0 has no shape (the initial state); steps 1 and 3 are messages, 2 is a note, 3 has a note too.
const items: MermaidItem[] = [
  { step: 1, kind: 'message' },
  { step: 2, kind: 'note' },
  { step: 3, kind: 'message' },
  { step: 3, kind: 'note' },
];
let root: HTMLElement;

/** Gives `el` the vertical extent [top, bottom] (page coordinates, the host at 100). */
function place(el: Element, top: number, bottom: number) {
  el.getBoundingClientRect = () =>
    ({ top, bottom, left: 0, right: 100, width: 100, height: bottom - top }) as DOMRect;
}

beforeEach(() => {
  root = document.createElement('div');
  const svg = document.createElementNS(SVG, 'svg');
  const shape = (tag: string, cls: string, top: number, bottom: number, parent: Element = svg) => {
    const el = document.createElementNS(SVG, tag);
    el.setAttribute('class', cls);
    place(el, top, bottom);
    parent.append(el);
    return el;
  };
  // Mermaid's order: a message is its text above its line; a note is a <g> with a rect.
  shape('text', 'messageText', 110, 125);
  shape('line', 'messageLine0', 128, 130);
  const note2 = shape('g', '', 140, 170);
  shape('rect', 'note', 140, 170, note2);
  shape('text', 'messageText', 190, 205);
  shape('line', 'messageLine1', 208, 210);
  const note3 = shape('g', '', 215, 240);
  shape('rect', 'note', 215, 240, note3);
  root.append(svg);
  place(root, 100, 400);
  document.body.append(root);
});

const layer = () => root.querySelector(`.${LAYER}`)!;
const band = () => (layer().querySelector('.dl-band') as HTMLElement).style.transform;
const veil = () => (layer().querySelector('.dl-veil') as HTMLElement).style.transform;

describe('placeMarks', () => {
  it('puts the band behind the current step and the veil just above the next one', () => {
    markStep(root, items, 2);
    placeMarks(root);
    // The note of step 2 spans 40..70 in the host: the band adds 3 px around it.
    expect(band()).toBe('translateY(37px) scaleY(36)');
    // Step 3 starts at 90; the note ends at 70: the veil starts 6 px above step 3.
    expect(veil()).toBe('translateY(84px)');
    expect(root.querySelectorAll(`.${FUTURE}`)).toHaveLength(4); // step 3: text, line, g, rect
  });

  it('spans every item of the current step, and hides the veil at the last step', () => {
    markStep(root, items, 3);
    placeMarks(root);
    expect(band()).toBe('translateY(87px) scaleY(56)'); // 90..140, padded
    expect(veil()).toBe('translateY(300px)'); // the host's height: nothing later
    expect(root.querySelectorAll(`.${CURRENT}`)).toHaveLength(4);
  });

  it('at step 0 there is no band and everything is under the veil', () => {
    markStep(root, items, 0);
    placeMarks(root);
    expect(band()).toBe('scaleY(0)');
    expect(veil()).toBe('translateY(10px)');
  });

  it('follows the cursor both ways on the same drawing, with one layer', () => {
    for (const c of [1, 3, 2]) {
      markStep(root, items, c);
      placeMarks(root);
    }
    expect(band()).toBe('translateY(37px) scaleY(36)');
    expect(veil()).toBe('translateY(84px)');
    expect(root.querySelectorAll(`.${LAYER}`)).toHaveLength(1);
    // The layer is not a shape: marking from scratch finds the same shapes.
    expect(root.querySelectorAll('svg .messageText')).toHaveLength(2);
  });
});
