// UX review 24 (docs/research/ux-review-24.md) in real Chromium: review 26's explorer searches as a
// user runs them — a scenario pasted into the editor, Explore, the seed's fix toggled, Explore
// again. Seed 000's two entries under a ChecksumError (x01) with guard-rewind: no-silent-loss is
// marked "still open" and its shortest trace names the intact buffer's ChecksumError; the
// counterexample opened, stepped back and forth, shared by Copy link (a fresh page at the same step
// with the same fix and fault) and Copy for GitHub. Seed 003's row (a) with a drop anywhere (x03):
// the loss needs no fault, and go-1565 closes it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyForGithub, copyLink, cursorOf, runPasted, shows, stepIs, text } from './lib.mjs';
import { fitsWindow } from './picker.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Review 26's scenario `id`, as `tests/scenarios/unseen-26.scenarios.ts <dir>` writes it out. */
function unseen26(id) {
  const dir = mkdtempSync(join(tmpdir(), 'ux24-'));
  execFileSync('npx', ['tsx', 'tests/scenarios/unseen-26.scenarios.ts', dir], { stdio: 'ignore' });
  return JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'));
}

/** Pastes and runs the scenario, closes the editor, and waits for its run. */
async function pasted(page, baseURL, json) {
  await runPasted(page, baseURL, json);
  await shows(page, 'editor', 'Ran: ', 'the pasted scenario did not run');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}

/** Explore in the panel and wait for a verdict that names `states` (this search's, not the last). */
async function explore(page, states) {
  const panel = page.getByTestId('panel-explorer');
  await panel.getByRole('button', { name: 'Explore', exact: true }).click();
  await shows(page, 'explorer-verdict', `${states} states, complete`, `no verdict of ${states}`);
}

/**
 * Turns a fix on from the header (opening the folded toggles on a small window first); with a
 * verdict on screen, waits for it to say it was found without the fix.
 */
async function turnOn(page, fix, verdictShown = true) {
  const box = page.locator(`input[aria-describedby="fix-${fix}"]`);
  if (!(await box.isVisible()))
    await page.getByTestId('fixes-compact').getByRole('button').first().click();
  await box.check();
  if (verdictShown)
    await shows(page, 'explorer-stale', `now ${fix} is on`, 'the toggle was not taken');
  else await shows(page, 'fixes-on', fix, 'the toggle was not taken');
}

/** The header's labels that read "Fixes" and a reader sees (more than a 1-px hidden legend). */
const visibleFixesLabels = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('header legend, header .field-label')]
      .filter((e) => /^fixes$/i.test(e.textContent.trim()))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      })
      .map((e) => e.textContent.trim()),
  );

const FOUND =
  'Found by the explorer: the shortest trace to no-silent-loss among 136 states, complete, with guard-rewind on; still open beside the search with no fixes.';

const x01 = {
  name: 'ux24: at 1024 × 768 light, x01 with guard-rewind — no-silent-loss “still open” with the intact buffer’s trace; opened, stepped, shared by link and for GitHub',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const json = unseen26('u26-x01-two-entries-checksum');
    const page = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await pasted(page, baseURL, json);
    await explore(page, '172');
    assert.match(await text(page, 'explorer-verdict'), /^1 invariant violated in 172 states/);
    await turnOn(page, 'guard-rewind');
    // The folded line opened: its "Fixes" is the one label a reader sees (finding 9, session 25).
    assert.ok(await page.getByRole('button', { name: /^Hide the fixes/ }).isVisible());
    assert.deepEqual(await visibleFixesLabels(page), ['Fixes']);
    await explore(page, '136');

    const loss = page.getByTestId('explorer-violation-no-silent-loss');
    const beside = loss.getByTestId('explorer-beside');
    assert.equal(
      await beside.textContent(),
      'Still open with guard-rewind: found with no fixes too (shortest trace 11 steps then, 11 now).',
    );
    assert.equal(
      await text(page, 'explorer-trace-faults-no-silent-loss'),
      'Its shortest trace takes checksum-error on E3 at us-west (local buffer intact) at step 3.',
    );
    assert.match(
      await page.getByTestId('explorer-violation-replication-progress').textContent(),
      /New with guard-rewind: not found with no fixes\..*local buffer corrupted\) at step 3\./,
    );
    // The mark is whole in the side column, and nothing is wider than the window.
    await beside.scrollIntoViewIfNeeded();
    const box = await beside.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const col = b.closest('.panel').getBoundingClientRect();
      return { left: r.left, right: r.right, colLeft: col.left, colRight: col.right };
    });
    assert.ok(box.left >= box.colLeft && box.right <= box.colRight + 1, JSON.stringify(box));
    await fitsWindow(page);

    // Open the shortest trace: the cursor on its violation; back twice, forward once.
    await page.getByRole('button', { name: 'Open the no-silent-loss counterexample' }).click();
    await stepIs(page, 11, 'the counterexample did not open at its violation');
    await page.getByTestId('step-label').click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 10, 'stepping did not land on step 10');

    // The link: the same step, fix and placed fault in a fresh page.
    const link = await copyLink(page);
    const fresh = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await fresh.goto(link, { waitUntil: 'load' });
    await shows(fresh, 'link-notice', 'replayed 10 steps and verified the state', 'not replayed');
    assert.equal(await cursorOf(fresh), 10);
    const notice = await text(fresh, 'link-notice');
    assert.match(notice, /fixes on: guard-rewind/);
    assert.match(notice, /checksum-error on E3 at us-west \(local buffer intact\)/);
    // At 1024 px the fixes fold into one line that names those on.
    assert.equal(await text(fresh, 'fixes-on'), 'guard-rewind');

    // Copy for GitHub: a heading with the fix and the violation, how the explorer found it
    // (finding 6, session 25), the Mermaid block, the table, the link.
    const md = await copyForGithub(page);
    assert.match(
      md,
      /^### Dedup Lab: .*with guard-rewind, a fork\): no-silent-loss violated at step 11/,
    );
    assert.equal(md.split('\n')[2], FOUND);
    assert.match(md, /`fault:checksum-error:E3@us-west:intact`/);
    assert.match(md, /```mermaid\nsequenceDiagram/);
    assert.match(md, /\| 11 \|.*\| no-silent-loss \(E3\) \|/);
    assert.ok(md.includes(`(${link})`), 'the link is not the one Copy link gives');
    // The same run opened from its link: the link carries how it was found (session 26), so the
    // fresh page says it under its notice and its Copy for GitHub repeats it.
    assert.equal(await text(fresh, 'link-found'), FOUND);
    const fromLink = await copyForGithub(fresh);
    assert.match(fromLink, /with guard-rewind, a fork\): no-silent-loss violated at step 11/);
    assert.equal(fromLink.split('\n')[2], FOUND);
  },
};

const x01compare = {
  name: 'ux24: at 1024 × 768, x01 with guard-rewind on — Compare fixes has the search without it as its first row',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const json = unseen26('u26-x01-two-entries-checksum');
    const page = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await pasted(page, baseURL, json);
    await turnOn(page, 'guard-rewind', false);
    const panel = page.getByTestId('panel-explorer');
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    await page.getByTestId('compare-table').waitFor({ timeout: 90_000 });
    const rows = await page
      .getByTestId('compare-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(0, 4).map((c) => c.textContent)));
    // Finding 4 (session 25): what guard-rewind closes reads here without turning it off.
    assert.deepEqual(
      [rows[0][0], rows[0][1], rows[0][3]],
      ['no fixes', 'violated', 'no-silent-loss (11 steps)'],
    );
    assert.equal(rows[1][0], 'as toggled (guard-rewind)');
    assert.match(rows[1][3], /no-silent-loss \(11 steps\)/);
    assert.ok(
      rows.slice(2).every(([name]) => name.startsWith('guard-rewind + ')),
      String(rows),
    );
    await fitsWindow(page);
  },
};

const x03 = {
  name: 'ux24: at 1440 × 900 dark, x03 — the loss takes no fault; with go-1565 it is “closed”',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const json = unseen26('u26-x03-a-go-disconnect');
    const page = await newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await pasted(page, baseURL, json);
    await explore(page, '776');
    assert.equal(
      await text(page, 'explorer-trace-faults-no-silent-loss'),
      'Its shortest trace takes no fault: an interleaving alone reaches it.',
    );
    await turnOn(page, 'go-1565');
    await explore(page, '704');
    assert.match(await text(page, 'explorer-verdict'), /^no violation in 704 states/);
    assert.equal(
      await text(page, 'explorer-closed'),
      'Closed with go-1565: no-silent-loss, found with no fixes (12 steps), is not found.',
    );
    await fitsWindow(page);
  },
};

export default [x01, x01compare, x03];
