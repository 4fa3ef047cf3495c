// The sideways scroll shows the current step's arrow with its texts (UX review 21, item 1): both
// ends where they fit beside what it showed before, else the end the arrow starts from. Boxes as
// measured in Chromium (px from the diagram's left edge): seed 002's ⚠ step 28 at 1024 px (view
// 629 wide) cut the receipt's broker-2 end at 647; seed 001's step 17 at 1280 px (view 790) cut
// its arrow to the metadata store at 951.
import { describe, expect, it } from 'vitest';
import { arrowEnds, withArrow } from '../../src/ui/components/Diagram/arrowEnds';
import { scrollFor, type Box } from '../../src/ui/components/Diagram/geometry';

const box = (left: number, right: number, top = 100, bottom = 140): Box => ({
  left,
  right,
  top,
  bottom,
});
const shown = (b: Box, across: number, v: Box) =>
  b.left - across >= v.left && b.right - across <= v.right;

describe('scrollFor across with the step’s arrow', () => {
  const view = box(0, 629, 0, 600);
  const row = box(-335, 865); // the VIOLATION note over every lane
  const violation = box(100, 560, 120, 140); // its text
  const label = box(481, 617, 100, 112); // "28 · receipt M1 seq 0 at -1:-1"
  const line = box(450, 647, 114, 116);
  const labels = { all: box(-100, 700), first: label, violation, texts: [label, violation] };

  it('seed 002 step 28: both ends of the receipt come into view with the VIOLATION text', () => {
    const { across } = scrollFor(view, row, {
      ...labels,
      arrow: { both: line, start: box(647, 647) },
    });
    expect(shown(line, across, view)).toBe(true);
    expect(shown(violation, across, view)).toBe(true);
  });

  it('without the arrow (before) its far end stayed cut', () => {
    const { across } = scrollFor(view, row, labels);
    expect(shown(line, across, view)).toBe(false);
  });

  it('an arrow whose ends do not fit with the text: its start (broker-2) shows, its far end does not', () => {
    const long = box(620, 1200, 114, 116); // from broker-2 to a lane far right
    const start = box(620, 620);
    const { across } = scrollFor(view, row, { ...labels, arrow: { both: long, start } });
    expect(shown(start, across, view)).toBe(true);
    expect(shown(violation, across, view)).toBe(true);
    expect(shown(long, across, view)).toBe(false);
  });
});

describe('withArrow', () => {
  const fits = (b: Box) => b.right - b.left <= 500;
  it('both ends, else the start, else the box alone', () => {
    const text = box(100, 300);
    expect(withArrow(text, { both: box(250, 550), start: box(550, 550) }, fits)).toEqual(
      box(100, 550),
    );
    expect(withArrow(text, { both: box(-500, 550), start: box(550, 550) }, fits)).toEqual(
      box(100, 550),
    );
    expect(withArrow(text, { both: box(-500, 900), start: box(900, 900) }, fits)).toEqual(text);
    expect(withArrow(text, null, fits)).toEqual(text);
  });
});

describe('arrowEnds', () => {
  const line = (x1: number, x2: number, cls = 'messageLine0'): Element => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    el.setAttribute('class', `${cls} dl-current`);
    el.setAttribute('x1', String(x1));
    el.setAttribute('x2', String(x2));
    el.getBoundingClientRect = () =>
      ({
        left: Math.min(x1, x2),
        right: Math.max(x1, x2),
        top: 10,
        bottom: 12,
        width: Math.abs(x2 - x1),
        height: 2,
      }) as DOMRect;
    return el;
  };
  it('the lines’ box, and the first line’s sender end (x1), leftward or rightward', () => {
    const ends = arrowEnds([line(600, 200), line(250, 400, 'messageLine1')]);
    expect(ends?.both).toEqual(box(200, 600, 10, 12));
    expect(ends?.start).toEqual(box(600, 600, 10, 12));
    expect(arrowEnds([line(100, 300)])?.start).toEqual(box(100, 100, 10, 12));
  });
  it('a step with no arrow (a note only) has none', () => {
    const note = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    note.setAttribute('class', 'note dl-current');
    expect(arrowEnds([note])).toBeNull();
  });
});
