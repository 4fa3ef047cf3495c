// UX review 23 (docs/research/ux-review-23.md) in real Chromium, at 1024 × 768 and 1440 × 900, light
// and dark. Finding 1: a ⚡ menu offering context-expired was as wide as that item's one line —
// 1,432 px at 1440 px, from the window's left edge, far from its ⚡ — and now wraps at a reading
// width beside its button. Finding 2: the Subscriptions panel names a chunk by its place
// ("10:0 M1[1/2]"). Finding 3: the Messages panel says where a failed send of a message sent twice
// is stored ("1st send failed: context deadline exceeded, but stored at 10:0"). Finding 4: the
// cursor ledger row says what the range cap left in memory only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { emptyFaultPlan, goToEnd, goToStep, openScenario, runPasted, text } from './lib.mjs';
import { fitsWindow } from './picker.mjs';

const VIEWS = [
  { viewport: { width: 1024, height: 768 }, colorScheme: 'light' },
  { viewport: { width: 1440, height: 900 }, colorScheme: 'dark' },
];
const at = (v) => `${v.viewport.width} × ${v.viewport.height} ${v.colorScheme}`;
/** A menu's reading width: 34rem (styles.css .fault-popup). */
const MENU_MAX = 34 * 16 + 1;

/** The open menu's box, its ⚡'s, and whether each item shows whole where it is. */
const measureMenu = (page, bolt) =>
  bolt.evaluate((b) => {
    const menu = document.querySelector('[role=menu]');
    const r = menu.getBoundingClientRect();
    const items = [...menu.querySelectorAll('[role=menuitem]')].map((item) => {
      const box = item.getBoundingClientRect();
      const hit = document.elementFromPoint((box.left + box.right) / 2, box.bottom - 3);
      return {
        text: item.textContent,
        whole: (hit === item || item.contains(hit)) && item.scrollWidth <= item.clientWidth + 1,
      };
    });
    return { menu: r.toJSON(), bolt: b.getBoundingClientRect().toJSON(), items };
  });

function assertBeside(m, where) {
  const { menu, bolt, items } = m;
  assert.ok(menu.width <= MENU_MAX, `${where}: the menu is ${Math.round(menu.width)} px wide`);
  assert.ok(
    menu.left <= bolt.left && menu.right >= bolt.right,
    `${where}: the menu ${JSON.stringify(menu)} is not over its ⚡ ${JSON.stringify(bolt)}`,
  );
  for (const i of items) assert.ok(i.whole, `${where}: "${i.text}" does not show whole`);
}

const pendingSendMenu = (v) => ({
  name: `ux23: at ${at(v)} the ⚡ of a Go Send(ctx) waiting for its result opens a menu beside it, at most 34rem wide, its context-expired item wrapped and whole`,
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(v);
    await openScenario(page, baseURL, 'go-send-context-retry-stored-twice');
    await emptyFaultPlan(page, 'context-expired', ['M1']);
    await goToStep(page, 2);
    const bolt = page
      .getByTestId('panel-producers')
      .getByRole('button', { name: 'Inject a fault on M1 at local' })
      .first();
    await bolt.click();
    await page.getByRole('menu', { name: 'Faults for M1' }).waitFor();
    const m = await measureMenu(page, bolt);
    assert.ok(
      m.items.some((i) => i.text.startsWith('context-expired')),
      'no context-expired item',
    );
    assertBeside(m, at(v));
    await fitsWindow(page);
  },
});

const blockedSendMenu = {
  name: "ux23: at 1440 × 900 the ⚡ of go-chunks-exceed-pending-queue's blocked BIG opens beside it, at most 34rem wide",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, 'go-chunks-exceed-pending-queue');
    await goToEnd(page);
    const bolt = page
      .getByTestId('panel-producers')
      .getByRole('button', { name: 'Inject a fault on BIG at local' });
    await bolt.click();
    await page.getByRole('menu', { name: 'Faults for BIG' }).waitFor();
    assertBeside(await measureMenu(page, bolt), '1440 × 900, BIG');
  },
};

/** p1 sends M1 of 6,000,000 bytes in two chunks (10:0, 10:1); sub acks in flight, checks received-once. */
const CHUNKED = JSON.parse(
  readFileSync(new URL('../ui/fixtures/chunked-m1.json', import.meta.url), 'utf8'),
);

const chunksReceived = {
  name: 'ux23: at 1024 × 768 a chunked M1 received whole reads 10:0 M1[1/2], 10:1 M1[2/2] in the Subscriptions panel, as the Topic panel lists it',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await runPasted(page, baseURL, CHUNKED);
    await goToEnd(page);
    const chips = await page.getByTestId('sub-sub-received').locator('.chip').allInnerTexts();
    assert.deepEqual(chips, ['10:0 M1[1/2]', '10:1 M1[2/2]']);
    assert.match(await text(page, 'panel-topic'), /10:0 M1\[1\/2\] seq 0\s*10:1 M1\[2\/2\] seq 0/);
    assert.match(await text(page, 'panel-invariants'), /No invariant violated/);
    await fitsWindow(page);
  },
};

const failedCopy = {
  name: "ux23: at 1440 × 900 dark go-send-context-retry-stored-twice's Messages panel says M1's 1st send failed, but stored at 10:0",
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await openScenario(page, baseURL, 'go-send-context-retry-stored-twice');
    await goToEnd(page);
    const m1 = await page.getByTestId('outcome-M1').innerText();
    assert.match(m1, /1st send failed: context deadline exceeded, but stored at 10:0\s+2nd send/);
    assert.match(m1, /2nd send \(again\) stored at 10:1/);
    assert.doesNotMatch(m1, /2nd send \(again\) stored at 10:1, but/);
  },
};

const rangesCap = {
  name: 'ux23: at 1440 × 900 dark consumer-ack-ranges-cap at step 43 says 10:5 is deleted in memory only, the cap keeping 2 ranges',
  timeout: 90_000,
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await openScenario(page, baseURL, 'consumer-ack-ranges-cap');
    await goToStep(page, 43);
    assert.equal(
      await text(page, 'sub-sub-persisted'),
      'mark-delete 10:-1, individually deleted 10:1, 10:3; 10:5 deleted in memory only: the write keeps the first 2 ranges (maxUnackedRangesToPersist 1)',
    );
    await fitsWindow(page);
  },
};

export default [
  ...VIEWS.map(pendingSendMenu),
  blockedSendMenu,
  chunksReceived,
  failedCopy,
  rangesCap,
];
