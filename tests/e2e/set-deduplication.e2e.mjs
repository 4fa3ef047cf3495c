// set-deduplication in Chromium (review 10): on lost-receipt-dedup-off (deduplication off, M1's
// receipt lost, so M1 is stored twice), broker-1's ⋯ menu on the topology graph offers "switch
// deduplication on at local"; chosen at step 1 it goes in the plan and re-runs. The diagram draws
// the operator's switch and the replay of the new dedup cursor, the Dedup panel says the topic is
// Recovering until that replay and on after it, the resend of M1 is Dup, and the topic stores M1
// once. At the end the same menu offers switching it off again.
import assert from 'node:assert/strict';
import { diagramText, goToStep, openScenario, shows, text, until } from './lib.mjs';

const switchOn = {
  name: 'set-deduplication: broker-1 ⋯ → "switch deduplication on at local" at step 1 → Recovering, the replay, the resend of M1 Dup, M1 stored once',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'lost-receipt-dedup-off');
    await goToStep(page, 1);

    const topo = page.getByTestId('panel-topology');
    await topo.getByRole('button', { name: 'Faults on broker-1' }).click();
    const menu = page.getByRole('menu', { name: 'Faults on broker-1 after step 1' });
    await menu.getByRole('menuitem', { name: 'switch deduplication on at local' }).click();
    await shows(
      page,
      'panel-faults',
      'deduplication switched on at local (topic policy) after step 1',
      'the switch is not in the plan',
    );

    // Step 2: the switch. The Dedup panel says Recovering and where the new cursor starts.
    await goToStep(page, 2);
    await shows(
      page,
      'dedup-local',
      'deduplication switching on (Recovering)',
      'not Recovering at step 2',
    );
    assert.match(await text(page, 'dedup-cursor-local'), /the dedup cursor starts after the start/);
    assert.match(
      await text(page, 'dedup-recovering-local'),
      /every send is written without a check/,
    );
    // Step 3: the replay of the new cursor completes; deduplication is on.
    await goToStep(page, 3);
    await shows(page, 'dedup-local', 'broker-1 · deduplication on', 'not on after the replay');
    assert.equal(await page.getByTestId('dedup-recovering-local').count(), 0);

    await page.keyboard.press('End');
    await until(
      page,
      () =>
        (document.querySelector('[data-testid=diagram] svg')?.textContent ?? '').includes(
          'Dup (seq 0',
        ),
      undefined,
      'the diagram does not show the resend of M1 judged Dup',
      30_000,
    );
    const drawn = await diagramText(page);
    assert.match(drawn, /operator sets deduplication on at local/);
    assert.match(drawn, /dedup cursor replayed from the start/);
    await shows(page, 'topic-local', 'M1, M2', 'the topic does not store M1 once');
    assert.doesNotMatch(await text(page, 'topic-local'), /M1, M1/);
    assert.match(await text(page, 'dedup-local'), /p1/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);

    // At the end the broker's menu offers the other way.
    await topo.getByRole('button', { name: 'Faults on broker-1' }).click();
    const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
    assert.ok(items.includes('switch deduplication off at local'), items.join(' | '));
  },
};

export default [switchOn];
