// Issue 7 in real Chromium: share links (the fragment follows the screen; a fresh page lands on the
// same step with the same panels, verified), broken links, "Copy for GitHub" (its Mermaid block is
// parsed by the page's own Mermaid), the embed view, the scenario editor (error with its path, fix,
// run, draft survives a reload), and hostile scenario text that must never run.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openScenario, text, until, stepIs } from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MERMAID_CHUNK = readdirSync(
  join(resolve(ROOT, process.env.E2E_DIST ?? 'dist'), 'assets'),
).find((f) => /^mermaid\.core-.*\.js$/.test(f));
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const panelsText = (page) => page.locator('.panels').innerText();

/** The default scenario, run, with the editor open: its JSON textbox. */
async function openEditor(page, baseURL) {
  await page.goto(baseURL, { waitUntil: 'load' });
  await until(
    page,
    () => document.querySelector('[data-testid=panel-invariants]') !== null,
    undefined,
    'no run',
  );
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const json = page.getByRole('textbox', { name: 'Scenario JSON' });
  await json.waitFor();
  return json;
}

async function openLoss(page, baseURL) {
  await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
  // The loss step: the invariant panel's violation, reached with End (it is the last step, 27).
  await page.getByTestId('step-label').click();
  await page.keyboard.press('End');
  await stepIs(page, 27, 'not at the loss step');
  assert.match(await text(page, 'panel-invariants'), /no-silent-loss/);
  await until(
    page,
    () => location.hash.startsWith('#s=1.'),
    undefined,
    'the fragment did not follow the screen',
  );
}

async function mermaidParse(page, code) {
  return page.evaluate(
    async ({ chunk, code }) => {
      const mermaid = (await import(`/assets/${chunk}`)).default;
      const r = await mermaid.parse(code);
      return r && r.diagramType;
    },
    { chunk: MERMAID_CHUNK, code },
  );
}

const shareLoss = {
  name: 'share: a link of seed-000-checksum-corrupted at its loss step opens on the same step with the same panels (verified)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openLoss(page, baseURL);
    const url = page.url();
    assert.ok(!new URL(url).search, 'the recipe must not be in the query');
    assert.ok(url.length < 2000, `link too long: ${url.length}`);
    const panels = await panelsText(page);
    // Stepping back rewrites the fragment (replaceState, no new history entries).
    const historyLength = await page.evaluate(() => history.length);
    await page.keyboard.press('ArrowLeft');
    await stepIs(page, 26, 'did not step back');
    await until(page, (u) => location.href !== u, url, 'the fragment did not follow the step back');
    assert.equal(await page.evaluate(() => history.length), historyLength);

    const fresh = await newPage();
    await fresh.goto(url, { waitUntil: 'load' });
    await stepIs(fresh, 27, 'the link did not land on step 27');
    await until(
      fresh,
      () => document.querySelector('[data-testid=panel-replicator]') !== null,
      undefined,
      'no panels',
    );
    assert.equal(await panelsText(fresh), panels);
    assert.match(await text(fresh, 'link-notice'), /verified/);
    assert.equal(
      await fresh.getByRole('combobox', { name: 'Scenario' }).inputValue(),
      'seed-000-checksum-corrupted',
    );
  },
};

const diverged = {
  name: 'share: a link whose check no longer matches opens anyway and says at which step it diverged',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openLoss(page, baseURL);
    // Re-encode the same recipe with a trail that differs from step 5 on (as if the engine changed).
    const tampered = await page.evaluate(async () => {
      const bytes = Uint8Array.from(
        atob(location.hash.slice(5).replace(/-/g, '+').replace(/_/g, '/')),
        (c) => c.charCodeAt(0),
      );
      const json = await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')),
      ).text();
      const r = JSON.parse(json);
      r.t = r.t.slice(0, 12) + 'zzz' + r.t.slice(15);
      const packed = new Uint8Array(
        await new Response(
          new Blob([JSON.stringify(r)]).stream().pipeThrough(new CompressionStream('deflate-raw')),
        ).arrayBuffer(),
      );
      return (
        '#s=1.' +
        btoa(String.fromCharCode(...packed))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '')
      );
    });
    const fresh = await newPage();
    await fresh.goto(baseURL + tampered, { waitUntil: 'load' });
    await stepIs(fresh, 27, 'did not open what it could');
    assert.match(await text(fresh, 'link-notice'), /diverges at step 5/);
  },
};

const broken = {
  name: 'share: truncated, unknown-version and garbage links show a helpful page, never a blank one',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    await openLoss(page, baseURL);
    const hash = new URL(page.url()).hash;
    const cases = [
      [hash.slice(0, Math.floor(hash.length / 2)), /incomplete/i],
      ['#s=7.' + hash.slice(5), /another version/i],
      ['#s=1.%%%<script>', /changed on its way/i],
      // Nothing after `#s=`: cut off before its recipe, so "incomplete" (it said "empty"; review 9 follow-up).
      ['#s=', /incomplete/i],
    ];
    for (const [h, title] of cases) {
      const fresh = await newPage();
      await fresh.goto(baseURL + h, { waitUntil: 'load' });
      await until(
        fresh,
        () => document.querySelector('[data-testid=broken-link]') !== null,
        undefined,
        `no broken-link page for ${h}`,
      );
      const body = await text(fresh, 'broken-link');
      assert.match(body, title);
      assert.match(body, /copy the whole address again|newer Dedup Lab/);
      await fresh.getByRole('button', { name: 'Open Dedup Lab without the link' }).click();
      await until(
        fresh,
        () => document.querySelector('[data-testid=panel-invariants]') !== null,
        undefined,
        'recovery did not open the app',
      );
    }
  },
};

const github = {
  name: 'share: Copy for GitHub puts markdown with a Mermaid block the page’s Mermaid parses; embed view shows diagram + slider',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(CLIPBOARD);
    await openLoss(page, baseURL);
    await page.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      page,
      () =>
        /Copied markdown/.test(
          document.querySelector('[data-testid=share-message]')?.textContent ?? '',
        ),
      undefined,
      'not copied',
    );
    const md = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(md.length <= 65536);
    assert.match(md.split('\n')[0], /^### Dedup Lab: Seed 000.*no-silent-loss violated at step 27/);
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(md);
    assert.ok(block, 'no mermaid block');
    // Mermaid's `<br/>` wraps the violation note (wider than the view on one line), and only it.
    const breaks = block[1].split('\n').filter((l) => /<br/i.test(l));
    assert.deepEqual(
      breaks.map((l) =>
        /^\s*Note over P1,P7: VIOLATION no-silent-loss: [^<]*(<br\/>[^<]*)+$/.test(l),
      ),
      [true],
    );
    assert.equal(await mermaidParse(page, block[1]), 'sequence');
    assert.match(md, /\| step \|/);
    assert.match(md, /<details><summary>State at step 27<\/summary>/);
    assert.match(md, /topic @us-west .*stored E4, E5/);
    const link = /\[Open this run in Dedup Lab\]\((.*)\)/.exec(md)[1];
    assert.match(link, /#s=1\./);

    await page.getByRole('button', { name: 'Copy Mermaid' }).click();
    await until(
      page,
      () =>
        /Copied Mermaid source/.test(
          document.querySelector('[data-testid=share-message]')?.textContent ?? '',
        ),
      undefined,
      'mermaid not copied',
    );
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^sequenceDiagram/);

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG' }).click(),
    ]);
    assert.equal(svg.suggestedFilename(), 'seed-000-checksum-corrupted.svg');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PNG 2×' }).click(),
    ]);
    assert.equal(png.suggestedFilename(), 'seed-000-checksum-corrupted.png');
    const svgText = readFileSync(await svg.path(), 'utf8');
    assert.match(svgText, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const svgWidth = Number(/<svg[^>]* width="(\d+)"/.exec(svgText)[1]);
    const pngBytes = readFileSync(await png.path());
    assert.equal(pngBytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(pngBytes.readUInt32BE(16), svgWidth * 2, 'the PNG is not 2×');

    const embed = await newPage();
    await embed.goto(link.replace('#s=', '#embed='), { waitUntil: 'load' });
    await stepIs(embed, 27, 'embed not at step 27');
    await until(
      embed,
      () => document.querySelector('[data-testid=diagram] svg') !== null,
      undefined,
      'embed: no diagram',
    );
    assert.equal(await embed.locator('.panels').count(), 0);
    await embed.getByRole('slider', { name: 'Step' }).fill('3');
    await stepIs(embed, 3, 'slider did not move the step');
    await until(embed, () => location.hash.startsWith('#embed=1.'), undefined, 'embed fragment');
  },
};

const editor = {
  name: 'share: the editor shows an error with its path, the fix runs, the draft survives a reload',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    const json = await openEditor(page, baseURL);
    const original = await json.inputValue();
    await json.fill(original.replace('"client": "go"', '"client": "rust"'));
    await until(
      page,
      () =>
        /\$\.producers\[0\]\.client: expected one of "java" \| "go", got "rust"/.test(
          document.querySelector('[data-testid=editor-errors]')?.textContent ?? '',
        ),
      undefined,
      'no error with its path',
    );
    assert.ok(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled());

    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await json.waitFor();
    assert.match(await json.inputValue(), /"client": "rust"/, 'the malformed draft was lost');
    assert.match(await text(page, 'editor-errors'), /producers\[0\]\.client/);

    await json.fill(
      original
        .replace('"client": "go"', '"client": "java"')
        .replace(/"title": "[^"]*"/, '"title": "Edited in the editor"'),
    );
    await until(
      page,
      () => document.querySelector('[data-testid=editor-valid]') !== null,
      undefined,
      'still invalid',
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await until(
      page,
      () => document.querySelector('.scenario-info h2')?.textContent === 'Edited in the editor',
      undefined,
      'did not run the edit',
    );
    await until(
      page,
      () => document.querySelector('[data-testid=panel-invariants]') !== null,
      undefined,
      'no result',
    );
    await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no link for the edit');
    // An edited scenario travels in full: a fresh page shows it.
    const fresh = await newPage();
    await fresh.goto(page.url(), { waitUntil: 'load' });
    await until(
      fresh,
      () => document.querySelector('.scenario-info h2')?.textContent === 'Edited in the editor',
      undefined,
      'the link lost the edit',
    );
  },
};

const HOSTILE_TITLE =
  '<script>window.__xss = "script"</script><img src=x onerror="window.__xss = \'img\'"> %%{init: {"securityLevel": "loose"}}%% click P1 call alert(1)';

const xss = {
  name: 'share: <script>, <img onerror> and Mermaid directives in a scenario never run and are shown as text',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage(CLIPBOARD);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const json = await openEditor(page, baseURL);
    const scenario = JSON.parse(await json.inputValue());
    // Invalid first: the hostile value comes back inside a validation message.
    await json.fill(
      JSON.stringify(
        { ...scenario, producers: [{ name: '<img src=x onerror=alert(1)>' }] },
        null,
        2,
      ),
    );
    await until(
      page,
      () =>
        /producers\[0\]\.name/.test(
          document.querySelector('[data-testid=editor-errors]')?.textContent ?? '',
        ),
      undefined,
      'no error',
    );
    assert.match(await text(page, 'editor-errors'), /<img src=x onerror=/);
    // Then valid, with the hostile text where scenarios allow free text.
    await json.fill(
      JSON.stringify(
        {
          ...scenario,
          title: HOSTILE_TITLE,
          description: HOSTILE_TITLE,
          references: [HOSTILE_TITLE],
        },
        null,
        2,
      ),
    );
    await until(
      page,
      () => document.querySelector('[data-testid=editor-valid]') !== null,
      undefined,
      'hostile scenario invalid',
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await until(
      page,
      (t) => document.querySelector('.scenario-info h2')?.textContent === t,
      HOSTILE_TITLE,
      'the title is not shown as text',
    );
    await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no link');

    const fresh = await newPage(CLIPBOARD);
    fresh.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await fresh.goto(page.url(), { waitUntil: 'load' });
    await until(
      fresh,
      (t) => document.querySelector('.scenario-info h2')?.textContent === t,
      HOSTILE_TITLE,
      'the link did not show the title as text',
    );
    await until(
      fresh,
      () => document.querySelector('[data-testid=diagram] svg') !== null,
      undefined,
      'no diagram',
    );
    await fresh.getByRole('button', { name: 'Copy for GitHub' }).click();
    await until(
      fresh,
      () => /Copied/.test(document.querySelector('[data-testid=share-message]')?.textContent ?? ''),
      undefined,
      'not copied',
    );
    const md = await fresh.evaluate(() => navigator.clipboard.readText());
    assert.doesNotMatch(md, /<script>|<img/);
    assert.match(md.split('\n')[0], /&lt;script&gt;/);
    await fresh.waitForTimeout(300);
    for (const p of [page, fresh]) {
      assert.equal(await p.evaluate(() => window.__xss), undefined, 'a payload ran');
      assert.equal(
        await p.locator('img[src=x], script:not([src]):not([type])').count(),
        0,
        'markup was injected',
      );
      assert.equal(
        await p
          .locator('[data-testid=diagram] svg [onerror], [data-testid=diagram] svg script')
          .count(),
        0,
      );
    }
    assert.equal(dialogs, 0, 'a dialog opened');
  },
};

export default [shareLoss, diverged, broken, github, editor, xss];
