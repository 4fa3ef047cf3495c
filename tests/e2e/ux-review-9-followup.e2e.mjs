// UX review 9's leftovers (docs/research/ux-review-9.md, Follow-up) in real Chromium: a link cut at
// or before its `=` says it was cut off; the editor's Fixes checkboxes sit on their labels' centre
// line in both themes.
import assert from 'node:assert/strict';
import { openScenario, stepIs, until } from './lib.mjs';

const cutBeforeRecipe = {
  name: 'ux9 follow-up: a fresh page opened at …/#s, #s=, #embed or #embed= says "This link is incomplete … cut off" with the drafts untouched; …/#readme opens the app and says nothing',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await page.goto(baseURL, { waitUntil: 'load' });
    await page.evaluate(() =>
      localStorage.setItem(
        'dedup-lab-draft:my-receipt',
        JSON.stringify({ id: 'my-receipt', title: 'My receipt draft' }),
      ),
    );
    for (const [hash, name] of [
      ['#s', 's'],
      ['#s=', 's'],
      ['#embed', 'embed'],
      ['#embed=', 'embed'],
    ]) {
      const fresh = await page.context().newPage();
      await fresh.goto(baseURL + hash, { waitUntil: 'load' });
      const broken = fresh.getByTestId('broken-link');
      await broken.waitFor();
      assert.equal(await broken.getByRole('heading').textContent(), 'This link is incomplete');
      assert.match(
        await broken.textContent(),
        new RegExp(
          `the link is incomplete: nothing follows "#${name}", where its recipe should be\\. It was probably cut off`,
        ),
      );
      assert.match(
        await fresh.getByTestId('broken-link-drafts').textContent(),
        /^Your drafts in this browser are untouched: “My receipt draft” \(my-receipt\)/,
      );
      assert.equal(
        await fresh.locator('[data-testid=diagram]').count(),
        0,
        `${hash}: no app behind the page`,
      );
      await fresh.close();
    }
    // An anchor another tool added is not ours: the app opens, no notice, no broken-link page.
    const other = await page.context().newPage();
    await other.goto(baseURL + '#readme', { waitUntil: 'load' });
    await other.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
    assert.equal(await other.getByTestId('broken-link').count(), 0);
    assert.equal(await other.getByTestId('link-notice').count(), 0);
    await other.close();
    assert.equal(
      await page.evaluate(() => localStorage.getItem('dedup-lab-draft:my-receipt')),
      JSON.stringify({ id: 'my-receipt', title: 'My receipt draft' }),
    );
  },
};

const fixesAligned = {
  name: "ux9 follow-up: the editor's Fixes checkboxes sit on their labels' centre line (within 1 px) at 1440 light and 1024 dark",
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    for (const [width, height, colorScheme] of [
      [1440, 900, 'light'],
      [1024, 700, 'dark'],
    ]) {
      const page = await newPage({ viewport: { width, height }, colorScheme });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      await page.getByRole('button', { name: 'Edit scenario' }).click();
      await page.getByRole('textbox', { name: 'Faults' }).waitFor();
      const rows = await page.evaluate(() => {
        const group = [...document.querySelectorAll('.editor-form fieldset fieldset')].find(
          (f) => f.querySelector(':scope > legend')?.textContent === 'Fixes',
        );
        return [...group.querySelectorAll('label')].map((label) => {
          const box = label.querySelector('input[type=checkbox]').getBoundingClientRect();
          const words = [...label.childNodes].filter(
            (n) => n.nodeType === 3 && n.textContent.trim(),
          );
          const range = document.createRange();
          range.setStartBefore(words[0]);
          range.setEndAfter(words.at(-1));
          const t = range.getBoundingClientRect();
          return {
            fix: label.textContent.trim(),
            box: (box.top + box.bottom) / 2,
            text: (t.top + t.bottom) / 2,
            gap: t.left - box.right,
          };
        });
      });
      assert.ok(rows.length >= 3, `${width} ${colorScheme}: ${rows.length} fixes`);
      for (const r of rows) {
        assert.ok(
          Math.abs(r.box - r.text) <= 1,
          `${width} ${colorScheme}: ${r.fix}'s checkbox centre ${r.box.toFixed(2)}, its label's ${r.text.toFixed(2)}`,
        );
        assert.ok(r.gap > 0 && r.gap < 12, `${r.fix}: ${r.gap} px between the box and its label`);
      }
      console.log(
        `    ${width} ${colorScheme}: ${rows.map((r) => (r.box - r.text).toFixed(2)).join(' ')}`,
      );
      await page.close();
    }
  },
};

/** The embed link of built-in `id` at `step` (the app's address, `#s=` made `#embed=`). */
async function embedLink(page, baseURL, id, step) {
  await openScenario(page, baseURL, id);
  await page.getByTestId('step-label').click();
  for (let i = 0; i < step; i++) await page.keyboard.press('ArrowRight');
  await stepIs(page, step, `the app is not at step ${step}`);
  await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no share fragment');
  await page.waitForTimeout(400);
  return (await page.evaluate(() => location.href)).replace('#s=', '#embed=');
}

const embedTitle = {
  name: 'ux9 follow-up: the embed at 1440 light and 1024 dark shows the longest built-in title whole (it was cut with an ellipsis and no way to read the rest), on at most two lines, the diagram below it filling the page and the step controls on one line',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    for (const [width, height, colorScheme] of [
      [1440, 900, 'light'],
      [1024, 700, 'dark'],
    ]) {
      const app = await newPage({ viewport: { width, height }, colorScheme });
      const link = await embedLink(app, baseURL, 'java-resend-outgrows-batch', 6);
      const page = await app.context().newPage();
      await page.goto(link, { waitUntil: 'load' });
      await page.getByTestId('embed').waitFor();
      await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
      const m = await page.evaluate(() => {
        const h1 = document.querySelector('.embed-head h1');
        const range = document.createRange();
        range.selectNodeContents(h1);
        const lines = range.getClientRects();
        const tops = new Set([...lines].map((r) => Math.round(r.top)));
        const pane = document.querySelector('[data-testid=diagram]').getBoundingClientRect();
        const controls = document.querySelector('.embed-controls');
        const centres = [...controls.children].map((c) => {
          const b = c.getBoundingClientRect();
          return (b.top + b.bottom) / 2;
        });
        return {
          text: h1.textContent,
          tip: h1.getAttribute('title'),
          cut: h1.scrollHeight > h1.clientHeight + 1 || h1.scrollWidth > h1.clientWidth + 1,
          lines: tops.size,
          headBottom: document.querySelector('.embed-head').getBoundingClientRect().bottom,
          paneTop: pane.top,
          paneBottom: pane.bottom,
          controlsTop: controls.getBoundingClientRect().top,
          oneLine: Math.max(...centres) - Math.min(...centres) < 8,
          pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
          step: document.querySelector('[data-testid=step-label]').textContent,
        };
      });
      const at = `${width} ${colorScheme}`;
      assert.equal(
        m.text,
        'A resent id too big for the open batch is not isolated: the next message shares its batch and is dropped as a duplicate',
      );
      assert.equal(m.step, 'Step 6 of ' + m.step.split(' of ')[1]);
      assert.ok(!m.cut, `${at}: the title is cut`);
      assert.ok(m.lines <= 2, `${at}: the title takes ${m.lines} lines`);
      assert.equal(m.tip, m.text, `${at}: the title's tooltip`);
      assert.ok(m.paneTop >= m.headBottom - 1, `${at}: the diagram starts under the title`);
      assert.ok(
        Math.abs(m.paneBottom - m.controlsTop) <= 1,
        `${at}: the diagram fills down to the controls`,
      );
      assert.ok(m.oneLine, `${at}: the step controls wrap`);
      assert.ok(!m.pageScrolls, `${at}: the page itself scrolls`);
      await page.close();
    }
  },
};

/**
 * The Compare fixes line's state count ("search 1 of 2: no fixes · 3,115 of at most 500,000 states ·
 * …"), or null.
 */
const compareStates = (page) =>
  page.evaluate(() => {
    const m = /· ([\d,]+) of at most/.exec(
      document.querySelector('[data-testid=compare-progress]')?.textContent ?? '',
    );
    return m ? Number(m[1].replaceAll(',', '')) : null;
  });

const compareLong = {
  name: 'ux9 follow-up: Compare fixes on seed-001-explore (minutes of search) says "search 1 of n: no fixes", its count of at most the state bound, rate, depth of at most the depth bound and time, growing; the timeline steps and the fixes toggle meanwhile, Cancel stops it with nothing left running; with a small state bound the first verdict shows while search 2 of n runs, and a Cancel then keeps it; another scenario picked mid-comparison stops it too',
  timeout: 180_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-001-explore');
    const panel = page.getByTestId('panel-explorer');
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    await until(
      page,
      () =>
        /^search 1 of \d+: no fixes · [1-9][\d,]* of at most 750,000 states · [\d,]+ states\/s · depth \d+ of at most 80 · \d+\.\d s$/.test(
          document.querySelector('[data-testid=compare-progress]')?.textContent ?? '',
        ),
      undefined,
      'no comparison progress',
    );
    assert.ok(await panel.getByRole('button', { name: 'Explore', exact: true }).isDisabled());
    const first = await compareStates(page);
    await until(
      page,
      (n) =>
        Number(
          (/· ([\d,]+) of at most/.exec(
            document.querySelector('[data-testid=compare-progress]').textContent,
          ) ?? [0, '0'])[1].replaceAll(',', ''),
        ) > n,
      first,
      `the count stayed at ${first}`,
    );
    // The rest of the app meanwhile: the timeline steps, a fix toggles (and back).
    await page.getByTestId('step-label').click();
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 1, 'ArrowRight did not step during the comparison');
    const fix = page.getByRole('checkbox', { name: 'go-1565' });
    await fix.check();
    await until(
      page,
      () => document.querySelector('input[aria-label=go-1565]')?.checked === true,
      undefined,
      'the fix did not toggle during the comparison',
    );
    await fix.uncheck();
    assert.match(await page.getByTestId('compare-progress').textContent(), /^search 1 of /);
    await panel.getByRole('button', { name: 'Cancel comparison' }).click();
    await until(
      page,
      () =>
        /Comparison cancelled after 0 of \d+ searches\./.test(
          document.querySelector('[data-testid=explorer-compare]')?.textContent ?? '',
        ),
      undefined,
      'not cancelled',
    );
    assert.equal(await page.getByTestId('compare-progress').count(), 0);
    assert.ok(await panel.getByRole('button', { name: 'Explore', exact: true }).isEnabled());
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('compare-table').count(), 0, 'a table after the cancel');
    assert.equal(await page.getByTestId('compare-table-so-far').count(), 0);

    // A verdict before the comparison ends: with a state bound the first search reaches in a few
    // seconds, its row shows while search 2 of n runs (the final table is not there yet); a Cancel
    // then keeps it and says where search 2 stopped.
    await panel.getByLabel('Max states').fill('20000');
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    const seen = await (
      await page
        .waitForFunction(
          () => {
            const line =
              document.querySelector('[data-testid=compare-progress]')?.textContent ?? '';
            const row = document.querySelector('[data-testid=compare-table-so-far] tbody tr');
            return /^search 2 of \d+: \S+ · [\d,]+ of at most 20,000 states/.test(line) && row
              ? {
                  line,
                  row: row.textContent,
                  final: !!document.querySelector('[data-testid=compare-table]'),
                  overall: document.querySelector('[data-testid=compare-overall]')?.textContent,
                }
              : null;
          },
          undefined,
          { timeout: 60_000 },
        )
        .catch(async () =>
          assert.fail(
            `no verdict while search 2 ran; page says:\n${(await page.locator('body').innerText()).slice(0, 2000)}`,
          ),
        )
    ).jsonValue();
    assert.match(seen.row, /^no fixes(violated|holds)/, seen.row);
    assert.equal(seen.final, false, 'the final table while it still ran');
    assert.match(seen.overall, /^1 of \d+ done · (waiting: .* · )?the comparison has run \d/);
    await panel.getByRole('button', { name: 'Cancel comparison' }).click();
    await until(
      page,
      () =>
        /Comparison cancelled after 1 of \d+ searches\. It ran [\d.]+ s; search 2 \(\S+\) was stopped at [\d,]+ states\./.test(
          document.querySelector('[data-testid=explorer-compare]')?.textContent ?? '',
        ),
      undefined,
      'not cancelled after the first verdict',
    );
    assert.equal(await page.getByTestId('compare-table-so-far').locator('tbody tr').count(), 1);

    // Picking another scenario mid-comparison: the new scenario's panel starts idle, and no table
    // of the old comparison turns up in it.
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    await page.getByTestId('compare-progress').waitFor();
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('seed-003-a-go-explore');
    await until(
      page,
      () =>
        document.querySelector('select[aria-label=Scenario]')?.value === 'seed-003-a-go-explore',
      undefined,
      'no switch',
    );
    await page
      .getByTestId('panel-explorer')
      .getByRole('button', { name: 'Compare fixes' })
      .waitFor();
    await page.waitForTimeout(1000);
    assert.equal(await page.getByTestId('compare-progress').count(), 0);
    assert.equal(await page.getByTestId('compare-table').count(), 0);
    assert.ok(
      await page
        .getByTestId('panel-explorer')
        .getByRole('button', { name: 'Explore', exact: true })
        .isEnabled(),
    );
  },
};

export default [cutBeforeRecipe, fixesAligned, embedTitle, compareLong];
