// UX review 13 (docs/research/ux-review-13.md) in real Chromium, as a Pulsar engineer prepares a
// GitHub issue comment from seed 002 and the two PR 20948 built-ins:
// - Play keeps the diagram still across while each step shows, and a pause settles it where a jump
//   to that step puts it (each step pulled its own lanes into view: seed 002 slid at 15 of its
//   last 20 steps during Play);
// - geo-chunked-v1-pr-20948: the replicator's strip flags both chunks of the lost M1 LOST and names
//   them, us-west misses M1, the V1 producer says why it lists no Case;
// - its explorer counterexample copied for GitHub: the state says us-west lacks M1, the Mermaid
//   block renders with the app's Mermaid 12 and names the replicator's chunk completions, the
//   link reopens the same step.
import assert from 'node:assert/strict';
import { chooseScenario, openScenario, stepIs, until } from './lib.mjs';

const VIEW = { viewport: { width: 1280, height: 800 } };

/** Every distinct `step:scrollLeft` of the diagram, one per animation frame that changed either. */
async function recordScroll(page) {
  await page.evaluate(() => {
    window.__scroll = [];
    const d = document.querySelector('[data-testid=diagram]');
    let last = '';
    const tick = () => {
      const m = /Step (\d+)/.exec(
        document.querySelector('[data-testid=step-label]')?.textContent ?? '',
      );
      const s = `${m?.[1]}:${d.scrollLeft}`;
      if (s !== last) window.__scroll.push([Number(m?.[1]), d.scrollLeft]);
      last = s;
      if (!window.__stopScroll) requestAnimationFrame(tick);
    };
    tick();
  });
}

const play = {
  name: 'ux13: Play keeps seed 002’s diagram still across while each step shows; a pause settles it where a jump to that step puts it',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await openScenario(page, baseURL, 'seed-002-issue-1');
    await recordScroll(page);
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('8');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await until(
      page,
      () => /Step 40 of 40/.test(document.querySelector('[data-testid=step-label]').textContent),
      undefined,
      'Play did not reach step 40',
      60_000,
    );
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => ((window.__stopScroll = true), window.__scroll));
    // Steps 23–33: the replicator's re-written frames, their Dup receipts and the unload, all on
    // the replicator's and broker-2's lanes. Pulled left at each step, the view went 566, 370,
    // 427, 566, 370, 449, 330, 449, 330, 445, 237 px across; now it stands still there.
    const during = new Set(seen.filter(([s]) => s >= 23 && s <= 33).map(([, left]) => left));
    assert.equal(
      during.size,
      1,
      `the view moved across during steps 23–33: ${JSON.stringify(seen)}`,
    );
    const moves = seen.filter(([, left], i) => i > 0 && left !== seen[i - 1][1]).length;
    assert.ok(
      moves <= 12,
      `the view moved across ${moves} times in 40 steps: ${JSON.stringify(seen)}`,
    );
    // Play stopped at the end: the view settles where stepping there by hand puts it.
    const end = await page.getByTestId('diagram').evaluate((d) => d.scrollLeft);

    // A pause mid-play, at whatever step it lands: the view stands where a jump there puts it.
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('2');
    await page.getByRole('button', { name: 'Play', exact: true }).click(); // from step 0 again
    await until(
      page,
      () =>
        Number(
          /Step (\d+)/.exec(document.querySelector('[data-testid=step-label]').textContent)[1],
        ) >= 24,
      undefined,
      'Play did not reach step 24',
      60_000,
    );
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(400);
    const label = await page.getByTestId('step-label').textContent();
    const paused = Number(/Step (\d+)/.exec(label)[1]);
    const atPause = await page.getByTestId('diagram').evaluate((d) => d.scrollLeft);
    await page.getByRole('button', { name: 'First step' }).click();
    await stepIs(page, 0, 'First did not go to step 0');
    await page.getByRole('slider', { name: 'Step' }).fill(String(paused));
    await stepIs(page, paused, `the slider did not jump to step ${paused}`);
    await page.waitForTimeout(400);
    assert.equal(await page.getByTestId('diagram').evaluate((d) => d.scrollLeft), atPause);
    await page.getByRole('slider', { name: 'Step' }).fill('40');
    await stepIs(page, 40, 'the slider did not jump to step 40');
    await page.waitForTimeout(400);
    assert.equal(await page.getByTestId('diagram').evaluate((d) => d.scrollLeft), end);
  },
};

const chunkLost = {
  name: 'ux13: geo-chunked-v1-pr-20948 at no-silent-loss — both chunks LOST and named in the strip, us-west misses M1, the V1 producer says why it lists no Case',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1920, height: 1080 } });
    await openScenario(page, baseURL, 'geo-chunked-v1-pr-20948');
    await page.getByTestId('step-jump').click();
    await stepIs(page, 15, 'the violation link did not go to step 15');
    const strip = page.getByRole('list', { name: 'Source entries at us-east' });
    assert.equal(
      await strip.locator('[data-position="10:0"]').getAttribute('aria-label'),
      '10:0 M1[1/2]: mark-deleted, deleted but not at the remote',
    );
    assert.equal(
      await strip.locator('[data-position="10:1"]').getAttribute('aria-label'),
      '10:1 M1[2/2]: mark-deleted, deleted but not at the remote',
    );
    assert.equal(await strip.locator('abbr', { hasText: 'LOST' }).count(), 2);
    assert.match(
      await page.getByTestId('missing-us-west').innerText(),
      /missing and lost \(the replicator deleted it at us-east\): M1/,
    );
    assert.match(
      await page.getByTestId('receipts-none').innerText(),
      /^no Case: on a V1 connection ackReceived is ProducerImpl’s/,
    );
    const drawn = await page.evaluate(
      () => document.querySelector('[data-testid=diagram] svg').textContent,
    );
    assert.match(drawn, /read 10:0, 10:1 \(M1\[1\/2\], M1\[2\/2\]\)/);
    assert.match(drawn, /M1\[2\/2\] completed as success with -1:-1/);
    // geo-replicate-to-local: the wire arrow carries the frame's replicate_to.
    await chooseScenario(page, 'geo-replicate-to-local');
    assert.match(
      await page.evaluate(() => document.querySelector('[data-testid=diagram] svg').textContent),
      /4 · M1 seq 0 replicate_to \[us-east\]/,
    );
  },
};

const github = {
  name: 'ux13: the explorer’s counterexample copied for GitHub — state says us-west lacks M1, the Mermaid block renders with the app’s Mermaid, the link reopens the same step',
  timeout: 150_000,
  run: async ({ baseURL, newPage }) => {
    const options = { ...VIEW, permissions: ['clipboard-read', 'clipboard-write'] };
    const page = await newPage(options);
    await openScenario(page, baseURL, 'geo-chunked-v1-pr-20948');
    const explorer = page.getByTestId('panel-explorer');
    await explorer.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.getByTestId('explorer-verdict').waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Open the no-silent-loss counterexample' }).click();
    await stepIs(page, 13, 'the counterexample did not open at its step 13');
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      page,
      () => /Copied/.test(document.querySelector('[data-testid=share-message]')?.textContent ?? ''),
      undefined,
      'Copy for GitHub did not say it copied',
    );
    const md = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      md,
      /topic @us-west \(owner broker-2, dedup on\): nothing stored; stored at us-east but not here: M1;/,
    );
    assert.doesNotMatch(md, /every message stored at us-east is here too/);
    const block = /```mermaid\n([\s\S]*?)```/.exec(md)[1];
    const link = /\[Open this run in Dedup Lab\]\((http[^)]+)\)/.exec(md)[1];

    // The block through the app's own Mermaid chunk, the module the page has loaded (as the app
    // configured it: strict security, no wrapping), drawn into a detached element.
    const url = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => /\/assets\/mermaid\.core-[^/]*\.js$/.test(n)),
    );
    assert.ok(url, 'the app did not load its Mermaid chunk');
    const drawn = await page.evaluate(
      async ([src, text]) => {
        const { default: mermaid } = await import(src);
        const { svg } = await mermaid.render('ux13-github', text);
        const host = document.createElement('div');
        host.innerHTML = svg;
        return [...host.querySelectorAll('svg text')].map((t) => t.textContent);
      },
      [url, block],
    );
    assert.ok(drawn.includes('13 · receipt M1[2/2] seq 0 at -1:-1'), drawn.join(' | '));
    assert.ok(drawn.includes('M1[1/2] completed: stored at 20:0'), drawn.join(' | '));
    assert.ok(
      drawn.some((t) => t.startsWith('VIOLATION no-silent-loss: M1 (us-east 10:0–10:1)')),
      drawn.join(' | '),
    );

    const again = await newPage(VIEW);
    await again.goto(link);
    await stepIs(again, 13, 'the link did not reopen step 13');
    assert.match(await again.getByTestId('step-label').textContent(), /Step 13 of 23/);
  },
};

export default [play, chunkLost, github];
