// UX review 15 (docs/research/ux-review-15.md) in real Chromium:
// - Broker dedup's V2 key (pulsar.repl.us-east-->us-west _LID:_EID) read over five lines at
//   1024 px, squeezed by the two watermark headers: now two ("pulsar.repl.us-east" /
//   "-->us-west _LID:_EID"), one at 1400 px, and the table stays inside its panel;
// - Copy for GitHub of seed-003-b-go-explore's counterexample (the run the scenario takes anyway)
//   called it "A fork, not the scenario as written" over "nothing differs": now "The scenario as
//   written (an explorer counterexample)".
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

/** Lines the V2 key's cell takes, and whether the table stays inside its card. */
const keyCell = (page) =>
  page.evaluate(() => {
    const card = document.querySelector('[data-testid=dedup-us-west]');
    const td = card.querySelector('tbody td');
    const pieces = [...td.querySelectorAll('.name-piece, .name-piece-long, .tag')];
    const tops = new Set(pieces.map((p) => Math.round(p.getBoundingClientRect().top / 4)));
    const table = card.querySelector('table').getBoundingClientRect();
    return {
      text: td.textContent,
      lines: tops.size,
      inside: table.right <= card.getBoundingClientRect().right + 0.5,
      firstLine: pieces
        .filter((p) => Math.round(p.getBoundingClientRect().top / 4) === Math.min(...tops))
        .map((p) => p.textContent)
        .join(''),
    };
  });

const v2Key = {
  name: 'ux15: Broker dedup’s V2 key reads over two lines at 1024 px (was five), one at 1400 px; the table stays in its panel',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    for (const [width, lines, firstLine] of [
      [1024, 2, 'pulsar.repl.us-east'],
      [1400, 1, 'pulsar.repl.us-east-->us-west_LID:_EID'],
    ]) {
      const page = await newPage({ viewport: { width, height: 900 } });
      await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
      await page.getByTestId('step-label').click();
      await page.keyboard.press('End');
      await until(
        page,
        () => document.querySelector('[data-testid=dedup-us-west] tbody td') !== null,
        undefined,
        'us-west records no producer at the end',
      );
      await page.getByTestId('panel-dedup').scrollIntoViewIfNeeded();
      const cell = await keyCell(page);
      assert.equal(cell.text, 'pulsar.repl.us-east-->us-west_LID:_EID');
      assert.equal(cell.lines, lines, `${width} px: ${JSON.stringify(cell)}`);
      assert.equal(cell.firstLine, firstLine, `${width} px: ${JSON.stringify(cell)}`);
      assert.ok(cell.inside, `${width} px: the table runs past its card`);
    }
  },
};

const asWritten = {
  name: 'ux15: Copy for GitHub of a counterexample that is the scenario’s own run says “The scenario as written”, not “A fork”',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({
      viewport: { width: 1400, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openScenario(page, baseURL, 'seed-003-b-go-explore');
    const explorer = page.getByTestId('panel-explorer');
    await explorer.getByRole('button', { name: 'Explore', exact: true }).click();
    const open = explorer.getByRole('button', { name: 'Open the no-duplicates counterexample' });
    await open.waitFor({ timeout: 60_000 });
    await open.click();
    await until(
      page,
      () =>
        /^Step 12 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
      undefined,
      'the counterexample did not open at step 12',
    );
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      page,
      () =>
        /Copied markdown/.test(
          document.querySelector('[data-testid=share-message]')?.textContent ?? '',
        ),
      undefined,
      'not copied',
    );
    const text = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      text.split('\n')[0],
      /\(`seed-003-b-go-explore`\): no-duplicates violated at step 12$/,
    );
    assert.ok(
      text.includes(
        "**The explorer's shortest trace is the scenario as written**: this run takes the scenario's own choice at every step, with its own fault plan.",
      ),
      text.slice(0, 600),
    );
    assert.ok(!text.includes('A fork'), text.slice(0, 600));
  },
};

export default [v2Key, asWritten];
