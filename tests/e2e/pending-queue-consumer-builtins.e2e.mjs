// Session 18's built-ins for the producer's pending queue and the consumer's chunk assembly, in
// Chromium at 1024 × 700 as a user meets them: picked by title from the scenario picker, stepped to
// the end, read in the panels — the quiet end naming the full queue, the permits on the producer's
// pending-queue row, Go's kept permits in the Pulsar code panel, the Invariants panel naming the
// chunk the reader dropped at, the pr-20948 toggle's verdict, the twin's search, Java's refusal
// that takes no sequence id (and the retry's new one in the Topic card), the quiet end of a Go
// message of more chunks than permits — with nothing wider than the window.
import assert from 'node:assert/strict';
import { goToEnd, goToStep, shows, text, until } from './lib.mjs';
import { fits, pick, VIEW } from './picker.mjs';

/**
 * The Producers panel's pending-queue row of this producer's card: its text, and whether it (and
 * Go's kept-permits note) lies inside the panel, uncut, at this width.
 */
async function queueRow(page, producer) {
  const card = page
    .getByTestId('panel-producers')
    .locator('article', { has: page.locator('strong', { hasText: new RegExp(`^${producer}$`) }) });
  const row = card.getByTestId('pending-queue');
  await row.scrollIntoViewIfNeeded();
  const inside = await row.evaluate((e) => {
    const panel = e.closest('[data-testid=panel-producers]').getBoundingClientRect();
    return [e, ...e.children].flatMap((x) => {
      const box = x.getBoundingClientRect();
      return x.scrollWidth > x.clientWidth + 1 ||
        box.right > panel.right + 1 ||
        box.left < panel.left
        ? [`${x.textContent}: right ${Math.round(box.right)} > panel ${Math.round(panel.right)}`]
        : [];
    });
  });
  assert.deepEqual(inside, [], `${producer}'s pending-queue row does not fit the Producers panel`);
  return (await row.textContent()) ?? '';
}

const fullQueue = {
  name: 'pending-queue-full-blocks at 1024 px: the quiet end says the pending queue is full and N2 is never sent; N1 pending, M1 stored',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'pending-queue-full-blocks');
    await goToEnd(page);
    const inv = page.getByTestId('panel-invariants');
    const notes = await inv.getByTestId('end-notes').textContent();
    assert.match(
      notes,
      /pb's send of N1 is still pending and nothing more can happen: its connection is gone and every reconnect is refused with ProducerBusy/,
    );
    assert.match(
      notes,
      /pb's send of N2 waits for a permit and nothing more can happen: the pending queue is full \(maxPendingMessages 1: 1 permit held by N1\) and pb blocks \(blockIfQueueFull: semaphore\.acquire\(\) in ProducerImpl\.canEnqueueRequest\), so the application stays in sendAsync and N2 is never sent/,
    );
    assert.match(
      await text(page, 'panel-invariants'),
      /No invariant violated in this run \(11 steps/,
    );
    assert.match(await text(page, 'outcome-N1'), /pending/);
    assert.match(await text(page, 'outcome-M1'), /stored at 10:1/);
    assert.equal(await page.getByTestId('outcome-N2').count(), 0);
    // Why N2 waits, on pb's card: the queue's only permit is N1's, and pb blocks (UX review 19:
    // the row names the waiting send too).
    assert.equal(
      await queueRow(page, 'pb'),
      'maxPendingMessages permits 1 of 1 held (N1) — blocks when full · N2 waits in sendAsync for a permit',
    );
    assert.equal(await page.getByTestId('pending-queue').count(), 1, 'pa has no limit, no row');
    await fits(page, ['end-notes', 'panel-invariants', 'panel-outcomes', 'pending-queue']);
  },
};

const permitLeak = {
  name: "go-pending-queue-permit-leak at 1024 px: BIG's refusal keeps a permit (Pulsar code panel at step 3), M4 is refused with 2 of 3 never given back, the Messages panel says ErrSendQueueIsFull",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'go-pending-queue-permit-leak');
    await goToStep(page, 3);
    await shows(
      page,
      'panel-code',
      'BIG took 2 of its 3 chunk permits before TryAcquire failed; sendRequest.done gives back 1: 1 never come back',
      'step 3 does not show the kept permit',
    );
    assert.match(await text(page, 'panel-code'), /sendRequest\.done/);
    await fits(page, ['panel-code']);
    await goToEnd(page);
    await shows(
      page,
      'panel-code',
      'M4: pending queue full (maxPendingMessages 3: 2 permits held, 2 of them never given back after a refused chunked send; M4 needs 2 (one per chunk)), DisableBlockIfQueueFull: refused, sequence id 4 already taken (updateMetaData)',
      'the last step does not say M4 was refused for kept permits',
    );
    for (const m of ['BIG', 'M2', 'M4'])
      assert.match(await text(page, `outcome-${m}`), /failed: ErrSendQueueIsFull/, m);
    assert.match(await text(page, 'outcome-M3'), /stored at 10:1/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
    // p1's card: no send holds a permit, yet 2 of 3 are taken for good.
    assert.equal(
      await queueRow(page, 'p1'),
      'maxPendingMessages permits 2 of 3 held — refuses when full (ErrSendQueueIsFull) 2 of 3 never given back (sendRequest.done releases one)',
    );
    await fits(page, ['panel-code', 'panel-outcomes', 'pending-queue', 'pending-queue-leak']);
  },
};

const dropsRepeat = {
  name: 'chunked-consumer-drops-repeat at 1024 px: the Invariants panel names the repeated chunk M1[1/2] at 10:1, the Topic card says the reader dropped M1; pr-20948 from the folded Fixes line re-runs it clean, M1 read 10:1–10:2',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'chunked-consumer-drops-repeat');
    await goToEnd(page);
    const detail =
      'M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)';
    await shows(page, 'panel-invariants', detail, 'no violation detail naming the repeat');
    assert.match(await text(page, 'panel-invariants'), /no-silent-loss at step 12/);
    assert.match(
      await text(page, 'topic-local'),
      /stored: nothing yet · M1: the consumer dropped it at 10:1, at the repeated chunk M1\[1\/2\] \(before PR 20948\)/,
    );
    await fits(page, ['panel-invariants', 'topic-local', 'panel-outcomes']);

    await page.getByRole('button', { name: /Choose fixes/ }).click();
    await page.getByRole('checkbox', { name: 'pr-20948' }).check();
    await shows(
      page,
      'panel-invariants',
      'No invariant violated',
      'pr-20948 did not re-run the scenario clean',
    );
    assert.match(await text(page, 'fixes-on'), /pr-20948/);
    await goToEnd(page);
    assert.match(await text(page, 'topic-local'), /stored: M1/);
    assert.doesNotMatch(await text(page, 'topic-local'), /dropped|incomplete/);
    assert.match(await text(page, 'outcome-M1'), /local 10:1–10:2/);
    await fits(page, ['panel-invariants', 'topic-local', 'fixes-compact']);
  },
};

const pendingLimit = {
  name: "chunked-consumer-pending-limit at 1024 px: the Invariants panel says the consumer's maxPendingChunkedMessage (1) evicted M1 at 10:1 and acknowledged its chunks; M2 read",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'chunked-consumer-pending-limit');
    await goToEnd(page);
    await shows(
      page,
      'panel-invariants',
      "local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      'no violation detail naming the eviction',
    );
    assert.match(
      await text(page, 'topic-local'),
      /stored: M2 · M1: the consumer's maxPendingChunkedMessage \(1\) evicted it at 10:1/,
    );
    assert.match(await text(page, 'outcome-M2'), /local 10:1–10:3/);
    await fits(page, ['panel-invariants', 'topic-local', 'panel-outcomes']);
  },
};

const twin = {
  name: 'chunked-consumer-drops-repeat-explore at 1024 px: Explore finds no-silent-loss in 73 states, complete; with pr-20948 no violation, complete',
  timeout: 120_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'chunked-consumer-drops-repeat-explore');
    const panel = page.getByTestId('panel-explorer');
    await panel.getByRole('button', { name: 'Explore', exact: true }).click();
    await shows(
      page,
      'explorer-verdict',
      '1 invariant violated in 73 states, complete',
      'no verdict without the fix',
    );
    assert.match(await text(page, 'explorer-violation-no-silent-loss'), /trace of 12 steps/);
    await page.getByRole('button', { name: /Choose fixes/ }).click();
    await page.getByRole('checkbox', { name: 'pr-20948' }).check();
    await panel.getByRole('button', { name: 'Explore', exact: true }).click();
    await until(
      page,
      () =>
        /^no violation in 73 states, complete/.test(
          document.querySelector('[data-testid=explorer-verdict]')?.textContent ?? '',
        ),
      null,
      'no "no violation … complete" with pr-20948',
    );
    await fits(page, ['panel-explorer']);
  },
};

const refusesRetry = {
  name: 'pending-queue-full-refuses at 1024 px: M2 refused with no sequence id taken while M1 holds the permit (Pulsar code panel at step 3, p1 refuses when full); at the end M2 failed then stored at 10:2, after M3',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'pending-queue-full-refuses');
    await goToStep(page, 3);
    await shows(
      page,
      'panel-code',
      'M2: pending queue full (maxPendingMessages 1: 1 permit held by M1), blockIfQueueFull false: refused, no sequence id taken',
      'step 3 does not show M2 refused before it took an id',
    );
    assert.equal(
      await queueRow(page, 'p1'),
      'maxPendingMessages permits 1 of 1 held (M1) — refuses when full (ProducerQueueIsFullError)',
    );
    await fits(page, ['panel-code', 'pending-queue']);
    await goToEnd(page);
    const m2 = await text(page, 'outcome-M2');
    assert.match(m2, /failed: ProducerQueueIsFullError/);
    assert.match(m2, /stored at 10:2/);
    assert.match(await text(page, 'outcome-M3'), /stored at 10:1/);
    // M3 took seq 1, the number M2's refusal never took; the retry of M2 a new one, 2.
    assert.match(
      await text(page, 'topic-local'),
      /stored: M1, M3, M2ledger 10 \(open\)10:0 M1 seq 010:1 M3 seq 110:2 M2 seq 2/,
    );
    assert.match(
      await text(page, 'panel-invariants'),
      /No invariant violated in this run \(14 steps/,
    );
    await fits(page, ['panel-outcomes', 'topic-local', 'panel-invariants']);
  },
};

const chunksExceed = {
  name: 'go-chunks-exceed-pending-queue at 1024 px: the quiet end says BIG needs 3 permits and the queue has only 2 (pulsar-client-go#1448); M1 stored, BIG and M2 never sent',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(VIEW);
    await pick(page, baseURL, 'go-chunks-exceed-pending-queue');
    await goToEnd(page);
    const notes = await page.getByTestId('panel-invariants').getByTestId('end-notes').textContent();
    assert.match(
      notes,
      /p1's send of BIG waits for permits and nothing more can happen: BIG needs 3 permits \(one per chunk\) and the pending queue has only 2 \(maxPendingMessages 2: 0 permits held\), so p1 blocks \(DisableBlockIfQueueFull off: publishSemaphore\.Acquire in partitionProducer\.reserveSemaphore\) for good, the application stays in SendAsync and neither BIG nor anything after it in the workload is sent \(pulsar-client-go#1448\); if the application's context ends first, SendAsync gives up with ErrContextExpired: \{ "kind": "context-expired", "message": "BIG" \}/,
    );
    assert.match(await text(page, 'outcome-M1'), /stored at 10:0/);
    for (const m of ['BIG', 'M2'])
      assert.equal(await page.getByTestId(`outcome-${m}`).count(), 0, m);
    assert.equal(
      await queueRow(page, 'p1'),
      "maxPendingMessages permits 0 of 2 held — blocks when full · BIG waits in SendAsync for 3 permits (one per chunk), more than the queue's 2⚡",
    );
    // The ⚡ beside the wait (session 21): the application's context can end there (context-expired).
    const bolt = page
      .getByTestId('panel-producers')
      .getByTestId('pending-queue')
      .getByRole('button', { name: 'Inject a fault on BIG at local' });
    await bolt.click();
    assert.match(
      await page.getByRole('menu').textContent(),
      /context-expired \(ErrContextExpired: the SendAsync's context ends while it waits/,
    );
    await page.keyboard.press('Escape');
    await fits(page, ['end-notes', 'panel-invariants', 'panel-outcomes', 'pending-queue']);
  },
};

export default [fullQueue, permitLeak, dropsRepeat, pendingLimit, twin, refusesRetry, chunksExceed];
