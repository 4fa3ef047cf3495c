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
