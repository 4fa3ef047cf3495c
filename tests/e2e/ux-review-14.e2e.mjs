// UX review 14 (docs/research/ux-review-14.md) in real Chromium, as a Pulsar engineer argues about
// go-chunked-dedup-pr-20948's lost M1:
// - the diagram's arrow menu and the panels' ⚡ menus say the same of a fault that never acts in
//   this run (persist-fails on M1 once chunk 2 is Dup), disabled, in the same words;
// - a chunk's ⚡ names its message: a checksum-error picked on M1[1/2] is added on M1 and fails
//   chunk 1's send (every pick from a chunk's ⚡ was refused by the validator).
import assert from 'node:assert/strict';
import { openScenario, stepIs, until } from './lib.mjs';

const WHY =
  'never acts in this run: M1 is not the next write pending at local at step 5, nor at any later step';

const agree = {
  name: 'ux14: the arrow menu of "6 · M1[2/2]" and the ⚡ menus at step 5 disable persist-fails on M1 with the same why (1920 and 1024 px)',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 1024, height: 768 },
    ]) {
      const page = await newPage({ viewport });
      await openScenario(page, baseURL, 'go-chunked-dedup-pr-20948');
      const label = page
        .locator('[data-testid=diagram] svg text.messageText', { hasText: /^6 · M1\[2\/2\] seq 0/ })
        .first();
      await label.scrollIntoViewIfNeeded();
      await label.click();
      const arrow = page.getByRole('menu', { name: /^Faults for step 6: M1\[2\/2\] seq 0/ });
      await arrow.waitFor();
      const fromArrow = arrow.getByRole('menuitem', { name: /^persist-fails \(/ });
      assert.equal(await fromArrow.isDisabled(), true, `${viewport.width}: arrow menu offers it`);
      assert.ok(
        (await arrow.innerText()).includes(WHY),
        `${viewport.width}: ${await arrow.innerText()}`,
      );
      await page.keyboard.press('Escape');
      await arrow.waitFor({ state: 'detached' });

      // The arrow's fault is placed after step 5: the ⚡ menus there, at the cursor.
      await page.getByTestId('step-label').click();
      await page.keyboard.press('ArrowLeft');
      await stepIs(page, 5, 'ArrowLeft did not reach step 5');
      for (const panel of ['panel-producers', 'panel-inflight']) {
        const bolt = page
          .getByTestId(panel)
          .getByRole('button', { name: 'Inject a fault on M1 at local, from its chunk M1[2/2]' });
        await bolt.scrollIntoViewIfNeeded();
        await bolt.click();
        const menu = page.getByRole('menu', { name: 'Faults for M1' });
        await menu.waitFor();
        const item = menu.getByRole('menuitem', { name: /^persist-fails \(/ });
        assert.equal(
          await item.isDisabled(),
          true,
          `${viewport.width} ${panel}: offered as if it acted`,
        );
        assert.ok(
          (await menu.innerText()).includes(WHY),
          `${viewport.width} ${panel}: ${await menu.innerText()}`,
        );
        assert.equal(
          await menu.getByRole('menuitem', { name: /^checksum-error, .*corrupted/ }).isDisabled(),
          false,
        );
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
    }
  },
};

const chunkBolt = {
  name: 'ux14: checksum-error from M1[1/2]’s ⚡ at step 2 is added on M1 and fails chunk 1’s send',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'go-chunked-dedup-pr-20948');
    await page.getByTestId('step-label').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 2, 'not at step 2');
    const bolt = page
      .getByTestId('panel-inflight')
      .getByRole('button', { name: 'Inject a fault on M1 at local, from its chunk M1[1/2]' });
    await bolt.scrollIntoViewIfNeeded();
    await bolt.click();
    const menu = page.getByRole('menu', { name: 'Faults for M1' });
    assert.match(await menu.innerText(), /M1\[1\/2\] is a chunk of M1: a fault names the message/);
    await menu.getByRole('menuitem', { name: /^checksum-error, .*intact/ }).click();
    await until(
      page,
      () =>
        /checksum-error on M1 at local \(local buffer intact\) acted at step 3/.test(
          document.querySelector('[data-testid=panel-faults]')?.textContent ?? '',
        ),
      undefined,
      'the fault was not added on M1, or did not act',
    );
    const text = await page.getByTestId('panel-faults').innerText();
    assert.doesNotMatch(text, /was not added|validator rejects/);
  },
};

const topologyNames = {
  name: 'ux14: geo-two-way’s replicator nodes keep their names inside the node, the destination whole (1920 and 1024 px)',
  run: async ({ baseURL, newPage }) => {
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 1024, height: 768 },
    ]) {
      const page = await newPage({ viewport });
      await openScenario(page, baseURL, 'geo-two-way');
      const topo = page.getByTestId('panel-topology');
      await topo.scrollIntoViewIfNeeded();
      await topo.getByTestId('topo-node-replicator:us-west->us-east').waitFor();
      const nodes = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid=panel-topology] .topo-node')].map((n) => {
          const r = n.getBoundingClientRect();
          const name = n.querySelector('.topo-open').getBoundingClientRect();
          const menu = n.querySelector('.topo-menu-button').getBoundingClientRect();
          const tail = n.querySelector('.topo-name-tail');
          return {
            id: n.dataset.testid,
            past: Math.round(name.right - Math.min(r.right, menu.left)),
            tail: tail && {
              text: tail.textContent,
              cut: tail.scrollWidth > tail.clientWidth + 1,
              right: tail.getBoundingClientRect().right <= name.right + 1,
            },
          };
        }),
      );
      for (const n of nodes) {
        assert.ok(n.past <= 1, `${viewport.width}: ${n.id}'s name runs ${n.past} px past its node`);
      }
      const tails = nodes.filter((n) => n.tail).map((n) => n.tail);
      assert.deepEqual(
        tails.map((t) => t.text).sort(),
        ['→ us-east', '→ us-west'],
        `${viewport.width}: ${JSON.stringify(nodes)}`,
      );
      for (const t of tails)
        assert.ok(!t.cut && t.right, `${viewport.width}: ${JSON.stringify(t)}`);
    }
  },
};

const pausePlay = {
  name: 'ux14: a ⚡ menu opened during Play (1 step/s) pauses it, and stays open on the step it was opened at',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'seed-002-issue-1');
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('1');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const bolt = page
      .getByTestId('panel-producers')
      .getByRole('button', { name: 'Inject a fault on M2 at us-east' });
    // M2 is pending at p1 from its sendAsync (step 8) to its receipt (step 11).
    await bolt.waitFor({ timeout: 15_000 });
    await bolt.click();
    const menu = page.getByRole('menu', { name: 'Faults for M2' });
    await menu.waitFor();
    // The player shows Play again (paused), and the menu is still open on its step.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    assert.equal(await menu.isVisible(), true, 'the menu closed under the user');
    assert.match(await page.getByTestId('step-label').innerText(), /^Step (8|9|10) of 40/);
  },
};

const embedLink = {
  name: 'ux14: Copy embed link at 1024 px copies seed 002 at step 28 as #embed=, which opens the diagram and its slider at that step',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({
      viewport: { width: 1024, height: 768 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openScenario(page, baseURL, 'seed-002-issue-1');
    await page.getByRole('slider', { name: 'Step' }).fill('28');
    await stepIs(page, 28, 'the slider did not reach step 28');
    const bar = page.getByRole('region', { name: 'Share and export' });
    // One row of buttons at 1024 px, the new one included.
    const tops = await bar
      .getByRole('button')
      .evaluateAll((bs) => [...new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top)))]);
    assert.equal(tops.length, 1, `the share bar wraps at 1024 px: ${tops}`);
    await bar.getByRole('button', { name: 'Copy embed link' }).click();
    await until(
      page,
      () => /Copied embed link/.test(document.body.textContent),
      undefined,
      'no copy notice',
    );
    const url = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(url, /#embed=/);
    const embed = await newPage({ viewport: { width: 640, height: 480 } });
    await embed.goto(url);
    await embed.getByTestId('embed').waitFor();
    await until(
      embed,
      () => /Step 28 of 40/.test(document.querySelector('[data-testid=embed]')?.textContent ?? ''),
      undefined,
      'the embed did not open at step 28',
    );
  },
};

export default [agree, chunkBolt, topologyNames, pausePlay, embedLink];
