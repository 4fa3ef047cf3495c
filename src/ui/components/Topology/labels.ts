// Where the edge labels go. A label at the middle of its curve collided wherever curves cross: in
// seed 001 both brokers write to both bookies, and the four "2 in flight" labels of the crossing
// edges sat on one another. Here a label is the inbox of its edge's target: it sits just above
// the target node (below it for an edge going up), the labels over one row of nodes are laid side
// by side, and when a node has several edges coming in, each label names its source.
// Pure: it depends on the layout and the edges only, never on what the browser measured, so the
// same step always draws the same picture (sizes are estimated from the text, 10 px monospace).
import type { TopologyEdge } from '../../../engine';
import { edgeSides, PAD, type Layout } from './layout';

/**
 * A label's centre in the graph's coordinates, the source to name (or null), the frames it lists,
 * and its lines as measured (the edge draws these: they are not worked out twice).
 */
export interface LabelPlace {
  readonly x: number;
  readonly y: number;
  readonly from: string | null;
  readonly frames: number;
  readonly lines: readonly string[];
}

/** The frames a label lists before "+N more" (the rest are in the panels). */
const FULL_FRAMES = 3;
const CHAR_W = 6.1;
const LINE_H = 13;
/** Between two labels of a row, and between a label and its node. */
const GAP = 4;

/** Whether an edge draws a label (a label, or frames in flight). */
const hasLabel = (e: TopologyEdge): boolean => e.label !== '' || e.inFlight > 0;

/** A node's display name: its id without the kind (`broker:broker-2` → `broker-2`). */
const nameOf = (id: string): string => id.slice(id.indexOf(':') + 1);

/**
 * The label's lines as the edge draws them: its head (the source when it must be named, the count
 * in flight), then up to `frames` of the frames, and how many more there are — except when a
 * crowded row lists one: the head's count already says how many there are.
 */
export function labelLines(e: TopologyEdge, place: Pick<LabelPlace, 'from' | 'frames'>): string[] {
  const head =
    place.from === null ? e.label : `${place.from}${e.label === '' ? '' : ` · ${e.label}`}`;
  const frames = e.frames.slice(0, place.frames);
  const rest = e.frames.length - frames.length;
  const more = rest > 0 && place.frames === FULL_FRAMES ? [`+${rest} more`] : [];
  return [head, ...frames, ...more];
}

interface Box {
  readonly id: string;
  readonly edge: TopologyEdge;
  readonly from: string | null;
  /** Where it would like its centre (over its target), and its row: the target's top or bottom. */
  readonly want: number;
  readonly band: string;
  /** The edge of the target node it sits against, and which way it stacks from there (-1 up). */
  readonly base: number;
  readonly dir: -1 | 0 | 1;
  frames: number;
  lines: readonly string[];
  w: number;
  h: number;
  x: number;
  y: number;
}

function measure(b: Box, frames: number): void {
  b.frames = frames;
  const lines = (b.lines = labelLines(b.edge, b));
  b.w = Math.max(...lines.map((l) => l.length)) * CHAR_W + 10;
  b.h = lines.length * LINE_H + 4;
}

export function placeLabels(
  layout: Layout,
  edges: readonly TopologyEdge[],
): Map<string, LabelPlace> {
  const labelled = edges.filter(
    (e) => hasLabel(e) && layout.positions.has(e.source) && layout.positions.has(e.target),
  );
  // A node several edges come into: its labels name their source (whether or not the others have
  // a label: "1 in flight" over broker-1 does not say whether it is p1's or p2's).
  const incoming = new Map<string, number>();
  for (const e of edges) incoming.set(e.target, (incoming.get(e.target) ?? 0) + 1);
  const half = layout.nodeWidth / 2;
  const boxes: Box[] = labelled.map((edge) => {
    const s = layout.positions.get(edge.source)!;
    const t = layout.positions.get(edge.target)!;
    const from = incoming.get(edge.target)! > 1 ? nameOf(edge.source) : null;
    const sides = edgeSides(layout, edge.source, edge.target);
    const box = (want: number, band: string, base: number, dir: -1 | 0 | 1): Box => ({
      id: edge.id,
      edge,
      from,
      want,
      band,
      base,
      dir,
      frames: 0,
      lines: [],
      w: 0,
      h: 0,
      x: want,
      y: base,
    });
    if (sides.target === 'top' || sides.target === 'bottom') {
      const above = sides.target === 'top';
      // Over the target, nudged toward the side its source is on, so two inbound labels keep
      // the order of their curves.
      const want = t.x + half + Math.sign(s.x - t.x) * Math.min(half / 2, Math.abs(s.x - t.x) / 4);
      return above
        ? box(want, `a${t.y}`, t.y, -1)
        : box(want, `b${t.y}`, t.y + layout.nodeHeight, 1);
    }
    // Sideways within a row: between the two nodes.
    return box((s.x + t.x) / 2 + half, `m${t.y}`, t.y + layout.nodeHeight / 2, 0);
  });
  const bands = new Map<string, Box[]>();
  for (const b of boxes) bands.set(b.band, [...(bands.get(b.band) ?? []), b]);
  for (const band of bands.values()) arrange(band, layout.width);
  return new Map(
    boxes.map((b) => [b.id, { x: b.x, y: b.y, from: b.from, frames: b.frames, lines: b.lines }]),
  );
}

/**
 * One row of labels against their nodes, whole when they fit side by side in the box. A crowded
 * row (in seed 001 both brokers write to both bookies: four labels over two bookies) lists one
 * frame per label, in two staggered rows, which fit in the gap between layers.
 */
function arrange(band: Box[], width: number): void {
  band.sort((a, b) => a.want - b.want || a.id.localeCompare(b.id));
  for (const b of band) measure(b, FULL_FRAMES);
  const room = width - 2 * PAD;
  const rows =
    band.length === 1 || band[0]!.dir === 0 || band.reduce((n, b) => n + b.w + GAP, -GAP) <= room
      ? [band]
      : [band.filter((_, i) => i % 2 === 0), band.filter((_, i) => i % 2 === 1)];
  if (rows.length > 1) for (const b of band) measure(b, 1);
  let offset = GAP;
  for (const row of rows) {
    const tallest = Math.max(...row.map((b) => b.h));
    for (const b of row) b.y = b.dir === 0 ? b.base : b.base + b.dir * (offset + tallest / 2);
    offset += tallest + GAP / 2;
    spread(row, width);
  }
}

/**
 * Side by side in one row: each as close to where it wants to be as the others allow, and inside
 * the box. A row wider than the box is packed from the left and overflows to the right.
 */
function spread(row: Box[], width: number): void {
  row.sort((a, b) => a.want - b.want || a.id.localeCompare(b.id));
  const pack = (from: (b: Box) => number): void => {
    let edge = PAD;
    for (const b of row) {
      b.x = Math.max(from(b), edge + b.w / 2);
      edge = b.x + b.w / 2 + GAP;
    }
  };
  pack((b) => b.want);
  // From the right: pull back what ran past the box.
  let right = width - PAD;
  for (let i = row.length - 1; i >= 0; i--) {
    const b = row[i]!;
    b.x = Math.min(b.x, right - b.w / 2);
    right = b.x - b.w / 2 - GAP;
  }
  if (row[0]!.x - row[0]!.w / 2 < PAD) pack(() => 0);
}
