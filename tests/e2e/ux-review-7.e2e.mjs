// UX review 7 (docs/research/ux-review-7.md) in real Chromium: the diagram's default zoom, Auto,
// shows more lanes than 100 % at 1024 × 700 and 1440 × 900 with labels still ≥ 10 px; the actor
// header is a strip above the diagram's view and never covers a row's label (seed 001's violation
// at 1024 × 700: "16 · OK for 3:1" lay under "local ledger").
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

const SEED = 'seed-001-fencing-race';

/** After the step's frames (the scroll, the marks and the header's measure are frame callbacks). */
const settled = (page) =>
  page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      ),
  );

/** The lanes whose lifeline is in the diagram's view, and the height of a message label. */
const lanesInView = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const b = d.getBoundingClientRect();
    const left = b.left + d.clientLeft;
    const right = left + d.clientWidth;
    const svg = d.querySelector('svg');
    const lanes = [...svg.querySelectorAll('line.actor-line')]
      .map((l) => l.getBoundingClientRect())
      .filter((r) => r.left >= left && r.right <= right).length;
    const label = svg.querySelector('text.messageText').getBoundingClientRect().height;
    return {
      lanes,
      label,
      level: document.querySelector('[data-testid=diagram-zoom-level]').textContent,
    };
  });

const autoZoom = {
  name: 'ux7: Auto is the default zoom: seed 001 shows 2 lanes at 1024×700 (1 at 100 %) and 3 at 1440×900 (2 at 100 %), labels ≥ 10 px',
  run: async ({ baseURL, newPage }) => {
    for (const [width, height, auto, full] of [
      [1024, 700, 2, 1],
      [1440, 900, 3, 2],
    ]) {
      const page = await newPage({ viewport: { width, height } });
      await openScenario(page, baseURL, SEED);
      await settled(page);
      const m = await lanesInView(page);
      assert.equal(m.level, '67 %', `${width}: the default zoom`);
      assert.ok(m.lanes >= auto, `${width}: ${m.lanes} lanes in view at Auto`);
      assert.ok(m.label >= 10, `${width}: a label is ${m.label} px tall at Auto`);
      await page.getByRole('button', { name: '100 %', exact: true }).click();
      await settled(page);
      const at100 = await lanesInView(page);
      assert.equal(at100.lanes, full, `${width}: lanes in view at 100 %`);
    }
  },
};

const headerCovers = {
  name: "ux7: the actor header never covers a label — seed 001's violation at 1024×700 shows '16 · OK for 3:1' whole, every label in view is below the header, also after a scroll by hand",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(page, baseURL, SEED);
    await page.getByTestId('step-jump').click();
    await until(
      page,
      () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
      null,
      'the jump did not reach the violation',
    );
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-actors]')?.classList.contains('shown'),
      null,
      'no actor header at the violation',
    );
    await settled(page);
    const check = () =>
      page.evaluate(() => {
        const d = document.querySelector('[data-testid=diagram]');
        const b = d.getBoundingClientRect();
        const view = {
          top: b.top + d.clientTop,
          bottom: b.top + d.clientTop + d.clientHeight,
          left: b.left + d.clientLeft,
          right: b.left + d.clientLeft + d.clientWidth,
        };
        const chips = [...document.querySelectorAll('[data-testid=diagram-actors] .diagram-actor')]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.right > view.left && r.left < view.right);
        const texts = [...d.querySelectorAll('svg text')]
          .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
          .filter(
            ({ r }) =>
              r.bottom > view.top &&
              r.top < view.bottom &&
              r.right > view.left &&
              r.left < view.right,
          );
        const under = texts.filter(({ r }) =>
          chips.some(
            (c) => c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top,
          ),
        );
        const ok16 = texts.find(({ text }) => text === '16 · OK for 3:1');
        return {
          chips: chips.length,
          under: under.map((u) => u.text),
          ok16: ok16 ? ok16.r.top >= view.top && ok16.r.bottom <= view.bottom : null,
          chipsAbove: chips.every((c) => c.bottom <= view.top),
        };
      });
    let m = await check();
    assert.ok(m.chips >= 2, `only ${m.chips} header names in view`);
    assert.ok(m.chipsAbove, 'a header name reaches into the view');
    assert.deepEqual(m.under, [], 'labels under the header');
    assert.equal(m.ok16, true, '"16 · OK for 3:1" is not whole in view');
    // Scrolled up by hand a little (the labels just above pass the view's top edge, where the
    // sticky header lay over them): still none covered.
    for (const by of [-40, -25, -10]) {
      await page.evaluate(
        (by) => (document.querySelector('[data-testid=diagram]').scrollTop += by),
        by,
      );
      await settled(page);
      m = await check();
      assert.deepEqual(m.under, [], `after scrolling ${by} px: labels under the header`);
    }
  },
};

export default [autoZoom, headerCovers];
