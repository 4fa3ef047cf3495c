// The third UX review's defects in real Chromium: a click on a row of the diagram (a note, an
// arrow's label) moves the cursor to its step; the step bar keeps one line at 1024 and 1400 px with
// the violated invariant's name whole; on a replication target a lost message reads apart from
// one not replicated yet.
import assert from 'node:assert/strict';
import { openScenario, stepIs, text, until } from './lib.mjs';

const clickRow = {
  name: 'ux3: seed 000: clicking a note, then an arrow label, moves the cursor to their steps',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    const svg = page.locator('[data-testid=diagram] svg');
    await svg.locator('text.noteText', { hasText: 'E3 completed: stored at 10:3' }).click();
    // The receipt reaches p1 at step 6; its completion note is drawn in that step.
    await stepIs(page, 6, 'a click on the note did not go to step 6');
    await svg.locator('text.messageText', { hasText: /^9 · add E4/ }).click();
    await stepIs(page, 9, 'a click on the arrow label did not go to step 9');
    assert.match(
      await page.getByRole('menu').getAttribute('aria-label'),
      /^Faults for step 9: add E4/,
    );
    // The panels follow: at step 9 us-east stores E3 and E4 is being added.
    await until(
      page,
      () => document.querySelector('.panels')?.dataset.step === '9',
      undefined,
      'panels',
    );
    assert.match(await text(page, 'topic-us-east'), /E3/);
  },
};

/** The step bar's children all on one line, and the violation badge not cut. */
async function barOnOneLine(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('nav.step-controls');
    // align-items: center: on one line every child has the same vertical centre.
    const centres = [...bar.children].map((c) => {
      const r = c.getBoundingClientRect();
      return (r.top + r.bottom) / 2;
    });
    const v = document.querySelector('[data-testid=step-violation]');
    return {
      lines: Math.max(...centres) - Math.min(...centres) < 8 ? 1 : 2,
      violationCut: v ? v.scrollWidth > v.clientWidth + 1 : null,
      violation: v?.textContent ?? null,
    };
  });
}

const stepBar = {
  name: 'ux3: seed 001 at its violation: the step bar is one line with ledger-entries-match whole, at 1024×700 and 1400×900',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1400, height: 900 },
    ]) {
      const page = await newPage({ viewport });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      await page.locator('input[aria-label=Step]').fill('17');
      await stepIs(page, 17, 'the slider did not reach step 17');
      const bar = await barOnOneLine(page);
      assert.equal(bar.lines, 1, `${viewport.width}px: the step bar wraps`);
      assert.equal(bar.violationCut, false, `${viewport.width}px: the violation badge is cut`);
      assert.match(bar.violation, /ledger-entries-match$/);
    }
  },
};

const lostApart = {
  name: 'ux3: seed 000: us-west lists E3, E4, E5 as not replicated yet while in flight, E3 as lost at the end',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await page.locator('input[aria-label=Step]').fill('16');
    await stepIs(page, 16, 'the slider did not reach step 16');
    await until(
      page,
      () => document.querySelector('.panels')?.dataset.step === '16',
      undefined,
      'panels',
    );
    assert.equal(await page.getByTestId('missing-us-west').count(), 0);
    assert.match(await text(page, 'not-replicated-us-west'), /: E3, E4, E5$/);
    await page.keyboard.press('End');
    await until(
      page,
      () => document.querySelector('[data-testid=missing-us-west]')?.textContent?.endsWith(': E3'),
      undefined,
      'E3 not shown lost at the end',
    );
    assert.equal(await page.getByTestId('not-replicated-us-west').count(), 0);
  },
};

export default [clickRow, stepBar, lostApart];
