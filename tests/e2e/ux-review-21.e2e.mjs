// UX review 21 (docs/research/ux-review-21.md) in real Chromium:
// - the step's arrow comes into view across with the step: seed 002's ⚠ link at 1024 × 768 (browser
//   zoom 100 % and 67 %) shows both ends of step 28's receipt (its broker-2 end was cut), seed 001's
//   step 17 at 1280 × 800 both ends of its arrows to bookie-1 and the metadata store; a sideways
//   scroll by hand afterwards is left where the user put it;
// - at 1440 × 900 the header is one list of fix ids and the diagram starts 100 px higher; every
//   checkbox shown with its name; 1024 × 768 folded as before, 67 % browser zoom the full grid;
// - the Subscriptions panel acknowledges and lets the redelivery request land from its rows, and
//   the step bar shows the step taken.
// Boxes, never pixel values.
import assert from 'node:assert/strict';
import {
  bothEndsInView,
  currentArrows,
  openAtStep,
  openScenario,
  settled,
  stepIs,
  takeOffered,
  text,
  until,
} from './lib.mjs';

function violationLink(zoom) {
  return {
    name: `ux21: seed-002-issue-1's ⚠ link at 1024 × 768, browser zoom ${Math.round(zoom * 100)} % — both ends of step 28's arrow in view; a hand scroll afterwards is kept`,
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage({
        viewport: { width: Math.round(1024 / zoom), height: Math.round(768 / zoom) },
        deviceScaleFactor: zoom,
      });
      await openScenario(page, baseURL, 'seed-002-issue-1');
      await page.getByTestId('step-jump').click();
      await stepIs(page, 28, 'the ⚠ link did not go to step 28');
      await until(
        page,
        () => document.querySelector('[data-testid=diagram]').scrollLeft > 0,
        undefined,
        'the diagram did not scroll across to step 28',
      );
      await settled(page);
      const m = await currentArrows(page);
      assert.ok(bothEndsInView(m), `step 28's arrow is cut: ${JSON.stringify(m)}`);
      // The user scrolls back left by hand: the view stays there (nothing pulls it back).
      await page.getByTestId('diagram').evaluate((d) => (d.scrollLeft = 0));
      await page.waitForTimeout(400);
      assert.equal(await page.getByTestId('diagram').evaluate((d) => d.scrollLeft), 0);
    },
  };
}

const seed001 = {
  name: 'ux21: seed-001-fencing-race stepped to step 17 at 1280 × 800 — both arrows whole, broker-1 in view, p1 named by the lane button',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await openAtStep(page, baseURL, 'seed-001-fencing-race', 17);
    await settled(page);
    await until(
      page,
      () => document.querySelector('[data-testid=lanes-left]') !== null,
      undefined,
      'no button names the lanes left of the view',
    );
    const m = await currentArrows(page);
    assert.equal(m.lines.length, 2, JSON.stringify(m));
    assert.ok(bothEndsInView(m), `step 17's arrows are cut: ${JSON.stringify(m)}`);
    assert.equal(await page.getByTestId('lanes-left').getAttribute('data-lanes'), 'p1');
  },
};

const acknowledge = {
  name: 'ux21: consumer-ack-timeout-explore at step 7 — the Subscriptions panel acknowledges 10:0 M1; the step bar shows step 8, the CommandAck in flight',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openAtStep(page, baseURL, 'consumer-ack-timeout-explore', 7);
    const button = page
      .getByTestId('sub-sub-acknowledge')
      .getByRole('button', { name: 'Acknowledge 10:0 M1 now (the application is done with it)' });
    await takeOffered(page, button, 'acknowledge:sub:10:0');
    await until(
      page,
      () =>
        /^10:0 M1/.test(document.querySelector('[data-testid=sub-sub-acks]')?.textContent ?? ''),
      undefined,
      'no CommandAck of 10:0 in flight',
    );
    assert.equal(await page.getByTestId('sub-sub-acknowledge').count(), 0);
  },
};

const request = {
  name: 'ux21: consumer-negative-ack at step 16 — the Subscriptions panel lets the redelivery request reach broker-1; the redelivery row empties',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openAtStep(page, baseURL, 'consumer-negative-ack', 16);
    assert.equal(
      await text(page, 'sub-sub-redelivery'),
      'CommandRedeliverUnacknowledgedMessages on its way',
    );
    const button = page.getByRole('button', {
      name: 'Let the redelivery request reach broker-1 now (it rewinds the cursor)',
    });
    await takeOffered(page, button, 'redeliver:sub');
    await until(
      page,
      () => document.querySelector('[data-testid=sub-sub-redelivery]')?.textContent === 'none',
      undefined,
      'the request did not land',
    );
    assert.equal(await page.getByTestId('sub-sub-request').count(), 0);
  },
};

/** The header's and the diagram's boxes, and each fix checkbox: shown, inside the header. */
const headerNow = (page) =>
  page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const header = box(document.querySelector('.app-header'));
    const boxes = [...document.querySelectorAll('.app-header input[type=checkbox]')].map((c) => ({
      name: c.getAttribute('aria-label'),
      shown: box(c).width > 0 && box(c).top >= header.top && box(c).bottom <= header.bottom,
    }));
    return {
      header: { top: header.top, bottom: header.bottom },
      diagramTop: box(document.querySelector('[data-testid=diagram]')).top,
      steps: box(document.querySelector('[data-testid=step-label]')),
      boxes,
      showMore: (() => {
        const b = [...document.querySelectorAll('.scenario-info button')].find(
          (x) => x.textContent === 'Show more',
        );
        const h = document.querySelector('.scenario-info h2');
        return b && h ? { button: box(b), title: box(h) } : null;
      })(),
    };
  });

const header = {
  name: 'ux21: at 1440 × 900 the header is one list of fix ids — every checkbox shown and named, one checked from there; the diagram starts 100 px higher; Show more on the title’s line',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'seed-002-issue-1');
    const m = await headerNow(page);
    assert.ok(m.boxes.length >= 14, JSON.stringify(m.boxes));
    assert.deepEqual(
      m.boxes.filter((b) => !b.shown),
      [],
      'a fix checkbox is hidden or outside the header',
    );
    // Before: the header ended at 162 px and the diagram began at 384 px.
    assert.ok(m.header.bottom < 100, `the header ends at ${m.header.bottom}`);
    assert.ok(m.diagramTop < 300, `the diagram starts at ${m.diagramTop}`);
    assert.ok(m.showMore, 'no Show more');
    assert.ok(
      m.showMore.button.top < m.showMore.title.bottom &&
        m.showMore.button.left > m.showMore.title.right,
      `Show more is not beside the title: ${JSON.stringify(m.showMore)}`,
    );
    const fix = page.getByRole('checkbox', { name: 'pr-23697' });
    assert.match(
      (await fix.evaluate(
        (c) => document.getElementById(c.getAttribute('aria-describedby')).textContent,
      )) ?? '',
      /^PR 23697/,
    );
    await fix.check();
    assert.equal(await fix.isChecked(), true);
    // "What do the fixes change?" opens its list under the ids.
    await page.getByText('What do the fixes change?').click();
    assert.match(await text(page, 'fix-help'), /pr-23697\s*apache\/pulsar#23697/);
  },
};

/** At 1024 × 768 the folded line is as before; at 67 % browser zoom (1528 × 1146) the full grid. */
const otherSizes = {
  name: 'ux21: at 1024 × 768 the fixes stay folded in one line; at 67 % browser zoom the grid shows every summary',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const small = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(small, baseURL, 'seed-002-issue-1');
    assert.equal(await small.getByTestId('fixes-compact').count(), 1);
    const zoomed = await newPage({
      viewport: { width: Math.round(1024 / 0.67), height: Math.round(768 / 0.67) },
      deviceScaleFactor: 0.67,
    });
    await openScenario(zoomed, baseURL, 'seed-002-issue-1');
    assert.equal(await zoomed.getByTestId('fixes-compact').count(), 0);
    assert.equal(await zoomed.locator('#fix-go-1565').isVisible(), true);
  },
};

export default [
  violationLink(1),
  violationLink(0.67),
  seed001,
  acknowledge,
  request,
  header,
  otherSizes,
];
