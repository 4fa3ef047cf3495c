// The topology's ⋯ node menus stay inside the window and the graph's box, whichever node opens
// them (a node at the right edge opened its menu half off the page), at 1400 and 800 px.
import assert from 'node:assert/strict';
import { openScenario } from './lib.mjs';

const inside = (r, room) =>
  r.left >= room.left - 1 &&
  r.right <= room.right + 1 &&
  r.top >= room.top - 1 &&
  r.bottom <= room.bottom + 1;

const placement = (width, height) => ({
  name: `node menus: every ⋯ menu of seed-001-fencing-race opens inside the window and the graph (${width}×${height})`,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width, height } });
    await openScenario(page, baseURL, 'seed-001-fencing-race');
    const topo = page.getByTestId('panel-topology');
    const buttons = topo.getByRole('button', { name: /^Faults on / });
    const n = await buttons.count();
    assert.ok(n >= 3, `expected several ⋯ buttons, got ${n}`);
    for (let i = 0; i < n; i++) {
      const b = buttons.nth(i);
      const label = await b.getAttribute('aria-label');
      await b.scrollIntoViewIfNeeded();
      await b.click();
      const menu = page.getByRole('menu', { name: /^Faults on .* after step \d+$/ });
      await menu.waitFor();
      const [box, graph, win] = await Promise.all([
        menu.boundingBox(),
        page.locator('.topo-flow').first().boundingBox(),
        page.evaluate(() => ({
          width: document.documentElement.clientWidth,
          height: document.documentElement.clientHeight,
        })),
      ]);
      const r = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
      assert.ok(
        inside(r, { left: 0, top: 0, right: win.width, bottom: win.height }),
        `${label}: menu ${JSON.stringify(r)} outside the window ${JSON.stringify(win)}`,
      );
      const g = {
        left: graph.x,
        top: graph.y,
        right: graph.x + graph.width,
        bottom: graph.y + graph.height,
      };
      assert.ok(
        inside(r, g),
        `${label}: menu ${JSON.stringify(r)} outside the graph ${JSON.stringify(g)}`,
      );
      await page.keyboard.press('Escape');
      assert.equal(await page.getByRole('menu').count(), 0);
    }
  },
});

export default [placement(1400, 900), placement(800, 600)];
