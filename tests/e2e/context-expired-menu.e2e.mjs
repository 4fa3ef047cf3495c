// Go's blocked SendAsync and its context, from the Producers panel in Chromium: with the built-in's
// plan removed, go-context-expired-keeps-permit blocks on BIG for good; the panel says BIG waits in
// SendAsync and a ⚡ beside it offers context-expired in Go's words. Choosing it at step 5 adds the
// plan entry and re-runs from there: BIG fails with ErrContextExpired, M2 is stored, and M3 now
// waits for the permit BIG kept — its own ⚡ ends that wait the same way.
import assert from 'node:assert/strict';
import { cursorOf, emptyFaultPlan, goToEnd, goToStep, shows, text, until } from './lib.mjs';
import { fitsWindow, pick, VIEW } from './picker.mjs';

const EXPIRED = /^context-expired \(ErrContextExpired: the SendAsync's context ends while it waits/;

/** Clicks the ⚡ on `message` beside p1's wait, then the context-expired item. */
async function expire(page, message) {
  const bolt = page
    .getByTestId('panel-producers')
    .getByTestId('pending-queue')
    .getByRole('button', { name: `Inject a fault on ${message} at local` });
  await bolt.click();
  const item = page.getByRole('menuitem', { name: EXPIRED });
  assert.equal(
    await page.getByRole('menuitem').count(),
    1,
    'the menu offers context-expired alone',
  );
  await item.click();
}

const test = {
  name: 'context-expired from the Producers panel: the ⚡ beside BIG’s wait in SendAsync fails it with ErrContextExpired, M2 is stored, M3 waits and expires the same way',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'go-context-expired-keeps-permit');
    await emptyFaultPlan(page, 'context-expired', ['M3', 'BIG']);
    const queue = page.getByTestId('panel-producers').getByTestId('pending-queue');
    // Step 1: the producer is up and M1 not yet sent — nothing waits, no ⚡ in the row.
    await goToStep(page, 1);
    assert.equal(await queue.getByRole('button').count(), 0);
    await goToStep(page, 5);
    assert.match(
      await queue.textContent(),
      /BIG waits in SendAsync for 3 permits \(one per chunk\)/,
    );
    await expire(page, 'BIG');
    await shows(
      page,
      'panel-faults',
      'context-expired on BIG (the Go application',
      'the plan never listed the pick',
    );
    assert.equal(await cursorOf(page), 5, 'the re-run stays at the step shown');
    await goToEnd(page);
    assert.match(await text(page, 'outcome-BIG'), /failed: ErrContextExpired/);
    assert.match(await text(page, 'outcome-M1'), /stored at 10:0/);
    assert.match(await text(page, 'outcome-M2'), /stored at 10:1/);
    // BIG kept one of its two permits: M3 (two chunks) waits at the end, with its own ⚡.
    assert.match(await queue.textContent(), /M3 waits in SendAsync for 2 permits/);
    await expire(page, 'M3');
    await until(
      page,
      () =>
        document.querySelectorAll('[data-testid=panel-faults] button.fault-remove').length === 2,
      undefined,
      'the plan never listed the second pick',
    );
    await goToEnd(page);
    assert.match(await text(page, 'outcome-M3'), /failed: ErrContextExpired/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated in this run/);
    assert.equal(await queue.getByRole('button').count(), 0);
    await fitsWindow(page);
  },
};

export default [test];
