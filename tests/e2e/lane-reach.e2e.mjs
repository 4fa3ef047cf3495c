// Every lane of the sequence diagram is reachable at 1024 px, with the browser at 100 %, 80 % and
// 67 % (a browser zoom is a smaller device scale factor over a wider CSS viewport: 1024 / 0.67 =
// 1528 CSS px). Seed 002's eight lanes at Auto run past the view's right edge at each; the zoom
// bar names the lanes out of view (LaneReach.tsx), and its button brings them in one at a time
// until the last lane's box lies inside the scroll area, then names the first ones on the left.
// At 1920 px with Fit width every lane shows, and the bar names none. Boxes, never pixel values.
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

/** The diagram's client box and every lane's actor box (viewport px), in drawing order. */
const lanesNow = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const b = d.getBoundingClientRect();
    const view = { left: b.left + d.clientLeft, right: b.left + d.clientLeft + d.clientWidth };
    const lanes = [...d.querySelectorAll('svg rect.actor-top')].map((rect) => {
      const r = rect.getBoundingClientRect();
      return {
        name: rect.parentElement.querySelector('text').textContent,
        left: r.left,
        right: r.right,
      };
    });
    // Mermaid draws the actor boxes last lane first: in drawing order, left to right.
    return { view, lanes: lanes.sort((a, b) => a.left - b.left) };
  });

const inside = (m, lane) => lane.left >= m.view.left - 1 && lane.right <= m.view.right + 1;

/**
 * The lanes the button on `side` names, in drawing order (its data-lanes; its text shows the
 * nearest and how many more, checked here too), or null without it.
 */
const named = async (page, side) => {
  const b = page.getByTestId(`lanes-${side}`);
  if ((await b.count()) === 0) return null;
  const lanes = (await b.getAttribute('data-lanes')).split(', ');
  const near = side === 'right' ? lanes[0] : lanes[lanes.length - 1];
  const more = lanes.length > 1 ? ` +${lanes.length - 1}` : '';
  assert.equal(await b.textContent(), side === 'right' ? `${near}${more} ▸` : `◂ ${near}${more}`);
  assert.match(await b.getAttribute('title'), new RegExp(`^Scroll ${side} to ${near} `));
  return lanes;
};

function zoomTest(zoom) {
  return {
    name: `lane reach: seed-002-issue-1 at 1024 px, browser zoom ${Math.round(zoom * 100)} % — the zoom bar names the lanes out of view and brings each in, up to the last`,
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage({
        viewport: { width: Math.round(1024 / zoom), height: Math.round(768 / zoom) },
        deviceScaleFactor: zoom,
      });
      await openScenario(page, baseURL, 'seed-002-issue-1');
      await until(
        page,
        () => document.querySelector('[data-testid=lanes-right]') !== null,
        undefined,
        'no button names the lanes right of the view',
      );
      let m = await lanesNow(page);
      assert.equal(m.lanes.length, 8);
      const last = m.lanes[m.lanes.length - 1];
      assert.ok(!inside(m, last), `${last.name} already in view at Auto: ${JSON.stringify(m)}`);
      // The button names exactly the lanes not whole in the view, in drawing order.
      assert.deepEqual(
        await named(page, 'right'),
        m.lanes.filter((l) => l.right > m.view.right + 1).map((l) => l.name),
      );
      assert.equal(await named(page, 'left'), null);
      const firstRight = (await named(page, 'right'))[0];
      await page.getByTestId('lanes-right').click();
      await until(
        page,
        (name) =>
          !document.querySelector('[data-testid=lanes-right]')?.textContent.startsWith(name),
        firstRight,
        `${firstRight} still named after its click`,
      );
      m = await lanesNow(page);
      assert.ok(
        inside(
          m,
          m.lanes.find((l) => l.name === firstRight),
        ),
        `${firstRight} not brought whole into view: ${JSON.stringify(m)}`,
      );
      for (let i = 0; i < 8 && (await named(page, 'right')) !== null; i++) {
        const before = await page.getByTestId('lanes-right').textContent();
        await page.getByTestId('lanes-right').click();
        await until(
          page,
          (t) => document.querySelector('[data-testid=lanes-right]')?.textContent !== t,
          before,
          `the click on "${before}" brought no lane in`,
        );
      }
      assert.equal(await named(page, 'right'), null, 'lanes still named on the right');
      m = await lanesNow(page);
      const lastNow = m.lanes[m.lanes.length - 1];
      assert.ok(inside(m, lastNow), `the last lane is not inside the view: ${JSON.stringify(m)}`);
      // The first lanes are now out of view on the left, and named there.
      const left = await named(page, 'left');
      assert.ok(left?.[0] === 'p1', `left names ${left}`);
      assert.deepEqual(
        left,
        m.lanes.filter((l) => l.left < m.view.left - 1).map((l) => l.name),
      );
    },
  };
}

const wide = {
  name: 'lane reach: at 1920 × 1080 with Fit width every lane of seed-002-issue-1 is in view and the bar names none',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1920, height: 1080 } });
    await openScenario(page, baseURL, 'seed-002-issue-1');
    await page.getByRole('button', { name: 'Fit width' }).click();
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-lanes]') === null,
      undefined,
      'lanes still named out of view at Fit width',
    );
    const m = await lanesNow(page);
    assert.equal(m.lanes.length, 8);
    for (const l of m.lanes) assert.ok(inside(m, l), `${l.name} out of view: ${JSON.stringify(m)}`);
  },
};

export default [zoomTest(1), zoomTest(0.8), zoomTest(0.67), wide];
