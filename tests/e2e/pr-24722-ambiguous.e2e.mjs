// The explorer's finding about PR 24722 in Chromium: the built-in opens with its fix on, runs to
// no-duplicates (M1 at 10:0 and at 11:0), and the step names the re-send into the new ledger.
import assert from 'node:assert/strict';
import { openScenario, text, until } from './lib.mjs';

const walk = {
  name: 'pr-24722-ambiguous-add: opens with pr-24722 on; the jump lands on no-duplicates, M1 stored at 10:0 and 11:0',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'pr-24722-ambiguous-add');
    assert.equal(await page.getByRole('checkbox', { name: /pr-24722/ }).isChecked(), true);
    await until(
      page,
      () => document.querySelector('[data-testid=step-jump]') !== null,
      null,
      'no violation link',
    );
    await page.getByTestId('step-jump').click();
    await until(
      page,
      () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
      null,
      'the jump did not reach the violation',
    );
    assert.match(
      await text(page, 'panel-invariants'),
      /M1 \(p1, seq 0\) is stored twice at local: 10:0 and 11:0/,
    );
    assert.match(await text(page, 'diagram'), /re-sending 1 queued adds into ledger 11/);
  },
};

export default [walk];
