// A chunked message's acknowledgement in real Chromium (session 22): the Subscriptions panel shows
// chunk 1's ack held until M1 is whole, then the one CommandAck that carries both chunks, named by
// its message — "M1 (chunks 10:0, 10:1)" — with the button that lets it reach broker-1
// (`ack:sub:10:0+10:1`, one step). Pasted into the editor as a user would write it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { goToStep, runPasted, stepIs, text, until } from './lib.mjs';

/** p1 sends M1 of 6,000,000 bytes in two chunks (10:0, 10:1); sub acks in flight, checks received-once. */
const CHUNKED = JSON.parse(
  readFileSync(new URL('../ui/fixtures/chunked-m1.json', import.meta.url), 'utf8'),
);
const LAND = 'Let the CommandAck of M1 (chunks 10:0, 10:1) reach broker-1 now';

const chunkAckFrame = {
  name: 'chunk-ack-frame: chunk 1 held until M1 is whole, then one CommandAck named M1 (chunks 10:0, 10:1); letting it land moves the mark-delete to 10:1 in one step',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await runPasted(page, baseURL, CHUNKED);
    // Step 11 consumes chunk 1 (10:0): no CommandAck leaves, its ack waits for M1.
    await goToStep(page, 11);
    assert.equal(await text(page, 'sub-sub-acks'), 'none; held until whole: M1 (chunk 10:0)');
    // Step 12 consumes chunk 2: one CommandAck carries both.
    await goToStep(page, 12);
    const acks = page.getByTestId('sub-sub-acks');
    assert.match(await acks.innerText(), /^M1 \(chunks 10:0, 10:1\)/);
    const button = acks.getByRole('button', { name: LAND });
    assert.equal(
      await button.getAttribute('title'),
      'ack:sub:10:0+10:1: what this trace does next — step forward',
    );
    await button.click();
    await stepIs(page, 13, 'the pick did not step to 13');
    assert.equal(await page.locator('.step-key').first().textContent(), 'ack:sub:10:0+10:1');
    await until(
      page,
      () => document.querySelector('[data-testid=sub-sub-markdelete]')?.textContent === '10:1',
      undefined,
      'the mark-delete did not move to 10:1',
    );
    assert.equal(await text(page, 'sub-sub-acks'), 'none');
  },
};

export default [chunkAckFrame];
