// Next actions in words (UX review 14, finding 11), in real Chromium at 1024 × 768: on seed 001's
// fencing race, stepped to where bookie traffic is enabled, each key has its words on a line of its
// own under the key and its badges; the button's name is still the key, and picking one by it forks.
// A fault key reads as the Fault plan words that fault (UX review 15): seed 000's checksum-error.
import assert from 'node:assert/strict';
import { openScenario, stepIs } from './lib.mjs';

const words = {
  name: 'next actions: seed 001 keys read in words under each key (an add reaching a bookie), the button still named by its key',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'seed-001-fencing-race');
    await page.getByTestId('step-label').click();
    const next = page.getByTestId('panel-next');
    // Step on until an add to a bookie is among the choices.
    let item = null;
    let at = 0;
    for (let i = 1; i <= 12 && !item; i++) {
      at = i;
      await page.keyboard.press('ArrowRight');
      await stepIs(page, i, `→ did not reach step ${i}`);
      const li = next
        .getByRole('listitem')
        .filter({ hasText: /^deliver:broker-1->bookie-\d:3:\d/ });
      if ((await li.count()) > 0) item = li.first();
    }
    assert.ok(item, 'no add to a bookie among the next actions in the first 12 steps');
    const key = await item.getByRole('button').textContent();
    const [, bookie, entry] = /^deliver:broker-1->(bookie-\d):(3:\d)$/.exec(key);
    const said = item.locator('.action-words');
    assert.equal(await said.textContent(), `: the add of entry ${entry} reaches ${bookie}`);
    // Its own line, under the key: not beside it.
    const [k, w] = await Promise.all([item.getByRole('button').boundingBox(), said.boundingBox()]);
    assert.ok(
      w.y >= k.y + k.height - 1,
      `the words start at y ${w.y}, the key ends at ${k.y + k.height}`,
    );
    // Picked by its key's name, as before.
    await next.getByRole('button', { name: key, exact: true }).click();
    await stepIs(page, at + 1, `picking ${key} did not step to ${at + 1}`);
  },
};

const faultWords = {
  name: 'next actions: seed 000’s checksum-error key reads as its Fault plan line does (one describer), and the step bar’s title after it says the same',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await page.getByTestId('step-label').click();
    const key = 'fault:checksum-error:E3@us-west:corrupted';
    const next = page.getByTestId('panel-next');
    const item = next
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: key, exact: true }) });
    let at = 0;
    for (let i = 1; i <= 20 && (await item.count()) === 0; i++) {
      at = i;
      await page.keyboard.press('ArrowRight');
      await stepIs(page, i, `→ did not reach step ${i}`);
    }
    assert.equal(await item.count(), 1, `${key} was not offered in the first 20 steps`);
    const words = 'checksum-error on E3 at us-west (local buffer corrupted)';
    assert.equal(await item.locator('.action-words').textContent(), `: ${words}`);
    const plan = await page
      .getByTestId('panel-faults')
      .locator('.fault-list li')
      .first()
      .innerText();
    assert.ok(plan.startsWith(words), `the plan line reads “${plan}”`);
    await item.getByRole('button').click();
    await stepIs(page, at + 1, `picking ${key} did not step to ${at + 1}`);
    assert.equal(
      await page.locator('.step-key').getAttribute('title'),
      `The action taken to reach this step: ${key} — ${words}`,
    );
  },
};

export default [words, faultWords];
