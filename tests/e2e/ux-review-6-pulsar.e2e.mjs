// UX review 6 (docs/research/ux-review-6.md), a Pulsar engineer's journeys in real Chromium at
// 1024 × 700: the side column never scrolls sideways (the Messages list of positions, Broker dedup's
// watermark headers and the Pulsar code panel's method names widened it and cut the panels' right
// part; Compare fixes' table too), and the editor answers Run and points at a syntax error.
import assert from 'node:assert/strict';
import { openScenario, stepIs, until } from './lib.mjs';

const SMALL = { viewport: { width: 1024, height: 700 } };

/** How far the side column reaches past its width (0 when nothing is cut), and what sticks out. */
const sideOverflow = (page) =>
  page.evaluate(() => {
    const side = document.querySelector('.side');
    const right = side.getBoundingClientRect().right;
    const out = [...side.querySelectorAll('table, code, a, td, th, span')]
      .filter((e) => !e.closest('.react-flow') && !e.closest('.explorer-compare-scroll'))
      .filter((e) => e.getBoundingClientRect().right > right + 1)
      .slice(0, 3)
      .map((e) => `${e.tagName}: ${(e.textContent ?? '').slice(0, 50)}`);
    return { over: side.scrollWidth - side.clientWidth, out };
  });

const sideFits = {
  name: 'ux6 pulsar: at 1024 × 700 the side column fits its panels (Messages, Broker dedup, Pulsar code; seed 000, seed 002 dedup off, seed 001 at its violation)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(SMALL);
    for (const id of [
      'seed-000-checksum-corrupted',
      'seed-002-issue-1-dedup-off',
      'seed-001-fencing-race',
    ]) {
      await openScenario(page, baseURL, id);
      await page.getByTestId('step-jump').click();
      await until(
        page,
        () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
        null,
        `${id}: the jump did not reach the violation`,
      );
      // The panels this review found cut, all on screen at the violation.
      for (const panel of ['panel-outcomes', 'panel-code', 'panel-dedup']) {
        assert.equal(await page.getByTestId(panel).count(), 1, `${id}: no ${panel}`);
      }
      const m = await sideOverflow(page);
      assert.ok(
        m.over <= 1,
        `${id}: the side column is ${m.over} px too wide: ${m.out.join(' | ')}`,
      );
    }
  },
};

const compareFits = {
  timeout: 120_000,
  name: "ux6 pulsar: Compare fixes' table scrolls in its own box at 1024 × 700; the side column does not scroll sideways",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(SMALL);
    await openScenario(page, baseURL, 'seed-000-explore');
    const panel = page.getByTestId('panel-explorer');
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    await page.getByTestId('compare-table').waitFor({ timeout: 100_000 });
    const m = await sideOverflow(page);
    assert.ok(m.over <= 1, `the side column is ${m.over} px too wide: ${m.out.join(' | ')}`);
    const box = await page.evaluate(() => {
      const s = document.querySelector('[data-testid=compare-scroll]');
      const side = document.querySelector('.side').getBoundingClientRect();
      const r = s.getBoundingClientRect();
      return { inside: r.right <= side.right + 1, scrolls: s.scrollWidth > s.clientWidth };
    });
    assert.ok(box.inside, 'the table box reaches past the side column');
    // Every fix row is there, the last column reachable by scrolling the table alone.
    assert.match(
      await page.getByTestId('compare-table').innerText(),
      /guard-rewind[\s\S]*complete/,
    );
    console.log(`    the table ${box.scrolls ? 'scrolls sideways in its box' : 'fits'}`);
  },
};

const editor = {
  name: 'ux6 pulsar: the editor at 1024 × 700 — Run on a Go batching scenario says what ran, Show the run goes there; a missing comma names line and column once and the button puts the caret there',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(SMALL);
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const box = page.getByRole('textbox', { name: 'Scenario JSON' });
    await box.waitFor();
    const text = JSON.stringify(
      {
        format: 'dedup-lab/scenario@1',
        id: 'go-batch-bytes',
        title: 'Go batching by bytes',
        topic: { deduplication: true },
        producers: [{ name: 'g1', client: 'go', batching: { maxMessages: 10, maxBytes: 1000 } }],
        workload: [
          { send: 'M1', producer: 'g1', size: 400 },
          { send: 'M2', producer: 'g1', size: 400 },
          { send: 'M3', producer: 'g1', size: 400 },
          { send: 'M4', producer: 'g1', size: 100 },
        ],
      },
      null,
      2,
    );
    await box.fill(text);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const ran = page.getByTestId('editor-ran');
    await ran.waitFor();
    const said = await ran.innerText();
    assert.match(said, /^Ran: \d+ steps, no invariant violated\./);
    // In view without scrolling: the answer to Run is where the user looks.
    const r = await ran.boundingBox();
    assert.ok(r.y + r.height <= 700, `the Run answer is below the window (y ${r.y})`);
    await ran.getByRole('button', { name: 'Show the run' }).click();
    const nav = await page.locator('nav.step-controls').boundingBox();
    assert.ok(nav.y >= -1 && nav.y < 700 - 200, `the step bar is not in view (y ${nav.y})`);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'diagram');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 1, 'ArrowRight on the focused diagram did not step the run');

    const broken = text.replace(
      '"size": 400\n    },\n    {\n      "send": "M2"',
      '"size": 400\n    }\n    {\n      "send": "M2"',
    );
    assert.notEqual(broken, text);
    await box.fill(broken);
    const errors = page.getByTestId('editor-errors');
    await errors.waitFor();
    const msg = await errors.innerText();
    assert.equal(msg.match(/line \d+,? column \d+/g)?.length, 1, `the place is said once: ${msg}`);
    const [, line, column] = /line (\d+), column (\d+)/.exec(msg).map(Number);
    assert.equal(broken.split('\n')[line - 1].trim(), '{', `line ${line} is not M2's {`);
    await errors.getByRole('button', { name: `line ${line}, column ${column}` }).click();
    const caret = await box.evaluate((t) => ({
      focused: document.activeElement === t,
      at: t.selectionStart,
      value: t.value,
    }));
    assert.ok(caret.focused, 'the JSON box is not focused');
    assert.equal(caret.value, broken, 'the text typed was not kept');
    const offset =
      broken
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length +
      1 +
      column -
      1;
    assert.equal(caret.at, offset);
  },
};

const arrowMenu = {
  name: "ux6 pulsar: at 1024 × 700 a click on the replicator's E4 arrow opens its fault menu whole inside the diagram; the row stays under the pointer; a fault chosen leaves the focus on the diagram",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(SMALL);
    await openScenario(page, baseURL, 'geo-v2-clean');
    // The replicator's send of E4 (the last "E4 seq 1" arrow), scrolled into view as a user would.
    const label = page
      .locator('[data-testid=diagram] svg text.messageText', { hasText: /· E4 seq 1$/ })
      .last();
    await label.scrollIntoViewIfNeeded();
    const before = await label.boundingBox();
    const step = Number(/^(\d+)/.exec(await label.textContent())[1]);
    await label.click();
    const menu = page.getByRole('menu', { name: `Faults for step ${step}: E4 seq 1` });
    await menu.waitFor();
    await stepIs(page, step, 'the click did not move the cursor to its row');
    await page.waitForTimeout(300); // the step's frame (where a scroll would happen) has run
    const after = await label.boundingBox();
    assert.ok(
      Math.abs(after.x - before.x) < 2 && Math.abs(after.y - before.y) < 2,
      `the row moved from under the pointer: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    const m = await page.evaluate(() => {
      const d = document.querySelector('[data-testid=diagram]');
      const b = d.getBoundingClientRect();
      const r = document.querySelector('.arrow-menu').getBoundingClientRect();
      return {
        view: { left: b.left + d.clientLeft, right: b.left + d.clientLeft + d.clientWidth },
        box: { left: r.left, right: r.right },
      };
    });
    assert.ok(
      m.box.left >= m.view.left - 1 && m.box.right <= m.view.right + 1,
      `the menu ${JSON.stringify(m.box)} is cut by the diagram's view ${JSON.stringify(m.view)}`,
    );
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await until(
      page,
      () =>
        document
          .querySelector('[data-testid=panel-branches]')
          ?.textContent?.includes('checksum-error on E4'),
      null,
      'the fault was not added',
    );
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'diagram');
  },
};

export default [sideFits, compareFits, editor, arrowMenu];
