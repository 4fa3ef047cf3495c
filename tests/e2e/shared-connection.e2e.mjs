// The built-in shared-connection-drop in Chromium: p1 and p2 of PulsarClient app share one
// connection to broker-1. At step 2 (both registered) p1's ⋯ menu offers the disconnect as a drop
// of app's connection with both producers on it; at the plan's own drop (step 10) the graph shows
// both producers' connections closed, and the run ends with M1, N1, M2 stored once.
import assert from 'node:assert/strict';
import { diagramText, goToStep, openScenario, shows, until } from './lib.mjs';

const story = {
  name: "shared-connection-drop: p1's menu drops app's connection (p1, p2); at the drop both connections close on the graph",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openScenario(page, baseURL, 'shared-connection-drop');
    await goToStep(page, 2);
    const topo = page.getByTestId('panel-topology');
    await topo.getByRole('button', { name: 'Faults on p1' }).click();
    const menu = page.getByRole('menu', { name: 'Faults on p1 after step 2' });
    assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), [
      "disconnect p1 (drops app's connection: p1, p2)",
      'restart p1',
    ]);
    await page.keyboard.press('Escape');

    await goToStep(page, 10);
    assert.match(
      await diagramText(page),
      /10 · disconnect: app's connection to broker-1 drops \(p1, p2\)/,
    );
    for (const p of ['p1', 'p2'])
      await until(
        page,
        (id) =>
          document
            .querySelector(`[data-testid="topo-edge-connection:${id}"]`)
            ?.textContent?.includes('closed'),
        p,
        `${p}'s connection is not closed on the graph at step 10`,
      );
    await shows(page, 'panel-invariants', 'No invariant violated', 'an invariant broke');
  },
};

export default [story];
