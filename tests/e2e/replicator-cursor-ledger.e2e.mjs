// The replication panel with `replication.cursorWrites: "in-flight"` in real Chromium (session 26):
// a scenario pasted into the editor, stepped to the replicator's delete of E1 (its send callback,
// ManagedCursorImpl.asyncDelete) — the panel says the delete is in memory only, what a crash of
// us-east's broker would lose — then the write the panel offers taken (persistPositionToLedger):
// the cursor ledger holds it, persisted; Copy for GitHub at the delete says it in the panel's words
// (session 27). The same scenario without the option shows no ledger. The world is the shared
// tests/fixtures/replicatorCursor.mjs, which the component test reads too.
import assert from 'node:assert/strict';
import { E1_DELETE_STEP, replicatorCursorWorld } from '../fixtures/replicatorCursor.mjs';
import { copyForGithub, goToStep, runPasted, shows, takeOffered, text } from './lib.mjs';

/** p1 sends E1 and E2 at us-east; the replicator copies them to us-west after the workload. */
const scenario = (cursorWrites) =>
  replicatorCursorWorld({ id: 'replicator-cursor-ledger-e2e', cursorWrites });
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Pastes and runs the scenario, closes the editor, and waits for its run. */
async function pasted(page, baseURL, json) {
  await runPasted(page, baseURL, json);
  await shows(page, 'editor', 'Ran: ', 'the pasted scenario did not run');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}

export default [
  {
    name: 'replicator cursor ledger: E1’s delete is in memory only until its write; the write taken from the panel persists it',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage(CLIPBOARD);
      await pasted(page, baseURL, scenario('in-flight'));
      await goToStep(page, E1_DELETE_STEP);
      const panel = page.getByTestId('panel-replicator');
      assert.equal(
        await text(page, 'replicator-cursor-persisted'),
        'mark-delete 10:-1, individually deleted none',
      );
      assert.equal(
        await text(page, 'replicator-cursor-write'),
        'In memory only: deleted 10:0 (E1) — ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not written it to the cursor ledger yet. A crash of us-east’s broker now loses the delete (recoverFromLedger), and the new replicator reads E1 again.',
      );
      assert.equal(
        await panel.locator('li[data-position="10:0"]').getAttribute('aria-label'),
        '10:0 E1: mark-deleted, deleted in memory only, not in the cursor ledger yet',
      );
      // Copy for GitHub's state summary says it in the panel's words, under the replicator's line.
      const md = (await copyForGithub(page)).split('\n');
      const at = md.findIndex((l) => l.startsWith('replicator us-east→us-west (v2): '));
      assert.match(md[at], /markDeletePosition 10:0 \(in memory\)/);
      assert.equal(
        md[at + 1],
        `  cursor ledger: ${await text(page, 'replicator-cursor-persisted')}. ${await text(page, 'replicator-cursor-write')}`,
      );
      await takeOffered(
        page,
        panel.getByRole('button', { name: /^Write mark-delete 10:0 and the deleted entries/ }),
        'persist-replicator-cursor:10:0',
      );
      await shows(page, 'replicator-cursor-write', 'Persisted:', 'the write did not persist');
      assert.equal(
        await text(page, 'replicator-cursor-persisted'),
        'mark-delete 10:0, individually deleted none',
      );
      assert.equal(
        await panel.locator('li[data-position="10:0"]').getAttribute('aria-label'),
        '10:0 E1: mark-deleted',
      );
      assert.equal(await page.getByTestId('replicator-cursor-writes').count(), 0);
    },
  },
  {
    name: 'replicator cursor ledger: without the option the panel shows no ledger at the same step',
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage();
      await pasted(page, baseURL, scenario());
      await goToStep(page, E1_DELETE_STEP);
      const panel = page.getByTestId('panel-replicator');
      assert.equal(await page.getByTestId('replicator-cursor-ledger').count(), 0);
      assert.ok(!(await panel.textContent()).includes('in memory'));
    },
  },
];
