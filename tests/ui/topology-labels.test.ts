// The topology's edge labels sit against the node their edge goes into and never on one another.
// In seed 001 both brokers write to both bookies: at the middle of their crossing curves, four
// labels used to sit on top of each other.
import { describe, expect, it } from 'vitest';
import { topologyOf } from '../../src/engine/index';
import { layoutTopology } from '../../src/ui/components/Topology/layout';
import { labelLines, placeLabels } from '../../src/ui/components/Topology/labels';
import { runBuiltin } from '../render/runBuiltin';

/** Each label's box as placeLabels sized it (10 px monospace: the same estimate). */
function boxes(id: string, width: number) {
  return runBuiltin(id).steps.map((s, step) => {
    const topo = topologyOf(s.world);
    const layout = layoutTopology(topo.nodes, width);
    const places = placeLabels(layout, topo.edges);
    const labels = topo.edges
      .filter((e) => places.has(e.id))
      .map((e) => {
        const p = places.get(e.id)!;
        const lines = labelLines(e, p);
        const w = Math.max(...lines.map((l) => l.length)) * 6.1 + 10;
        const h = lines.length * 13 + 4;
        return {
          id: e.id,
          lines,
          left: p.x - w / 2,
          right: p.x + w / 2,
          top: p.y - h / 2,
          bottom: p.y + h / 2,
        };
      });
    const nodes = [...layout.positions].map(([nid, q]) => ({
      id: nid,
      left: q.x,
      right: q.x + layout.nodeWidth,
      top: q.y,
      bottom: q.y + layout.nodeHeight,
    }));
    return { step, labels, nodes, width: layout.width };
  });
}

const hit = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('edge labels: against their target node, side by side', () => {
  for (const id of [
    'seed-001-fencing-race',
    'seed-002-issue-1',
    'geo-v2-clean',
    'seed-000-checksum-corrupted',
  ])
    it(`${id}: at every step no label covers another label or a node, and each stays inside the 480 px graph`, () => {
      for (const { step, labels, nodes, width } of boxes(id, 480)) {
        for (const [i, a] of labels.entries()) {
          for (const b of labels.slice(i + 1))
            expect(hit(a, b), `step ${step}: ${a.id} covers ${b.id}`).toBe(false);
          for (const n of nodes)
            expect(hit(a, n), `step ${step}: ${a.id} covers node ${n.id}`).toBe(false);
          expect(a.left >= 0 && a.right <= width, `step ${step}: ${a.id} leaves the graph`).toBe(
            true,
          );
        }
      }
    });

  it('seed 001 while both brokers write to both bookies: each label names its broker and lists its first frame', () => {
    const crowded = boxes('seed-001-fencing-race', 480).find(
      (s) => s.labels.filter((l) => l.id.startsWith('storage:')).length === 4,
    );
    expect(crowded, 'no step with four storage edges in flight').toBeDefined();
    const storage = crowded!.labels.filter((l) => l.id.startsWith('storage:'));
    for (const l of storage) {
      const broker = /^storage:(broker-\d)->/.exec(l.id)![1]!;
      expect(l.lines[0]).toMatch(new RegExp(`^${broker} · \\d+ in flight$`));
      expect(l.lines).toHaveLength(2);
      expect(l.lines[1]).toMatch(/^[→←] /);
    }
  });

  it('a label over a producer edge names the producer when two producers share the broker (seed 002)', () => {
    const any = boxes('seed-002-issue-1', 480)
      .flatMap((s) => s.labels)
      .find((l) => l.id === 'connection:p1' && /in flight/.test(l.lines[0]!));
    expect(any?.lines[0]).toMatch(/^p1 · \d+ in flight$/);
  });
});
