// Placeholder smoke test; the UI tests extend this list (see scripts/e2e.mjs for the API).
import assert from 'node:assert/strict';

export default [
  {
    name: 'smoke: page loads with title "Dedup Lab"',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await page.goto(baseURL, { waitUntil: 'load' });
      assert.equal(await page.title(), 'Dedup Lab');
    },
  },
];
