// The built-in bookie-restart-ensemble-change in Chromium: at step 0 BookKeeper's ledger metadata
// shows ledger 10 on one ensemble (bookie-1, bookie-2); stepped to the end — past bookie-2's restart
// with M2's add (10:1) in flight — it lists both ensembles by first entry: entry 0 on bookie-1,
// bookie-2 and from 1 on bookie-1, bookie-3. bookie-3 holds 10:1, M2 is stored once, no invariant
// breaks.
import assert from 'node:assert/strict';
import { lastStep, openScenario, text, until } from './lib.mjs';

const ensembles = (page) =>
  page
    .getByTestId('panel-metadata')
    .getByTestId('bk-ledger-10-ensembles')
    .innerText()
    .then((t) => t.replace(/\s+/g, ' ').trim());

const story = {
  name: 'bookie-restart-ensemble-change: stepped to the end, the ledger metadata shows both ensembles of ledger 10 by first entry',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'bookie-restart-ensemble-change');
    await until(
      page,
      () => document.querySelector('[data-testid=panel-metadata]') !== null,
      undefined,
      'no metadata store panel',
    );
    assert.equal(await ensembles(page), 'bookie-1, bookie-2');

    await page.getByTestId('step-label').first().click();
    const last = await lastStep(page);
    for (let i = 0; i < last; i++) await page.keyboard.press('ArrowRight');
    await until(
      page,
      (n) =>
        document.querySelector('[data-testid=step-label]')?.textContent === `Step ${n} of ${n}` &&
        document.querySelector('.panels')?.getAttribute('data-step') === String(n),
      last,
      'the panels never reached the last step',
    );

    assert.equal(await ensembles(page), 'entry 0: bookie-1, bookie-2; from 1: bookie-1, bookie-3');
    const row = page.getByTestId('panel-metadata').getByTestId('bk-ledger-10');
    assert.deepEqual((await row.locator('td').allTextContents()).slice(0, 2), ['10', 'OPEN']);
    assert.match(await text(page, 'bookie-bookie-3-ledger-10'), /10:1/);
    assert.doesNotMatch(await text(page, 'bookie-bookie-2-ledger-10'), /10:1/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
  },
};

export default [story];
