// Session 19's built-ins for the client's memory limit and the consumer's expiry of an incomplete
// chunked message, in Chromium at 1024 × 700 as a user meets them: picked by title from the
// scenario picker, stepped to the end, read in the panels — the quiet end naming who holds the
// client's memory, the Invariants panel naming the expiry, the timer's step in the timeline — with
// nothing wider than the window.
import assert from 'node:assert/strict';
import { goToEnd, shows, text } from './lib.mjs';
import { fitsWindow, pick, VIEW } from './picker.mjs';

const memory = {
  name: "memory-limit-shared-client at 1024 px: the quiet end says pa's send of M1 waits for the client's memory N1 holds; N1 pending, nothing violated",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'memory-limit-shared-client');
    await goToEnd(page);
    const notes = await page.getByTestId('panel-invariants').getByTestId('end-notes').textContent();
    assert.match(
      notes,
      /pa's send of M1 waits for memory and nothing more can happen: client app's memory is over its limit \(memoryLimitBytes 1000: 1100 bytes in use by N1 \(1100\)\) and pa blocks/,
    );
    assert.match(await text(page, 'panel-invariants'), /No invariant violated in this run/);
    assert.match(await text(page, 'outcome-N1'), /pending/);
    assert.equal(await page.getByTestId('outcome-M1').count(), 0);
    await fitsWindow(page);
  },
};

const expiry = {
  name: "chunked-consumer-expires-incomplete at 1024 px: the Invariants panel names the consumer's expiry after 10:0; M1 told stored at 10:1",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'chunked-consumer-expires-incomplete');
    await goToEnd(page);
    await shows(
      page,
      'panel-invariants',
      "M1 was completed as a success at 10:1 for p1, but local does not store it: the consumer's expireTimeOfIncompleteChunkedMessage expired it after 10:0",
      'no violation detail naming the expiry',
    );
    assert.match(await text(page, 'panel-invariants'), /no-silent-loss at step 11/);
    assert.match(await text(page, 'outcome-M1'), /stored at 10:1/);
    await fitsWindow(page);
  },
};

export default [memory, expiry];
