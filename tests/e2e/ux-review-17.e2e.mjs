// UX review 17 (docs/research/ux-review-17.md) in real Chromium, what a user sees:
// - at 1024 px a replicator's detail breaks at a space, never at the hyphen of "mark-delete";
// - a ⚡ pick is spoken once (the Fault plan's status; the note beside the ⚡ is for the eye), and
//   an arrow's pick is noted in the zoom bar above the drawing, covering none of it (1024, 1400);
// - the explorer at 1024 px: "send-timeout" whole in Faults searched, a complete search's bar
//   full, "1e" and "-1" in the bounds each said in words, Compare fixes' "no fixes" row opened,
//   its link reopened at the violation and copied for GitHub from there.
import assert from 'node:assert/strict';
import { goToStep, openScenario, until } from './lib.mjs';
import { loseE1ReceiptFromArrow, loseE3ReceiptFromBolt } from './lossPicks.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** How many lines each `.word-whole` of `selector` takes (1: not broken at its hyphen). */
const wholeLines = (page, selector) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} .word-whole`)].map((w) => [
        w.textContent,
        new Set([...w.getClientRects()].map((r) => Math.round(r.top))).size,
      ]),
    selector,
  );

const markDelete = {
  name: 'ux17: at 1024 px a replicator’s “mark-delete” is never broken at its hyphen (geo-two-way)',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'geo-two-way');
    for (const step of [20, 30]) {
      await goToStep(page, step);
      // The side column lays out after the panels take the step (its width follows the diagram's
      // scrollbar and the fonts); under CI load the first measure once caught the layout between
      // two states. Give it a while to hold both details whole, then measure what it settled on.
      await page
        .waitForFunction(
          (sel) => {
            const words = [...document.querySelectorAll(`${sel} .word-whole`)];
            return (
              words.length === 2 &&
              words.every(
                (w) => new Set([...w.getClientRects()].map((r) => Math.round(r.top))).size === 1,
              )
            );
          },
          '[data-testid=panel-topology] .topo-replicator .topo-detail',
          { timeout: 10_000 },
        )
        .catch(() => {});
      const words = await wholeLines(
        page,
        '[data-testid=panel-topology] .topo-replicator .topo-detail',
      );
      assert.equal(words.length, 2, JSON.stringify(words));
      for (const [w, lines] of words) {
        assert.equal(w, 'mark-delete');
        assert.equal(lines, 1, `step ${step}: "${w}" takes ${lines} lines`);
      }
      // Still two lines, broken at a space: "Started · v2 ·" / "mark-delete 10:0".
      const heights = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '[data-testid=panel-topology] .topo-replicator .topo-detail',
          ),
        ].map((d) => d.scrollHeight <= d.clientHeight + 1),
      );
      assert.deepEqual(heights, [true, true], `step ${step}: a detail is cut`);
    }
  },
};

/** The page's live statuses (not aria-hidden) that speak of `what`. */
const spoken = (page, what) =>
  page.evaluate(
    (w) =>
      [...document.querySelectorAll('[role=status], [role=alert]')]
        .filter((s) => !s.closest('[aria-hidden=true]') && s.textContent.includes(w))
        .map((s) => s.closest('[data-testid^=panel-]')?.getAttribute('data-testid') ?? '?'),
    what,
  );

const picks = {
  name: 'ux17: a ⚡ pick is spoken once, by the Fault plan; an arrow’s pick is noted in the zoom bar, over none of the drawing (1024 and 1400 px)',
  timeout: 150_000,
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 1400, height: 900 },
    ]) {
      const w = viewport.width;
      let page = await newPage({ viewport });
      const { producers } = await loseE3ReceiptFromBolt(page, baseURL);
      const note = producers.getByTestId('fault-added');
      await until(
        page,
        () => document.querySelector('[data-testid=fault-added]')?.textContent?.startsWith('Added'),
        undefined,
        `${w}: no note beside the ⚡`,
      );
      assert.ok(await note.isVisible(), `${w}: the note is not shown`);
      assert.equal(await note.getAttribute('aria-hidden'), 'true');
      assert.deepEqual(await spoken(page, 'lose-receipt on E3 at us-west'), ['panel-faults']);

      page = await newPage({ viewport });
      await loseE1ReceiptFromArrow(page, baseURL);
      const bar = page.getByRole('toolbar', { name: 'Diagram zoom' });
      const arrowNote = bar.getByTestId('fault-added');
      await until(
        page,
        () =>
          document.querySelector('[role=toolbar] [data-testid=fault-added]')?.textContent ===
          'Added to the Fault plan: lose-receipt on E1 at us-east',
        undefined,
        `${w}: no note in the zoom bar`,
      );
      assert.equal(await page.getByTestId('diagram').getByTestId('fault-added').count(), 0);
      const [n, d] = [
        await arrowNote.boundingBox(),
        await page.getByTestId('diagram').boundingBox(),
      ];
      assert.ok(n.y >= 0 && n.x >= 0 && n.x + n.width <= w, `${w}: the note is out of view`);
      assert.ok(
        n.y + n.height <= d.y + 0.5,
        `${w}: the note covers the drawing (${n.y + n.height} > ${d.y})`,
      );
      assert.deepEqual(await spoken(page, 'lose-receipt on E1 at us-east'), ['panel-faults']);
      // The zoom buttons are still there beside it.
      assert.ok(await bar.getByRole('button', { name: 'Fit width' }).isVisible());
    }
  },
};

const explorer = (page) => page.getByTestId('panel-explorer');
const searched = (page) =>
  until(
    page,
    () =>
      document.querySelector('[data-testid=explorer-results]') &&
      ![...document.querySelectorAll('[data-testid=panel-explorer] button')].some(
        (b) => b.textContent === 'Cancel',
      ),
    undefined,
    'the search did not end',
    120_000,
  );

const explorerWalk = {
  name: 'ux17: the explorer at 1024 px — send-timeout whole, a full bar when complete, bad bounds in words, Compare fixes’ “no fixes” row opened, shared and copied for GitHub',
  timeout: 180_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await openScenario(page, baseURL, 'go-chunked-timeout-early-success-explore');
    await explorer(page).getByRole('button', { name: 'Explore', exact: true }).click();
    await searched(page);
    const faults = explorer(page).getByTestId('explorer-faults');
    assert.equal(
      await faults.innerText(),
      'Faults searched: placed by the search: send-timeout, unload-topic, at most 2 per run',
    );
    for (const [w, lines] of await wholeLines(page, '[data-testid=explorer-faults]'))
      assert.equal(lines, 1, `"${w}" takes ${lines} lines`);
    const bar = explorer(page).getByRole('progressbar', { name: 'Explorer progress' });
    assert.equal(await bar.getAttribute('value'), await bar.getAttribute('max'));

    // Bad bounds, typed as a user types them.
    await openScenario(page, baseURL, 'seed-003-b-go-explore');
    const typeIn = async (label, text) => {
      await explorer(page).getByLabel(label).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(text);
    };
    await typeIn('Max depth', '-1');
    await typeIn('Max states', '1e');
    await explorer(page).getByRole('button', { name: 'Explore', exact: true }).click();
    await searched(page);
    const text = await explorer(page).innerText();
    assert.ok(text.includes('Max depth must be at least 1: kept 80.'), text.slice(0, 400));
    assert.ok(
      text.includes('Max states is not a number as typed: kept 750,000.'),
      text.slice(0, 400),
    );

    // Compare fixes, then its first row's counterexample.
    await explorer(page).getByRole('button', { name: 'Compare fixes' }).click();
    const table = page.getByTestId('compare-table');
    await table.waitFor({ timeout: 120_000 });
    assert.equal(await table.locator('tbody tr td').first().innerText(), 'no fixes');
    await table
      .getByRole('button', { name: 'Open the no-duplicates counterexample with no fixes' })
      .click();
    await until(
      page,
      () =>
        /^Step 12 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
      undefined,
      'the counterexample did not open at step 12',
    );
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, /#s=1\./);

    const again = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await again.goto(link, { waitUntil: 'load' });
    await until(
      again,
      () =>
        /^Step 12 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? '') &&
        document.body.innerText.includes('replayed 12 steps and verified the state'),
      undefined,
      'the link did not reopen at step 12',
      45_000,
    );
    await again.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      again,
      () => document.body.innerText.includes('Copied markdown for GitHub'),
      undefined,
      'no "Copied markdown for GitHub"',
    );
    const md = await again.evaluate(() => navigator.clipboard.readText());
    assert.match(
      md.split('\n')[0],
      /\(`seed-003-b-go-explore`\): no-duplicates violated at step 12$/,
    );
  },
};

export default [markDelete, picks, explorerWalk];
