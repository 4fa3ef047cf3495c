// Managed ledger on BookKeeper in real Chromium: seed-001-fencing-race stepped to its end shows
// ledger-entries-match, the metadata store recording ledger 3 with 1 entry while BookKeeper's
// metadata closed it at 3:1 (2 entries), ledger 3 fenced on both bookies; the subscription's
// backlog is 0 at mark-delete 4:1 with nothing in red (the seed's negative backlog and acked
// position that does not exist are unreachable in this setup: see the scenario's description).
// pr-24722 removes the violation and records ledger 3 with 2 entries.
import assert from 'node:assert/strict';
import { lastStep, shows, text, until as waitFor } from './lib.mjs';

async function toEnd(page) {
  await page.getByTestId('step-label').click();
  const last = await lastStep(page);
  await page.keyboard.press('End');
  await waitFor(
    page,
    (n) => document.querySelector('[data-testid=step-label]')?.textContent === `Step ${n} of ${n}`,
    last,
    'End',
  );
}

const seed001 = {
  name: 'ledger: seed-001-fencing-race records ledger 3 with 1 entry, BookKeeper closed it with 2; pr-24722 records 2',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await page.goto(baseURL, { waitUntil: 'load' });
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('seed-001-fencing-race');
    await waitFor(
      page,
      () => document.querySelector('[data-testid=panel-bookies]') !== null,
      undefined,
      'no bookies panel for seed 001',
    );
    await toEnd(page);

    assert.match(await text(page, 'panel-invariants'), /ledger-entries-match\s*at step \d+/);

    // Metadata store: ledger 3 recorded with 1 entry (red), BookKeeper: CLOSED, last entry 3:1.
    const recorded = page.getByTestId('recorded-ledger-3');
    assert.equal(await recorded.textContent(), 'ledger 3: 1 entry ≠ BookKeeper');
    assert.equal(
      await recorded.evaluate((el) => getComputedStyle(el).color),
      'rgb(198, 40, 40)',
      'the mismatching count is not red',
    );
    const bk3 = page.getByTestId('panel-metadata').getByTestId('bk-ledger-3');
    assert.deepEqual(await bk3.locator('td').allTextContents(), [
      '3',
      'CLOSED',
      '3:1 (2 entries)',
      'bookie-1, bookie-2',
    ]);
    assert.match(await text(page, 'metadata-owner'), /^broker-2 — but broker-1 still serves it/);
    assert.match(await text(page, 'metadata-takeover'), /load failed — BadVersion/);

    // Bookies: ledger 3 fenced on both, holding 3:0 and 3:1.
    for (const b of ['bookie-1', 'bookie-2']) {
      const row = page.getByTestId(`bookie-${b}-ledger-3`);
      assert.equal(
        await row.innerText().then((t) => t.replace(/\s+/g, ' ').trim()),
        'ledger 3 fenced 3:0 3:1',
      );
    }

    // Subscription: backlog 0 at mark-delete 4:1, nothing in red.
    assert.match(await text(page, 'sub-sub-backlog'), /^0 /);
    assert.equal(await text(page, 'sub-sub-markdelete'), '4:1');
    assert.equal(await page.locator('[data-testid=panel-subscriptions] .bad').count(), 0);
    const reds = await page
      .locator('[data-testid=panel-subscriptions] *')
      .evaluateAll(
        (els) => els.filter((e) => getComputedStyle(e).color === 'rgb(198, 40, 40)').length,
      );
    assert.equal(reds, 0, 'red values in the subscriptions panel');

    // pr-24722: no violation; ledger 3 recorded with 2 entries, not red.
    await page.getByRole('checkbox', { name: 'pr-24722' }).check();
    await shows(
      page,
      'panel-invariants',
      'No invariant violated',
      'pr-24722 still violates something',
    );
    await toEnd(page);
    assert.doesNotMatch(await text(page, 'panel-invariants'), /ledger-entries-match/);
    assert.equal(await page.getByTestId('recorded-ledger-3').textContent(), 'ledger 3: 2 entries');
    assert.equal(await page.locator('[data-testid=panel-metadata] .chip.bad').count(), 0);
    assert.equal(await page.locator('[data-testid=panel-subscriptions] .bad').count(), 0);
    // The toggle's help names its source.
    await page.getByText('What do the fixes change?').click();
    assert.match(await text(page, 'fix-help'), /pr-24722\s*apache\/pulsar#24722\s*merged/);
  },
};

export default [seed001];
