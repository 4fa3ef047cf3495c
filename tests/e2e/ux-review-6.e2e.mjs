// What the sixth UX review (a Pulsar committer new to Dedup Lab) fixed, in real Chromium: a cold
// open shows "How to read this" without taking the diagram's height and the step bar names where
// the run breaks an invariant (one click goes there, the bar stays one line); a shared link's
// notice says what it shows and offers step 0; the explorer explains its bounds and its verdict;
// the editor's format help gives an example that runs; muted text and links reach 4.5:1.
import assert from 'node:assert/strict';
import { openScenario, shows, stepIs, until } from './lib.mjs';

/** The step bar's children on one line (same vertical centre), and the jump link not cut. */
const bar = (page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav.step-controls');
    const centres = [...nav.children].map((c) => {
      const r = c.getBoundingClientRect();
      return (r.top + r.bottom) / 2;
    });
    const j = document.querySelector('[data-testid=step-jump]');
    return {
      oneLine: Math.max(...centres) - Math.min(...centres) < 8,
      jump: j?.textContent ?? null,
      jumpCut: j ? j.scrollWidth > j.clientWidth + 1 : null,
    };
  });

const coldOpen = {
  name: 'ux6: a cold open shows how to read the page and where the run breaks; Got it is remembered; ? help shows it again (1024 × 700, 1400 × 900)',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1400, height: 900 },
    ]) {
      const at = `${viewport.width}×${viewport.height}`;
      const page = await newPage({ viewport });
      await page.goto(baseURL, { waitUntil: 'load' });
      await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
      const guide = page.getByRole('region', { name: 'How to read this' });
      await guide.waitFor();
      // In view without scrolling, beside the diagram (not above it).
      const g = await guide.boundingBox();
      const d = await page.getByTestId('diagram').boundingBox();
      assert.ok(
        g.y + 40 < viewport.height && g.x >= d.x + d.width - 1,
        `${at}: guide not beside the diagram in view`,
      );
      // The default scenario (seed 003 row (a)) loses M2 at its last step: the bar says so at step 0.
      await stepIs(page, 0, `${at}: not at step 0`);
      const b = await bar(page);
      assert.equal(b.jump, '⚠ no-silent-loss at step 12', `${at}: jump link`);
      assert.equal(b.jumpCut, false, `${at}: jump link cut`);
      assert.ok(b.oneLine, `${at}: step bar wraps`);
      await page
        .getByRole('button', { name: 'Go to step 12, where no-silent-loss is violated' })
        .click();
      await stepIs(page, 12, `${at}: the jump did not go to step 12`);
      await shows(page, 'step-violation', 'no-silent-loss', `${at}: no badge at step 12`);
      await guide.getByRole('button', { name: 'Got it' }).click();
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
      assert.equal(await page.getByTestId('guide').count(), 0, `${at}: guide back after Got it`);
      await page.getByRole('button', { name: 'Help and keyboard shortcuts' }).click();
      const help = page.getByRole('dialog', { name: 'Help and keyboard shortcuts' });
      await help.getByRole('heading', { name: 'How to read this' }).waitFor();
      const box = await help.boundingBox();
      assert.ok(
        box.y >= 0 && box.y + box.height <= viewport.height + 1,
        `${at}: help taller than the view`,
      );
      await page.keyboard.press('Escape');
      await page.close();
    }
  },
};

const sharedLink = {
  name: 'ux6: a link to seed 000 at its violation says scenario, step, fixes, faults, not a fork; Go to step 0 goes back',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await page.keyboard.press('End');
    await stepIs(page, 27, 'not at the end');
    await until(page, () => location.hash.length > 40, undefined, 'the address did not follow');
    await page.waitForTimeout(400); // the fragment is written after the step's frame
    const link = page.url();
    const fresh = await newPage();
    await fresh.goto(link, { waitUntil: 'load' });
    await shows(fresh, 'link-notice', 'verified the state', 'the link did not replay');
    const notice = await fresh.getByTestId('link-notice').textContent();
    for (const part of [
      '“Seed 000: head-of-queue ChecksumError (local buffer corrupted), rewind, silent loss of E3” at step 27 of 27 (no-silent-loss violated here)',
      'fixes on: none',
      'faults: checksum-error on E3 at us-west (local buffer corrupted)',
      'the scenario as written',
    ])
      assert.ok(notice.includes(part), `notice lacks "${part}": ${notice}`);
    await fresh.getByTestId('link-notice').getByRole('button', { name: 'Go to step 0' }).click();
    await stepIs(fresh, 0, 'Go to step 0 did not');
  },
};

const explorerWords = {
  name: 'ux6: the explorer says what its bounds mean and what "complete" promises (seed-000-explore)',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-explore');
    const ex = page.getByRole('region', { name: 'Explorer' });
    const depth = ex.getByRole('spinbutton', { name: 'Max depth' });
    assert.match(
      await depth.evaluate((e) =>
        e
          .getAttribute('aria-describedby')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      ),
      /Depth: steps in one run/,
    );
    await ex.getByRole('button', { name: 'Explore', exact: true }).click();
    await until(
      page,
      () =>
        document.querySelector('[data-testid=explorer-verdict]')?.textContent?.includes('complete'),
      undefined,
      'no verdict',
      110_000,
    );
    await shows(
      page,
      'explorer-meaning',
      'Complete: every interleaving and fault placement within these bounds was tried',
      'no meaning line',
    );
  },
};

const editorExample = {
  name: 'ux6: the editor’s format help: the small example runs as my-lost-receipt, M1’s resend answered -1:-1',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await page.goto(baseURL, { waitUntil: 'load' });
    await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const help = page.getByTestId('editor-format');
    await help.locator('summary').click();
    await help.getByText('lose-receipt — a receipt is lost').waitFor();
    await help.getByRole('button', { name: 'Use the small example' }).click();
    await shows(
      page,
      'editor-valid',
      'Valid: My scenario: a lost receipt with deduplication on',
      'example not valid',
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await until(
      page,
      () =>
        document.querySelector('.scenario-info h2')?.textContent ===
        'My scenario: a lost receipt with deduplication on',
      undefined,
      'the example did not run',
    );
    await page.keyboard.press('End');
    await shows(page, 'panel-outcomes', '-1:-1', 'M1 not completed by the Dup answer');
  },
};

/** Contrast of an element's text against the first opaque background behind it. */
const contrastOf = (page, selector) =>
  page.evaluate((selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) =>
      [r, g, b]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    let bg = null;
    for (let e = el; e && !bg; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] === 1) bg = c;
    }
    bg ??= [255, 255, 255];
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  }, selector);

const contrast = {
  name: 'ux6: muted text, links and the graph’s attribution reach 4.5:1 in both themes (seed 000 at its violation)',
  run: async ({ baseURL, newPage }) => {
    for (const colorScheme of ['light', 'dark']) {
      const page = await newPage({ colorScheme });
      await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
      await page.keyboard.press('End');
      await stepIs(page, 27, 'not at the end');
      await page.locator('.react-flow__attribution a').waitFor();
      for (const sel of [
        '.scenario-info p',
        '.scenario-info button.link',
        '.panel h3',
        '.keys-hint',
        '.react-flow__attribution a',
        '[data-testid=panel-faults] .muted',
      ]) {
        const r = await contrastOf(page, sel);
        assert.ok(r !== null, `${colorScheme}: ${sel} not found`);
        assert.ok(r >= 4.5, `${colorScheme}: ${sel} at ${r.toFixed(2)}:1`);
      }
      // Muted words on the coloured rows (a changed value, a violated invariant): the lowest.
      const rows = await page.evaluate(() => {
        const out = [];
        for (const el of document.querySelectorAll('.side .muted')) {
          if (!el.offsetParent) continue;
          el.dataset.ux6 = String(out.length);
          out.push(`[data-ux6="${out.length}"]`);
        }
        return out;
      });
      for (const sel of rows) {
        const r = await contrastOf(page, sel);
        assert.ok(r >= 4.5, `${colorScheme}: muted ${sel} at ${r.toFixed(2)}:1`);
      }
      await page.close();
    }
  },
};

export default [coldOpen, sharedLink, explorerWords, editorExample, contrast];
