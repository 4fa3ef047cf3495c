// Helpers shared by the end-to-end tests (imported by the *.e2e.mjs files; not a test file itself).
import assert from 'node:assert/strict';

/** The text of the (first) element with this data-testid. */
export const text = async (page, testId) => (await page.getByTestId(testId).first().textContent()) ?? '';

/** The step the timeline is at ("Step N of M"). */
export const cursorOf = async (page) => Number(/Step (\d+)/.exec(await text(page, 'step-label'))[1]);

/** The last step of the trace ("Step N of M"). */
export const lastStep = async (page) => Number(/of (\d+)/.exec(await text(page, 'step-label'))[1]);

/** Wait until `fn(arg)` holds in the page; on timeout fail with `what` and what the page says. */
export async function until(page, fn, arg, what, timeout = 15_000) {
  await page
    .waitForFunction(fn, arg, { timeout })
    .catch(async () =>
      assert.fail(`${what}; page says:\n${(await page.locator('body').innerText()).slice(0, 2000)}`),
    );
}
