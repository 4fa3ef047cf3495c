// The diagram's zoom and keyboard access (a UX review: at 1400 px only 2 of seed-002-issue-1's
// 8 lanes showed, nothing zoomed, and the diagram could not take the focus to be scrolled):
// the default "Auto" draws at 67 % (fit width would be unreadable), "Fit width" draws all 8 lanes
// inside the diagram's view, the actor header (a strip right above the view since review 7) stays
// over the lifelines (within 2 px) at every zoom, the current step stays in view, the zoom holds for
// the session (a reload), and the focused diagram scrolls and zooms from the keyboard.
import assert from 'node:assert/strict';
import { chooseScenario, cursorOf, lastStep, openScenario, until } from './lib.mjs';

/** After the step's frames (the scroll, the marks and the header's measure are frame callbacks). */
const settled = (page) =>
  page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      ),
  );

/** The diagram's visible box, its lanes (actor boxes, lifelines), the header and the current step. */
const layout = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const b = d.getBoundingClientRect();
    const view = {
      left: b.left + d.clientLeft,
      right: b.left + d.clientLeft + d.clientWidth,
      top: b.top + d.clientTop,
      bottom: Math.min(b.top + d.clientTop + d.clientHeight, innerHeight),
    };
    const svg = d.querySelector('svg');
    const lanes = [...svg.querySelectorAll('rect.actor-top')].map((rect) => {
      const box = rect.getBoundingClientRect();
      const line = svg
        .querySelector(`line.actor-line[name="${rect.getAttribute('name')}"]`)
        ?.getBoundingClientRect();
      return {
        name: rect.parentElement.querySelector('text').textContent,
        left: box.left,
        right: box.right,
        centre: line ? (line.left + line.right) / 2 : (box.left + box.right) / 2,
      };
    });
    const header = document.querySelector('[data-testid=diagram-actors]');
    const names = [...document.querySelectorAll('[data-testid=diagram-actors] .diagram-actor')].map(
      (s) => {
        const r = s.getBoundingClientRect();
        return { name: s.textContent, centre: (r.left + r.right) / 2, bottom: r.bottom };
      },
    );
    const current = [...d.querySelectorAll('text.messageText.dl-current, g.dl-current > text')].map(
      (t) => {
        const r = t.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      },
    );
    return {
      view,
      lanes,
      names,
      shown: header?.classList.contains('shown') ?? false,
      current,
      level: document.querySelector('[data-testid=diagram-zoom-level]').textContent,
    };
  });

function assertHeaderAligned(m, at) {
  assert.ok(m.shown, `${at}: the header is hidden`);
  assert.deepEqual(
    m.names.map((n) => n.name),
    m.lanes.map((l) => l.name),
    `${at}: the header names`,
  );
  for (const [i, n] of m.names.entries()) {
    const lane = m.lanes[i];
    assert.ok(
      Math.abs(n.centre - lane.centre) <= 2,
      `${at}: ${n.name} centred at ${n.centre}, its lifeline at ${lane.centre}`,
    );
    // In the strip right above the view, never over it.
    assert.ok(
      n.bottom <= m.view.top && n.bottom >= m.view.top - 4,
      `${at}: ${n.name} ends at ${n.bottom}, the view starts at ${m.view.top}`,
    );
  }
}

function assertCurrentInView(m, at) {
  assert.ok(m.current.length > 0, `${at}: nothing marked`);
  for (const c of m.current)
    assert.ok(
      c.top >= m.view.top && c.bottom <= m.view.bottom,
      `${at}: the current step's label at ${c.top}..${c.bottom} is out of view ${JSON.stringify(m.view)}`,
    );
}

const fit = {
  name: 'diagram zoom: "Fit width" shows all 8 lanes of seed-002-issue-1 at 1400×900; the header stays aligned at every zoom; the zoom holds after a reload',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-002-issue-1');
    const outside = (m) =>
      m.lanes.filter((l) => l.left < m.view.left || l.right > m.view.right).map((l) => l.name);
    // The default, Auto: fit width would be 30 %; it stops at 67 %.
    const auto = await layout(page);
    assert.equal(auto.lanes.length, 8);
    assert.equal(auto.level, '67 %');
    assert.equal(
      await page.getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.getByRole('button', { name: '100 %', exact: true }).click();
    await settled(page);
    const before = await layout(page);
    assert.equal(before.level, '100 %');
    assert.ok(outside(before).length >= 4, `at 100 %, only ${outside(before)} are out of view`);
    assert.ok(
      outside(auto).length < outside(before).length,
      `auto: ${outside(auto)} out of view, at 100 %: ${outside(before)}`,
    );

    await page.getByRole('button', { name: 'Fit width' }).click();
    await settled(page);
    const fitted = await layout(page);
    assert.deepEqual(
      outside(fitted),
      [],
      `fit: lanes out of view in ${JSON.stringify(fitted.view)}`,
    );
    assert.notEqual(fitted.level, '100 %');
    assert.equal(
      await page.getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed'),
      'true',
    );

    // At the last step the drawing's own actor boxes are gone: the header names the lanes, over
    // their lifelines, and the last step is in view.
    await page.getByTestId('step-label').click();
    await page.keyboard.press('End');
    assert.equal(await cursorOf(page), await lastStep(page));
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-actors]')?.classList.contains('shown'),
      null,
      'fit: the header never showed at the last step',
    );
    await settled(page);
    let m = await layout(page);
    assertHeaderAligned(m, 'fit, last step');
    assertCurrentInView(m, 'fit, last step');

    // Zoomed in one step, then at 100 %: measured again, still aligned, the step still in view.
    for (const [button, at] of [
      ['Zoom in', 'zoomed in'],
      ['100 %', '100 %'],
    ]) {
      const level = m.level;
      await page.getByRole('button', { name: button, exact: true }).click();
      await until(
        page,
        (level) => document.querySelector('[data-testid=diagram-zoom-level]').textContent !== level,
        level,
        `${at}: the zoom did not change from ${level}`,
      );
      await until(
        page,
        () => document.querySelector('[data-testid=diagram-actors]')?.classList.contains('shown'),
        null,
        `${at}: the header never showed`,
      );
      await settled(page);
      m = await layout(page);
      assertHeaderAligned(m, at);
      assertCurrentInView(m, at);
    }
    assert.equal(m.level, '100 %');

    // Remembered for the session: fit again, reload, still fit.
    await page.getByRole('button', { name: 'Fit width' }).click();
    await page.reload({ waitUntil: 'load' });
    await chooseScenario(page, 'seed-002-issue-1');
    await settled(page);
    assert.equal(
      await page.getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed'),
      'true',
    );
    assert.deepEqual(outside(await layout(page)), [], 'fit after a reload');
  },
};

const keyboard = {
  name: 'diagram zoom: the diagram takes the focus (Tab) with a name; ↓ PgDn and Shift+→ scroll it, + − 0 f zoom it, → still steps',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-002-issue-1');
    const diagram = page.getByTestId('diagram');
    assert.equal(await diagram.getAttribute('tabindex'), '0');
    // Tab reaches it: from the zoom bar's last button, the next stop is the diagram.
    await page.getByRole('button', { name: '100 %', exact: true }).focus();
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Sequence diagram',
    );
    assert.equal(await page.getByRole('region', { name: 'Sequence diagram' }).count(), 1);
    const scroll = () => diagram.evaluate((d) => ({ top: d.scrollTop, left: d.scrollLeft }));
    await page.keyboard.press('PageDown');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=diagram]').scrollTop > 100,
    );
    const down = await scroll();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      (top) => document.querySelector('[data-testid=diagram]').scrollTop > top,
      down.top,
    );
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=diagram]').scrollLeft > 0,
    );
    assert.equal(await cursorOf(page), 0, 'Shift+→ stepped the run');
    // → alone steps the run, as anywhere on the page.
    await page.keyboard.press('ArrowRight');
    assert.equal(await cursorOf(page), 1);
    const level = () => page.getByTestId('diagram-zoom-level').textContent();
    // From Auto's 67 %, one fixed step down and back.
    await page.keyboard.press('-');
    assert.equal(await level(), '50 %');
    await page.keyboard.press('+');
    assert.equal(await level(), '67 %');
    await page.keyboard.press('f');
    await settled(page);
    assert.notEqual(await level(), '100 %');
    await page.keyboard.press('0');
    assert.equal(await level(), '100 %');
    await page.keyboard.press('a');
    assert.equal(await level(), '67 %');
    // The focus stayed on the diagram throughout.
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'diagram',
    );
  },
};

export default [fit, keyboard];
