// The UX review's defects in real Chromium: the ⚡ menus on a BookKeeper cluster offer no
// persist-fails; after a choice in the Scenario select → steps (it used to pick the next
// scenario) and the fix toggles start over; an invalid schedule in the editor reports the CLI's
// `schedule error`; drafts are per scenario; an opened counterexample lists the fault the
// explorer placed and its link opens as the built-in, not "Edited".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cursorOf, openScenario, shows, text, until } from './lib.mjs';

const scenario = (id) =>
  JSON.parse(readFileSync(new URL(`../../src/scenarios/${id}.json`, import.meta.url), 'utf8'));

const atStep = (page, n) =>
  until(
    page,
    (n) =>
      document.querySelector('[data-testid=step-label]')?.textContent?.startsWith(`Step ${n} `) &&
      document.querySelector('.panels')?.getAttribute('data-step') === String(n),
    n,
    `never at step ${n}`,
  );

const faultMenus = {
  name: 'ux: seed-001-explore (bookies): the ⚡ menu of M1 at step 3 has no persist-fails',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-001-explore');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await atStep(page, 3);
    await page
      .getByTestId('panel-producers')
      .getByRole('button', { name: 'Inject a fault on M1 at local' })
      .first()
      .click();
    const items = await page.getByRole('menuitem').allTextContents();
    assert.ok(
      items.some((t) => /checksum-error/.test(t)),
      items.join(' | '),
    );
    assert.ok(!items.some((t) => /persist-fails/.test(t)), items.join(' | '));
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('alert').count(), 0);
  },
};

const scenarioKeys = {
  name: 'ux: after a choice in the Scenario select, → steps the new scenario; fixes start over',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-001-fencing-race');
    await page.getByRole('checkbox', { name: 'pr-24722' }).check();
    await until(page, () => location.hash.length > 0, undefined, 'no link');
    const select = page.getByRole('combobox', { name: 'Scenario' });
    await select.focus();
    await select.selectOption('seed-003-a-go');
    await shows(page, 'step-label', 'Step 0 of 12', 'seed-003-a-go did not open');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await atStep(page, 2);
    assert.equal(await select.inputValue(), 'seed-003-a-go', 'the arrow changed the scenario');
    assert.equal(await page.getByRole('checkbox', { name: 'pr-24722' }).isChecked(), false);

    // go-1565 on row (a), then row (b): its duplicate is there, not hidden by a carried-over fix.
    await page.getByRole('checkbox', { name: 'go-1565' }).check();
    await page.keyboard.press('End');
    await shows(page, 'panel-invariants', 'No invariant violated', 'go-1565 did not fix row (a)');
    await select.selectOption('seed-003-b-go');
    await shows(page, 'step-label', 'Step 0 of', 'seed-003-b-go did not open');
    assert.equal(await page.getByRole('checkbox', { name: 'go-1565' }).isChecked(), false);
    await page.keyboard.press('End');
    await shows(page, 'panel-invariants', 'no-duplicates', 'row (b) looks bug-free');
  },
};

const scheduleAndDrafts = {
  name: 'ux: the editor reports an invalid schedule as the CLI does; drafts stay with their scenario',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const json = page.getByRole('textbox', { name: 'Scenario JSON' });
    await json.waitFor();
    const bad = {
      ...scenario('lost-receipt-dedup-on'),
      schedule: ['connect:p1', 'send:p1:M1', 'persist:local:M7', 'deliver:p1->broker-1:M1'],
    };
    await json.fill(JSON.stringify(bad, null, 2));
    await page.getByTestId('editor-valid').waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const cli =
      'schedule error: step 3: "persist:local:M7" is not enabled; enabled: deliver:p1->broker-1:M1, send:p1:M2';
    await shows(page, 'editor-run-errors', cli, 'the editor does not report the schedule error');
    await shows(page, 'notice-schedule', cli, 'no notice');
    await shows(page, 'step-label', 'Step 0 of 2', 'the run was not stopped at the error');

    // Another scenario with the editor open: its own JSON, not this draft.
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('seed-003-b-go');
    await until(
      page,
      () =>
        /"id": "seed-003-b-go"/.test(
          document.querySelector('textarea[aria-label="Scenario JSON"]')?.value ?? '',
        ),
      undefined,
      "the editor still shows lost-receipt's draft",
    );
    assert.doesNotMatch(await json.inputValue(), /persist:local:M7/);
  },
};

const counterexample = {
  timeout: 120_000,
  name: 'ux: seed-000-explore counterexample: the Fault plan lists the placed fault; its link opens unedited',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-explore');
    const panel = page.getByTestId('panel-explorer');
    await panel.getByRole('button', { name: 'Explore', exact: true }).click();
    const open = panel.getByRole('button', { name: 'Open the no-silent-loss counterexample' });
    await open.waitFor({ timeout: 100_000 });
    await open.click();
    await shows(page, 'panel-branches', 'explorer: no-silent-loss', 'no branch');
    await shows(
      page,
      'panel-faults',
      'placed by the explorer: checksum-error on E3',
      'no placed fault',
    );
    const plan = await text(page, 'panel-faults');
    assert.doesNotMatch(plan, /No faults/);
    const step = Number(/placed by the explorer: .* at step (\d+)/.exec(plan)?.[1]);
    assert.ok(step > 0, plan);
    const at = await cursorOf(page);

    await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no link');
    await page.waitForTimeout(400); // the fragment follows a step once it settles
    const fresh = await newPage();
    await fresh.goto(page.url(), { waitUntil: 'load' });
    await shows(fresh, 'link-notice', 'verified the state', 'the link did not replay');
    const select = fresh.getByRole('combobox', { name: 'Scenario' });
    assert.equal(await select.inputValue(), 'seed-000-explore');
    assert.equal(await select.locator('option', { hasText: 'Edited:' }).count(), 0);
    assert.equal(await cursorOf(fresh), at);
    await shows(fresh, 'panel-faults', `at step ${step}`, 'the fresh page lost the placed fault');
  },
};

export default [faultMenus, scenarioKeys, scheduleAndDrafts, counterexample];
