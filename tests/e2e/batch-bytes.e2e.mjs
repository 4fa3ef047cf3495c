// Byte-bounded batches in real Chromium: the built-in java-resend-outgrows-batch is listed, its
// producer card counts the open batch's bytes against the 128 KiB bound as the user steps, the
// step where M1's resend does not fit says so, and the run ends at the silent loss of M3.
import assert from 'node:assert/strict';
import { openScenario, stepIs, text, until } from './lib.mjs';

const ID = 'java-resend-outgrows-batch';

const bytesOf = (page) =>
  page.evaluate(() => {
    const card = [...document.querySelectorAll('[data-testid=panel-producers] article')].find(
      (a) => a.querySelector('strong')?.textContent === 'p1',
    );
    return card?.querySelector('[data-testid=batch-bytes]')?.textContent?.trim() ?? null;
  });

const walk = {
  name: 'batch bytes: java-resend-outgrows-batch — "50,000 of 131,072 bytes" after M2, M1 does not fit and starts the next batch, M3 is lost silently',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, ID);
    const options = await page.evaluate(() =>
      [...document.querySelectorAll('select[aria-label=Scenario] option')].map((o) => o.value),
    );
    assert.ok(options.includes(ID), 'the built-in is not in the scenario picker');
    await page.getByTestId('step-label').click();
    // Steps 1-8 (auto): connect, send M1, flush, deliver, the send timeout, persist, receipt, send M2.
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await stepIs(page, 8, 'did not reach step 8');
    await until(
      page,
      () => document.querySelector('[data-testid=batch-bytes]') !== null,
      null,
      'no byte count at step 8',
    );
    assert.equal(await bytesOf(page), '50,000 of 131,072 bytes');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 9, 'did not reach step 9');
    await until(
      page,
      () =>
        /100,000 of/.test(document.querySelector('[data-testid=batch-bytes]')?.textContent ?? ''),
      null,
      'the batch did not restart with M1',
    );
    assert.equal(await bytesOf(page), '100,000 of 131,072 bytes');
    assert.match(
      await text(page, 'diagram'),
      /M1 does not fit the open batch \(50000 \+ 100000 bytes\): batch closed/,
    );
    await page.getByTestId('step-jump').click();
    await until(
      page,
      () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
      null,
      'no violation to jump to',
    );
    assert.match(await text(page, 'panel-invariants'), /no-silent-loss/);
    console.log(`    ${(await text(page, 'step-label')).trim()}`);
  },
};

export default [walk];
