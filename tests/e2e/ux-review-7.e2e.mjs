// UX review 7 (docs/research/ux-review-7.md) in real Chromium: the diagram's default zoom, Auto,
// shows more lanes than 100 % at 1024 × 700 and 1440 × 900 with labels still ≥ 10 px; the actor
// header is a strip above the diagram's view and never covers a row's label (seed 001's violation
// at 1024 × 700: "16 · OK for 3:1" lay under "local ledger"); a link made at step 15 with a fault
// injected and a fix on opens the same run in a fresh page, and a cut link pasted over a run keeps
// the run.
import assert from 'node:assert/strict';
import { copyLink, cursorOf, openScenario, stepIs, text, until } from './lib.mjs';

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
  name: 'ux7: Auto is the default zoom: seed 001 shows 4 lanes at 1024×700 (2 at 100 %) and 6 at 1440×900 (4 at 100 %), labels ≥ 10 px',
  run: async ({ baseURL, newPage }) => {
    // Review 7 measured 2 (1 at 100 %) and 3 (2); review 8 broke long labels onto lines
    // (wrapLabels.ts), which made each lane ~200 px instead of ~400.
    for (const [width, height, auto, full] of [
      [1024, 700, 4, 2],
      [1440, 900, 6, 4],
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
        // A label's part the scroll area clips (above its top edge) is not drawn: only what shows.
        const texts = [...d.querySelectorAll('svg text')]
          .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
          .map(({ text, r }) => ({
            text,
            r: { left: r.left, right: r.right, bottom: r.bottom, top: Math.max(r.top, view.top) },
          }))
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

const shareRoundTrip = {
  name: 'ux7: Copy link at step 15 of geo-v2-clean with a fault injected and pr-25860 on opens the same step, fault, fix and diagram in a fresh page; the link cut and pasted over the run keeps the run',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await openScenario(page, baseURL, 'geo-v2-clean');
    await page.getByTestId('step-label').click();
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await stepIs(page, 15, 'not at step 15');
    await page
      .getByTestId('panel-inflight')
      .getByRole('button', { name: 'Inject a fault on E3 at us-west' })
      .click();
    await page.getByRole('menuitem', { name: /checksum-error, local buffer corrupted/ }).click();
    await until(
      page,
      () =>
        /no-silent-loss/.test(
          document.querySelector('[data-testid=panel-invariants]')?.textContent ?? '',
        ),
      null,
      'the fault did not act',
    );
    await page.getByRole('checkbox', { name: 'pr-25860' }).check();
    await until(
      page,
      () =>
        /pr-25860/.test(decodeURIComponent(location.hash)) ||
        document.querySelector('input[aria-label=pr-25860]:checked'),
      null,
      'the fix is not on',
    );
    const link = await copyLink(page);
    const state = (p) =>
      p.evaluate(() => ({
        step: document.querySelector('[data-testid=step-label]').textContent,
        faults: document.querySelector('[data-testid=panel-faults]').textContent,
        fixes: [...document.querySelectorAll('.fixes input:checked')].map((c) =>
          c.getAttribute('aria-label'),
        ),
        diagram: [...document.querySelectorAll('[data-testid=diagram] svg text')].map(
          (t) => t.textContent,
        ),
      }));
    const mine = await state(page);
    assert.match(mine.step, /^Step 15 /);
    assert.deepEqual(mine.fixes, ['pr-25860']);
    assert.match(mine.faults, /checksum-error on E3 at us-west \(local buffer corrupted\)/);

    const fresh = await newPage();
    await fresh.goto(link, { waitUntil: 'load' });
    await until(
      fresh,
      () =>
        /verified the state/.test(
          document.querySelector('[data-testid=link-notice]')?.textContent ?? '',
        ),
      null,
      'the link did not open verified',
    );
    await until(
      fresh,
      () =>
        document.querySelector('[data-testid=diagram]')?.getAttribute('aria-busy') === 'false' &&
        document.querySelector('[data-testid=diagram] svg'),
      null,
      'no diagram',
    );
    assert.deepEqual(await state(fresh), mine);

    // The link cut short and pasted into the address over the run: the run stays.
    const cut = new URL(link).hash.slice(0, 120);
    await page.evaluate((h) => (location.hash = h), cut);
    await until(
      page,
      () =>
        /The link in the address was not opened\. The link is incomplete/.test(
          document.querySelector('[data-testid=link-notice]')?.textContent ?? '',
        ),
      null,
      'no notice for the cut link',
    );
    assert.equal(await page.getByTestId('broken-link').count(), 0);
    assert.deepEqual(await state(page), mine);
    assert.equal(await cursorOf(page), 15);
    // The address is the run again (not the cut link).
    await until(page, (l) => location.href === l, link, 'the address is not the run again');
    assert.match(await text(page, 'link-notice'), /The run you had open is still here/);
  },
};

const smallEmbed = {
  name: 'ux7: the embed at 320×240 and 480×320 — no sideways page scroll, "Open in Dedup Lab" whole in the window, the step label on one line',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await page.getByTestId('step-label').click();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await stepIs(page, 5, 'not at step 5');
    const link = (await copyLink(page)).replace('#s=', '#embed=');
    for (const [width, height] of [
      [320, 240],
      [480, 320],
    ]) {
      const embed = await newPage({ viewport: { width, height } });
      await embed.goto(link, { waitUntil: 'load' });
      await stepIs(embed, 5, `${width}: the embed is not at step 5`);
      await embed.locator('[data-testid=diagram] svg').waitFor();
      const m = await embed.evaluate(() => {
        const open = [...document.querySelectorAll('.embed-controls button')].find(
          (b) => b.textContent === 'Open in Dedup Lab',
        );
        const r = open.getBoundingClientRect();
        const label = document.querySelector('[data-testid=step-label]');
        const line = parseFloat(getComputedStyle(label).lineHeight) || 20;
        return {
          scroll: document.documentElement.scrollWidth,
          open: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
          openHeight: r.height,
          labelHeight: label.getBoundingClientRect().height,
          line,
        };
      });
      assert.ok(m.scroll <= width, `${width}: the page is ${m.scroll} px wide`);
      assert.ok(
        m.open.left >= 0 && m.open.right <= width && m.open.bottom <= height,
        `${width}: "Open in Dedup Lab" at ${JSON.stringify(m.open)}`,
      );
      assert.ok(
        m.labelHeight < m.line * 1.5,
        `${width}: the step label is ${m.labelHeight} px tall`,
      );
      assert.ok(
        m.openHeight < m.line * 2,
        `${width}: "Open in Dedup Lab" wraps (${m.openHeight} px)`,
      );
    }
  },
};

const jumpNumber = {
  name: "ux7: at 1024×700 the step bar's violation link keeps 'at step 17' in view (seed 001, steps 0 and 5); the name gives way; one line",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(page, baseURL, SEED);
    for (const step of [0, 5]) {
      if (step > 0) {
        await page.getByTestId('step-label').click();
        for (let i = 0; i < step; i++) await page.keyboard.press('ArrowRight');
        await stepIs(page, step, `not at step ${step}`);
      }
      const m = await page.evaluate(() => {
        const j = document.querySelector('[data-testid=step-jump]');
        const group = document.querySelector('.step-now').getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(j);
        const all = range.getBoundingClientRect();
        const tail = [...j.childNodes].at(-1);
        range.selectNodeContents(tail);
        const n = range.getBoundingClientRect();
        const nav = document.querySelector('nav.step-controls');
        const centres = [...nav.children].map((c) => {
          const r = c.getBoundingClientRect();
          return (r.top + r.bottom) / 2;
        });
        return {
          text: j.textContent,
          tail: tail.textContent,
          numberRight: n.right,
          jumpRight: j.getBoundingClientRect().right,
          groupRight: group.right,
          textWidth: all.width,
          oneLine: Math.max(...centres) - Math.min(...centres) < 8,
        };
      });
      assert.equal(m.text, '⚠ ledger-entries-match at step 17');
      assert.equal(m.tail, '17');
      assert.ok(
        m.numberRight <= m.jumpRight + 0.5 && m.jumpRight <= m.groupRight + 0.5,
        `step ${step}: "17" ends at ${m.numberRight}, the link at ${m.jumpRight}, the bar's group at ${m.groupRight}`,
      );
      assert.ok(m.oneLine, `step ${step}: the step bar wraps`);
    }
  },
};

const help = {
  name: 'ux7: the help lists every diagram zoom key (a: Auto), each key on one line; what it says of Space is true (on a focused button Space presses it, elsewhere it plays)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Help and keyboard shortcuts' });
    await dialog.waitFor();
    const rows = await dialog.evaluate((d) =>
      [...d.querySelectorAll('tr')].map((tr) => {
        const k = tr.querySelector('kbd');
        const line = parseFloat(getComputedStyle(k).lineHeight) || 18;
        return {
          key: k.textContent,
          what: tr.querySelector('td').textContent,
          oneLine: k.getClientRects().length === 1 && k.getBoundingClientRect().height < line * 1.5,
        };
      }),
    );
    const zoom = rows.find((r) => r.key.startsWith('+'));
    assert.match(zoom.key, / f {2}a$/);
    assert.match(zoom.what, /fit width, auto/);
    assert.deepEqual(
      rows.filter((r) => !r.oneLine).map((r) => r.key),
      [],
      'keys broken over lines',
    );
    const space = rows.find((r) => r.key === 'Space');
    assert.match(space.what, /on a focused button it presses the button/);
    await page.keyboard.press('Escape');
    // On the Forward button Space presses it: one step, no playing.
    await page.getByRole('button', { name: /Forward/ }).focus();
    await page.keyboard.press(' ');
    await stepIs(page, 1, 'Space on Forward did not step once');
    assert.equal(await page.getByRole('button', { name: /Pause/ }).count(), 0, 'it plays');
    // On the diagram it plays.
    await page.getByTestId('diagram').focus();
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: /Pause/ }).waitFor({ timeout: 5000 });
    await page.keyboard.press(' ');
    // Auto is the a key on the focused diagram.
    await page.keyboard.press('0');
    await until(
      page,
      () => document.querySelector('[data-testid=diagram-zoom-level]').textContent === '100 %',
      null,
      '0 did not zoom to 100 %',
    );
    await page.keyboard.press('a');
    assert.equal(
      await page.getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed'),
      'true',
    );
  },
};

export default [autoZoom, headerCovers, shareRoundTrip, smallEmbed, jumpNumber, help];
