// UX review 13, finding 10 (docs/research/ux-review-13.md): where a violation step is the current
// step, the current-step band (blue) and Mermaid's violation rect (pink) lie across the same rows;
// they now span the same width (the drawing's), at a view wider than the drawing and narrower.
import assert from 'node:assert/strict';
import { goToStep, openScenario } from './lib.mjs';

/** The left and right edges (px, in the window) of the blue band, the pink rect and the drawing. */
async function edges(page) {
  return page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const box = (el) => {
      const b = el.getBoundingClientRect();
      return [Math.round(b.left), Math.round(b.right)];
    };
    const pink = d.querySelector('svg rect.rect');
    return {
      band: box(d.querySelector('.dl-band')),
      pink: pink ? box(pink) : null,
      drawing: box(d.querySelector('svg')),
      view: box(d),
    };
  });
}

export default [
  {
    name: 'ux13: the current-step band spans the drawing, as the violation band does',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      for (const width of [1920, 1024]) {
        const page = await newPage({ viewport: { width, height: 900 } });
        await openScenario(page, baseURL, 'go-chunked-dedup-pr-20948');
        await goToStep(page, 7);
        await page.waitForTimeout(300);
        const at7 = await edges(page);
        // Step 7 is the violation: the receipt at -1:-1 and no-silent-loss inside the pink rect.
        assert.ok(at7.pink, `no violation rect drawn at ${width}px: ${JSON.stringify(at7)}`);
        assert.deepEqual(
          at7.band,
          at7.pink,
          `the two bands differ at ${width}px: ${JSON.stringify(at7)}`,
        );
        // Step 3 (no violation) lies across as wide as step 7 did: the band does not jump.
        await goToStep(page, 3);
        await page.waitForTimeout(300);
        const at3 = await edges(page);
        assert.deepEqual(at3.band, at7.band, `step 3's band: ${JSON.stringify(at3)}`);
        assert.ok(
          at3.band[1] <= at3.drawing[1],
          `the band leaves the drawing: ${JSON.stringify(at3)}`,
        );
        // A run with no violation: the band spans the drawing, not the view around it.
        await openScenario(page, baseURL, 'geo-v2-clean');
        await goToStep(page, 2);
        await page.waitForTimeout(300);
        const clean = await edges(page);
        assert.equal(clean.pink, null);
        assert.deepEqual(clean.band, clean.drawing, `geo-v2-clean: ${JSON.stringify(clean)}`);
      }
    },
  },
];
