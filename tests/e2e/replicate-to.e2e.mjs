// Per-message replication clusters in Chromium. Built-in geo-replicate-to-local: p1 sends M1 with
// replicate_to [us-east] and M2 without. At the end us-west stores only M2, the Invariants panel
// reports nothing, the diagram shows the send's replicate_to and the replicator's skip in Pulsar's
// words, and the replicator's strip flags M1's entry "skip" (not LOST), explained in its legend.
import assert from 'node:assert/strict';
import { diagramText, openScenario, shows } from './lib.mjs';

const builtin = {
  name: 'replicate-to: geo-replicate-to-local — M1 skipped by the replicator (replicate_to excludes us-west), M2 replicated, no violation',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'geo-replicate-to-local');
    await page.getByTestId('step-label').first().click();
    await page.keyboard.press('End');
    await shows(page, 'topic-us-west', 'M2', 'us-west never stores M2');
    assert.match(
      await page.getByTestId('topic-us-west').locator('.card-head').innerText(),
      /stored: M2$/,
    );
    const drawn = await diagramText(page);
    assert.match(drawn, /sendAsync M1 seq 0 replicate_to \[us-east\]/, drawn);
    assert.match(drawn, /Skipping message at position 10:0, replicateTo \[us-east\]/, drawn);

    const strip = page.getByTestId('panel-replicator').getByRole('list', {
      name: 'Source entries at us-east',
    });
    assert.equal(
      await strip.locator('[data-position="10:0"]').getAttribute('aria-label'),
      '10:0 M1: mark-deleted, skipped: replicate_to [us-east] excludes us-west',
    );
    assert.equal(await strip.locator('abbr[title^="skipped unsent"]').count(), 1);
    assert.equal(await strip.locator('abbr[title^="deleted at the source"]').count(), 0);
    assert.match(
      await page.getByTestId('panel-replicator').locator('.strip-legend').innerText(),
      /skip skipped unsent: its replicate_to excludes us-west/,
    );
  },
};

export default [builtin];
