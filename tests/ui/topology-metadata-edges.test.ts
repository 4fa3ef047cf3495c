// The brokers' edges to the metadata store never run behind another node. With the store drawn
// below the bookies, a broker's "owns" edge crossed the bookie layer, and with three bookies it ran
// straight through the middle one (bookie-restart-ensemble-change read as bookie-2 → "owns").
import { describe, expect, it } from 'vitest';
import { topologyOf } from '../../src/engine/index';
import { layoutTopology } from '../../src/ui/components/Topology/layout';
import { runBuiltin } from '../render/runBuiltin';

/** Does the segment from a to b cross the box (sampled: the boxes are far larger than a step)? */
function crosses(
  a: { x: number; y: number },
  b: { x: number; y: number },
  box: { left: number; right: number; top: number; bottom: number },
) {
  for (let i = 1; i < 50; i++) {
    const x = a.x + ((b.x - a.x) * i) / 50;
    const y = a.y + ((b.y - a.y) * i) / 50;
    if (x > box.left && x < box.right && y > box.top && y < box.bottom) return true;
  }
  return false;
}

describe('topology: the metadata store and its brokers', () => {
  for (const id of [
    'bookie-restart-ensemble-change',
    'seed-001-fencing-race',
    'broker-crash-dedup',
  ]) {
    it(`${id}: every broker–metadata edge runs clear of the other nodes, at 470 and 900 px`, () => {
      for (const width of [470, 900]) {
        for (const s of runBuiltin(id).steps) {
          const topo = topologyOf(s.world);
          const layout = layoutTopology(topo.nodes, width);
          const centre = (nid: string) => {
            const p = layout.positions.get(nid)!;
            return { x: p.x + layout.nodeWidth / 2, y: p.y + layout.nodeHeight / 2 };
          };
          const edges = topo.edges.filter((e) => e.kind === 'metadata');
          expect(edges.length).toBeGreaterThan(0);
          for (const e of edges) {
            const others = [...layout.positions].filter(
              ([nid]) => nid !== e.source && nid !== e.target,
            );
            const hit = others.find(([, p]) =>
              crosses(centre(e.source), centre(e.target), {
                left: p.x,
                right: p.x + layout.nodeWidth,
                top: p.y,
                bottom: p.y + layout.nodeHeight,
              }),
            );
            expect(hit?.[0], `${e.id} at step ${s.index}, ${width} px`).toBeUndefined();
          }
        }
      }
    });
  }
});
