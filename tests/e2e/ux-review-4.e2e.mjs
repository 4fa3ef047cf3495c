// What the fourth UX review left open, in real Chromium: a link to a fork reopens as a fork with
// the way back to the scenario as written (the violation note fitting the view is ux-review-5's);
// at 1024 × 700 the header leaves the diagram more
// height (measured before the change: 383 px of diagram below a 123 px header) and still names the
// fixes switched on; an arrow's menu offers send-timeout; the replicator's card explains its -1.
import assert from 'node:assert/strict';
import { cursorOf, openScenario, shows, stepIs, text, until } from './lib.mjs';

const fork = {
  name: 'ux4: a link to a fork reopens beside "as written", which brings the scenario back',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    const actions = page.getByTestId('panel-next').getByRole('button');
    const picked = (await actions.nth(1).locator('code').first().textContent()).trim();
    await actions.nth(1).click();
    await stepIs(page, 1, 'the fork did not land on step 1');
    await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no link');
    const url = page.url();

    const fresh = await newPage();
    await fresh.goto(url, { waitUntil: 'load' });
    await stepIs(fresh, 1, 'the link did not land on step 1');
    await shows(fresh, 'panel-branches', `from the link: step 1: ${picked}`, 'no fork label');
    const branches = fresh.getByTestId('panel-branches').getByRole('button');
    assert.equal(await branches.count(), 2);
    assert.equal(await branches.nth(1).getAttribute('aria-current'), 'true');
    assert.match(await fresh.locator('.step-key').textContent(), new RegExp(picked));
    await branches.nth(0).click();
    await until(
      fresh,
      () => /^connect:p1$/.test(document.querySelector('.step-key')?.textContent?.trim() ?? ''),
      undefined,
      'as written, step 1 is connect:p1',
    );
    assert.equal(await cursorOf(fresh), 1);
  },
};

/**
 * The diagram's scrolling view and the actor header's strip above it (since review 7 the strip is
 * outside the view, where the sticky header took the view's top 24 px): how much the window shows.
 */
const diagramHeight = (page) =>
  page.evaluate(() => {
    const r = document.querySelector('[data-testid=diagram]').getBoundingClientRect();
    const top = document.querySelector('[data-testid=diagram-actors]').getBoundingClientRect().top;
    return Math.round(Math.min(r.bottom, innerHeight) - Math.max(top, 0));
  });

const header = {
  name: 'ux4: at 1024 × 700 the fixes fold into one header line that names those on; the diagram gets the room',
  run: async ({ baseURL, newPage }) => {
    const small = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(small, baseURL, 'seed-000-checksum-corrupted');
    const h = await small.evaluate(
      () => document.querySelector('.app-header').getBoundingClientRect().height,
    );
    assert.ok(h <= 50, `the header is ${h} px high (123 px before)`);
    const height = await diagramHeight(small);
    // Before: 383 px (the diagram's view from 317 px down to 700).
    assert.ok(height >= 460, `the diagram shows ${height} px (383 px before)`);
    assert.equal((await text(small, 'fixes-on')).trim(), 'none on');
    await small.getByRole('button', { name: /^Choose fixes/ }).click();
    await small.getByRole('checkbox', { name: 'guard-rewind' }).check();
    await small.getByRole('button', { name: /^Hide the fixes/ }).click();
    assert.equal(await small.getByRole('checkbox', { name: 'guard-rewind' }).count(), 0);
    await until(
      small,
      () => document.querySelector('[data-testid=fixes-on]')?.textContent === 'guard-rewind',
      undefined,
      'the folded line does not name the fix on',
    );
    // The fix is on in the run: the replicator stops visibly at step 18 instead of losing E3, and
    // its producer's close lets E4 and E5, already written, arrive: the run ends at step 25
    // (review 18: AbstractReplicator.terminate closes gracefully).
    await until(
      small,
      () => / of 25$/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
      undefined,
      'guard-rewind did not run (the run still ends at step 27)',
    );
    // A large window keeps the three rows of toggles.
    const big = await newPage({ viewport: { width: 1400, height: 900 } });
    await openScenario(big, baseURL, 'seed-000-checksum-corrupted');
    assert.equal(await big.getByRole('checkbox', { name: 'guard-rewind' }).count(), 1);
    assert.equal(await big.getByTestId('fixes-compact').count(), 0);
  },
};

const arrowTimeout = {
  name: "ux4: a diagram arrow's menu offers send-timeout on an application producer's pending send",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    const label = page
      .locator('[data-testid=diagram] svg text.messageText', { hasText: /· M1 seq/ })
      .first();
    // Once in a clean-clone CI run (session 9) Playwright never saw this label "stable" within
    // 30 s, though it resolved and every other run clicks it in ~2 s. Not reproduced in 5 runs
    // alone; until its cause is found, a second try clicks without the stability wait and says so.
    await label.click({ timeout: 10_000 }).catch(async (e) => {
      console.log(
        `    the M1 label was not clickable for 10 s (${e.message.split('\n')[0]}); clicking with force`,
      );
      await label.click({ force: true });
    });
    const menu = page.getByRole('menu');
    assert.match(await menu.textContent(), /send-timeout \(the producer gives up waiting/);
    await menu.getByRole('menuitem', { name: /^send-timeout/ }).click();
    await shows(page, 'panel-faults', 'send-timeout on M1', 'the timeout is not in the plan');
  },
};

const replicatorCard = {
  name: "ux4: seed 000's replicator card says its lastSequenceIdPublished -1 is expected",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await page.keyboard.press('End');
    await stepIs(page, 27, 'not at the end');
    await shows(page, 'replicator-watermarks-note', 'only for replication markers', 'no note');
  },
};

// The violation note fitting the view is ux-review-5's test (it also asserts no manual scroll).
export default [fork, header, arrowTimeout, replicatorCard];
