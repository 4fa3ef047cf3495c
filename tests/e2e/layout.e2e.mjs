// Layout in Chromium at the review's two window sizes: the topology graph is drawn at a readable
// size (it was fitted to the side column at scale ≈ 0.5: 5 px labels), the expanded scenario
// description does not squeeze the diagram and the panels, and neither makes the page scroll
// sideways.
import assert from 'node:assert/strict';
import { openScenario } from './lib.mjs';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 768 },
];

/** Every topology node's name: its font size as drawn (CSS size × the graph's scale), its box. */
const nodeLabels = (page) =>
  page.evaluate(() => {
    const graph = document.querySelector('[data-testid=panel-topology] .react-flow');
    const g = graph.getBoundingClientRect();
    return [...graph.querySelectorAll('.topo-node')].map((node) => {
      const label = node.querySelector('.topo-open strong');
      const r = label.getBoundingClientRect();
      const n = node.getBoundingClientRect();
      return {
        id: node.dataset.testid,
        text: label.textContent,
        // The rendered height over the layout height is the scale the graph applies.
        px: parseFloat(getComputedStyle(label).fontSize) * (r.height / label.offsetHeight),
        inside: n.left >= g.left - 0.5 && n.right <= g.right + 0.5 && n.top >= g.top - 0.5,
        width: n.width,
      };
    });
  });

const horizontalScroll = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const topologyReadable = {
  name: 'layout: the seed-001 topology labels are drawn at ≥ 10 px, every node inside the graph (1400×900, 1024×768)',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of SIZES) {
      const page = await newPage({ viewport });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      const topo = page.getByTestId('panel-topology');
      await topo.getByTestId('topo-node-bookie:bookie-2').waitFor();
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=panel-topology] .react-flow__edge').length >= 4,
      );
      const labels = await nodeLabels(page);
      const at = `${viewport.width}×${viewport.height}`;
      assert.deepEqual(
        labels.map((l) => l.text).sort(),
        ['bookie-1', 'bookie-2', 'broker-1', 'broker-2', 'metadata store (local)', 'p1'],
        at,
      );
      for (const l of labels) {
        assert.ok(l.px >= 10, `${at}: ${l.text} is drawn at ${l.px.toFixed(1)} px`);
        assert.ok(l.inside, `${at}: ${l.text} is cut off by the graph's box`);
        assert.ok(l.width >= 120, `${at}: ${l.text}'s node is ${l.width} px wide`);
      }
      // The node nearest the top-left is scrolled into the side column: it can be seen.
      await topo.getByTestId('topo-node-producer:p1').scrollIntoViewIfNeeded();
      assert.equal(await topo.getByTestId('topo-node-producer:p1').isVisible(), true);
      assert.equal(await horizontalScroll(page), 0, `${at}: the page scrolls sideways`);
    }
  },
};

const description = {
  name: 'layout: "Show more" keeps the diagram ≥ 300 px tall (1024×768) and the description scrolls in its own box',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of SIZES) {
      const page = await newPage({ viewport });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      const diagramHeight = () =>
        page.evaluate(
          () => document.querySelector('[data-testid=diagram]').getBoundingClientRect().height,
        );
      const before = await diagramHeight();
      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByRole('button', { name: 'Show less' }).waitFor();
      const after = await diagramHeight();
      const at = `${viewport.width}×${viewport.height}`;
      assert.ok(after >= 300, `${at}: the diagram is ${after} px tall with the description open`);
      assert.ok(before - after <= 120, `${at}: opening the description took ${before - after} px`);
      // The whole description can be read: it scrolls inside its box, to its last words.
      const text = page.getByRole('region', { name: 'Scenario description' }).locator('p');
      const box = await text.evaluate((p) => {
        p.scrollTop = p.scrollHeight;
        const r = p.getBoundingClientRect();
        return { scroll: p.scrollHeight > p.clientHeight, bottom: r.bottom, top: r.top };
      });
      assert.ok(box.scroll, `${at}: the description does not scroll`);
      assert.ok(box.bottom <= viewport.height, `${at}: the description runs off the window`);
      assert.match(await text.textContent(), /deduplication is off here, as in the seed\)\.$/);
      // Neither the page nor the workspace is pushed off the window.
      const workspace = await page.evaluate(() => {
        const r = document.querySelector('.workspace').getBoundingClientRect();
        return { bottom: r.bottom, page: document.documentElement.scrollHeight };
      });
      assert.ok(
        workspace.bottom <= viewport.height + 1,
        `${at}: the workspace runs off the window`,
      );
      assert.equal(await horizontalScroll(page), 0, `${at}: the page scrolls sideways`);
    }
  },
};

export default [topologyReadable, description];
