// A Go Send(ctx) waiting for its result, from the Producers panel in Chromium: with the built-in's
// plan removed, go-send-context-retry-stored-twice's Send of M1 waits for M1's receipt. At step 2 M1
// is pending, and its ⚡ offers context-expired in Go's words (Send returns context deadline
// exceeded); choosing it adds the plan entry and re-runs from there: M1 is reported failed though the
// broker stores it, and the application's retry stores it again.
import assert from 'node:assert/strict';
import { cursorOf, emptyFaultPlan, goToEnd, goToStep, shows, text } from './lib.mjs';
import { fitsWindow, pick, VIEW } from './picker.mjs';

const EXPIRED =
  /^context-expired \(Send\(ctx\) stops waiting for the result and returns context deadline exceeded/;

const test = {
  name: "context-expired on a Go Send(ctx) waiting for its result: the pending M1's ⚡ offers it, M1 'failed: context deadline exceeded, but stored', the retry stored again",
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'go-send-context-retry-stored-twice');
    await emptyFaultPlan(page, 'context-expired', ['M1']);
    await goToEnd(page);
    assert.match(await text(page, 'outcome-M1'), /stored at 10:0/);
    // Step 2: Send M1 has handed it over; M1 is pending and Send waits for its result.
    await goToStep(page, 2);
    await page
      .getByTestId('panel-producers')
      .getByRole('button', { name: 'Inject a fault on M1 at local' })
      .first()
      .click();
    const item = page.getByRole('menuitem', { name: EXPIRED });
    assert.equal(await item.count(), 1, 'the menu offers context-expired once');
    await item.click();
    await shows(page, 'panel-faults', 'context-expired on M1', 'the plan never listed the pick');
    assert.equal(await cursorOf(page), 2, 'the re-run stays at the step shown');
    await goToEnd(page);
    // The Messages panel: what each send was told, beside where a reader finds M1 — both copies.
    const m1 = await text(page, 'outcome-M1');
    assert.match(m1, /1st send failed: context deadline exceeded/);
    assert.match(m1, /2nd send \(again\) stored at 10:1/);
    assert.match(m1, /local 10:0, local 10:1/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated in this run/);
    await fitsWindow(page);
  },
};

export default [test];
