// Session 19's model features where a user looks for them, in Chromium: a CommandAck in flight in
// the Subscriptions panel with a ⚡ that offers lose-ack (picked, the entry is received again), the
// Dedup panel's "Purge p1 now" (the purge of an inactive producer, the step taken next), and the
// Producers panel's memoryLimitBytes row naming who holds the client's bytes and who waits.
import assert from 'node:assert/strict';
import { goToEnd, goToStep, openScenario, text, until } from './lib.mjs';

const flat = (s) => s.replace(/\s+/g, ' ').trim();

export default [
  {
    name: 'session-19 panels: lose-ack from the Subscriptions panel’s ⚡ on 11:0 M2 (consumer-ack-not-persisted, step 22) — M2 received again',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'consumer-ack-not-persisted');
      await goToStep(page, 22);
      const acks = page.getByTestId('sub-sub-acks');
      // Beside the ⚡, since session 21, the CommandAck's arrival (ux-review-21-followup).
      assert.match(
        flat(await acks.innerText()),
        /^11:0 M2⚡ ?Let the CommandAck of 11:0 reach broker-1 now ?, taken next$/,
      );
      await acks
        .getByRole('button', { name: "Inject a fault on M2 at local, sub's CommandAck" })
        .click();
      const items = page.getByRole('menuitem');
      assert.deepEqual(await items.allInnerTexts(), [
        "lose-ack (the consumer's connection drops with its CommandAck; the broker sends it again)",
      ]);
      await items.first().click();
      await until(
        page,
        () => /Added to the Fault plan: lose-ack on M2/.test(document.body.innerText),
        undefined,
        'no note of the pick',
      );
      await goToEnd(page);
      const chips = page.getByTestId('sub-sub-received').locator('.chip');
      assert.deepEqual((await chips.allInnerTexts()).map(flat), [
        '10:0 M1',
        '10:0 M1 again',
        '11:0 M2',
        '11:0 M2 again',
      ]);
      assert.equal(
        await chips.nth(3).getAttribute('title'),
        'redelivered: the ack of 11:0 was lost (the connection dropped)',
      );
    },
  },
  {
    name: 'session-19 panels: the Dedup panel’s "Purge p1 now" at step 5 of dedup-purge-inactive-producer steps on and shows p1 purged',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'dedup-purge-inactive-producer');
      await goToStep(page, 5);
      const row = page.getByTestId('dedup-housekeeping-local');
      // ", " is for a screen reader (visually hidden), as in Next actions.
      assert.match(
        flat(await row.innerText()),
        /^can happen next Purge p1 now \(its inactivity timeout passed\) ?, taken next$/,
      );
      await row.getByRole('button', { name: /Purge p1 now/ }).click();
      await until(
        page,
        () => document.querySelector('.panels')?.getAttribute('data-step') === '6',
        undefined,
        'the purge did not step on',
      );
      assert.match(await text(page, 'dedup-purged-local'), /Purged as inactive: p1/);
      assert.equal(await row.count(), 0);
    },
  },
  {
    name: 'session-19 panels: memory-limit-shared-client at its end — pa’s card says N1 holds 1,100 of 1,000 bytes of client app and M1 waits',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'memory-limit-shared-client');
      await goToEnd(page);
      const rows = page.getByTestId('panel-producers').getByTestId('memory-limit');
      assert.equal(await rows.count(), 2);
      assert.equal(
        flat(await rows.first().innerText()),
        "memoryLimitBytes client app (pa, pb): 1,100 of 1,000 bytes in use (N1 1,100) — over the limit: pa's next send waits for bytes to come back · pa's send of M1 waits in sendAsync for memory",
      );
    },
  },
];
