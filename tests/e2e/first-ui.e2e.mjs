// The first UI in real Chromium: seed 003 row (a) shows its silent loss, go-1565 closes it,
// keys step through time, the diagram marks the current step. Leaves docs/screenshot.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SEED_A_GO = 'Seed 003 row (a), Go client: a resend shares a batch with a new message';
const SCREENSHOT = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshot.png');

async function textOf(page, testId) {
  return (await page.getByTestId(testId).textContent()) ?? '';
}

async function waitForText(page, testId, predicate, what) {
  await page
    .waitForFunction(
      ([id, src]) =>
        new Function('t', `return ${src}`)(
          document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '',
        ),
      [testId, predicate],
      { timeout: 10_000 },
    )
    .catch(async () => assert.fail(`${what}; ${testId} says: ${await textOf(page, testId)}`));
}

const firstUi = {
  name: 'first UI: seed-003-a-go loss, go-1565 fix, stepping, diagram highlight, screenshot',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await page.goto(baseURL, { waitUntil: 'load' });
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption({ label: SEED_A_GO });
    await waitForText(page, 'step-label', "t.includes('of 12')", 'the run did not arrive');
    // Leave the select (arrow keys belong to it while focused), then jump to the end.
    await page.getByTestId('step-label').click();
    await page.keyboard.press('End');
    await waitForText(
      page,
      'step-label',
      "t.includes('Step 12 of 12')",
      'End did not move to the last step',
    );
    await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 15_000 });
    assert.match(await textOf(page, 'panel-invariants'), /no-silent-loss/);
    const lossTopic = await textOf(page, 'panel-topic');
    assert.match(lossTopic, /M0/);
    assert.match(lossTopic, /M1/);
    assert.doesNotMatch(lossTopic, /M2/);
    assert.ok(
      (await page.locator('[data-testid=diagram] svg .dl-current').count()) > 0,
      'no current-step highlight',
    );

    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    // Refresh the README's screenshot only when asked (UPDATE_SCREENSHOT=1), so a test run leaves the tree clean.
    if (process.env.UPDATE_SCREENSHOT === '1') await page.screenshot({ path: SCREENSHOT });

    await page.getByRole('checkbox', { name: 'go-1565' }).check();
    await waitForText(page, 'panel-topic', "t.includes('M2')", 'go-1565 did not store M2');
    assert.match(await textOf(page, 'panel-invariants'), /No invariant violated/);
    assert.equal(await textOf(page, 'step-label'), 'Step 15 of 15');

    const before = (await textOf(page, 'panel-producers')) + (await textOf(page, 'panel-topic'));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await waitForText(page, 'step-label', "t === 'Step 12 of 15'", 'ArrowLeft did not step back');
    const after = (await textOf(page, 'panel-producers')) + (await textOf(page, 'panel-topic'));
    assert.notEqual(after, before, 'the panels did not change when stepping back');
    assert.doesNotMatch(await textOf(page, 'panel-topic'), /stored: M0, M1, M2/);

    // The diagram was re-rendered for the new run; step 12's shapes are the highlighted ones.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=diagram] svg .dl-current').length > 0,
    );
    const current = await page
      .locator(
        '[data-testid=diagram] svg text.messageText.dl-current, [data-testid=diagram] svg g.dl-current text',
      )
      .allTextContents();
    assert.ok(
      current.some((t) => t.startsWith('12 · ')),
      `highlighted: ${JSON.stringify(current)}`,
    );
    assert.ok(
      (await page.locator('[data-testid=diagram] svg .dl-future').count()) > 0,
      'later steps are not dimmed',
    );
  },
};

// Every built-in must open, run in the worker and draw its diagram without a page error (the
// runner fails the test on any console error or uncaught exception).
const allBuiltins = {
  name: 'first UI: every built-in scenario runs and draws its diagram',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await page.goto(baseURL, { waitUntil: 'load' });
    const select = page.getByRole('combobox', { name: 'Scenario' });
    const ids = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.ok(ids.length >= 7, `only ${ids.length} scenarios listed`);
    for (const id of ids) {
      const before = await page
        .locator('[data-testid=diagram] svg')
        .getAttribute('id')
        .catch(() => null);
      await select.selectOption(id);
      await page
        .waitForFunction(
          (old) => {
            const svg = document.querySelector('[data-testid=diagram] svg');
            return (
              svg &&
              svg.id !== old &&
              document.querySelector('[data-testid=diagram]')?.getAttribute('aria-busy') === 'false'
            );
          },
          before,
          { timeout: 15_000 },
        )
        .catch(async () =>
          assert.fail(`${id}: no diagram; page says ${await page.locator('body').innerText()}`),
        );
      assert.equal(await page.getByRole('alert').count(), 0, `${id}: an error is shown`);
    }
  },
};

export default [firstUi, allBuiltins];
