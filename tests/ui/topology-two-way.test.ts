// Two replication links (geo-two-way): the topology reads as two clusters facing each other across
// their replicators — pe → broker-1 on top, both replicators between the clusters, broker-2 ← pw
// below — and no edge runs behind a node. The layout used to rank every node by the first
// replicator's cluster only: us-west's producer pw sat between the replicators and broker-2, so
// broker-2's edges up to both replicators ran behind pw (UX review 10).
import { describe, expect, it } from 'vitest';
import { topologyOf } from '../../src/engine/index';
import { layoutTopology } from '../../src/ui/components/Topology/layout';
import { labelLines, placeLabels } from '../../src/ui/components/Topology/labels';
import { runBuiltin } from '../render/runBuiltin';

type Box = { left: number; right: number; top: number; bottom: number };

/** Does the segment from a to b cross the box (sampled: the boxes are far larger than a step)? */
function crosses(a: { x: number; y: number }, b: { x: number; y: number }, box: Box) {
  for (let i = 1; i < 50; i++) {
    const x = a.x + ((b.x - a.x) * i) / 50;
    const y = a.y + ((b.y - a.y) * i) / 50;
    if (x > box.left && x < box.right && y > box.top && y < box.bottom) return true;
  }
  return false;
}

const hit = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('topology with two replication links', () => {
  for (const id of ['geo-two-way', 'geo-two-way-v1-same-name'])
    it(`${id}: pe, broker-1, the replicators, broker-2, pw from top to bottom; no edge behind a node, no label on a node or label (470 and 900 px)`, () => {
      for (const width of [470, 900]) {
        for (const s of runBuiltin(id).steps) {
          const topo = topologyOf(s.world);
          const layout = layoutTopology(topo.nodes, width);
          const layer = (nid: string) => layout.layers.get(nid)!;
          const [pe, b1, r1, r2, b2, pw] = [
            'producer:pe',
            'broker:broker-1',
            'replicator:us-east->us-west',
            'replicator:us-west->us-east',
            'broker:broker-2',
            'producer:pw',
          ].map(layer);
          expect(pe).toBeLessThan(b1!);
          expect(b1).toBeLessThan(r1!);
          expect(r1).toBe(r2);
          expect(r2).toBeLessThan(b2!);
          expect(b2).toBeLessThan(pw!);
          // Every edge joins neighbouring layers.
          for (const e of topo.edges)
            expect(Math.abs(layer(e.source) - layer(e.target)), e.id).toBe(1);

          const box = (nid: string): Box => {
            const p = layout.positions.get(nid)!;
            return {
              left: p.x,
              right: p.x + layout.nodeWidth,
              top: p.y,
              bottom: p.y + layout.nodeHeight,
            };
          };
          const centre = (nid: string) => {
            const p = layout.positions.get(nid)!;
            return { x: p.x + layout.nodeWidth / 2, y: p.y + layout.nodeHeight / 2 };
          };
          for (const e of topo.edges) {
            const behind = [...layout.positions.keys()].find(
              (nid) =>
                nid !== e.source &&
                nid !== e.target &&
                crosses(centre(e.source), centre(e.target), box(nid)),
            );
            expect(behind, `${e.id} at step ${s.index}, ${width} px`).toBeUndefined();
          }

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
                left: p.x - w / 2,
                right: p.x + w / 2,
                top: p.y - h / 2,
                bottom: p.y + h / 2,
              };
            });
          for (const [i, a] of labels.entries()) {
            for (const b of labels.slice(i + 1))
              expect(hit(a, b), `step ${s.index}: ${a.id} covers ${b.id}`).toBe(false);
            for (const nid of layout.positions.keys())
              expect(hit(a, box(nid)), `step ${s.index}: ${a.id} covers ${nid}`).toBe(false);
          }
        }
      }
    });

  it('one link (geo-v2-clean): p1, broker-1, the replicator, broker-2 from top to bottom, as before', () => {
    const topo = topologyOf(runBuiltin('geo-v2-clean').steps.at(-1)!.world);
    const layout = layoutTopology(topo.nodes, 470);
    expect(
      ['producer:p1', 'broker:broker-1', 'replicator', 'broker:broker-2'].map((n) =>
        layout.layers.get(n),
      ),
    ).toEqual([0, 1, 2, 3]);
  });
});
