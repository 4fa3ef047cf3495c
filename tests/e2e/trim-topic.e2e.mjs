// A trim from the topology menu (the trim-topic fault) in Chromium at 1024 px. A pasted scenario
// whose ledger rolls every two entries (tests/scenarios/trimming.test.ts's "every cursor caught
// up"): at step 0 broker-1's ⋯ menu shows "trim the topic at local (delete consumed ledgers)"
// disabled with the engine's reason; at the last step it is placed, the Fault plan words it and
// says it acted, and at the end the Topic panel shows ledger 10 deleted by the trim with M1, M2.
// E2E_SHOTS=<dir> leaves trim-topic-menu.png (the open menu) and trim-topic.png there.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { goToEnd, goToStep, lastStep, runPasted, shows, text, until } from './lib.mjs';

const SCENARIO = {
  format: 'dedup-lab/scenario@1',
  id: 'trim-menu',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
  topic: { deduplication: false, maxEntriesPerLedger: 2 },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub' }],
  workload: ['M1', 'M2', 'M3'].map((send) => ({ send, producer: 'p1' })),
};

const ITEM = 'trim the topic at local (delete consumed ledgers)';

const fromTheMenu = {
  name: 'trim-topic: broker-1 ⋯ → "trim the topic at local" — disabled with why at step 0; placed at the end it deletes ledger 10 (M1, M2), shown in the Topic panel at 1024 px',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await runPasted(page, baseURL, SCENARIO);
    await until(
      page,
      () => document.querySelector('[data-testid=topic-local]') !== null,
      undefined,
      'the pasted scenario did not run',
    );

    const topo = page.getByTestId('panel-topology');
    const menuAt = async (step) => {
      await topo.getByRole('button', { name: 'Faults on broker-1' }).click();
      return page
        .getByRole('menu', { name: `Faults on broker-1 after step ${step}` })
        .getByRole('menuitem', { name: ITEM });
    };
    await goToStep(page, 0);
    const disabled = await menuAt(0);
    assert.ok(await disabled.isDisabled(), 'the trim is placeable before any ledger closed');
    assert.equal(
      await disabled.getAttribute('title'),
      'the topic at local has no ledger before its current one to trim',
    );
    await page.keyboard.press('Escape');

    await goToEnd(page);
    const last = await lastStep(page);
    const item = await menuAt(last);
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: join(process.env.E2E_SHOTS, 'trim-topic-menu.png') });
    await item.click();
    await shows(
      page,
      'panel-faults',
      `trim-topic at local (the ledgers every durable cursor consumed are deleted; retention 0) after step ${last} acted at step ${last + 1}`,
      'the trim is not in the plan, or did not act right after its step',
    );

    await goToEnd(page);
    assert.equal(await lastStep(page), last + 1);
    assert.equal(
      await text(page, 'trimmed-ledger-local-10'),
      'ledger 10 (deleted by a trim)2 entries (M1, M2), consumed by every durable cursor: no reader gets them any more',
    );
    assert.match(
      await page.getByTestId('topic-local').locator('.card-head').innerText(),
      /stored: M3$/,
    );
    const ledger = page.getByTestId('trimmed-ledger-local-10');
    await ledger.scrollIntoViewIfNeeded();
    assert.ok(await ledger.isVisible(), 'the deleted ledger is not on screen');
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: join(process.env.E2E_SHOTS, 'trim-topic.png') });
  },
};

export default [fromTheMenu];
