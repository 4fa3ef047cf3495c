// What the fifth UX review fixed, in real Chromium: at a violation step the diagram scrolls to the
// VIOLATION note, not to the step's first arrow label (seed 000's last step cut the note's lines by
// 39 px at 1400 and 275 px at 1024); the Pulsar code panel says a fault step injects a fault and
// who ran each rule; the Messages panel lists seed 001's copies no reader reaches.
import assert from 'node:assert/strict';
import { openScenario, shows, stepIs } from './lib.mjs';

/** The VIOLATION note's text lines (of the current step) outside the diagram's view, as drawn. */
const linesOut = (page) =>
  page.evaluate(() => {
    const view = document.querySelector('[data-testid=diagram]');
    const v = view.getBoundingClientRect();
    const lines = [...view.querySelectorAll('text.noteText')].filter((t) =>
      t.parentElement?.textContent?.trimStart().startsWith('VIOLATION'),
    );
    return {
      lines: lines.length,
      out: lines
        .map((t) => t.getBoundingClientRect())
        .filter((r) => r.left < v.left - 1 || r.right > v.left + view.clientWidth + 1)
        .map((r) => `${Math.round(r.left)}..${Math.round(r.right)}`),
    };
  });

const note = {
  name: 'ux5: End on seed 000 brings the violation note into view whole, no manual scroll (1024 × 700, 1400 × 900; light and dark)',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1400, height: 900 },
    ]) {
      for (const colorScheme of ['light', 'dark']) {
        const page = await newPage({ viewport, colorScheme });
        await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
        await page.keyboard.press('End');
        await stepIs(page, 27, 'not at the end');
        const at = `${viewport.width}×${viewport.height} ${colorScheme}`;
        // The scroll happens in the frame after the cursor moved: wait for it, then measure.
        await page
          .waitForFunction(
            () => {
              const view = document.querySelector('[data-testid=diagram]');
              const v = view.getBoundingClientRect();
              const first = [...view.querySelectorAll('text.noteText')].find((t) =>
                t.parentElement?.textContent?.trimStart().startsWith('VIOLATION'),
              );
              const r = first?.getBoundingClientRect();
              return r && r.left >= v.left - 1 && r.right <= v.left + view.clientWidth + 1;
            },
            undefined,
            { timeout: 5000 },
          )
          .catch(() => {});
        const fit = await linesOut(page);
        assert.ok(fit.lines > 1, `${at}: no wrapped violation note`);
        assert.deepEqual(fit.out, [], `${at}: note lines cut by the view`);
        await page.close();
      }
    }
  },
};

const panels = {
  name: 'ux5: the Pulsar code panel names a fault step and who ran each rule; the Messages panel lists the copies no reader reaches',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await page.getByRole('slider').first().fill('16');
    await stepIs(page, 16, 'not at the fault step');
    await shows(
      page,
      'panel-code',
      'Step 16 injects a fault: checksum-error on E3 (local buffer corrupted)',
      'no fault line',
    );
    const code = await page.getByTestId('panel-code').textContent();
    assert.doesNotMatch(code, /a frame on the wire/);

    await openScenario(page, baseURL, 'seed-001-fencing-race');
    await page.keyboard.press('End');
    await stepIs(page, 32, 'not at the end');
    await shows(
      page,
      'panel-outcomes',
      'also at local 3:1 — on 2 bookies, but the ledger list records 1 entry for ledger 3',
      'no copy past the ledger list',
    );
    await shows(
      page,
      'panel-outcomes',
      'also at local 3:2 — never written: the bookies refused it (fenced)',
      'no refused copy',
    );
    // The table fits the side pane at 1024 px: no sideways scroll.
    const { client, scroll } = await page
      .getByTestId('panel-outcomes')
      .evaluate((p) => ({ client: p.clientWidth, scroll: p.scrollWidth }));
    assert.ok(scroll <= client, `the Messages panel scrolls sideways (${scroll} > ${client})`);
  },
};

export default [note, panels];
