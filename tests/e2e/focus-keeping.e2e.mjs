// Keyboard focus in Chromium, where a focused button that becomes disabled loses the focus to
// <body> at the next rendering update (jsdom keeps it there): Forward pressed with Enter up to the
// last step leaves the focus on Back; a fault removed with Enter leaves it on the next fault's
// remove button, then on the Fault plan's heading.
import assert from 'node:assert/strict';
import { cursorOf, lastStep, openScenario, until } from './lib.mjs';

const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a === document.body ? 'body' : (a.getAttribute('aria-label') ?? a.textContent);
  });

/** Two frames: Chromium's focus fix-up for a disabled element has run. */
const settled = (page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

const stepping = {
  name: 'focus: Enter on Forward up to the last step leaves the focus on Back; First at the start on Forward (seed-003-a-go)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-003-a-go');
    const last = await lastStep(page);
    await page.getByRole('button', { name: 'Forward one step' }).focus();
    for (let i = 0; i < last; i++) await page.keyboard.press('Enter');
    assert.equal(await cursorOf(page), last);
    await settled(page);
    assert.equal(await focused(page), 'Back one step');
    await page.getByRole('button', { name: 'First step' }).focus();
    await page.keyboard.press('Enter');
    await settled(page);
    assert.equal(await cursorOf(page), 0);
    assert.equal(await focused(page), 'Forward one step');
  },
};

const removing = {
  name: 'focus: removing faults with Enter moves the focus to the next remove button, then to the Fault plan heading',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    const plan = page.getByTestId('panel-faults');
    // A second fault, from M2's ⚡ menu in the pending queue.
    await page.getByTestId('step-label').click();
    const bolt = page
      .getByTestId('panel-producers')
      .getByRole('button', { name: /^Inject a fault on M2 at / });
    for (let i = 0; i < 20 && (await bolt.count()) === 0; i++)
      await page.keyboard.press('ArrowRight');
    await bolt.first().click();
    await page.getByRole('menuitem', { name: /^lose-receipt/ }).click();
    const removes = plan.getByRole('button', { name: /^Remove / });
    await until(
      page,
      () => document.querySelectorAll('[data-testid=panel-faults] .fault-list li').length === 2,
      null,
      'the second fault was not added',
    );
    const second = await removes.nth(1).getAttribute('aria-label');
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await until(
      page,
      (name) => document.activeElement?.getAttribute('aria-label') === name,
      second,
      'the focus did not go to the next remove button',
    );
    await settled(page);
    assert.equal(await focused(page), second);
    await page.keyboard.press('Enter');
    await until(
      page,
      () => document.activeElement?.textContent === 'Fault plan',
      null,
      'the focus did not go to the Fault plan heading',
    );
    await settled(page);
    assert.equal(await focused(page), 'Fault plan');
  },
};

export default [stepping, removing];
