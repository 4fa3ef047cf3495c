// A consumer's acknowledgements in flight in real Chromium (docs/research/consumer-acks.md):
// consumer-ack-lost stepped to its end shows the subscription receiving 10:0 twice — the second
// chip marked "again", its title saying why — with no CommandAck left in flight and the cursor
// ledger at the last mark-delete; the diagram names the redelivery and received-once.
import assert from 'node:assert/strict';
import { diagramText, goToEnd, openScenario, text } from './lib.mjs';

export default [
  {
    name: 'consumer-acks: consumer-ack-lost shows 10:0 received again, and why',
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await openScenario(page, baseURL, 'consumer-ack-lost');
      await goToEnd(page);
      const chips = page.getByTestId('sub-sub-received').locator('.chip');
      assert.deepEqual(
        (await chips.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
        ['10:0 M1', '10:0 M1 again', '10:1 M2'],
      );
      assert.equal(
        await chips.nth(1).getAttribute('title'),
        'redelivered: the ack of 10:0 was lost (the connection dropped)',
      );
      assert.equal(await text(page, 'sub-sub-acks'), 'none');
      assert.equal(await text(page, 'sub-sub-persisted'), 'mark-delete 10:1');
      const diagram = await diagramText(page);
      assert.match(diagram, /redelivered: the ack of 10:0 was lost/);
      assert.match(diagram, /VIOLATION received-once/);
    },
  },
];
