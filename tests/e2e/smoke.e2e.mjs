// The page loads, and its layout holds at the runner's 1400×900: nothing widens the page past the
// window (a horizontal scrollbar), whatever the scenario — the diagram scrolls inside its own box.
import assert from 'node:assert/strict';
import { chooseScenario } from './lib.mjs';

export default [
  {
    name: 'smoke: page loads with title "Dedup Lab"',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await page.goto(baseURL, { waitUntil: 'load' });
      assert.equal(await page.title(), 'Dedup Lab');
    },
  },
  {
    name: 'smoke: no horizontal page scroll at 1400×900 (the fix toggles’ hidden help text, wide diagrams)',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await page.goto(baseURL, { waitUntil: 'load' });
      for (const id of ['seed-003-a-go', 'seed-001-fencing-race', 'seed-000-checksum-corrupted']) {
        await chooseScenario(page, id);
        const { scroll, client } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        assert.equal(
          scroll,
          client,
          `${id}: the page is ${scroll - client} px wider than the window`,
        );
      }
    },
  },
];
