// UX review 11 (docs/research/ux-review-11.md) in real Chromium at 1280 × 800: a Pulsar committer
// opens a shared link of seed 001 at its last step. The actor strip must show once the drawing is
// scrolled past its own names (it was measured while scrolled down and never showed above step
// ~30); the step bar's ⚠ link leaves the focus on the Invariants panel, in view, instead of
// <body>; the side column's held table of contents brings a panel far down into view.
import assert from 'node:assert/strict';
import { copyLink, openScenario, stepIs, until } from './lib.mjs';

const VIEW = { viewport: { width: 1280, height: 800 } };

/** Where an element is against the side column's visible box (and under its held nav?). */
const inSide = (page, testId) =>
  page.evaluate((id) => {
    const el = document.querySelector(`[data-testid=${id}]`);
    const side = document.querySelector('aside.side').getBoundingClientRect();
    const nav = document.querySelector('[data-testid=side-nav]').getBoundingClientRect();
    const r = el.querySelector('h3')?.getBoundingClientRect() ?? el.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      sideTop: side.top,
      sideBottom: side.bottom,
      navBottom: nav.bottom,
    };
  }, testId);

/** Seed 001 at its last step, copied as a link and opened in a fresh page. */
async function openSharedSeed001(baseURL, newPage) {
  const page = await newPage({ ...VIEW, permissions: ['clipboard-read', 'clipboard-write'] });
  await openScenario(page, baseURL, 'seed-001-fencing-race');
  await page.getByTestId('step-label').click();
  await page.keyboard.press('End');
  await stepIs(page, 32, 'not at the last step');
  const url = await copyLink(page);
  const fresh = await newPage(VIEW);
  await fresh.goto(url, { waitUntil: 'load' });
  await stepIs(fresh, 32, 'the link did not land on step 32');
  await until(
    fresh,
    () =>
      document.querySelector('[data-testid=diagram]')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('[data-testid=diagram] svg'),
    undefined,
    'no diagram',
  );
  return fresh;
}

const stripShown = (page) =>
  page.evaluate(() =>
    document.querySelector('[data-testid=diagram-actors]').classList.contains('shown'),
  );

const lateLinkStrip = {
  name: 'ux11: a link of seed 001 at step 32, then the ⚠ link to step 17 — the actor strip still names the lanes, the focus is on the Invariants panel, in view',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await openSharedSeed001(baseURL, newPage);
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-actors]')?.classList.contains('shown'),
      undefined,
      'no strip at step 32',
    );
    await page.getByTestId('step-jump').focus();
    await page.keyboard.press('Enter');
    await stepIs(page, 17, 'the ⚠ link did not go to step 17');
    // The drawing scrolls to step 17 (far below its own actor boxes): the strip stays.
    await until(
      page,
      () => document.querySelector('[data-testid=diagram]').scrollTop > 500,
      undefined,
      'no scroll to step 17',
    );
    await page.waitForTimeout(300);
    assert.ok(
      await stripShown(page),
      'the actor strip is hidden at step 17, scrolled far past the drawing’s own names',
    );
    const names = await page
      .getByTestId('diagram-actors')
      .evaluate((el) => [...el.querySelectorAll('.diagram-actor')].map((a) => a.textContent));
    assert.ok(names.includes('broker-2') && names.includes('local ledger'), names.join(', '));
    // A manual scroll back near the top hides it; down again shows it (not stuck either way).
    await page.getByTestId('diagram').evaluate((el) => (el.scrollTop = 0));
    await until(
      page,
      () => !document.querySelector('[data-testid=diagram-actors]').classList.contains('shown'),
      undefined,
      'the strip stays over the drawing’s own names',
    );
    await page.getByTestId('diagram').evaluate((el) => (el.scrollTop = 400));
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-actors]').classList.contains('shown'),
      undefined,
      'the strip does not come back at 400 px',
    );
    // The focus: the Invariants panel, not <body>; and the panel is in the side column's view.
    assert.equal(
      await page.evaluate(() => document.activeElement?.dataset.testid),
      'panel-invariants',
    );
    await until(
      page,
      () => {
        const r = document
          .querySelector('[data-testid=panel-invariants] h3')
          .getBoundingClientRect();
        const nav = document.querySelector('[data-testid=side-nav]').getBoundingClientRect();
        return r.top >= nav.bottom - 1 && r.bottom <= innerHeight;
      },
      undefined,
      'the Invariants heading is not in view below the column’s table of contents',
    );
    const text = await page.getByTestId('panel-invariants').innerText();
    assert.match(text, /ledger-entries-match at step 17/);
    assert.match(text, /This step\./);
  },
};

const sideNav = {
  name: 'ux11: the side column’s table of contents stays at its top and brings Invariants, Messages and Topology into view (keyboard), at 1280 × 800 and 1024 × 700 (two rows)',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [VIEW.viewport, { width: 1024, height: 700 }])
      await walkNav(baseURL, newPage, viewport);
  },
};

/** The table of contents at one window size: each panel's heading in view below it, focused. */
async function walkNav(baseURL, newPage, viewport) {
  const page = await newPage({ viewport });
  await openScenario(page, baseURL, 'seed-001-fencing-race');
  const nav = page.getByRole('navigation', { name: 'Side panels' });
  await nav.waitFor();
  const before = await inSide(page, 'panel-invariants');
  assert.ok(
    before.top > before.sideBottom,
    `Invariants is below the fold at first (${before.top} > ${before.sideBottom})`,
  );
  for (const [name, id] of [
    [/^Invariants panel/, 'panel-invariants'],
    [/^Messages panel/, 'panel-outcomes'],
    [/^Topology panel/, 'panel-topology'],
  ]) {
    await nav.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
    await until(
      page,
      (id) => document.activeElement?.dataset.testid === id,
      id,
      `${id} did not take the focus`,
    );
    await until(
      page,
      (id) => {
        const r = document.querySelector(`[data-testid=${id}] h3`).getBoundingClientRect();
        const n = document.querySelector('[data-testid=side-nav]').getBoundingClientRect();
        return r.top >= n.bottom - 1 && r.bottom <= innerHeight;
      },
      id,
      `${id}'s heading not in view below the table of contents: ${JSON.stringify(await inSide(page, id))}`,
    );
    // The nav is still at the column's top, in view.
    const n = await nav.boundingBox();
    const side = await page.locator('aside.side').boundingBox();
    assert.ok(Math.abs(n.y - side.y) < 2, `the nav left the column's top: ${n.y} vs ${side.y}`);
  }
}

export default [lateLinkStrip, sideNav];
