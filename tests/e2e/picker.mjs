// How the built-in tests of sessions 18 and 19 meet a built-in (imported by their *.e2e.mjs; not
// a test file itself): at 1024 × 700, picked by its title from the scenario picker as a user does,
// and read with nothing wider than the window.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { until } from './lib.mjs';

/** The smallest window the app is reviewed at. */
export const VIEW = { viewport: { width: 1024, height: 700 } };

/** A built-in's title, as its JSON gives it (the picker lists built-ins by title). */
export const titleOf = (id) =>
  JSON.parse(readFileSync(new URL(`../../src/scenarios/${id}.json`, import.meta.url), 'utf8'))
    .title;

/** Fresh load, then the built-in picked by its title in the picker (as a user does). */
export async function pick(page, baseURL, id) {
  await page.goto(baseURL, { waitUntil: 'load' });
  await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption({ label: titleOf(id) });
  await until(
    page,
    (id) =>
      document.querySelector('select[aria-label=Scenario]')?.value === id &&
      document.querySelector('[data-testid=diagram]')?.getAttribute('aria-busy') === 'false' &&
      /Step 0 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
    id,
    `${id} did not open from the picker`,
    45_000,
  );
}

/** Nothing is wider than the window. */
export async function fitsWindow(page) {
  const over = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(over, 0, 'the page scrolls sideways');
}

/** Nothing is wider than the window, and none of these elements cuts its text off. */
export async function fits(page, testIds) {
  await fitsWindow(page);
  const cut = await page.evaluate(
    (ids) =>
      ids.flatMap((id) =>
        [...document.querySelectorAll(`[data-testid=${id}]`)].flatMap((e) => {
          const box = e.getBoundingClientRect();
          return e.scrollWidth > e.clientWidth + 1 || box.right > window.innerWidth + 1
            ? [`${id}: ${e.scrollWidth} > ${e.clientWidth}, right ${Math.round(box.right)}`]
            : [];
        }),
      ),
    testIds,
  );
  assert.deepEqual(cut, []);
}
