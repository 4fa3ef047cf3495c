// The lanes out of view (Diagram/laneReach.ts): which lanes the zoom bar names on each side, and
// where a click scrolls to. Seed 002's eight lanes at Auto (67 %), 100 px boxes 200 px apart, in a
// view 629 px wide (1024 px at 100 % browser zoom).
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/ui/components/Diagram/geometry';
import { lanesOutOfView, sameReach, scrollToLane } from '../../src/ui/components/Diagram/laneReach';

const NAMES = [
  'p1',
  'p2',
  'broker-1',
  'us-east ledger',
  'cursor',
  'replicator',
  'broker-2',
  'us-west',
];
const lanes: Actor[] = NAMES.map((name, i) => ({ name, left: 8 + i * 200, width: 100 }));
const names = (a: readonly Actor[]) => a.map((l) => l.name);

describe('lanesOutOfView', () => {
  it('at the left edge: the lanes not whole in view are on the right, nearest first', () => {
    const r = lanesOutOfView(lanes, 0, 629);
    expect(names(r.left)).toEqual([]);
    expect(names(r.right)).toEqual([
      'us-east ledger',
      'cursor',
      'replicator',
      'broker-2',
      'us-west',
    ]);
  });

  it('scrolled across: a lane cut by the edge is out of view, the nearer named first', () => {
    const r = lanesOutOfView(lanes, 450, 629);
    expect(names(r.left)).toEqual(['broker-1', 'p2', 'p1']);
    expect(names(r.right)).toEqual(['replicator', 'broker-2', 'us-west']);
  });

  it('every lane in a view as wide as the drawing (Fit width): none', () => {
    const r = lanesOutOfView(lanes, 0, 1600);
    expect([r.left, r.right]).toEqual([[], []]);
  });

  it('a lane wider than the view that covers it is in view, on neither side', () => {
    const wide: Actor[] = [{ name: 'wide', left: 0, width: 900 }];
    expect(lanesOutOfView(wide, 100, 500)).toEqual({ left: [], right: [] });
  });
});

describe('scrollToLane', () => {
  it('right: the lane whole at the right edge, 12 px in; each click one lane more, up to the last', () => {
    let at = 0;
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const next = lanesOutOfView(lanes, at, 629).right[0];
      if (!next) break;
      seen.push(next.name);
      at = scrollToLane(next, 'right', 629);
    }
    expect(seen).toEqual(['us-east ledger', 'cursor', 'replicator', 'broker-2', 'us-west']);
    expect(at).toBe(8 + 7 * 200 + 100 + 12 - 629);
    expect(lanesOutOfView(lanes, at, 629).right).toEqual([]);
  });

  it('left: the lane whole at the left edge, 12 px in, never before 0', () => {
    expect(scrollToLane(lanes[2]!, 'left', 629)).toBe(408 - 12);
    expect(scrollToLane(lanes[0]!, 'left', 629)).toBe(0);
  });
});

it('sameReach compares the names on each side, not where the boxes are', () => {
  const a = lanesOutOfView(lanes, 0, 629);
  const moved = lanesOutOfView(
    lanes.map((l) => ({ ...l, left: l.left + 3 })),
    0,
    629,
  );
  expect(sameReach(a, moved)).toBe(true);
  expect(sameReach(a, lanesOutOfView(lanes, 450, 629))).toBe(false);
});
