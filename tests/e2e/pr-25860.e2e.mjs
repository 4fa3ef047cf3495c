// apache/pulsar #25861 in Chromium: geo-v2-target-unload breaks no-duplicates as written (E1 stored
// twice at us-west); turning on the open fix pr-25860 in the header re-runs it clean.
import assert from 'node:assert/strict';
import { openScenario, shows, text, until } from './lib.mjs';

const ID = 'geo-v2-target-unload';

const toggle = {
  name: 'pr-25860: geo-v2-target-unload stores E1 twice as written; the fix toggle re-runs it with no invariant violated',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, ID);
    await until(
      page,
      () => document.querySelector('[data-testid=step-jump]') !== null,
      null,
      'no violation link as written',
    );
    assert.match(await text(page, 'step-jump'), /no-duplicates/);
    await page.getByRole('checkbox', { name: /pr-25860/ }).check();
    await shows(
      page,
      'panel-invariants',
      'No invariant violated',
      'the fix did not re-run the scenario clean',
    );
    assert.equal(await page.locator('[data-testid=step-jump]').count(), 0);
    assert.match(
      await text(page, 'diagram'),
      /keys rebuilt from the replicated entries’ source positions, PR 25860/,
    );
  },
};

export default [toggle];
