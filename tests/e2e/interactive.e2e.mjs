// Issue 6 (the parts without the explorer) in real Chromium: inject checksum-error (corrupted) on
// E3 from the in-flight frames of geo-v2-clean and watch no-silent-loss appear at the same step;
// pick another next action and see the trace fork (branch list, switch back); Space plays, `?`
// lists the shortcuts; the dark theme reaches the diagram (Mermaid 'dark').
import assert from 'node:assert/strict';
import { cursorOf, openScenario, shows, text, until } from './lib.mjs';

/** The side panels follow the cursor a render later: wait until they show the current step. */
async function settled(page) {
  const step = await cursorOf(page);
  await until(
    page,
    (n) => document.querySelector('.panels')?.getAttribute('data-step') === String(n),
    step,
    `panels never showed step ${step}`,
  );
}

async function openClean(page, baseURL) {
  await openScenario(page, baseURL, 'geo-v2-clean');
  await page.getByTestId('step-label').click();
}

const inject = {
  name: 'interactive: ⚡ checksum-error (corrupted) on E3 in geo-v2-clean → no-silent-loss, same step, removable',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openClean(page, baseURL);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
    // Step until E3's copy is in flight to us-west.
    const fault = page
      .getByTestId('panel-inflight')
      .getByRole('button', { name: 'Inject a fault on E3 at us-west' });
    for (let i = 0; i < 60 && (await fault.count()) === 0; i++) {
      await page.keyboard.press('ArrowRight');
      await settled(page);
    }
    assert.equal(await fault.count(), 1, 'E3 never in flight to us-west');
    const at = await cursorOf(page);
    await fault.click();
    await page.getByRole('menuitem', { name: /checksum-error, local buffer corrupted/ }).click();
    await shows(page, 'panel-invariants', 'no-silent-loss', 'no loss after the fault');
    assert.equal(await cursorOf(page), at, 'the cursor moved');
    assert.match(
      await text(page, 'panel-faults'),
      /checksum-error on E3 at us-west \(local buffer corrupted\)/,
    );
    assert.match(await text(page, 'panel-branches'), /\+ checksum-error on E3/);
    await page.keyboard.press('End');
    assert.match(await text(page, 'missing-us-west'), /E3/);

    await page.getByRole('button', { name: /^Remove checksum-error on E3/ }).click();
    await shows(page, 'panel-invariants', 'No invariant violated', 'removing did not restore');
  },
};

const fork = {
  name: 'interactive: a non-default next action forks the trace; switch back to the first branch',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openClean(page, baseURL);
    const before = await page.getByTestId('step-label').textContent();
    const actions = page.getByTestId('panel-next').getByRole('button');
    assert.ok((await actions.count()) > 1, 'only one next action at step 0');
    const picked = (await actions.nth(1).textContent()).trim();
    await actions.nth(1).click();
    await until(
      page,
      () => document.querySelector('[data-testid=panel-branches]') !== null,
      undefined,
      'no branch list',
    );
    // The fork's run arrives from the worker after the branch is listed: wait for its step 1.
    await until(
      page,
      () => /^Step 1 /.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
      undefined,
      'the fork did not land on step 1',
    );
    assert.equal(await cursorOf(page), 1);
    assert.match(
      await page.locator('.step-key').textContent(),
      new RegExp(picked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    const branches = page.getByTestId('panel-branches').getByRole('button');
    assert.equal(await branches.count(), 2);
    assert.equal(await branches.nth(1).getAttribute('aria-current'), 'true');
    await branches.nth(0).click();
    await until(
      page,
      () =>
        document
          .querySelector('[data-testid=panel-branches] button[aria-current=true]')
          ?.textContent?.includes('as written'),
      undefined,
      'did not switch back',
    );
    // The re-run arrives after the branch is marked: wait for the first branch's step 1.
    await until(
      page,
      (k) => document.querySelector('.step-key')?.textContent !== k,
      picked,
      'the first branch did not come back',
    );
    assert.equal(
      (await page.getByTestId('step-label').textContent()).split(' of ')[1],
      before.split(' of ')[1],
    );
  },
};

const keysAndTheme = {
  name: 'interactive: Space plays to the end, ? lists shortcuts, dark theme reaches the diagram',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openClean(page, baseURL);
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('16');
    await page.getByTestId('step-label').click();
    await page.keyboard.press('Space');
    await until(
      page,
      () =>
        /Step (\d+) of \1$/.test(
          document.querySelector('[data-testid=step-label]')?.textContent ?? '',
        ),
      undefined,
      'play did not reach the end',
    );
    assert.equal(
      await page.getByRole('button', { name: 'Play' }).count(),
      1,
      'still playing at the end',
    );
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('dialog').count(), 0);

    await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 15_000 });
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.notEqual(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('.app-header')).backgroundColor,
      ),
      lightBg,
    );
    // Mermaid's dark theme draws actor boxes in a dark fill.
    await until(
      page,
      () => {
        const rect = document.querySelector('[data-testid=diagram] svg rect.actor');
        if (!rect) return false;
        const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(getComputedStyle(rect).fill);
        return m !== null && Number(m[1]) + Number(m[2]) + Number(m[3]) < 300;
      },
      undefined,
      'the diagram is not dark',
    );
    // The new drawing keeps the step marks: the band still lights up the current (last) step.
    await until(
      page,
      () => {
        const band = document.querySelector('[data-testid=diagram] .dl-band');
        return band !== null && /scaleY\((?!0\))/.test(band.style.transform);
      },
      undefined,
      'the step marks were lost when the diagram was drawn again',
    );
  },
};

export default [inject, fork, keysAndTheme];
