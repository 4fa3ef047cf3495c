// restart-bookie in Chromium: on seed-001-explore (two brokers over two bookies, ensemble 2, no
// fault plan), bookie-2's ⋯ menu on the topology graph offers its crash; choosing "bookie-2 crashes
// and restarts" at step 4 (M1's add just initiated, on its way to both bookies) puts it in the plan
// and re-runs. With no bookie to spare the ensemble change fails (BKNotEnoughBookiesException), the
// ledger closes and M1 is written into the next ledger: the diagram says so, and no invariant breaks.
import assert from 'node:assert/strict';
import { chooseNodeFault, diagramText, goToStep, openScenario, text, until } from './lib.mjs';

const crashFromMenu = {
  name: 'restart-bookie: bookie-2 ⋯ → "bookie-2 crashes and restarts" at step 4 → the lost add, the failed ensemble change and the rollover are drawn',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'seed-001-explore');
    await goToStep(page, 4);

    await chooseNodeFault(page, {
      node: 'bookie-2',
      step: 4,
      items: (items) => assert.deepEqual(items, ['slow bookie-2', 'bookie-2 crashes and restarts']),
      item: 'bookie-2 crashes and restarts',
      planned: 'restart-bookie bookie-2: it crashes and restarts after step 4',
      drawn: 'bookie-2 crashes and restarts: 1 request to it lost',
      what: 'the crash',
    });

    await page.keyboard.press('End');
    await until(
      page,
      () =>
        (document.querySelector('[data-testid=diagram] svg')?.textContent ?? '').includes(
          'OpAddEntry 4:0 initiated',
        ),
      undefined,
      'the diagram does not show M1 written into ledger 4',
      30_000,
    );
    const drawn = await diagramText(page);
    assert.match(
      drawn,
      /connection to bookie-2 closed: adds 3:1 fail with BookieHandleNotAvailableException/,
    );
    assert.match(drawn, /no bookie outside the ensemble \[bookie-1, bookie-2\]/);
    assert.match(drawn, /adds 3:1 failed: BKNotEnoughBookiesException/);
    assert.match(drawn, /ledgerClosed: ledger 3 recorded with 1 entry, creating a new ledger/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
  },
};

export default [crashFromMenu];
