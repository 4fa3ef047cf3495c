// Geo-replication in real Chromium: seed 000 (ChecksumError, local buffer corrupted) loses E3 at
// us-west; the violation sits at the step where the replicator's mark-delete jumps to 10:5 (read
// from the page by stepping until the cursor panel shows it), the diagram marks that step, and
// guard-rewind turns the run into a visible stall with the replicator Terminated.
import assert from 'node:assert/strict';
import { lastStep, openScenario, shows, text, until as waitFor } from './lib.mjs';

async function openSeed000(page, baseURL) {
  await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
  await page.getByTestId('step-label').click();
}

const seed000 = {
  name: 'geo: seed-000-checksum-corrupted loses E3 at us-west; no-silent-loss at the mark-delete step',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openSeed000(page, baseURL);
    const last = await lastStep(page);

    // Read the step from the page: step forward until the cursor panel shows mark-delete 10:5.
    await page.keyboard.press('Home');
    let markStep = -1;
    for (let i = 1; i <= last; i++) {
      await page.keyboard.press('ArrowRight');
      await waitFor(
        page,
        (n) =>
          document
            .querySelector('[data-testid=step-label]')
            ?.textContent?.startsWith(`Step ${n} `) &&
          // the side panels follow the cursor a render later: wait until they show this step
          document.querySelector('.panels')?.getAttribute('data-step') === String(n),
        i,
        `step ${i}`,
      );
      if ((await text(page, 'replicator-cursor')).includes('markDeletePosition10:5')) {
        markStep = i;
        break;
      }
    }
    assert.ok(markStep > 0, 'the mark-delete never reached 10:5');
    const strip = page.getByRole('list', { name: 'Source entries at us-east' });
    const e3 = strip.locator('[data-position="10:3"]');
    assert.match(
      await e3.getAttribute('aria-label'),
      /10:3 E3: .*mark-deleted.*deleted but not at the remote/,
    );
    assert.match(await e3.innerText(), /LOST/);
    assert.match(await text(page, 'receipt-cases'), /Case-1/);
    assert.match(await text(page, 'step-violation'), /no-silent-loss/);

    // The end: E3 absent at us-west, present at us-east.
    await page.keyboard.press('End');
    await waitFor(
      page,
      (n) =>
        document.querySelector('[data-testid=step-label]')?.textContent === `Step ${n} of ${n}`,
      last,
      'End',
    );
    const west = await text(page, 'topic-us-west');
    assert.match(west, /^us-weststored: E4, E5missing/);
    assert.match(await text(page, 'missing-us-west'), /E3/);
    assert.match(await text(page, 'topic-us-east'), /E3/);
    assert.match(
      await text(page, 'dedup-us-west'),
      /pulsar\.repl\.us-east-->us-west_LID:_EID10:510:5/,
    );

    // The Invariants panel lists no-silent-loss at exactly that step, and says it is this step
    // (no "Go to step" to where the cursor is); from step 0, Go to step lands there.
    const inv = await text(page, 'panel-invariants');
    assert.match(inv, new RegExp(`no-silent-loss\\s*at step ${markStep}(?!\\d)`));
    assert.match(await text(page, 'violation-here'), /This step/);
    await page.keyboard.press('Home');
    await waitFor(
      page,
      () => document.querySelector('.panels')?.getAttribute('data-step') === '0',
      null,
      'Home',
    );
    await page
      .getByTestId('panel-invariants')
      .getByRole('button', { name: `Go to step ${markStep}` })
      .click();
    assert.equal(await text(page, 'step-label'), `Step ${markStep} of ${last}`);

    // The diagram: drawn, the violation's step inside a red rect, and that step highlighted.
    await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 15_000 });
    await waitFor(
      page,
      () => document.querySelectorAll('[data-testid=diagram] svg .dl-current').length > 0,
      undefined,
      'no current-step mark',
    );
    const fills = await page
      .locator('[data-testid=diagram] svg rect')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('fill') ?? getComputedStyle(r).fill));
    assert.ok(
      fills.some((f) => /255,\s*221,\s*221/.test(f)),
      `no violation rect; fills: ${[...new Set(fills)].join(' | ')}`,
    );
    const current = await page
      .locator(
        '[data-testid=diagram] svg text.messageText.dl-current, [data-testid=diagram] svg g.dl-current text',
      )
      .allTextContents();
    assert.ok(
      current.some((t) => t.startsWith(`${markStep} · `)),
      `highlighted: ${JSON.stringify(current)}`,
    );
    assert.ok(
      current.some((t) => t.includes('VIOLATION no-silent-loss')),
      `violation note not at the step: ${JSON.stringify(current)}`,
    );
  },
};

const guardRewind = {
  name: 'geo: guard-rewind on seed 000 → replication-progress, replicator Terminated',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openSeed000(page, baseURL);
    await page.keyboard.press('End');
    await page.getByRole('checkbox', { name: 'guard-rewind' }).check();
    await shows(
      page,
      'panel-invariants',
      'replication-progress',
      'guard-rewind did not give replication-progress',
    );
    const inv = await text(page, 'panel-invariants');
    assert.doesNotMatch(inv, /no-silent-loss/);
    assert.match(await text(page, 'replicator-state'), /^Terminated — guard-rewind: E3 failed/);
    const color = await page
      .getByTestId('replicator-state')
      .evaluate((el) => getComputedStyle(el).color);
    assert.equal(color, 'rgb(198, 40, 40)', 'Terminated is not shown in red');
    // A stall, not a loss: nothing is deleted at the source that us-west lacks.
    assert.doesNotMatch(await text(page, 'panel-replicator'), /LOST[^ ]/);
    assert.equal(await page.locator('[data-testid=panel-replicator] .is-lost').count(), 0);
    // The help text names the source and never calls the proposal clean.
    await page.getByText('What do the fixes change?').click();
    const help = await text(page, 'fix-help');
    assert.match(help, /guard-rewind\s*apache\/pulsar#26113\s*proposed/);
    assert.match(help, /sentinel-not-confirmed\s*apache\/pulsar#26124/);
    assert.match(help, /go-1565\s*apache\/pulsar-client-go#1565/);
    assert.doesNotMatch(help, /clean/i);
  },
};

export default [seed000, guardRewind];
