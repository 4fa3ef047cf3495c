// UX review 9 (docs/research/ux-review-9.md) in real Chromium: the step bar's key (the action taken
// to reach the step) is whole at 1024 and 1440 px — it read "d." at 1024 — while "at step N" and
// the violation stay in view and the bar stays one line of controls.
import assert from 'node:assert/strict';
import { copyLink, openScenario, shows, stepIs, until } from './lib.mjs';

/** The step bar's key: its text, whether any of it is cut (own box, the group's, the window's). */
const keyState = (page) =>
  page.evaluate(() => {
    const k = document.querySelector('.step-now .step-key');
    const group = document.querySelector('.step-now').getBoundingClientRect();
    const r = k.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(k);
    const t = range.getBoundingClientRect();
    const nav = document.querySelector('nav.step-controls');
    const centres = [...nav.children].map((c) => {
      const b = c.getBoundingClientRect();
      return (b.top + b.bottom) / 2;
    });
    const jump = document.querySelector('[data-testid=step-jump]');
    const tail = jump ? [...jump.childNodes].at(-1) : null;
    let tailRight = null;
    if (tail) {
      range.selectNodeContents(tail);
      tailRight = range.getBoundingClientRect().right;
    }
    const violation = document.querySelector('[data-testid=step-violation]');
    return {
      text: k.textContent,
      scrolls: k.scrollWidth > k.clientWidth + 0.5,
      // The text's own box inside the chip, the group (overflow hidden) and the window.
      inside:
        t.left >= r.left - 0.5 &&
        t.right <= r.right + 0.5 &&
        r.left >= group.left - 0.5 &&
        r.right <= group.right + 0.5 &&
        r.top >= group.top - 0.5 &&
        r.bottom <= group.bottom + 0.5 &&
        r.right <= window.innerWidth,
      jump: jump?.textContent ?? null,
      jumpWhole: jump
        ? tailRight <= jump.getBoundingClientRect().right + 0.5 &&
          jump.getBoundingClientRect().right <= group.right + 0.5
        : null,
      violationCut: violation ? violation.scrollWidth > violation.clientWidth + 0.5 : null,
      oneLine: Math.max(...centres) - Math.min(...centres) < 8,
      height: nav.getBoundingClientRect().height,
    };
  });

const keyWhole = {
  timeout: 120_000,
  name: "ux9: the step bar's key is whole at every step of seed 001 and of the built-ins with the longest keys, at 1024×700 and 1440×900 — 'at step 17' and the violation still whole, the bar one line of controls under 50 px",
  run: async ({ baseURL, newPage }) => {
    // seed 001 (its violation link beside the key), geo-v2-target-unload
    // ('deliver:broker-2->replicator:CloseProducer', the longest built-in key), seed 000
    // ('fault:checksum-error:E3@us-west:corrupted', and a violation at the step).
    for (const [width, height, colorScheme] of [
      [1024, 700, 'dark'],
      [1440, 900, 'light'],
    ]) {
      const page = await newPage({ viewport: { width, height }, colorScheme });
      const seen = new Set();
      for (const id of [
        'seed-001-fencing-race',
        'geo-v2-target-unload',
        'seed-000-checksum-corrupted',
      ]) {
        await openScenario(page, baseURL, id);
        const last = Number(/of (\d+)/.exec(await page.getByTestId('step-label').textContent())[1]);
        await page.getByTestId('step-label').click();
        for (let step = 0; step <= last; step++) {
          if (step > 0) {
            await page.keyboard.press('ArrowRight');
            await stepIs(page, step, `${id}: not at step ${step}`);
          }
          const m = await keyState(page);
          const at = `${width} px, ${id} step ${step} ("${m.text}")`;
          seen.add(m.text);
          assert.ok(!m.scrolls && m.inside, `${at}: the key is cut`);
          assert.ok(m.oneLine, `${at}: the step bar wraps`);
          assert.ok(m.height < 50, `${at}: the step bar is ${m.height} px tall`);
          if (m.jump !== null) {
            assert.match(m.jump, /at step \d+$/);
            assert.ok(m.jumpWhole, `${at}: "${m.jump}" cut before its step number`);
          }
          if (m.violationCut !== null) assert.ok(!m.violationCut, `${at}: the violation is cut`);
          if (id === 'seed-001-fencing-race' && step < 17)
            assert.equal(m.jump, '⚠ ledger-entries-match at step 17');
        }
      }
      for (const k of [
        'initial state',
        'deliver:broker-1->bookie-2:3:1',
        'deliver:broker-2->replicator:CloseProducer',
        'fault:checksum-error:E3@us-west:corrupted',
      ])
        assert.ok(seen.has(k), `${width} px: never saw the key ${k}`);
    }
  },
};

const editorParts = {
  name: "ux9: the editor on seed 001 at 1440×900 light and 1024×700 dark — every part of the form shows its whole text (the second fault line was hidden), 'Start from' on one line with its select inside the JSON's column",
  run: async ({ baseURL, newPage }) => {
    for (const [width, height, colorScheme] of [
      [1440, 900, 'light'],
      [1024, 700, 'dark'],
    ]) {
      const page = await newPage({ viewport: { width, height }, colorScheme });
      await openScenario(page, baseURL, 'seed-001-fencing-race');
      await page.getByRole('button', { name: 'Edit scenario' }).click();
      const faults = page.getByRole('textbox', { name: 'Faults' });
      await faults.waitFor();
      const m = await page.evaluate(() => {
        const parts = [...document.querySelectorAll('.editor-form textarea')].map((t) => ({
          name: t.getAttribute('aria-label'),
          lines: t.value.split('\n').length,
          hidden: t.scrollHeight - t.clientHeight,
        }));
        const label = [...document.querySelectorAll('.editor .field-label')].find(
          (l) => l.textContent === 'Start from',
        );
        const select = document
          .querySelector('select[aria-label="Start from"]')
          .getBoundingClientRect();
        const json = document.querySelector('textarea.editor-json').getBoundingClientRect();
        return {
          parts,
          labelHeight: label.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(label).lineHeight),
          selectRight: select.right,
          jsonRight: json.right,
        };
      });
      const at = `${width} ${colorScheme}`;
      assert.deepEqual(
        m.parts.map((p) => p.name),
        ['Clusters', 'Producers', 'Replication', 'Consumer', 'Workload', 'Faults'],
      );
      assert.equal(
        m.parts.find((p) => p.name === 'Faults').lines,
        2,
        'seed 001 has two fault lines',
      );
      for (const p of m.parts)
        assert.ok(p.hidden <= 1, `${at}: ${p.name} hides ${p.hidden} px of its text`);
      assert.ok(
        m.labelHeight < m.lineHeight * 1.5,
        `${at}: "Start from" is ${m.labelHeight} px tall`,
      );
      assert.ok(
        m.selectRight <= m.jsonRight + 1,
        `${at}: the select ends at ${m.selectRight}, the JSON at ${m.jsonRight}`,
      );
      await page.close();
    }
  },
};

const brokenLinks = {
  name: 'ux9: a shared link cut short says "incomplete", one with four characters changed says "cannot be read … damaged"; both pages say the drafts are untouched, and after "Open Dedup Lab without the link" the draft is in the picker',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openScenario(page, baseURL, 'lost-receipt-dedup-on');
    // A draft of a scenario of one's own (a new id), made in the editor.
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const json = page.locator('textarea.editor-json');
    const text = await json.inputValue();
    await json.fill(
      text
        .replace('"id": "lost-receipt-dedup-on"', '"id": "my-receipt"')
        .replace(/"title": "[^"]*"/, '"title": "My receipt draft"'),
    );
    await until(
      page,
      () => localStorage.getItem('dedup-lab-draft:my-receipt') !== null,
      null,
      'no draft saved',
    );
    await page.getByRole('button', { name: 'Close editor' }).click();
    const link = await copyLink(page);
    const at = link.indexOf('#s=1.') + 5;
    const cases = [
      [
        link.slice(0, at + Math.floor((link.length - at) / 2)),
        'This link is incomplete',
        /the link is incomplete: .*cut off/,
      ],
      [
        link.slice(0, at + 30) + 'QQQQ' + link.slice(at + 34),
        'This link cannot be read',
        /the link is damaged: some of its characters were changed/,
      ],
    ];
    for (const [url, title, message] of cases) {
      const fresh = await page.context().newPage();
      await fresh.goto(url, { waitUntil: 'load' });
      const broken = fresh.getByTestId('broken-link');
      await broken.waitFor();
      assert.equal(await broken.getByRole('heading').textContent(), title);
      assert.match(await broken.textContent(), message);
      assert.match(
        await fresh.getByTestId('broken-link-drafts').textContent(),
        /^Your drafts in this browser are untouched: “My receipt draft” \(my-receipt\), listed under Your drafts in the Scenario picker\.$/,
      );
      if (title === 'This link cannot be read') {
        await fresh.getByRole('button', { name: 'Open Dedup Lab without the link' }).click();
        await fresh.locator('[data-testid=diagram] svg').waitFor({ timeout: 45_000 });
        const listed = await fresh.evaluate(() =>
          [
            ...document.querySelectorAll(
              'select[aria-label=Scenario] optgroup[label="Your drafts"] option',
            ),
          ].map((o) => o.textContent),
        );
        assert.deepEqual(listed, ['My receipt draft']);
      }
      await fresh.close();
    }
  },
};

const forkAndGithub = {
  name: "ux9: the keyboard through lost-receipt-dedup-off and back, a fork at step 4, Branches comparing both outcomes; Copy for GitHub's markdown (heading, fork, Mermaid, table, state, link) and its link opens the same step, key, diagram and branch",
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openScenario(page, baseURL, 'lost-receipt-dedup-off');
    await page.getByTestId('step-label').click();
    for (let i = 1; i <= 13; i++) {
      await page.keyboard.press('ArrowRight');
      await stepIs(page, i, `→ to ${i}`);
    }
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 13, 'stays at the last step');
    for (let i = 12; i >= 4; i--) {
      await page.keyboard.press('ArrowLeft');
      await stepIs(page, i, `← to ${i}`);
    }
    await page
      .getByTestId('panel-next')
      .getByRole('button', { name: /deliver:broker-1->p1:M1/ })
      .click();
    await stepIs(page, 5, 'the fork is at step 5');
    const outcomes = page.getByTestId('panel-branches').getByTestId('branch-outcome');
    await until(
      page,
      () => document.querySelectorAll('[data-testid=branch-outcome]').length === 2,
      null,
      'two branches',
    );
    assert.deepEqual(await outcomes.allTextContents(), [
      '13 steps · no invariant violated · stored local: M1, M1, M2',
      '9 steps · no invariant violated · stored local: M1, M2',
    ]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 7, 'step 7 of the fork');
    const state = (p) =>
      p.evaluate(() => ({
        step: document.querySelector('[data-testid=step-label]').textContent,
        key: document.querySelector('.step-now .step-key').textContent,
        branch: document.querySelector('[data-testid=panel-branches] [aria-current=true]')
          ?.textContent,
        labels: [...document.querySelectorAll('[data-testid=diagram] svg text')].map(
          (t) => t.textContent,
        ),
      }));
    const mine = await state(page);
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      page,
      () =>
        /Copied markdown for GitHub/.test(
          document.querySelector('[data-testid=share-message]')?.textContent ?? '',
        ),
      null,
      'not copied',
    );
    const md = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      md,
      /^### Dedup Lab: A lost receipt with deduplication off: .* \(`lost-receipt-dedup-off`, a fork\): no invariant violated \(9 steps\)\n/,
    );
    assert.match(
      md,
      /- step 5: `deliver:broker-1->p1:M1` \(the automatic choice here is `fault:lose-receipt:M1@local`\)/,
    );
    assert.match(
      md,
      /```mermaid\nsequenceDiagram\n[\s\S]*P2-->>P1: 9 · receipt M2 seq 1 at 10:1\n[\s\S]*```/,
    );
    assert.match(md, /\| step \| p1 \| broker-1 \| local ledger \| invariants \|/);
    assert.match(
      md,
      /<summary>State at step 7<\/summary>[\s\S]*State after step 7 \(deliver:p1->broker-1:M2\)/,
    );
    const link = /\[Open this run in Dedup Lab\]\((http[^)]+)\)/.exec(md)?.[1];
    assert.ok(link, 'no link in the markdown');

    const fresh = await page.context().newPage();
    await fresh.goto(link, { waitUntil: 'load' });
    await shows(fresh, 'link-notice', 'verified the state', 'the link did not open verified');
    await until(
      fresh,
      () => document.querySelector('[data-testid=diagram]')?.getAttribute('aria-busy') === 'false',
      null,
      'no diagram',
    );
    const theirs = await state(fresh);
    assert.deepEqual({ ...theirs, branch: undefined }, { ...mine, branch: undefined });
    assert.equal(theirs.branch, '● from the link: step 5: deliver:broker-1->p1:M1');
    assert.deepEqual(await fresh.getByTestId('branch-outcome').allTextContents(), [
      'not run here yet with the fixes on now: open it to see how it ends',
      '9 steps · no invariant violated · stored local: M1, M2',
    ]);
  },
};

const explorerFix = {
  timeout: 120_000,
  name: 'ux9: seed-003-a-go-explore — Explore finds no-silent-loss, its counterexample opens at the violation, go-1565 on says as a status (not an error) which step the fix makes impossible, and Explore again holds with go-1565 (1024×700 dark)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: { width: 1024, height: 700 }, colorScheme: 'dark' });
    await openScenario(page, baseURL, 'seed-003-a-go-explore');
    const ex = page.getByTestId('panel-explorer');
    await ex.getByRole('button', { name: 'Explore', exact: true }).click();
    await ex.getByRole('button', { name: 'Open the no-silent-loss counterexample' }).click();
    await until(
      page,
      () => /violated here/.test(document.querySelector('nav.step-controls')?.textContent ?? ''),
      null,
      'the counterexample did not open at its violation',
    );
    await page.getByRole('button', { name: /Choose fixes/ }).click();
    await page.getByRole('checkbox', { name: 'go-1565' }).first().check();
    const notice = page.getByTestId('notice-schedule');
    await notice.waitFor();
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.match(
      await notice.locator('p').textContent(),
      /^With go-1565 on, this branch's step 11 \("deliver:p1->broker-1:M0\+M2"\) cannot happen: the fix changes what the run can do there \(it can take "deliver:p1->broker-1:M0"\)\. /,
    );
    await shows(
      page,
      'panel-invariants',
      'No invariant violated',
      'go-1565 did not clear the violation',
    );
    await ex.getByRole('button', { name: 'Explore', exact: true }).click();
    await until(
      page,
      () =>
        /Fixes on: go-1565/.test(
          document.querySelector('[data-testid=panel-explorer]')?.textContent ?? '',
        ),
      null,
      'the search with go-1565 did not finish',
      90_000,
    );
    const text = await ex.textContent();
    assert.match(text, /Safety: holds/);
    assert.match(text, /no violation in [\d,]+ states, complete/);
  },
};

export default [keyWhole, editorParts, brokenLinks, forkAndGithub, explorerFix];
