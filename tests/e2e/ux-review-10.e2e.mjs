// UX review 10 (docs/research/ux-review-10.md) in real Chromium: two replication links drawn as two
// clusters facing each other across their replicators; Compare fixes heard through one polite live
// region that changes only at a search's start, a verdict and the end (the moving line is not live);
// a link that only adds a fault says so instead of "chose its own interleaving".
import assert from 'node:assert/strict';
import { copyLink, goToStep, openScenario, shows } from './lib.mjs';

const topologyFaces = {
  name: 'ux10: geo-two-way topology reads pe → broker-1 → both replicators ← broker-2 ← pw, top to bottom, at 1024 and 1440 px',
  run: async ({ baseURL, newPage }) => {
    for (const [width, height] of [
      [1024, 700],
      [1440, 900],
    ]) {
      const page = await newPage({ viewport: { width, height } });
      await openScenario(page, baseURL, 'geo-two-way');
      const panel = page.getByTestId('panel-topology');
      await panel.getByTestId('topo-node-producer:pw').waitFor();
      const top = async (id) => (await panel.getByTestId(`topo-node-${id}`).boundingBox()).y;
      const ys = [];
      for (const id of [
        'producer:pe',
        'broker:broker-1',
        'replicator:us-east->us-west',
        'replicator:us-west->us-east',
        'broker:broker-2',
        'producer:pw',
      ])
        ys.push(await top(id));
      assert.ok(ys[0] < ys[1] && ys[1] < ys[2], `${width}: pe, broker-1, replicators ${ys}`);
      assert.equal(ys[2], ys[3], `${width}: the replicators share a row ${ys}`);
      // Before: pw sat between the replicators and broker-2 (pw above broker-2).
      assert.ok(
        ys[3] < ys[4] && ys[4] < ys[5],
        `${width}: broker-2 under the replicators, pw under it ${ys}`,
      );
    }
  },
};

const compareLive = {
  name: 'ux10: Compare fixes on seed-003-a-go-explore — the progress line is not live; one polite region says the start, each verdict and the end',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-003-a-go-explore');
    const panel = page.getByTestId('panel-explorer');
    const region = panel.getByTestId('compare-announce');
    assert.equal(await region.getAttribute('aria-live'), 'polite');
    // Every text the region takes, recorded as it changes.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid=compare-announce]');
      window.__said = [];
      new MutationObserver(() => {
        const t = el.textContent;
        if (t && window.__said.at(-1) !== t) window.__said.push(t);
      }).observe(el, { childList: true, subtree: true, characterData: true });
    });
    await panel.getByRole('button', { name: 'Compare fixes' }).click();
    await shows(page, 'compare-announce', 'Compare fixes done', 'the comparison did not end');
    const said = await page.evaluate(() => window.__said);
    const searches = Number(/(\d+) searches in/.exec(said.at(-1))[1]);
    assert.ok(searches >= 2, said.join('\n'));
    // The start, a line for each verdict but the last (with the next search), the end: n + 1.
    assert.equal(said.length, searches + 1, said.join('\n'));
    assert.match(said[0], /^Compare fixes started\. Search 1 of \d+: no fixes\.$/);
    assert.match(
      said[1],
      /^no fixes: safety violated, liveness [\w-]+; found no-silent-loss \(\d+ steps\)\. Search 2 of/,
    );
    assert.match(said.at(-1), /; found .+\. Compare fixes done: \d+ searches in .+\.$/);
    // The table is there, and nothing in the comparison's block other than the region is live.
    await panel.getByTestId('compare-table').waitFor();
    const live = await panel
      .getByTestId('explorer-compare')
      .evaluate((el) =>
        [...el.querySelectorAll('[aria-live],[role=status],[role=alert]')].map(
          (e) => e.dataset.testid ?? e.tagName,
        ),
      );
    assert.deepEqual(live, ['compare-announce']);
  },
};

const faultLink = {
  name: "ux10: a link with only a fault added (from an arrow's menu) says 'adds 1 fault … every step as the scenario would take it', not 'chose its own interleaving'",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await openScenario(page, baseURL, 'geo-two-way');
    await goToStep(page, 6);
    await page
      .locator('[data-testid=diagram] svg text.messageText', { hasText: /^6 · E1 seq 0$/ })
      .first()
      .click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: /^checksum-error, local buffer corrupted/ })
      .click();
    await shows(page, 'panel-faults', 'checksum-error on E1', 'the fault is not in the plan');
    const link = await copyLink(page);
    const fresh = await newPage();
    await fresh.goto(link);
    await shows(fresh, 'link-notice', 'verified the state', 'the link did not open');
    const notice = await fresh.getByTestId('link-notice').textContent();
    assert.match(
      notice,
      /a fork: the link adds 1 fault to the scenario’s plan; every step as the scenario would take it/,
    );
    assert.doesNotMatch(notice, /interleaving/);
  },
};

export default [topologyFaces, compareLive, faultLink];
