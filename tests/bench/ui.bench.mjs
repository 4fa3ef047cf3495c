#!/usr/bin/env node
// UI benchmark in Chromium (playwright-core + Debian chromium) against `vite preview` of dist/.
// Prints: initial JS (gzip) of what index.html loads eagerly; time to first diagram; and step
// latency p50/p95 at ~100, ~300 and ~1000 diagram messages (arrows): from the ArrowRight keydown
// (its event timestamp) until the step label shows the new step and the diagram marks it, with
// style and layout flushed (`+frame`: until the next animation frame as well). Not a test: it
// prints, it does not fail on a target. Usage: npm run bench:ui (builds first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PORT = 4179;
const BASE = `http://127.0.0.1:${PORT}/`;
const STEPS = 120;
// long-<sends>: each send draws ~3 arrows (see src/scenarios/long.ts).
const SIZES = [
  { messages: 100, id: 'long-34' },
  { messages: 300, id: 'long-100' },
  { messages: 1000, id: 'long-334' },
];
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(1)} ms`;

function initialJs() {
  const html = readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(urls)].map((u) => {
    const buf = readFileSync(join(ROOT, 'dist', u.replace(/^\//, '')));
    return { file: u, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  return files;
}

async function waitForServer(child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('vite preview exited');
    try {
      if ((await fetch(BASE)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('vite preview did not start');
}

async function openScenario(page, id) {
  await page.locator('[data-testid=diagram] svg').waitFor({ timeout: 60_000 });
  await page.evaluate((id) => {
    const select = document.querySelector('select[aria-label=Scenario]');
    if (![...select.options].some((o) => o.value === id)) {
      const o = document.createElement('option');
      o.value = id;
      o.textContent = id;
      select.append(o);
    }
    window.__oldSvg = document.querySelector('[data-testid=diagram] svg')?.id ?? null;
    window.__selectedAt = performance.now();
  }, id);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption(id);
  await page.waitForFunction(
    (id) => {
      const d = document.querySelector('[data-testid=diagram]');
      return (
        d?.querySelector('svg') &&
        d.querySelector('svg').id !== window.__oldSvg &&
        d.getAttribute('aria-busy') === 'false' &&
        document.querySelector('select[aria-label=Scenario]')?.value === id &&
        /Step 0 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? '')
      );
    },
    id,
    { timeout: 120_000 },
  );
  return page.evaluate(() => ({
    toDiagram: performance.now() - window.__selectedAt,
    arrows: document.querySelectorAll('[data-testid=diagram] text.messageText').length,
    window: document.querySelector('[data-testid=diagram-window]')?.textContent ?? null,
  }));
}

/** In the page: times every ArrowRight from its keydown to label + highlight updated. */
function installProbe() {
  window.__lat = [];
  const label = () => document.querySelector('[data-testid=step-label]');
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'ArrowRight') return;
      const t0 = e.timeStamp;
      const want = Number(/Step (\d+)/.exec(label().textContent)[1]) + 1;
      const done = () => {
        const cur = document.querySelector('[data-testid=diagram] .dl-current');
        return label().textContent.startsWith(`Step ${want} `) && cur !== null && cur.isConnected;
      };
      const finish = () => {
        document.body.getBoundingClientRect(); // flush style + layout
        const t1 = performance.now();
        requestAnimationFrame(() =>
          window.__lat.push({ update: t1 - t0, frame: performance.now() - t0 }),
        );
      };
      // React commits in this task or a microtask; the highlight is a passive effect right
      // after: poll on microtask, then on fast macrotasks (MessageChannel), never on timers.
      const ch = new MessageChannel();
      const check = () => (done() ? finish() : ch.port2.postMessage(0));
      ch.port1.onmessage = check;
      queueMicrotask(check);
    },
    true,
  );
}

async function main() {
  if (!existsSync(join(ROOT, 'dist', 'index.html')))
    throw new Error('no dist/: run `npx vite build`');
  const js = initialJs();
  const server = spawn(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  try {
    await waitForServer(server);
    console.log(`ui bench: Chromium ${browser.version()}, ${BASE}`);
    console.log(
      `initial JS (gzip, index.html's eager scripts): ${(js.reduce((n, f) => n + f.gzip, 0) / 1024).toFixed(1)} kB` +
        ` (${js.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} kB`).join(', ')}) — target ≤ 150 kB`,
    );

    // Time to first diagram: a cold page (fresh context), from navigation start.
    const firsts = [];
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(BASE, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelector('[data-testid=diagram] svg'), null, {
        timeout: 60_000,
      });
      firsts.push(await page.evaluate(() => performance.now()));
      await ctx.close();
    }
    console.log(
      `time to first diagram (cold load, default scenario): median ${ms(pct(firsts, 50))} of ${firsts.map((x) => x.toFixed(0)).join(', ')} ms`,
    );

    for (const size of SIZES) {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(BASE, { waitUntil: 'load' });
      await page.getByTestId('step-label').first().waitFor();
      const opened = await openScenario(page, size.id);
      await page.evaluate(installProbe);
      await page.getByTestId('step-label').first().click();
      for (let i = 0; i < STEPS; i++) {
        await page.keyboard.press('ArrowRight');
        await page
          .waitForFunction((n) => window.__lat.length >= n, i + 1, { timeout: 30_000 })
          .catch(async (e) => {
            const at = await page.evaluate(() => [
              window.__lat.length,
              document.querySelector('[data-testid=step-label]')?.textContent,
              document.querySelectorAll('[data-testid=diagram] .dl-current').length,
            ]);
            throw new Error(`${size.id}: step ${i + 1} never measured (${JSON.stringify(at)})`, {
              cause: e,
            });
          });
      }
      const lat = await page.evaluate(() => window.__lat);
      const up = lat.map((l) => l.update);
      const fr = lat.map((l) => l.frame);
      const total = await page.evaluate(
        () => document.querySelector('[data-testid=step-label]').textContent,
      );
      console.log(
        `~${size.messages} messages (${size.id}: ${opened.arrows} arrows drawn${opened.window ? `, ${/steps [^:]+/.exec(opened.window)[0]}` : ', whole trace'}; ${total.replace(/^Step \d+ of /, '').split(/\s/)[0]} steps): ` +
          `first diagram ${ms(opened.toDiagram)} after selecting; step latency over ${STEPS} steps p50 ${ms(pct(up, 50))} p95 ${ms(pct(up, 95))}` +
          ` (+frame p50 ${ms(pct(fr, 50))} p95 ${ms(pct(fr, 95))})`,
      );
      await ctx.close();
    }
    console.log('target: step p95 ≤ 16 ms at 1000 messages');
  } finally {
    await browser.close().catch(() => {});
    server.kill('SIGTERM');
  }
}

await main();
