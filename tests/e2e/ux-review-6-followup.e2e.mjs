// UX review 6's "found, not fixed" list (docs/research/ux-review-6.md), in real Chromium: the step's
// key in full in the Pulsar code panel (and, since review 9, in the step bar's chip) at 1024 px, the bar one line
// at 1280 px and wider; at the violation step the diagram shows the VIOLATION note and the step's
// own notes whole when both fit (1440 px); Broker dedup's replicator name breaks only after a dot
// and before "-->" (1024 px).
import assert from 'node:assert/strict';
import { openScenario, until } from './lib.mjs';

const SEED = 'seed-000-checksum-corrupted';

async function atViolation(page) {
  await page.getByTestId('step-jump').click();
  await until(
    page,
    () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
    null,
    'the jump did not reach the violation',
  );
}

const stepKey = {
  name: "ux6 follow-up: at 1024 px the step bar's key chip is whole (review 9), and the Pulsar code panel shows the whole key inside the side column; at 1280 and 1440 px the step bar is one line",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(page, baseURL, SEED);
    await atViolation(page);
    const chip = await page.evaluate(() => {
      const k = document.querySelector('.step-key');
      return { text: k.textContent, cut: k.scrollWidth > k.clientWidth + 1 };
    });
    // Review 9: the chip has a row of its own in the bar and is whole at 1024 px too (it read "d."
    // here); the code panel still names the step's whole key.
    assert.ok(!chip.cut, `the chip is cut at 1024 px: ${chip.text}`);
    const line = page.getByTestId('step-code-key');
    await line.scrollIntoViewIfNeeded();
    assert.match(
      await line.innerText(),
      new RegExp(`^Step \\d+: ${chip.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    const fits = await page.evaluate(() => {
      const side = document.querySelector('.side').getBoundingClientRect();
      const r = document.querySelector('[data-testid=step-code-key] code').getBoundingClientRect();
      return r.right <= side.right + 1 && r.left >= side.left - 1;
    });
    assert.ok(fits, 'the key reaches past the side column');

    for (const width of [1280, 1440]) {
      const wide = await newPage({ viewport: { width, height: 900 } });
      await openScenario(wide, baseURL, SEED);
      await atViolation(wide);
      // One line of controls is 42 px (a second line would make it ~80).
      const height = await wide.evaluate(
        () => document.querySelector('nav.step-controls').getBoundingClientRect().height,
      );
      assert.ok(height < 50, `${width} px: the step bar is ${height} px tall`);
    }
  },
};

const violationScroll = {
  name: "ux6 follow-up: at 1440 px seed 000's violation step shows the VIOLATION note and the step's own notes (Case-1 …) whole",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openScenario(page, baseURL, SEED);
    await atViolation(page);
    await page.waitForTimeout(300);
    const texts = await page.evaluate(() => {
      const sc = document.querySelector('[data-testid=diagram]');
      const v = sc.getBoundingClientRect();
      const right = v.left + sc.clientLeft + sc.clientWidth;
      return [...document.querySelectorAll('.dl-current')]
        .flatMap((e) => (e.tagName === 'text' ? [e] : [...e.querySelectorAll('text')]))
        .filter((t) => !/^\d+ · /.test(t.textContent))
        .map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, whole: r.left >= v.left - 1 && r.right <= right + 1 };
        });
    });
    assert.ok(
      texts.some((t) => t.text.startsWith('VIOLATION ')),
      'no VIOLATION note in the step',
    );
    assert.ok(
      texts.some((t) => t.text.startsWith('Case-1')),
      'no Case-1 note in the step',
    );
    const cut = texts.filter((t) => !t.whole).map((t) => t.text.slice(0, 40));
    assert.deepEqual(cut, [], `cut: ${cut.join(' | ')}`);
  },
};

const dedupName = {
  name: "ux6 follow-up: at 1024 px Broker dedup's replicator name breaks only after a dot or before '-->'",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 } });
    await openScenario(page, baseURL, SEED);
    await atViolation(page);
    const cell = page.getByTestId('dedup-us-west').locator('tbody td').first();
    await cell.scrollIntoViewIfNeeded();
    // The name's lines as drawn: each character's line (by its box's top), joined per line.
    const lines = await cell.evaluate((td) => {
      const out = new Map();
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement.closest('.tag')) continue;
        for (let i = 0; i < n.length; i++) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          out.set(top, (out.get(top) ?? '') + n.data[i]);
        }
      }
      return [...out.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    });
    assert.equal(lines.join(''), 'pulsar.repl.us-east-->us-west');
    for (const [i, l] of lines.entries()) {
      if (i > 0)
        assert.ok(
          lines[i - 1].endsWith('.') || l.startsWith('-->'),
          `a break before "${l}": ${lines.join(' / ')}`,
        );
    }
    console.log(`    ${lines.join(' / ')}`);
  },
};

export default [stepKey, violationScroll, dedupName];
