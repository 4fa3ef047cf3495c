// UX review 22 (docs/research/ux-review-22.md) in real Chromium: on a wide window (1400 px and up,
// the fixes not folded) the share bar sits in the header's first line, right of the scenario picker,
// instead of on a row of its own (review 21's finding 5): the diagram starts 38 px higher at
// 1440 × 900. What was copied wraps under the buttons there; the editor takes the whole width
// under the fixes. Narrower or shorter windows keep the bar's own row. Boxes, never pixel values
// beyond the before/after bounds.
import assert from 'node:assert/strict';
import { openScenario, shows } from './lib.mjs';

/** Where the share bar's buttons, the scenario picker, the first fix and the diagram are. */
const layoutNow = (page) =>
  page.evaluate(() => {
    const box = (el) => el && el.getBoundingClientRect().toJSON();
    const button = (name) =>
      [...document.querySelectorAll('.share-bar button')].find((b) => b.textContent === name);
    return {
      inHeader: document.querySelector('.app-header .share-bar') !== null,
      copyLink: box(button('Copy link')),
      edit: box(button('Edit scenario') ?? button('Close editor')),
      picker: box(document.querySelector('select[aria-label=Scenario]')),
      theme: box(document.querySelector('.theme-toggle')),
      firstFix: box(document.querySelector('.app-header > .fixes input[type=checkbox]')),
      header: box(document.querySelector('.app-header')),
      diagramTop: box(document.querySelector('[data-testid=diagram]')).top,
      editor: box(document.querySelector('.editor')),
    };
  });

const sameLine = (a, b) => a.top < b.bottom && b.top < a.bottom;

function wide(width, height, diagramBefore) {
  return {
    name: `ux22: at ${width} × ${height} the share bar is on the header's first line, right of the picker — the diagram starts higher (${diagramBefore} px before); a copy message wraps under the buttons; the editor opens under the fixes, the whole width`,
    timeout: 60_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage({
        viewport: { width, height },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await openScenario(page, baseURL, 'seed-002-issue-1');
      const m = await layoutNow(page);
      assert.ok(m.inHeader, 'the share bar is not in the header');
      assert.ok(
        sameLine(m.copyLink, m.picker),
        `Copy link is not beside the picker: ${JSON.stringify(m)}`,
      );
      assert.ok(m.copyLink.left > m.picker.right, 'Copy link is left of the picker');
      assert.ok(
        sameLine(m.edit, m.theme) && m.edit.right <= m.theme.left,
        'Edit scenario is not left of the theme toggle',
      );
      assert.ok(m.copyLink.bottom <= m.firstFix.top, 'the buttons are not above the fixes');
      assert.ok(m.diagramTop <= diagramBefore - 30, `the diagram starts at ${m.diagramTop}`);
      // What was copied: said under the buttons; they stay beside the picker.
      await page.getByRole('button', { name: 'Copy link' }).click();
      await shows(page, 'share-message', 'Copied link', 'not copied');
      const c = await layoutNow(page);
      assert.ok(
        sameLine(c.copyLink, c.picker),
        'a copy message pushed the bar off the picker’s line',
      );
      const msg = await page
        .getByTestId('share-message')
        .evaluate((p) => p.getBoundingClientRect().toJSON());
      assert.ok(
        msg.top >= c.copyLink.bottom && msg.left >= c.copyLink.left - 1,
        `the message is not under the buttons: ${JSON.stringify(msg)}`,
      );
      // The editor needs the width: under the fixes, across the window.
      await page.getByRole('button', { name: 'Edit scenario' }).click();
      await page.locator('.editor textarea.editor-json').waitFor();
      const e = await layoutNow(page);
      assert.ok(e.editor.top >= e.firstFix.bottom, 'the editor opened above the fixes');
      assert.ok(e.editor.width >= width * 0.9, `the editor is ${e.editor.width} px wide`);
      assert.equal(await page.getByRole('button', { name: 'Close editor' }).count(), 1);
    },
  };
}

function ownRow(width, height) {
  return {
    name: `ux22: at ${width} × ${height} the share bar keeps its own row under the header, as before`,
    timeout: 60_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage({ viewport: { width, height } });
      await openScenario(page, baseURL, 'seed-002-issue-1');
      const m = await layoutNow(page);
      assert.equal(m.inHeader, false, 'the share bar moved into the header');
      assert.ok(m.copyLink.top >= m.header.bottom, 'the share bar is not under the header');
    },
  };
}

export default [
  wide(1440, 900, 279),
  wide(1920, 1080, 384),
  ownRow(1280, 800),
  ownRow(1024, 768),
  ownRow(1440, 800),
];
