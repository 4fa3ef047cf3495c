// A consumer's negative ack and ack timeout in real Chromium (docs/research/consumer-acks.md,
// session 20): consumer-negative-ack and consumer-ack-timeout stepped to their end show 10:0
// received twice — the second chip "again", its title saying why —, the redelivery row empty again,
// and the diagram naming the redelivery and received-once.
import assert from 'node:assert/strict';
import { diagramText, goToEnd, openScenario, text } from './lib.mjs';

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
];
