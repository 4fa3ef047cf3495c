// The theme follows the system's live — until the user picks one with the toggle, which is kept.
// (Before, the page saved whatever theme it first showed, so it never followed the system again.)
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

const themeIs = (page, want, what) =>
  until(page, (want) => document.documentElement.dataset.theme === want, want, what);

const follows = {
  name: 'theme: with nothing chosen the app follows a live change of the system theme; a choice on the toggle is kept over it and after a reload',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ colorScheme: 'light' });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await themeIs(page, 'light', 'a light system did not open light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await themeIs(page, 'dark', 'the app did not turn dark with the system');
    assert.equal(
      await page.evaluate(() => localStorage.getItem('dedup-lab-theme')),
      null,
      'following the system saved a choice',
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await themeIs(page, 'light', 'the app did not turn light again with the system');

    // The user's choice wins over the system's, now and after a reload.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await themeIs(page, 'dark', 'the toggle did not turn the app dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(200);
    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.theme),
      'dark',
      "the system overrode the user's choice",
    );
    await page.reload({ waitUntil: 'load' });
    await themeIs(page, 'dark', 'the choice was not kept after a reload');
  },
};

const ring = {
  name: 'theme: the keyboard focus ring is 2 px in the accent colour, in both themes',
  run: async ({ baseURL, newPage }) => {
    for (const colorScheme of ['light', 'dark']) {
      const page = await newPage({ colorScheme });
      await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
      await page.getByRole('button', { name: 'Forward' }).focus();
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const el = document.activeElement;
        const cs = getComputedStyle(el);
        const accent = getComputedStyle(document.documentElement)
          .getPropertyValue('--accent')
          .trim();
        const probe = document.createElement('span');
        probe.style.color = accent;
        document.body.append(probe);
        const want = getComputedStyle(probe).color;
        probe.remove();
        return {
          tag: el.tagName,
          width: cs.outlineWidth,
          style: cs.outlineStyle,
          color: cs.outlineColor,
          want,
        };
      });
      assert.equal(seen.tag, 'BUTTON', `${colorScheme}: the focus is on ${seen.tag}`);
      assert.equal(seen.width, '2px', `${colorScheme}: ring ${seen.width}`);
      assert.equal(seen.style, 'solid', `${colorScheme}: ring ${seen.style}`);
      assert.equal(
        seen.color,
        seen.want,
        `${colorScheme}: ring colour ${seen.color}, accent ${seen.want}`,
      );
      await page.close();
    }
  },
};

export default [follows, ring];
