// UX review 23, finding 6, in real Chromium: the quiet end's note offers the fault it names as a
// button. A Go Send(ctx) the broker refuses with NotAllowedError stays pending for good (the Go
// client only unregisters the producer); the note names send-timeout and the context's end. From
// the keyboard, "Add context-expired on M1" puts it in the Fault plan: Send(ctx) returns context
// deadline exceeded, the message stays pending, and the note now offers the send timer only; a
// click on "Add send-timeout on M1" ends that too, and the run ends with nothing undone.
import assert from 'node:assert/strict';
import { runPasted, shows, text, until } from './lib.mjs';

const SEND_CTX_REFUSED = {
  format: 'dedup-lab/scenario@1',
  id: 'send-ctx-refused',
  producers: [{ name: 'p1', client: 'go' }],
  workload: [{ send: 'M1', producer: 'p1', sync: true }],
  faults: [{ kind: 'not-allowed', message: 'M1' }],
};

const planLines = (page) =>
  page.getByTestId('panel-faults').locator('ul.fault-list > li').allInnerTexts();

export default [
  {
    name: "end-note-faults: a pasted Go Send(ctx) refused NotAllowed — the note's buttons add context-expired (keyboard), then send-timeout (click); the plan, the Messages panel and the end follow",
    timeout: 90_000,
    run: async ({ baseURL, newPage }) => {
      const page = await newPage({ viewport: { width: 1440, height: 900 } });
      await runPasted(page, baseURL, SEND_CTX_REFUSED);
      await shows(page, 'end-notes', "p1's send of M1 is still pending", 'no end note for M1');
      const inv = page.getByTestId('panel-invariants');
      const context = inv.getByRole('button', {
        name: 'Add context-expired on M1 to the Fault plan (Invariants)',
      });
      const timeout = inv.getByRole('button', {
        name: 'Add send-timeout on M1 to the Fault plan (Invariants)',
      });
      assert.equal(await context.textContent(), 'Add context-expired on M1');
      assert.equal(await planLines(page).then((l) => l.length), 1); // the scenario's not-allowed

      await context.focus();
      await page.keyboard.press('Enter');
      await until(
        page,
        () =>
          document.querySelectorAll('[data-testid=panel-faults] ul.fault-list > li').length === 2,
        undefined,
        'context-expired did not reach the plan',
      );
      assert.match((await planLines(page))[1], /^context-expired on M1 .* acted at step \d+/);
      await shows(
        page,
        'outcome-M1',
        'context deadline exceeded',
        "M1's row does not say Send(ctx) returned context deadline exceeded",
      );
      // Still pending in the client: the note stays, offering the send timer only.
      await until(
        page,
        () =>
          !/context-expired/.test(
            document.querySelector('[data-testid=panel-invariants] [data-testid=end-notes] ul')
              ?.textContent ?? 'context-expired',
          ),
        undefined,
        'the note still offers context-expired',
      );
      assert.equal(await context.count(), 0);
      // At the last step the note stands in Next actions too: each copy's name says its panel, so
      // no two buttons on the page share one (session 24's left item).
      const names = await page
        .getByRole('button', { name: /to the Fault plan/ })
        .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
      assert.deepEqual(names.toSorted(), [
        'Add send-timeout on M1 to the Fault plan (Invariants)',
        'Add send-timeout on M1 to the Fault plan (Next actions)',
      ]);
      // The focus went to the Invariants panel, whose line says how the run ends now.
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
        'panel-invariants',
      );

      await timeout.click();
      await until(
        page,
        () => !document.querySelector('[data-testid=panel-invariants] [data-testid=end-notes]'),
        undefined,
        'the note stayed after send-timeout',
      );
      const lines = await planLines(page);
      assert.equal(lines.length, 3, lines.join('\n'));
      assert.match(lines[2], /^send-timeout on M1 .* acted at step \d+/);
      const ended = await text(page, 'panel-invariants');
      assert.match(ended, /then nothing was left to do/, ended);
      assert.match(ended, /Added to the Fault plan: send-timeout on M1/, ended);
    },
  },
];
