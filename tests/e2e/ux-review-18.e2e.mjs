// UX review 18 (docs/research/ux-review-18.md) in real Chromium, what a user sees:
// - a link to seed-000-explore's counterexample opens a branch that names the explorer's
//   checksum-error in words (the key stays in the link), and Copy for GitHub says them after it;
// - a node menu's note sits under the topology graph and covers no node (1024 and 1440 px);
// - the raw Mermaid (Copy for GitHub) has no "#59;": our own clauses are joined with " — ";
// - the editor's line form shows a JSON id "M 1" quoted, takes a quoted word, says to quote one;
// - a ⚡ pick in the Producers panel keeps its row: the list beside "pendingMessages", the ⚡ after
//   "E4 seq 1", the note under them (1024 px, seed 000).
import assert from 'node:assert/strict';
import { copyLink, goToStep, openScenario, until } from './lib.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const linkWords = {
  name: 'ux18: a link’s branch names the explorer’s fault in words; Copy for GitHub keeps the key, says the words, and has no #59; (seed-000-explore, 1024 px)',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await openScenario(page, baseURL, 'seed-000-explore');
    const explorer = page.getByTestId('panel-explorer');
    await explorer.getByRole('button', { name: 'Explore', exact: true }).click();
    const open = explorer.getByRole('button', { name: 'Open the no-silent-loss counterexample' });
    await open.first().waitFor({ timeout: 60_000 });
    await open.first().click();
    await until(
      page,
      () => document.querySelectorAll('[data-testid=panel-branches] li').length === 2,
      undefined,
      'the counterexample did not open',
    );
    const link = await copyLink(page);
    const fresh = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await fresh.goto(link, { waitUntil: 'load' });
    const branches = fresh.getByTestId('panel-branches');
    await until(
      fresh,
      () =>
        /from the link: step \d+: checksum-error on E3 at us-west \(local buffer (intact|corrupted)\)/.test(
          document.querySelector('[data-testid=panel-branches]')?.textContent ?? '',
        ),
      undefined,
      'the branch does not name the fault in words',
    );
    const label = await branches.locator('button[aria-current=true]').textContent();
    assert.ok(!label.includes('fault:'), label);

    await fresh.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      fresh,
      async () => (await navigator.clipboard.readText()).includes('```mermaid'),
      undefined,
      'nothing copied for GitHub',
    );
    const text = await fresh.evaluate(() => navigator.clipboard.readText());
    assert.match(
      text,
      /^- step \d+: `fault:checksum-error:E3@us-west:(intact|corrupted)` — checksum-error on E3 at us-west \(local buffer (intact|corrupted)\) \(the automatic choice here is `[^`]+`\)$/m,
    );
    const mermaid = text.slice(
      text.indexOf('```mermaid'),
      text.indexOf('```', text.indexOf('```mermaid') + 3),
    );
    assert.ok(!mermaid.includes('#59;'), mermaid);
    assert.match(
      mermaid,
      /connection closed: Case-5: receipt for 10:4, head is 10:3 — in flight lost: /,
    );
  },
};

const nodeNote = {
  name: 'ux18: a node menu’s note is under the topology graph and covers no node (seed 001 step 17, 1024 and 1440 px)',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    for (const width of [1024, 1440]) {
      const page = await newPage({ viewport: { width, height: 800 } });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      await goToStep(page, 17);
      const topology = page.getByTestId('panel-topology');
      const dots = topology.getByRole('button', { name: 'Faults on bookie-2' });
      await dots.scrollIntoViewIfNeeded();
      await dots.click();
      await page
        .getByRole('menu', { name: /^Faults on bookie-2/ })
        .getByRole('menuitem', { name: 'slow bookie-2' })
        .click();
      await until(
        page,
        () =>
          document.querySelector('[data-testid=panel-topology] [data-testid=fault-added]')
            ?.textContent === 'Added to the Fault plan: slow-bookie bookie-2',
        undefined,
        `${width}: no note`,
      );
      const note = await topology.getByTestId('fault-added').boundingBox();
      const nodes = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid=panel-topology] .react-flow__node')].map(
          (n) => {
            const r = n.getBoundingClientRect();
            return { id: n.getAttribute('data-id'), x: r.x, y: r.y, w: r.width, h: r.height };
          },
        ),
      );
      assert.ok(nodes.length >= 4, `${width}: ${nodes.length} nodes`);
      for (const n of nodes) {
        const apart =
          note.x >= n.x + n.w ||
          note.x + note.width <= n.x ||
          note.y >= n.y + n.h ||
          note.y + note.height <= n.y;
        assert.ok(apart, `${width}: the note covers ${n.id}`);
      }
      const graph = await topology.locator('.topo-flow').boundingBox();
      assert.ok(
        note.y >= graph.y + graph.height - 0.5,
        `${width}: the note is not under the graph`,
      );
      // In view, in the side column.
      assert.ok(
        note.y + note.height <= 800 && note.x + note.width <= width,
        `${width}: out of view`,
      );
    }
  },
};

const quotedIds = {
  name: 'ux18: the editor’s line form shows the JSON’s "M 1" quoted, takes a quoted id, and says to quote an unquoted one (text kept)',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const json = page.getByRole('textbox', { name: 'Scenario JSON' });
    await json.waitFor();
    await json.fill((await json.inputValue()).replace('"send": "M1"', '"send": "M 1"'));
    const workload = page.getByRole('textbox', { name: 'Workload' });
    await until(
      page,
      () =>
        document.querySelector('textarea[aria-label=Workload]')?.value.startsWith('send "M 1" p1'),
      undefined,
      'the form does not show "M 1" quoted',
    );
    await until(
      page,
      () => document.body.innerText.includes('$.workload[0].send: expected a message id'),
      undefined,
      'the validator does not name the id',
    );
    // Typed in the form: unquoted, the form says to quote; the text stays as typed.
    const typed = (await workload.inputValue()).replace('send "M 1" p1', 'send M 2 p1');
    await workload.fill(typed);
    await until(
      page,
      () => document.body.innerText.includes('(a name with a space is one word in quotes: "M 1")'),
      undefined,
      'no hint to quote',
    );
    assert.equal(await workload.inputValue(), typed);
    // Quoted, it reaches the JSON, and the validator refuses it by name.
    await workload.fill(typed.replace('send M 2 p1', 'send "M 2" p1'));
    await until(
      page,
      () =>
        document
          .querySelector('textarea[aria-label="Scenario JSON"]')
          ?.value.includes('"send": "M 2"'),
      undefined,
      'the quoted id did not reach the JSON',
    );
    await until(
      page,
      () => document.body.innerText.includes('no spaces), got "M 2"'),
      undefined,
      'the validator does not refuse "M 2"',
    );
  },
};

const boltRow = {
  name: 'ux18: a ⚡ pick keeps its row in Producers — list beside its label, ⚡ after its message, the note under them (seed 000, 1024 px)',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    await goToStep(page, 9);
    const producers = page.getByTestId('panel-producers');
    const bolt = producers.getByRole('button', { name: 'Inject a fault on E4 at us-east' });
    await bolt.scrollIntoViewIfNeeded();
    const place = () =>
      page.evaluate(() => {
        const b = document.querySelector(
          '[data-testid=panel-producers] [aria-label="Inject a fault on E4 at us-east"]',
        );
        const li = b.closest('li');
        const label = b.closest('.row').querySelector('.row-label');
        const top = (e) => Math.round(e.getBoundingClientRect().top);
        const mid = (e) => {
          const r = e.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        };
        return {
          label: top(label),
          chip: mid(li.querySelector('.chip')),
          bolt: mid(b),
          note: li.querySelector('[data-testid=fault-added]')?.getBoundingClientRect().top ?? null,
          chipBottom: li.querySelector('.chip').getBoundingClientRect().bottom,
        };
      });
    const before = await place();
    await bolt.click();
    await page
      .getByRole('menu', { name: 'Faults for E4' })
      .getByRole('menuitem', { name: /^lose-receipt/ })
      .click();
    await until(
      page,
      () =>
        document
          .querySelector('[data-testid=panel-producers] [data-testid=fault-added]')
          ?.textContent?.startsWith('Added'),
      undefined,
      'no note beside the ⚡',
    );
    const after = await place();
    assert.ok(Math.abs(after.label - before.label) <= 2, 'the row moved');
    assert.ok(
      Math.abs(after.chip - before.chip) <= 2,
      `the list left its label: ${JSON.stringify([before, after])}`,
    );
    assert.ok(
      Math.abs(after.bolt - after.chip) <= 4,
      `the ⚡ left its message: ${JSON.stringify(after)}`,
    );
    assert.ok(
      after.note >= after.chipBottom - 0.5,
      `the note is not under them: ${JSON.stringify(after)}`,
    );
  },
};

export default [linkWords, nodeNote, quotedIds, boltRow];
