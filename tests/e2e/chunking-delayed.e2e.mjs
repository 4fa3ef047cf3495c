// Built-ins merged on 2026-12-02 and after, driven as a user would in Chromium: open the scenario, go to
// its last step, read the violation in the step bar, the Invariants panel and the diagram, then
// switch the fix on from the header's "Choose fixes" menu (a 1200 × 800 window folds the toggles
// into that menu) and read that the violation is gone.
// - chunked-dedup-pr-20948 (docs/research/chunking.md): M1 is split into M1[1/2] and M1[2/2]; before
//   apache/pulsar PR 20948 the second chunk is dropped as Dup and M1 completes with -1:-1 while the
//   topic holds only its first chunk (no-silent-loss). With the merged fix pr-20948 both chunks are
//   written and M1 is stored whole.
// - go-delayed-overtakes-batch (docs/research/delayed-delivery.md): M2 with deliverAfter is written
//   ahead of the open batch holding M1; the batch is then dropped as Dup and M1 completes with -1:-1
//   (no-silent-loss, pulsar-client-go #1407). With the proposed go-flush-before-single the batch goes
//   first and both are stored.
// - chunked-reload-pr-20948 (added in session 13): the gap pr-20948 leaves, closed by the proposed
//   replay-last-chunk.
import assert from 'node:assert/strict';
import { diagramText, openScenario, shows, text, until } from './lib.mjs';

/** The fold-away fixes line and its "Choose fixes" button appear below 1280 × 821 px. */
const COMPACT = { width: 1200, height: 800 };

/** The diagram wraps long notes over lines, where a space may be lost: compare without whitespace. */
const squash = (s) => s.replace(/\s+/g, '');
function drawnHas(drawn, needle) {
  assert.ok(
    squash(drawn).includes(squash(needle)),
    `the diagram does not say "${needle}":\n${drawn}`,
  );
}
function drawnLacks(drawn, needle) {
  assert.ok(
    !squash(drawn).includes(squash(needle)),
    `the diagram still says "${needle}":\n${drawn}`,
  );
}

/** To the last step with the keyboard (End on the step bar); waits for `Step N of N`. */
async function toLastStep(page, n) {
  await page.getByTestId('step-label').first().click();
  await page.keyboard.press('End');
  await until(
    page,
    (n) =>
      document.querySelector('[data-testid=step-label]')?.textContent === `Step ${n} of ${n}` &&
      document.querySelector('.panels')?.getAttribute('data-step') === String(n),
    n,
    `not at the last step ${n}`,
  );
}

/** The step bar and the Invariants panel name `invariant` at `step` with `detail`. */
async function violated(page, invariant, step, detail) {
  await shows(
    page,
    'step-violation',
    invariant,
    `the step bar does not say ${invariant} is violated here`,
  );
  assert.equal(await text(page, 'step-violation'), `violated here: ${invariant}`);
  const inv = await page.getByTestId('panel-invariants').innerText();
  assert.match(
    inv,
    new RegExp(
      `${invariant} at step ${step}\\s+${detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+This step\\.`,
    ),
    inv,
  );
  drawnHas(await diagramText(page), `VIOLATION ${invariant}: ${detail}`);
}

/** Opens "Choose fixes", ticks `fix`, and waits for the re-run to report no violation. */
async function turnOn(page, fix) {
  assert.equal(await text(page, 'fixes-on'), 'none on');
  await page.getByRole('button', { name: /^Choose fixes/ }).click();
  const box = page.getByRole('checkbox', { name: fix, exact: true });
  assert.equal(await box.isChecked(), false);
  await box.check();
  await until(
    page,
    () =>
      /No invariant violated in this run/.test(
        document.querySelector('[data-testid=panel-invariants]')?.textContent ?? '',
      ),
    null,
    `${fix} did not re-run the scenario with no violation`,
  );
  assert.equal(await text(page, 'fixes-on'), fix);
  // Fold the toggles away again, as a user would, before reading the run.
  await page.getByRole('button', { name: /^Hide the fixes/ }).click();
}

/** After the fix: nothing in the step bar, the Invariants panel or the diagram names a violation. */
async function clean(page, steps) {
  const inv = await page.getByTestId('panel-invariants').innerText();
  assert.match(
    inv,
    new RegExp(
      `No invariant violated in this run \\(${steps} steps, then nothing was left to do\\)`,
    ),
    inv,
  );
  assert.doesNotMatch(inv, /no-silent-loss/, inv);
  assert.equal(await page.getByTestId('step-violation').count(), 0);
  assert.equal(await page.getByTestId('step-jump').count(), 0);
  drawnLacks(await diagramText(page), 'VIOLATION');
}

const chunking = {
  name: 'chunking-delayed: chunked-dedup-pr-20948 — M1[1/2], M1[2/2] drawn; no-silent-loss at step 7 as written; "Choose fixes" → pr-20948 stores M1 whole, no violation',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: COMPACT });
    await openScenario(page, baseURL, 'chunked-dedup-pr-20948');
    await toLastStep(page, 7);
    await violated(
      page,
      'no-silent-loss',
      7,
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    let drawn = await diagramText(page);
    for (const s of [
      'M1: 6000000 bytes > 5242868 per chunk: 2 chunks, seq 0 each',
      'send M1[1/2] seq 0',
      'send M1[2/2] seq 0',
      'add M1[1/2] → 10:0',
      'M1[1/2] acknowledged at 10:0: the callback waits for the last chunk',
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
      'M1 completed as success with -1:-1 (not stored by this send)',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'add M1[2/2]');
    // The topic holds the first chunk alone, which no reader can assemble.
    const topic = await text(page, 'panel-topic');
    assert.match(topic, /stored: nothing yet/, topic);
    assert.match(topic, /10:0 M1\[1\/2\] seq 0/, topic);
    assert.doesNotMatch(topic, /M1\[2\/2\]/, topic);
    assert.match(await text(page, 'outcome-M1'), /completed -1:-1/);

    await turnOn(page, 'pr-20948');
    await toLastStep(page, 8);
    await clean(page, 8);
    drawn = await diagramText(page);
    for (const s of [
      'send M1[1/2] seq 0',
      'send M1[2/2] seq 0',
      'NotDup (seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
      'add M1[1/2] → 10:0',
      'NotDup (pushed none, persisted none): write, pushed := 0',
      'add M1[2/2] → 10:1',
      'M1 completed: stored at 10:1',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'Dup (seq 0, chunk 2/2');
    const fixedTopic = await text(page, 'panel-topic');
    assert.match(fixedTopic, /stored: M1(?!\[)/, fixedTopic);
    assert.match(fixedTopic, /10:0 M1\[1\/2\] seq 0/, fixedTopic);
    assert.match(fixedTopic, /10:1 M1\[2\/2\] seq 0/, fixedTopic);
    assert.match(await text(page, 'outcome-M1'), /stored at 10:1/);
  },
};

const delayed = {
  name: 'chunking-delayed: go-delayed-overtakes-batch — M2 (deliverAfter) overtakes the batch, M1 dropped as Dup: no-silent-loss at step 9; "Choose fixes" → go-flush-before-single stores both, no violation',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: COMPACT });
    await openScenario(page, baseURL, 'go-delayed-overtakes-batch');
    await toLastStep(page, 9);
    await violated(
      page,
      'no-silent-loss',
      9,
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    let drawn = await diagramText(page);
    for (const s of [
      'SendAsync M1 seq 0',
      'SendAsync M2 seq 1 deliverAfter 5000 ms',
      'M2 is not batched (deliver_at_time): sent alone, ahead of the open batch (M1)',
      'add M2 → 10:0',
      'Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1',
      'M1 completed as success with -1:-1 (not stored by this send)',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'add M1');
    assert.match(await text(page, 'outcome-M1'), /completed -1:-1\s*nowhere/);
    assert.match(await text(page, 'outcome-M2'), /stored at 10:0\s*local 10:0/);

    await turnOn(page, 'go-flush-before-single');
    // A proposed fix: the panel says one run proves nothing about the other interleavings.
    assert.match(
      await text(page, 'panel-invariants'),
      /One run is one interleaving: this says nothing yet about go-flush-before-single in the others/,
    );
    await toLastStep(page, 10);
    await clean(page, 10);
    drawn = await diagramText(page);
    for (const s of [
      'M2 is not batched (deliver_at_time): the open batch is sent first (M1)',
      'add M1 → 10:0',
      'M1 completed: stored at 10:0',
      'NotDup (pushed 0, persisted 0): write, pushed := 1',
      'add M2 → 10:1',
      'M2 completed: stored at 10:1',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'receipt -1:-1');
    drawnLacks(drawn, 'sent alone, ahead of the open batch');
    assert.match(await text(page, 'outcome-M1'), /stored at 10:0\s*local 10:0/);
    assert.match(await text(page, 'outcome-M2'), /stored at 10:1\s*local 10:1/);
    assert.match(await text(page, 'panel-topic'), /stored: M1, M2/);
  },
};

// chunked-reload-pr-20948 (docs/research/chunking.md, "A gap the merged fix leaves"): pr-20948 is the
// scenario's own fix, shown on and locked; the unload between the chunks loses M1 at step 10, and
// the proposed replay-last-chunk, ticked as a user would, stores it whole.
const reload = {
  name: 'chunking-delayed: chunked-reload-pr-20948 — pr-20948 on and locked; the reload replays M1[1/2] as seq 0, the resent last chunk is Dup, no-silent-loss at step 10; replay-last-chunk stores M1',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: COMPACT });
    await openScenario(page, baseURL, 'chunked-reload-pr-20948');
    assert.equal(await text(page, 'fixes-on'), 'pr-20948');
    await toLastStep(page, 10);
    await violated(
      page,
      'no-silent-loss',
      10,
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    let drawn = await diagramText(page);
    for (const s of [
      'NotDup (seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
      'add M1[1/2] → 10:0',
      'unload topic at local',
      'topic loaded: dedup state rebuilt by replay',
      'ProducerSuccess(last_sequence_id 0)',
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'not recorded');
    const topic = await text(page, 'panel-topic');
    assert.match(topic, /stored: nothing yet/, topic);
    assert.match(await text(page, 'outcome-M1'), /completed -1:-1/);

    // The scenario's own pr-20948 is checked and locked; the proposal is ticked beside it.
    await page.getByRole('button', { name: /^Choose fixes/ }).click();
    const own = page.getByRole('checkbox', { name: 'pr-20948', exact: true });
    assert.equal(await own.isChecked(), true);
    assert.equal(await own.isDisabled(), true);
    await page.getByRole('checkbox', { name: 'replay-last-chunk', exact: true }).check();
    await until(
      page,
      () =>
        /No invariant violated in this run/.test(
          document.querySelector('[data-testid=panel-invariants]')?.textContent ?? '',
        ),
      null,
      'replay-last-chunk did not re-run the scenario with no violation',
    );
    await page.getByRole('button', { name: /^Hide the fixes/ }).click();
    assert.deepEqual(await page.getByTestId('fixes-on').locator('code').allTextContents(), [
      'pr-20948',
      'replay-last-chunk',
    ]);
    await toLastStep(page, 11);
    await clean(page, 11);
    drawn = await diagramText(page);
    for (const s of [
      "replay: M1[1/2] at 10:0 (seq 0) not recorded — not its message's last chunk (replay-last-chunk)",
      'ProducerSuccess(last_sequence_id -1)',
      'NotDup (pushed none, persisted none): write, pushed := 0',
      'add M1[2/2] → 11:0',
      'M1 completed: stored at 11:0',
    ])
      drawnHas(drawn, s);
    drawnLacks(drawn, 'Dup (seq 0, chunk 2/2');
    const fixedTopic = await text(page, 'panel-topic');
    assert.match(fixedTopic, /stored: M1(?!\[)/, fixedTopic);
    assert.match(fixedTopic, /10:0 M1\[1\/2\] seq 0/, fixedTopic);
    assert.match(fixedTopic, /11:0 M1\[2\/2\] seq 0/, fixedTopic);
  },
};

export default [chunking, delayed, reload];
