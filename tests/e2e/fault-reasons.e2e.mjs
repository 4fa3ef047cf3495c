// A disabled topology fault says why (UX review 10, Follow-up 2), in Chromium: geo-v2-clean at
// step 0, broker-1's ⋯ menu and the fault plan panel's button. "message TTL passes at us-east" is
// disabled, its title (the pointer's tooltip) is the engine's reason, and Chromium's accessibility
// tree gives the same words as the item's description (aria-describedby); an enabled item has none.
import assert from 'node:assert/strict';
import { openScenario } from './lib.mjs';

const REASON = 'nothing to expire at us-east: no backlog on the replicator to us-west';

/** Chromium's computed accessible description of `window.__why` (set just before). */
async function description(page) {
  const cdp = await page.context().newCDPSession(page);
  const { node } = await cdp.send('DOM.describeNode', {
    objectId: (await cdp.send('Runtime.evaluate', { expression: 'window.__why' })).result.objectId,
  });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    backendNodeId: node.backendNodeId,
    fetchRelatives: false,
  });
  await cdp.detach();
  return nodes[0]?.description?.value ?? '';
}

const disabledSaysWhy = {
  name: 'fault reasons: geo-v2-clean at step 0 — broker-1 ⋯ "message TTL passes at us-east" is disabled and says why (title and accessible description), in the menu and on the panel button',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'geo-v2-clean');
    await page
      .getByTestId('panel-topology')
      .getByRole('button', { name: 'Faults on broker-1' })
      .click();
    const menu = page.getByRole('menu', { name: /^Faults on broker-1 after step 0/ });
    const items = [
      menu.getByRole('menuitem', { name: 'message TTL passes at us-east' }),
      page
        .getByTestId('panel-faults')
        .getByRole('button', { name: 'message TTL passes at us-east' }),
    ];
    for (const item of items) {
      assert.equal(await item.isDisabled(), true);
      assert.equal(await item.getAttribute('title'), REASON);
      await item.evaluate((el) => (window.__why = el));
      assert.equal(await description(page), REASON);
    }
    const unload = menu.getByRole('menuitem', { name: 'unload topic at us-east' });
    assert.equal(await unload.isEnabled(), true);
    assert.equal(await unload.getAttribute('title'), null);
    await unload.evaluate((el) => (window.__why = el));
    assert.equal(await description(page), '');
  },
};

export default [disabledSaysWhy];
