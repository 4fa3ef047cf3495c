// restart-broker in Chromium: on seed-001-explore (two brokers over two bookies, no fault plan),
// broker-1's ⋯ menu on the topology graph offers its crash; choosing "broker-1 crashes; broker-2
// loads the topic" at step 4 (M1's add just initiated) puts it in the plan and re-runs. Stepping on,
// the diagram and panels show the crash, broker-2's recovery of ledger 3 and the reload.
import assert from 'node:assert/strict';
import { chooseNodeFault, diagramText, goToStep, openScenario, text, until } from './lib.mjs';

const crashFromMenu = {
  name: 'restart-broker: broker-1 ⋯ → "broker-1 crashes; broker-2 loads the topic" at step 4 → the crash, the recovery and the reload are drawn',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-001-explore');
    await goToStep(page, 4);

    await chooseNodeFault(page, {
      node: 'broker-1',
      step: 4,
      items: (items) =>
        assert.ok(items.includes('broker-1 crashes and restarts'), items.join(' | ')),
      item: 'broker-1 crashes; broker-2 loads the topic',
      planned: 'restart-broker at local: the broker crashes; broker-2 loads the topic after step 4',
      drawn: 'broker-1 crashes — broker-2 loads the topic (at local)',
      what: 'the crash',
    });
    const topo = page.getByTestId('panel-topology');

    // Step 5: p1's connection is closed on the graph and broker-2 is loading the topic.
    await page.keyboard.press('ArrowRight');
    await until(
      page,
      () =>
        document
          .querySelector('[data-testid="topo-edge-connection:p1"]')
          ?.textContent?.includes('closed'),
      undefined,
      "p1's connection is not closed on the graph at step 5",
    );
    assert.match(await topo.getByTestId('topo-node-broker:broker-2').textContent(), /loading/);

    // On to the end: broker-2 recovered ledger 3, serves the topic, and p1 reconnected to it.
    await page.keyboard.press('End');
    await until(
      page,
      () => {
        const t = document.querySelector('[data-testid=diagram] svg')?.textContent ?? '';
        return t.includes('now serves the topic') && t.includes('open ledger 3 with recovery');
      },
      undefined,
      'the diagram does not show broker-2 loading and serving the topic',
      30_000,
    );
    const drawn = await diagramText(page);
    assert.match(drawn, /topic loaded after broker-1 crashed: dedup state rebuilt by replay/);
    assert.match(drawn, /recovery closed ledger 3 with/);
    assert.match(drawn, /ProducerSuccess/);
    // The graph follows the cursor a render behind (deferred).
    await until(
      page,
      () =>
        /owner/.test(
          document.querySelector('[data-testid="topo-node-broker:broker-2"]')?.textContent ?? '',
        ),
      undefined,
      'broker-2 is not the owner on the graph at the end',
    );
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
  },
};

export default [crashFromMenu];
