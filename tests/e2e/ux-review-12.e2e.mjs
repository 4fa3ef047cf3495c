// UX review 12 (docs/research/ux-review-12.md) in real Chromium at 1280 × 800, as a Pulsar
// engineer walks session 11's built-ins and review 11's leftovers:
// - seed 001 stepped to step 17 with → shows broker-1's lane (p1's, since review 21, only when the
//   step's arrow to the metadata store leaves room: it does not at 1280 px) (the sideways scroll goes
//   as far left as still shows the step; it stayed 227 px right after step 15's arrow to the
//   metadata store), and the step's VIOLATION text whole;
// - the side column's Explorer button pressed while the explorer's chunk is still on its way
//   waits for it, then focuses the panel (it did nothing);
// - a Next actions item reads "<key>, default, taken next" (the key ran into its badge);
// - the Messages panel says what a send asked (replicate_to, deliver_at_time, chunks) and owes
//   geo-replicate-to-local's M1 to no cluster its replicate_to leaves out; the Topic panel names
//   the chunked M1 it cannot assemble; the explorer says why liveness is not applicable.
import assert from 'node:assert/strict';
import { goToEnd, openScenario, stepIs, until } from './lib.mjs';

const VIEW = { viewport: { width: 1280, height: 800 } };

const lanes = {
  name: 'ux12: seed 001 stepped to step 17 with → at 1280 × 800 — broker-1’s lane in view (p1 named beside it since review 21), the VIOLATION text whole',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await openScenario(page, baseURL, 'seed-001-fencing-race');
    await page.getByTestId('step-label').click();
    for (let i = 0; i < 17; i++) {
      await page.keyboard.press('ArrowRight');
      await stepIs(page, i + 1, `→ did not reach step ${i + 1}`);
    }
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => {
      const d = document.querySelector('[data-testid=diagram]');
      const view = d.getBoundingClientRect();
      const right = view.left + d.clientWidth;
      const inView = (r) => r.left >= view.left && r.right <= right;
      const actor = (name) =>
        [...d.querySelectorAll('svg rect.actor-top')].find(
          (r) => r.parentElement?.textContent?.trim() === name,
        );
      const violation = [...d.querySelectorAll('svg text')].filter((t) =>
        /VIOLATION ledger-entries-match|entry but BookKeeper/.test(t.textContent ?? ''),
      );
      return {
        scrollLeft: d.scrollLeft,
        p1: inView(actor('p1').getBoundingClientRect()),
        broker1: inView(actor('broker-1').getBoundingClientRect()),
        violation:
          violation.length > 0 && violation.every((t) => inView(t.getBoundingClientRect())),
      };
    });
    // Since UX review 21 the view also shows both ends of the step's arrow to the metadata store
    // (ux-review-21.e2e.mjs): p1's lane, left of broker-1, is then named by the zoom bar's button.
    assert.equal(await page.getByTestId('lanes-left').getAttribute('data-lanes'), 'p1');
    assert.ok(seen.broker1, `broker-1's lane is out of view (scrollLeft ${seen.scrollLeft})`);
    assert.ok(seen.violation, 'the VIOLATION note’s text is cut');
    // The lane names in the strip over the drawing (it is scrolled far below the drawing's own).
    const strip = await page.getByTestId('diagram-actors').evaluate((el) => {
      const d = document.querySelector('[data-testid=diagram]').getBoundingClientRect();
      return [...el.querySelectorAll('.diagram-actor')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          return r.left >= d.left && r.right <= d.right;
        })
        .map((a) => a.textContent);
    });
    assert.ok(strip.includes('broker-1') && strip.includes('broker-2'), strip.join(', '));
    // A sideways scroll by hand is kept by the next step (Shift+← is the user's).
    await page.getByTestId('diagram').focus();
    const before = await page.getByTestId('diagram').evaluate((d) => (d.scrollLeft = 200));
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 18, '→ did not reach step 18');
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('diagram').evaluate((d) => d.scrollLeft), before);
  },
};

const explorerButton = {
  name: 'ux12: the side column’s Explorer button pressed before the explorer’s chunk arrives waits for it, then focuses the panel',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    let release;
    const held = new Promise((r) => (release = r));
    await page.route(/\/assets\/Panel-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    assert.equal(await page.getByTestId('panel-explorer').count(), 0, 'the chunk was not held');
    await page.getByRole('button', { name: 'Explorer panel' }).click();
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('panel-explorer').count(), 0);
    release();
    await until(
      page,
      () => document.activeElement?.getAttribute('data-testid') === 'panel-explorer',
      undefined,
      'the focus never reached the explorer panel once it loaded',
    );
    await until(
      page,
      () => {
        const r = document.querySelector('[data-testid=panel-explorer] h3').getBoundingClientRect();
        const nav = document.querySelector('[data-testid=side-nav]').getBoundingClientRect();
        return r.top >= nav.bottom - 1 && r.bottom <= innerHeight;
      },
      undefined,
      'the explorer’s heading is not in view below the column’s table of contents',
    );
  },
};

const readsRight = {
  name: 'ux12: Next actions “<key>, default, taken next”; Messages says replicate_to / deliver_at_time / 2 chunks, no “not at us-west yet” for M1; Topic “M1 incomplete (chunk 1 of 2)”; liveness not applicable, said why',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await openScenario(page, baseURL, 'geo-replicate-to-local');
    const first = page.getByTestId('panel-next').getByRole('listitem').first();
    const key = await first.getByRole('button').textContent();
    const words = await first.locator('.action-words').textContent();
    assert.equal(await first.textContent(), `${key}, default, taken next${words}`);
    // The separator is not drawn: the badge sits beside the key on one line.
    const [k, b] = await Promise.all([
      first.getByRole('button').boundingBox(),
      first.locator('.tag').first().boundingBox(),
    ]);
    assert.ok(b.x - (k.x + k.width) < 12, `the badge is ${b.x - (k.x + k.width)} px from the key`);

    await goToEnd(page);
    const m1 = await page.getByTestId('outcome-M1').innerText();
    assert.match(m1, /replicate_to \[us-east\]/);
    assert.doesNotMatch(m1, /not at us-west/);
    assert.match(await page.getByTestId('outcome-M2').innerText(), /us-east 10:1, us-west 20:0/);

    await openScenario(page, baseURL, 'go-delayed-overtakes-batch');
    await goToEnd(page);
    assert.match(
      await page.getByTestId('outcome-sent-with-M2').innerText(),
      /deliver_at_time: \+5000 ms/,
    );

    await openScenario(page, baseURL, 'chunked-dedup-pr-20948');
    await goToEnd(page);
    assert.match(await page.getByTestId('outcome-sent-with-M1').innerText(), /2 chunks/);
    assert.match(
      await page.getByTestId('topic-local').innerText(),
      /stored: nothing yet · M1 incomplete \(chunk 1 of 2\)/,
    );
    const explorer = page.getByTestId('panel-explorer');
    await explorer.getByRole('button', { name: 'Explore', exact: true }).click();
    const why = page.getByTestId('explorer-liveness-why');
    await why.waitFor({ timeout: 60_000 });
    assert.match(
      await why.evaluate((el) => el.parentElement.textContent),
      /^Liveness: not-applicable — no replication here: liveness is replication-progress/,
    );
  },
};

export default [lanes, explorerButton, readsRight];
