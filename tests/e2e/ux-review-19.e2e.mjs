// UX review 19 (docs/research/ux-review-19.md) in real Chromium, what a user sees:
// - the editor's form fits its column at 1024 px (seed 002's fault lines scrolled the page
//   sideways), and its Consumer part edits the top-level consumer block, a typo named, text kept;
// - pending-queue-full-blocks: while N2 waits in sendAsync the Producers panel says so, and Copy for
//   GitHub's state summary carries the permits and the waiting send;
// - chunked-consumer-pending-limit: the Topic card says the limit evicted M1 from the step it did.
import assert from 'node:assert/strict';
import { goToStep, openScenario, shows, text, until } from './lib.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const editorFits = {
  name: 'ux19: the editor’s form fits its column at 1024 and 1440 px (seed 002); its Consumer part names a typo and keeps the text',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    for (const width of [1024, 1440]) {
      const page = await newPage({ viewport: { width, height: 800 } });
      await openScenario(page, baseURL, 'seed-002-issue-1');
      await page.getByRole('button', { name: 'Edit scenario' }).click();
      await page.getByRole('textbox', { name: 'Faults' }).waitFor();
      const box = await page.evaluate(() => {
        const form = document.querySelector('form.editor-form').getBoundingClientRect();
        const fields = [
          ...document.querySelectorAll('form.editor-form textarea, form.editor-form input'),
        ].map((e) => ({
          name: e.getAttribute('aria-label'),
          right: e.getBoundingClientRect().right,
        }));
        return { page: document.documentElement.scrollWidth, right: form.right, fields };
      });
      assert.equal(box.page, width, `${width}: the page scrolls sideways (${box.page} px)`);
      for (const f of box.fields)
        assert.ok(
          f.right <= box.right + 0.5,
          `${width}: ${f.name} ends at ${f.right}, the form at ${box.right}`,
        );
      if (width !== 1024) continue;
      const consumer = page.getByRole('textbox', { name: 'Consumer' });
      await consumer.fill('maxPendingChunkedMesage=1');
      await shows(
        page,
        'editor-unapplied',
        'Consumer: line 1: "maxPendingChunkedMesage=1" — expected maxPendingChunkedMessage=…',
        'the typo is not named',
      );
      assert.equal(await consumer.inputValue(), 'maxPendingChunkedMesage=1');
      await consumer.fill('maxPendingChunkedMessage=1 autoAckOldestChunkedMessageOnQueueFull=true');
      await until(
        page,
        () =>
          JSON.parse(document.querySelector('textarea[aria-label="Scenario JSON"]').value).consumer
            ?.autoAckOldestChunkedMessageOnQueueFull === true,
        undefined,
        'the consumer block did not reach the JSON',
      );
    }
  },
};

const waitingSend = {
  name: 'ux19: pending-queue-full-blocks at 1024 px — the Producers panel says N2 waits in sendAsync from M1’s send on; Copy for GitHub says the permits',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 }, ...CLIPBOARD });
    await openScenario(page, baseURL, 'pending-queue-full-blocks');
    await goToStep(page, 7);
    assert.equal(await page.getByTestId('pending-queue-waiting').count(), 0);
    await goToStep(page, 8);
    assert.equal(await page.locator('.step-key').textContent(), 'send:pa:M1');
    const row = page.getByTestId('panel-producers').getByTestId('pending-queue');
    assert.equal(
      (await row.textContent()).replace(/\s+/g, ' ').trim(),
      'maxPendingMessages permits 1 of 1 held (N1) — blocks when full · N2 waits in sendAsync for a permit',
    );
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      page,
      async () => (await navigator.clipboard.readText()).includes('<details>'),
      undefined,
      'nothing copied for GitHub',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      copied,
      /^producer pb \(java, local\): .*, maxPendingMessages permits 1 of 1 held \(N1\) — blocks when full, N2 waits in sendAsync for a permit, pendingMessages N1 seq 0$/m,
    );
  },
};

const evicted = {
  name: 'ux19: chunked-consumer-pending-limit at 1024 px — the Topic card says the limit evicted M1 at step 8, before M1’s last chunk',
  timeout: 60_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await openScenario(page, baseURL, 'chunked-consumer-pending-limit');
    await goToStep(page, 8);
    const card = await text(page, 'topic-local');
    assert.match(
      card,
      /stored: nothing yet · M1: the consumer's maxPendingChunkedMessage \(1\) evicted it at 10:1 and acknowledged its chunks · M2 incomplete \(chunk 1 of 2\)/,
    );
    assert.doesNotMatch(card, /M1 incomplete/);
  },
};

export default [editorFits, waitingSend, evicted];
