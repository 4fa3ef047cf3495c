// Message TTL (the expire-messages fault, 01669ac) in Chromium. The built-in
// geo-ttl-expires-backlog: the Invariants panel names M1 and M2 "expired by the message TTL", and
// the replicator's entries say so in their labels and on screen (TTL). From broker-1's topology
// menu on geo-v2-clean, "message TTL passes at us-east" placed at the step that persists E3: the
// plan line, the diagram's fault step, and us-west storing only E4, E5. A planned fault whose
// trigger never happens says "never fired" on its plan line (the CLI's run warns of it too).
import assert from 'node:assert/strict';
import { cursorOf, diagramText, openScenario, shows, stepIs, text, until } from './lib.mjs';

const builtin = {
  name: 'expire-messages: geo-ttl-expires-backlog — Invariants name M1 and M2 expired by the message TTL; the replicator entries are labelled so',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'geo-ttl-expires-backlog');
    await page.getByTestId('step-label').first().click();
    await page.keyboard.press('End');
    await shows(page, 'topic-us-west', 'M3', 'us-west never stores M3');

    const inv = await text(page, 'panel-invariants');
    for (const m of ['M1', 'M2'])
      assert.match(
        inv,
        new RegExp(
          `${m} \\(us-east \\d+:\\d+\\) expired by the message TTL on the replicator's cursor`,
        ),
        inv,
      );
    assert.doesNotMatch(inv, /was deleted by the replicator/);
    assert.match(
      await page.getByTestId('topic-us-west').locator('.card-head').innerText(),
      /stored: M3$/,
    );
    assert.equal(
      await text(page, 'expired-us-west'),
      'missing and lost (the message TTL expired them at us-east before they were replicated): M1, M2',
    );

    const strip = page.getByTestId('panel-replicator').getByRole('list', {
      name: 'Source entries at us-east',
    });
    const labels = await strip
      .getByRole('listitem')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const of = (m) => labels.find((l) => new RegExp(` ${m}:`).test(l ?? '')) ?? '';
    for (const m of ['M1', 'M2'])
      assert.match(of(m), /expired by the message TTL/, labels.join(' | '));
    assert.doesNotMatch(of('M3'), /expired/, labels.join(' | '));
    // Seen, not only heard: the expired entries carry a visible TTL flag, explained in the legend.
    const flags = await strip
      .locator('.strip-entry abbr[title="expired by the message TTL"]')
      .count();
    assert.equal(flags, 2);
    assert.match(
      await page.getByTestId('panel-replicator').locator('.strip-legend').innerText(),
      /TTL expired by the message TTL/,
    );
  },
};

const fromTheMenu = {
  name: 'expire-messages: geo-v2-clean — broker-1 ⋯ → "message TTL passes at us-east" after E3 is persisted: plan line, the diagram\'s fault step, us-west stores E4, E5 and says the TTL lost E3',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'geo-v2-clean');
    // Step to the write of E3 at us-east (the step panel names each step's action).
    await page.getByTestId('step-label').first().click();
    await page.keyboard.press('Home');
    let persisted = -1;
    for (let i = 1; i < 60 && persisted < 0; i++) {
      await page.keyboard.press('ArrowRight');
      await stepIs(page, i, `did not reach step ${i}`);
      if ((await text(page, 'step-code-key')).includes('persist:us-east:E3')) persisted = i;
    }
    assert.ok(persisted > 0, 'no step persists E3 at us-east');

    const topo = page.getByTestId('panel-topology');
    await topo.getByRole('button', { name: 'Faults on broker-1' }).click();
    const menu = page.getByRole('menu', { name: `Faults on broker-1 after step ${persisted}` });
    await menu.getByRole('menuitem', { name: 'message TTL passes at us-east' }).click();
    await shows(
      page,
      'panel-faults',
      `message TTL passes at us-east (every stored entry expires on each subscription's and replicator's cursor) after step ${persisted} acted at step ${persisted + 1}`,
      'the TTL is not in the plan, or did not act right after its step',
    );

    // The fault's own step: the diagram draws it, the step panel says it is a fault.
    await page.getByTestId('step-label').first().click();
    await page.keyboard.press('ArrowRight');
    await stepIs(page, persisted + 1, 'not at the fault step');
    assert.match(await text(page, 'step-code-key'), /fault:expire-messages:us-east/);
    assert.match(
      await text(page, 'step-code-fault'),
      /injects a fault: message TTL passes at us-east: every entry stored so far has expired\./,
    );
    const drawn = await diagramText(page);
    assert.match(drawn, /message TTL passes at us-east: every entry stored so far has expired/);
    assert.match(drawn, /replicator to us-west expires 10:3 \(E3\)/);

    await page.keyboard.press('End');
    await until(
      page,
      () => /E4, E5/.test(document.querySelector('[data-testid=topic-us-west]')?.textContent ?? ''),
      undefined,
      'us-west does not store E4, E5',
    );
    assert.match(
      await page.getByTestId('topic-us-west').locator('.card-head').innerText(),
      /stored: E4, E5$/,
    );
    assert.equal(
      await text(page, 'expired-us-west'),
      'missing and lost (the message TTL expired it at us-east before it was replicated): E3',
    );
    assert.match(
      await text(page, 'panel-invariants'),
      /E3 \(us-east 10:3\) expired by the message TTL on the replicator's cursor/,
    );
    assert.ok((await cursorOf(page)) > persisted + 1);
  },
};

const neverFired = {
  name: 'expire-messages: an unload waiting for M1 to be persisted at us-west, in geo-ttl-expires-backlog, says "never fired: its trigger … did not happen in this run"',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'geo-ttl-expires-backlog');
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const json = page.getByRole('textbox', { name: 'Scenario JSON' });
    const scenario = JSON.parse(await json.inputValue());
    scenario.faults.push({
      kind: 'unload-topic',
      cluster: 'us-west',
      after: { event: 'persisted', message: 'M1', cluster: 'us-west' },
    });
    await json.fill(JSON.stringify(scenario, null, 2));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await shows(
      page,
      'panel-faults',
      'unload-topic at us-west after M1 is persisted at us-west (never fired: its trigger (after M1 is persisted at us-west) did not happen in this run)',
      'the plan line does not say the unload never fired',
    );
    // The TTL itself acted.
    assert.match(
      await text(page, 'panel-faults'),
      /message TTL passes at us-east .* acted at step \d+/,
    );
    assert.equal(await page.getByTestId('fault-never').count(), 1);
  },
};

export default [builtin, fromTheMenu, neverFired];
