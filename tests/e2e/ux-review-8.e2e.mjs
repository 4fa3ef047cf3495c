// UX review 8 (docs/research/ux-review-8.md) in real Chromium: wrapped labels make seed 001's lanes
// ~200 px, so Auto shows 4 of its 8 lanes at 1024 × 700 and 6 at 1440 × 900 (review 7: 2 and 3)
// with labels ≥ 10 px, and a click on any line of a wrapped label still finds its message; the PNG
// and SVG exports are light on the dark page, and the buttons say so; Compare fixes at 1024 px shows
// its verdict columns without scrolling.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openScenario, until } from './lib.mjs';

const SEED = 'seed-001-fencing-race';

const frames = (page) =>
  page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      ),
  );

const lanes = {
  name: 'ux8: wrapped labels — seed 001 shows ≥ 4 of 8 lanes at Auto at 1024×700 and ≥ 6 at 1440×900, labels ≥ 10 px',
  run: async ({ baseURL, newPage }) => {
    for (const [width, height, want] of [
      [1024, 700, 4],
      [1440, 900, 6],
    ]) {
      for (const colorScheme of ['light', 'dark']) {
        const page = await newPage({ viewport: { width, height }, colorScheme });
        await openScenario(page, baseURL, SEED);
        await frames(page);
        const m = await page.evaluate(() => {
          const d = document.querySelector('[data-testid=diagram]');
          const b = d.getBoundingClientRect();
          const left = b.left + d.clientLeft;
          const right = left + d.clientWidth;
          const svg = d.querySelector('svg');
          const lines = [...svg.querySelectorAll('line.actor-line')].map((l) =>
            l.getBoundingClientRect(),
          );
          const heights = [...svg.querySelectorAll('text.messageText')].map(
            (t) => t.getBoundingClientRect().height,
          );
          return {
            lanes: lines.filter((r) => r.left >= left && r.right <= right).length,
            all: lines.length,
            label: Math.min(...heights),
            level: document.querySelector('[data-testid=diagram-zoom-level]').textContent,
          };
        });
        assert.equal(m.all, 8, 'seed 001 has 8 lanes');
        assert.equal(m.level, '67 %', `${width} ${colorScheme}: the default zoom`);
        assert.ok(m.lanes >= want, `${width} ${colorScheme}: ${m.lanes} lanes in view at Auto`);
        assert.ok(m.label >= 10, `${width} ${colorScheme}: a label line is ${m.label} px tall`);
        await page.close();
      }
    }
  },
};

const wrappedClick = {
  name: "ux8: a click on the last line of a wrapped message label moves the cursor to that message's step (its label's own number) and marks every line of it",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, SEED);
    await frames(page);
    // The wrapped labels: the texts Mermaid drew before each arrow, more than one for a message.
    const target = await page.evaluate(() => {
      const svg = document.querySelector('[data-testid=diagram] svg');
      const groups = [];
      let texts = [];
      for (const el of svg.querySelectorAll('text.messageText, .messageLine0, .messageLine1')) {
        if (el.matches('text.messageText')) texts.push(el);
        else {
          groups.push(texts);
          texts = [];
        }
      }
      const wrapped = groups.filter((g) => g.length > 1);
      // Not step 1's (the cursor may be near it): the last wrapped label.
      const g = wrapped.at(-1);
      g.at(-1).scrollIntoView({ block: 'center', inline: 'center' });
      const r = g.at(-1).getBoundingClientRect();
      return {
        wrapped: wrapped.length,
        step: Number(/^(\d+) ·/.exec(g[0].textContent)?.[1]),
        first: g[0].textContent,
        x: (r.left + r.right) / 2,
        y: (r.top + r.bottom) / 2,
      };
    });
    assert.ok(target.wrapped >= 1, 'no wrapped message label in seed 001');
    assert.ok(Number.isInteger(target.step), `no step number in "${target.first}"`);
    await page.mouse.click(target.x, target.y);
    await until(
      page,
      (n) =>
        new RegExp(`Step ${n} of`).test(
          document.querySelector('nav.step-controls')?.textContent ?? '',
        ),
      target.step,
      `the click did not move the cursor to step ${target.step}`,
    );
    await frames(page);
    const marked = await page.evaluate(() => {
      const svg = document.querySelector('[data-testid=diagram] svg');
      return [...svg.querySelectorAll('text.messageText.dl-current')].map((t) => t.textContent);
    });
    assert.ok(
      marked.length >= 2 && marked[0] === target.first,
      `the current step's marks: ${JSON.stringify(marked)}`,
    );
  },
};

/** The share of pixels darker than mid-grey in a PNG, and its top-left pixel (drawn in the page). */
const darkShare = (page, bytes) =>
  page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 384) dark++;
    return { dark: dark / (d.length / 4), corner: [d[0], d[1], d[2]] };
  }, bytes.toString('base64'));

const lightExport = {
  name: 'ux8: on the dark page the PNG and SVG buttons say "(light)" and export a light picture (white background, dark text), at the same size as the drawing',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await until(page, () => document.documentElement.dataset.theme === 'dark', null, 'not dark');
    await frames(page);
    const png = page.getByRole('button', { name: 'PNG 2× (light)' });
    const svg = page.getByRole('button', { name: 'SVG (light)' });
    const [pngFile] = await Promise.all([page.waitForEvent('download'), png.click()]);
    const bytes = readFileSync(await pngFile.path());
    const shade = await darkShare(page, bytes);
    assert.deepEqual(shade.corner, [255, 255, 255], 'the background is not white');
    assert.ok(shade.dark > 0 && shade.dark < 0.1, `${shade.dark} of the pixels are dark`);
    assert.match(
      await page.getByTestId('share-message').textContent(),
      /Downloaded lost-receipt-dedup-on\.png, drawn in the light theme\./,
    );
    const [svgFile] = await Promise.all([page.waitForEvent('download'), svg.click()]);
    const svgText = readFileSync(await svgFile.path(), 'utf8');
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svgText)[1]);
    assert.equal(bytes.readUInt32BE(16), width * 2, 'the PNG is not 2× the light SVG');
    // The light picture's Mermaid style (default theme), not the dark one the page shows.
    const pageFill = await page.evaluate(
      () => getComputedStyle(document.querySelector('[data-testid=diagram] svg rect.actor')).fill,
    );
    assert.notEqual(pageFill, 'rgb(234, 234, 255)', 'the page itself is drawn dark');
    assert.match(svgText, /#ECECFF|#ececff/, 'the SVG does not use the light theme');
  },
};

const compareAt1024 = {
  timeout: 150_000,
  name: 'ux8: Compare fixes at 1024×700 (dark) — each fix is its name, then safety, liveness and found side by side, all in view without scrolling; every invariant name on one line',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 }, colorScheme: 'dark' });
    await openScenario(page, baseURL, 'seed-000-not-allowed-explore');
    await page.getByTestId('panel-explorer').getByRole('button', { name: 'Compare fixes' }).click();
    await page.getByTestId('compare-table').waitFor({ timeout: 120_000 });
    const m = await page.evaluate(() => {
      const box = document.querySelector('[data-testid=compare-scroll]');
      const names = [...box.querySelectorAll('button.link .nowrap:first-child')].map((s) => {
        const r = s.getBoundingClientRect();
        return { text: s.textContent, height: r.height };
      });
      const b = box.getBoundingClientRect();
      const rows = [...box.querySelectorAll('tbody tr')].map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.getBoundingClientRect());
        return {
          fix: tr.querySelector('td').textContent,
          // safety, liveness, found: whole inside the box, side by side on one line.
          inView: cells.slice(1, 4).every((r) => r.left >= b.left - 1 && r.right <= b.right + 1),
          oneLine: cells.slice(1, 4).every((r) => Math.abs(r.top - cells[1].top) < 1),
          nameAbove: cells[0].bottom <= cells[1].top + 1,
        };
      });
      return {
        names,
        rows,
        scrolls: box.scrollWidth > box.clientWidth + 1,
        width: Math.round(b.width),
        shadow: getComputedStyle(box).backgroundImage,
      };
    });
    assert.ok(m.names.length >= 4, `${m.names.length} counterexample links`);
    for (const l of m.names)
      assert.ok(l.height < 30, `"${l.text}" is ${l.height} px tall: broken over lines`);
    assert.equal(m.scrolls, false, `the table scrolls sideways in its ${m.width} px box`);
    assert.equal(m.rows.length, 5);
    for (const r of m.rows) {
      assert.ok(r.inView, `${r.fix}: a verdict column is cut at the box's edge`);
      assert.ok(r.oneLine, `${r.fix}: safety, liveness and found are not side by side`);
      assert.ok(r.nameAbove, `${r.fix}: the fix's name is not above its verdicts`);
    }
    // Narrower still, the table scrolls in its box, and an edge shadow says so.
    assert.match(m.shadow, /radial-gradient.*radial-gradient/, 'no edge shadow');
  },
};
export default [lanes, wrappedClick, lightExport, compareAt1024];
