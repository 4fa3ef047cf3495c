// Replication both ways in real Chromium (replication as a list of links, docs/research/two-way-replication.md):
// geo-two-way stores every message once on each side, with one Replicator panel and one pair of
// lanes per link; geo-two-way-v1-same-name loses W1 and W2 to V1's key by original producer name
// until pr-23697 is turned on.
import assert from 'node:assert/strict';
import { diagramText, goToEnd, openScenario, shows } from './lib.mjs';

const twoWay = {
  name: 'geo two-way: geo-two-way stores E1 W1 E2 W2 once on each side, a Replicator panel and lanes per link',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'geo-two-way');
    await goToEnd(page);
    const east = page.getByRole('region', { name: 'Replicator us-east → us-west' });
    const west = page.getByRole('region', { name: 'Replicator us-west → us-east' });
    assert.match(
      await east.getByTestId('replicator-cursor').textContent(),
      /markDeletePosition10:3/,
    );
    assert.match(
      await west.getByTestId('replicator-cursor').textContent(),
      /markDeletePosition20:3/,
    );
    assert.equal(await page.getByTestId('panel-replicator').count(), 2);
    await shows(
      page,
      'panel-invariants',
      'No invariant violated in this run',
      'a violation in geo-two-way',
    );
    const svg = await diagramText(page);
    for (const lane of ['replicator:us-east->us-west', 'replicator:us-west->us-east'])
      assert.ok(svg.includes(lane), `no lane for ${lane}`);
  },
};

const sameName = {
  name: 'geo two-way: one producer name on both sides with V1 — W1, W2 dropped as duplicates (no-silent-loss); with pr-23697 no invariant is violated',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'geo-two-way-v1-same-name');
    await goToEnd(page);
    await shows(page, 'panel-invariants', 'no-silent-loss at step 16', 'W1 was not lost');
    assert.match(
      await page.getByTestId('panel-invariants').textContent(),
      /W1 was completed as a success with -1:-1 for pw, but us-west does not store it/,
    );
    await page.getByRole('checkbox', { name: 'pr-23697' }).check();
    await goToEnd(page);
    await shows(
      page,
      'panel-invariants',
      'No invariant violated in this run',
      'pr-23697 did not close the loss',
    );
  },
};

export default [twoWay, sameName];
