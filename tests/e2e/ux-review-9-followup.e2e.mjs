// UX review 9's leftovers (docs/research/ux-review-9.md, Follow-up) in real Chromium: a link cut at
// or before its `=` says it was cut off; the editor's Fixes checkboxes sit on their labels' centre
// line in both themes.
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

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

export default [cutBeforeRecipe, fixesAligned];
