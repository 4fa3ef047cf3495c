// The second UX review's defects in real Chromium: "Copy for GitHub" shows a short run whole; a
// scenario pasted over a built-in is kept as its own draft, listed under "Your drafts" and
// reopened from the picker; a link to long-334 shows long-334 in the picker; the explorer keeps
// its bounds when a field is left empty, and Cancel leaves the focus on Explore; the fault plan of
// seed-002-issue-1 reads as words, with its triggers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openScenario, shows, text, until } from './lib.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };
const MY_GEO = readFileSync(new URL('../ui/fixtures/my-geo.json', import.meta.url), 'utf8');
const shownOption = (page, label) =>
  page.evaluate((label) => {
    const s = document.querySelector(`select[aria-label="${label}"]`);
    return { value: s.value, text: s.options[s.selectedIndex]?.textContent ?? '' };
  }, label);

const githubWhole = {
  name: 'ux2: Copy for GitHub on seed-001-fencing-race (violation at step 17) holds all 32 steps',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(CLIPBOARD);
    await openScenario(page, baseURL, 'seed-001-fencing-race');
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    let md = '';
    for (let i = 0; i < 50 && !md.includes('```mermaid'); i++) {
      await page.waitForTimeout(100);
      md = await page.evaluate(() => navigator.clipboard.readText());
    }
    assert.match(md, /```mermaid/, 'nothing copied');
    assert.doesNotMatch(md, /_Steps \d+–\d+ of/, 'the run was windowed');
    const rows = md
      .split('\n')
      .filter((l) => /^\| \d+ \|/.test(l))
      .map((l) => Number(/^\| (\d+)/.exec(l)[1]));
    assert.equal(rows[0], 1);
    assert.equal(rows.at(-1), 32);
    assert.match(md, /32 · /, 'the diagram does not reach step 32');
  },
};

const drafts = {
  name: 'ux2: my-geo pasted over seed-003-a-go is its own draft: listed, the built-in untouched, reopened from the picker',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-003-a-go');
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const json = page.getByRole('textbox', { name: 'Scenario JSON' });
    await json.fill(MY_GEO);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await until(
      page,
      () => document.querySelector('h2')?.textContent?.startsWith('My geo'),
      undefined,
      'my-geo did not run',
    );
    const keys = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('dedup-lab-draft'))
        .sort(),
    );
    assert.deepEqual(keys, ['dedup-lab-draft:my-geo']);
    assert.match((await shownOption(page, 'Scenario')).text, /^My geo/);
    assert.deepEqual(await shownOption(page, 'Start from'), {
      value: 'my-geo',
      text: 'My geo: Go batching into a replicated topic with bookies (my-geo)',
    });

    const picker = page.getByRole('combobox', { name: 'Scenario' });
    await picker.selectOption('seed-003-a-go');
    await until(
      page,
      () =>
        /"id": "seed-003-a-go"/.test(
          document.querySelector('textarea[aria-label="Scenario JSON"]').value,
        ),
      undefined,
      "the built-in's editor does not show the built-in",
    );
    assert.doesNotMatch(await json.inputValue(), /my-geo/);
    assert.equal((await shownOption(page, 'Start from')).value, 'seed-003-a-go');

    // A reload: the draft is still listed, and reopens from the picker.
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-testid=diagram] svg').waitFor();
    const options = await page
      .locator('select[aria-label=Scenario] optgroup[label="Your drafts"] option')
      .allTextContents();
    assert.deepEqual(options, ['My geo: Go batching into a replicated topic with bookies']);
    await picker.selectOption('draft:my-geo');
    await until(
      page,
      () => document.querySelector('h2')?.textContent?.startsWith('My geo'),
      undefined,
      'the draft did not reopen',
    );
    assert.equal((await shownOption(page, 'Scenario')).value, 'draft:my-geo');
  },
};

const longLink = {
  name: 'ux2: a link to long-334 at its end opens with long-334 (not seed 003) in the picker',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'long-334');
    await page.keyboard.press('End');
    await shows(page, 'step-label', 'Step 1338 of 1338', 'End did not reach the end');
    await page.waitForTimeout(600);
    const link = await page.evaluate(() => location.href);
    assert.match(link, /#s=/);
    const fresh = await newPage();
    await fresh.goto(link, { waitUntil: 'load' });
    await until(
      fresh,
      () =>
        /^Step 1338 of 1338/.test(
          document.querySelector('[data-testid=step-label]')?.textContent ?? '',
        ),
      undefined,
      'the link did not open at the end',
      60_000,
    );
    assert.equal(
      await fresh.locator('h2').first().textContent(),
      'Long trace: 334 sends from two producers (performance)',
    );
    assert.deepEqual(await shownOption(fresh, 'Scenario'), {
      value: 'long-334',
      text: 'Long trace: 334 sends from two producers (performance)',
    });
  },
};

const explorerBounds = {
  name: 'ux2: explorer: cleared Max depth / Max states keep 80 / 750,000 and say so; Cancel leaves the focus on Explore',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-explore');
    const panel = page.getByTestId('panel-explorer');
    await panel.waitFor();
    assert.equal(await panel.getByRole('button', { name: /Explore from here/ }).count(), 0);
    const kinds = await panel
      .getByRole('group', { name: 'Fault kinds' })
      .getByRole('checkbox')
      .count();
    assert.ok(kinds > 0);
    const depth = panel.getByLabel('Max depth');
    const states = panel.getByLabel('Max states');
    const before = [await depth.inputValue(), await states.inputValue()];
    await depth.fill('');
    await states.fill('');
    await panel.getByLabel('Max faults').fill('2');
    await panel.getByRole('button', { name: 'Explore', exact: true }).click();
    assert.deepEqual([await depth.inputValue(), await states.inputValue()], before);
    assert.match(
      await panel.locator('#explorer-note-maxDepth').textContent(),
      new RegExp(`^Max depth was empty.*: kept ${before[0]}\\.$`),
    );
    assert.match(
      await panel.locator('#explorer-note-maxStates').textContent(),
      /^Max states was empty.*: kept [\d,]+\.$/,
    );
    await until(
      page,
      () =>
        /[1-9][\d,]* states/.test(
          document.querySelector('[data-testid=explorer-progress]')?.textContent ?? '',
        ),
      undefined,
      'no progress',
    );
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await shows(page, 'explorer-status', 'cancelled', 'not cancelled');
    await until(
      page,
      () => document.activeElement?.textContent === 'Explore',
      undefined,
      'the focus is not on Explore',
    );
    assert.doesNotMatch(await text(page, 'explorer-status'), /after [12] states/);
  },
};

const faultPlan = {
  name: "ux2: the fault plan of seed-002-issue-1 reads as words, with the unloads' trigger",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-002-issue-1');
    const plan = await text(page, 'panel-faults');
    assert.doesNotMatch(plan, /[{}]/);
    assert.match(
      plan,
      /duplicate-frames on replicator's connection from its 3rd send: writes the frames of M1, M2 again/,
    );
    assert.match(plan, /unload-topic at us-west when the run is quiescent/);
    assert.match(plan, /unload-topic at us-east when the run is quiescent/);
  },
};

export default [githubWhole, drafts, longLink, explorerBounds, faultPlan];
