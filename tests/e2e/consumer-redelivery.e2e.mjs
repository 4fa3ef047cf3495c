// A consumer's negative ack and ack timeout in real Chromium (docs/research/consumer-acks.md,
// session 20): consumer-negative-ack and consumer-ack-timeout stepped to their end show 10:0
// received twice — the second chip "again", its title saying why —, the redelivery row empty again,
// and the diagram naming the redelivery and received-once. consumer-ack-timeout-explore: the
// Subscriptions panel's "Let the ack timeout pass now" at step 7 forks a run whose panel says, in
// words under the receipts, why 10:0 came again.
import assert from 'node:assert/strict';
import { diagramText, goToEnd, goToStep, openScenario, text, until } from './lib.mjs';

const chipsOf = async (page) =>
  (await page.getByTestId('sub-sub-received').locator('.chip').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );

export default [
  {
    name: 'consumer-redelivery: consumer-negative-ack receives 10:0 again because the application asked',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'consumer-negative-ack');
      await goToEnd(page);
      assert.deepEqual(await chipsOf(page), ['10:0 M1', '10:1 M2', '10:0 M1 again']);
      assert.equal(
        await page.getByTestId('sub-sub-received').locator('.chip').nth(2).getAttribute('title'),
        'redelivered: the application negatively acknowledged M1; the consumer asked for it again after negativeAckRedeliveryDelay',
      );
      assert.equal(await text(page, 'sub-sub-redelivery'), 'none');
      assert.equal(await text(page, 'sub-sub-persisted'), 'mark-delete 10:1');
      const diagram = await diagramText(page);
      assert.match(diagram, /NegativeAcksTracker holds 10:0/);
      assert.match(diagram, /VIOLATION received-once/);
    },
  },
  {
    name: 'consumer-redelivery: consumer-ack-timeout receives 10:0 again after its ack timeout',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'consumer-ack-timeout');
      await goToEnd(page);
      assert.deepEqual(await chipsOf(page), ['10:0 M1', '10:0 M1 again', '10:1 M2']);
      assert.equal(await text(page, 'sub-sub-redelivery'), 'none');
      const diagram = await diagramText(page);
      assert.match(diagram, /ackTimeoutMillis passed for 10:0/);
      assert.match(diagram, /VIOLATION received-once/);
    },
  },
  {
    name: 'consumer-redelivery: consumer-ack-timeout-explore lets the ack timeout pass from the redelivery row',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'consumer-ack-timeout-explore');
      await goToStep(page, 7);
      assert.equal(
        await text(page, 'sub-sub-redelivery'),
        'the application works on 10:0; ack timeout running for 10:0',
      );
      await page
        .getByRole('button', { name: 'Let the ack timeout pass now (ackTimeoutMillis passed)' })
        .click();
      await until(
        page,
        () =>
          /CommandRedeliverUnacknowledgedMessages on its way$/.test(
            document.querySelector('[data-testid=sub-sub-redelivery]')?.textContent ?? '',
          ),
        undefined,
        'the pick did not step to the ack timeout',
      );
      await goToEnd(page);
      assert.deepEqual(await chipsOf(page), ['10:0 M1', '10:0 M1 again', '10:1 M2']);
      assert.equal(
        await text(page, 'sub-sub-why-again'),
        '10:0 M1 again: the application had not acknowledged M1 within ackTimeoutMillis; the consumer asked for it again',
      );
    },
  },
];
