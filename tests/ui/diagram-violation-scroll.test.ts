// The diagram scrolls sideways to the current step's violation note when the whole row and all its
// labels are wider than the view: seed 000's last step showed its arrow label and cut the note's
// lines (39 px at 1400, 275 px at 1024) — the one text of the run a reader must see whole.
import { describe, expect, it } from 'vitest';
import { scrollFor, type Box } from '../../src/ui/components/Diagram/geometry';

const box = (left: number, right: number, top = 100, bottom = 140): Box => ({
  left,
  right,
  top,
  bottom,
});
const view = box(0, 644, 0, 500);

describe('scrollFor across, with a violation note', () => {
  it('a row and labels wider than the view: the violation note is brought into view whole, not the first label', () => {
    const row = box(-1200, 1020);
    const first = box(500, 800); // the arrow label "27 · receipt E3 …", partly past the right edge
    const violation = box(-275, 146); // the note's lines, cut at the left
    const { across } = scrollFor(view, row, { all: box(-1100, 1017), first, violation });
    const shown = { left: violation.left - across, right: violation.right - across };
    expect(shown.left).toBeGreaterThanOrEqual(0);
    expect(shown.right).toBeLessThanOrEqual(644);
  });

  it('without a violation note it still shows the first label (unchanged)', () => {
    const first = box(500, 800);
    const { across } = scrollFor(view, box(-1200, 1020), {
      all: box(-1100, 1017),
      first,
      violation: null,
    });
    expect(first.right - across).toBeLessThanOrEqual(644);
    expect(first.left - across).toBeGreaterThanOrEqual(0);
  });

  it('a violation note wider than the view falls back to the first label', () => {
    const first = box(500, 800);
    const { across } = scrollFor(view, box(-1200, 1020), {
      all: box(-1100, 1017),
      first,
      violation: box(-600, 600),
    });
    expect(first.right - across).toBeLessThanOrEqual(644);
  });
});

// Seed 000's last step as measured in Chromium at 1440 × 900 (px from the view's left, view 891
// wide): the violation note fitted whole, but the step's own notes on the replicator's lane were
// cut at the right ("Case-1: head 10:3 ≤ lastP…", up to 1152). Now as many of the step's texts as
// fit beside the note show too, the step's first row first (its arrow label does not fit: left out).
describe('scrollFor across: the violation note with the step’s own texts', () => {
  const v = box(0, 891, 0, 600);
  const arrow = box(1106, 1350, 145, 160);
  const notes = [
    box(727, 1152, 193, 210),
    box(727, 1151, 240, 257),
    box(467, 744, 286, 303),
    box(755, 1123, 333, 350),
  ];
  const violation = box(458, 879, 379, 430);
  const texts = [arrow, ...notes, violation];
  const row = box(-700, 1400, 140, 440);
  const labels = { all: box(458, 1350, 145, 430), first: arrow, violation, texts };

  it('shows the note and every one of the step’s notes whole (before: Case-1 cut at 1152 > 891)', () => {
    const { across } = scrollFor(v, row, labels);
    for (const b of [violation, ...notes]) {
      expect(b.left - across).toBeGreaterThanOrEqual(0);
      expect(b.right - across).toBeLessThanOrEqual(891);
    }
  });

  it('the step’s first row goes in first when it fits with the note', () => {
    const near = box(300, 500, 145, 160); // an arrow label close to the note
    const wide = box(900, 1300, 193, 210); // a later note that fits only without the arrow label
    const { across } = scrollFor(v, row, {
      all: box(300, 1300, 145, 430),
      first: near,
      violation,
      texts: [near, wide, violation],
    });
    expect(near.left - across).toBeGreaterThanOrEqual(0);
    expect(violation.right - across).toBeLessThanOrEqual(891);
    expect(wide.right - across).toBeGreaterThan(891);
  });

  it('without the texts it shows the violation note alone, as before', () => {
    const { across } = scrollFor(v, row, { all: labels.all, first: arrow, violation });
    expect(across).toBe(0);
  });
});
