// Review 18's "Left open", in real Chromium: a run that ends quiescent with work undone says why.
// Two of review 18's rows, pasted into the editor as a customer would: r00 (issue-1's broken
// channel from the 2nd send, never healed) and s13 with its recipe delivering E4 before the plan's
// not-allowed step. The Invariants panel no longer says "nothing was left to do", names the
// broken channel and what would heal it, the last step's Next actions says it too, and the Fault
// plan says the not-allowed never acted because the delivery came first.
import assert from 'node:assert/strict';
import { runPasted, shows, text, until } from './lib.mjs';

const R00 = {
  format: 'dedup-lab/scenario@1',
  id: 'u18-r00-dup-frames-at-2',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: { deduplication: true },
  producers: [
    { name: 'p1', cluster: 'us-east', sequenceIds: 'explicit' },
    { name: 'p2', cluster: 'us-east', sequenceIds: 'explicit' },
  ],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' },
  workload: [
    { send: 'M1', producer: 'p1', seq: 0 },
    { send: 'M2', producer: 'p1', seq: 1 },
    { await: 'p1' },
    { send: 'M3', producer: 'p2', seq: 0 },
    { send: 'M4', producer: 'p2', seq: 1 },
    { await: 'p2' },
  ],
  faults: [{ kind: 'duplicate-frames', producer: 'replicator', atSend: 2, frames: ['M1'] }],
};

const S13_DELIVER_FIRST = {
  format: 'dedup-lab/scenario@1',
  id: 'u18-s13-deliver-first',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: {
    deduplication: { 'us-east': false, 'us-west': true },
    ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
  },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
  workload: [{ send: 'E3', producer: 'p1' }, { send: 'E4', producer: 'p1' }, { await: 'p1' }],
  faults: [{ kind: 'not-allowed', message: 'E4', cluster: 'us-east' }],
  schedule: [
    'connect:p1',
    'connect:replicator',
    'send:p1:E3',
    'deliver:p1->broker-1:E3',
    'send:p1:E4',
    'deliver:p1->broker-1:E4',
  ],
};

const brokenChannel = {
  name: 'end-notes: r00 ends quiescent with the broken channel still dropping — the Invariants panel and the last step say so, and what would heal it',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await runPasted(page, baseURL, R00);
    await shows(page, 'end-notes', 'still drops every send', 'no end note for the broken channel');
    const inv = await text(page, 'panel-invariants');
    assert.match(
      inv,
      /No invariant violated in this run \(25 steps, then nothing more could happen, with work undone: see below\)/,
      inv,
    );
    assert.doesNotMatch(inv, /nothing was left to do/, inv);
    assert.match(inv, /M2, M3, M4 stay pending on it/, inv);
    assert.match(inv, /a `disconnect` of replicator, or an `unload-topic` of us-west/, inv);
    // The last step's Next actions says it too.
    await page.getByTestId('step-label').first().click();
    await page.keyboard.press('End');
    await until(
      page,
      () =>
        /still drops every send/.test(
          document.querySelector('[data-testid=panel-next] [data-testid=end-notes]')?.textContent ??
            '',
        ),
      undefined,
      "the last step's Next actions has no end note",
    );
  },
};

const deliveredFirst = {
  name: "end-notes: s13's recipe delivers E4 before the plan's not-allowed — the Fault plan says it never acted, and the stuck-free end has no note",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await runPasted(page, baseURL, S13_DELIVER_FIRST);
    await shows(
      page,
      'fault-never',
      'The delivery came first, so the broker never refused it',
      'the plan line does not say the delivery came first',
    );
    assert.match(
      await text(page, 'fault-never'),
      /never acted: fault:not-allowed:E4@us-east was enabled at step 5, but step 6 took deliver:p1->broker-1:E4 instead/,
    );
    assert.equal(await page.getByTestId('end-notes').count(), 0);
  },
};

export default [brokenChannel, deliveredFirst];
