#!/usr/bin/env node
// UI benchmark in Chromium (playwright-core + Debian chromium) against `vite preview` of dist/.
// Not a test: it prints, it does not fail on a target. Usage: npm run bench:ui (builds first);
// `node tests/bench/ui.bench.mjs [--dist DIR] [--port N] [--steps N] [--sizes 100,300,1000]`
// benches another build, or fewer sizes.
//
// Prints: initial JS (gzip) of what index.html loads eagerly; time to first diagram; and the
// latency of a step (an ArrowRight press) at ~100, ~300 and ~1000 diagram messages (arrows), each
// next to a blank page's figure for the same probe (a page that only rewrites the step label and
// moves one mark: what Chromium and the harness cost by themselves).
//
// The probe, per step, in the page, from the keydown's event timestamp until:
//   - "next frame": the animation frame that starts with the new step label and the diagram's
//     mark on that step in the DOM (its rAF callback);
//   - "frame painted": a user-blocking task posted from that rAF callback runs, i.e. once the
//     frame is rendered: React's commit and effects (before the frame), then rAF callbacks, style,
//     layout, paint and the commit to the compositor. Raster and display are off the main thread
//     and not in it; Event Timing covers them;
//   - Event Timing: the keydown's PerformanceEventTiming duration, until the frame is presented,
//     which Chromium rounds to 8 ms and reports only from 16 ms on ("<16": under that).
// (Until now the probe first polled through a MessageChannel task, which Chromium runs after the
// next frame once an input came in: its "step latency" was in effect input → after the next
// frame, and the blank page gave 15–17 ms. "frame painted" is the honest version of it.)
//
// Each in two browsers:
//   A. default Chromium: frames are aligned to a 60 Hz vsync, so every figure includes the wait for
//      the next vsync (0–16.7 ms): the blank page alone takes up to ≈ 16 ms (p95).
//   B. unthrottled: `--disable-gpu-vsync --disable-frame-rate-limit`: a frame starts as soon as
//      the renderer asks for one, so "input → frame painted" is the step's own cost (the blank page
//      drops to ≈ 1 ms at p50; the bench warns if it does not, i.e. if the flags stopped working).
//      It can still wait for the compositor: raster and (software) drawing of the previous frames
//      run on other threads, and on a busy 2-core machine a frame may have to wait for them.
// B also splits "frame painted": input delay; the keydown's JS (handler, React commit, effects);
// style + layout (the probe flushes them right after, to time them apart); the wait until the
// step's frame starts; the frame itself (rAF callbacks, paint, commit).
// THE TARGET (issue 6: step p95 ≤ 16 ms at 1000 messages) IS JUDGED ON B's "input → frame
// painted" p95 at ~1000 messages: the target is about the app fitting a step's work into one
// 60 Hz frame (16.7 ms). A's figures are what a user sees, vsync wait included; a page that does
// nothing already takes ≈ 15–17 ms at p95 there, so a 16 ms target on A would measure Chromium.
//
// Pacing: like a held key. The driver presses the next key no sooner than 33 ms (a key repeat)
// after the previous press and once that step's later work is done too (a background task, see
// "later work" in B; waited for through a promise in the page, no rAF polling that would keep
// frames running), then waits a random 0–17 ms more, so presses land at any phase of the 60 Hz
// frame, like a user's.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, ROOT, startPreview } from '../../scripts/chromium.mjs';
import { chooseScenario } from '../e2e/lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const DIST = resolve(ROOT, opt('dist', 'dist'));
const PORT = Number(opt('port', 4179));
const STEPS = Number(opt('steps', 120));
// long-<sends>: each send draws ~3 arrows (see src/scenarios/long.ts).
const SIZES = [
  { messages: 100, id: 'long-34' },
  { messages: 300, id: 'long-100' },
  { messages: 1000, id: 'long-334' },
].filter((s) => opt('sizes', '100,300,1000').split(',').includes(String(s.messages)));
const UNTHROTTLED = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];
const MODES = [
  { key: 'A', title: 'default Chromium: frames aligned to a 60 Hz vsync', args: [] },
  { key: 'B', title: `unthrottled: ${UNTHROTTLED.join(' ')}`, args: UNTHROTTLED },
];
const TARGET_MS = 16;
/** A held key repeats about every 33 ms: presses come no faster than that. */
const KEY_REPEAT_MS = 33;
const VIEWPORT = { width: 1400, height: 900 };

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(1)} ms`;
const f1 = (x) => x.toFixed(1);
/** p50/p95 of an Event Timing column: null entries are steps Chromium did not report (< 16). */
const etPct = (xs, p) => {
  const v = pct(
    xs.map((x) => x ?? -1),
    p,
  );
  return v < 0 ? '<16' : String(v);
};

function initialJs() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  return [...new Set(urls)].map((u) => {
    const buf = readFileSync(join(DIST, u.replace(/^\//, '')));
    return { file: u, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
}

async function openScenario(page, id) {
  await chooseScenario(page, id, 120_000);
  return page.evaluate(() => ({
    toDiagram: performance.now() - window.__selectedAt,
    arrows: document.querySelectorAll('[data-testid=diagram] text.messageText').length,
    window: document.querySelector('[data-testid=diagram-window]')?.textContent ?? null,
    steps: /of (\d+)/.exec(document.querySelector('[data-testid=step-label]').textContent)[1],
  }));
}

/** The blank page: a step label and two marks; ArrowRight rewrites the label and moves the mark. */
const BLANK = `<!doctype html><meta charset="utf-8"><title>blank</title>
<p data-testid="step-label">Step 0 of 100000</p>
<div data-testid="diagram"><span id="a" class="dl-current">0 · step</span> <span id="b"></span></div>
<script>
  let n = 0;
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowRight') return;
    n += 1;
    document.querySelector('[data-testid=step-label]').textContent = 'Step ' + n + ' of 100000';
    const mark = document.getElementById(n % 2 ? 'b' : 'a');
    document.getElementById(n % 2 ? 'a' : 'b').classList.remove('dl-current');
    mark.textContent = n + ' · step';
    mark.classList.add('dl-current');
  });
</script>`;

/**
 * In the page: times every ArrowRight from its keydown's timestamp (see the header). A capture
 * listener on window runs before the app's listener (on document); a bubble listener on window
 * runs after it and after React's commit (a microtask after the app's listener) and its effects.
 */
function installProbe() {
  window.__lat = [];
  const et = new Map();
  window.__et = et;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') et.set(e.startTime, e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    // no Event Timing: the column stays empty
  }
  let waiters = [];
  window.__waitFor = (n) =>
    new Promise((r) => (window.__lat.length >= n ? r() : waiters.push([n, r])));
  const push = (x) => {
    window.__lat.push(x);
    waiters = waiters.filter(([n, r]) => (window.__lat.length >= n ? (r(), false) : true));
  };
  const label = () => document.querySelector('[data-testid=step-label]');
  let step = null;
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'ArrowRight') return;
      const s = { t0: e.timeStamp, tIn: performance.now(), tDone: null, tUpdate: null };
      step = s;
      const want = Number(/Step (\d+)/.exec(label().textContent)[1]) + 1;
      // Done: the label says the new step and the diagram marks that step (one of its current
      // shapes carries the step's number: "12 · …").
      s.done = () =>
        label().textContent.startsWith(`Step ${want} `) &&
        [...document.querySelectorAll('[data-testid=diagram] .dl-current')].some(
          (el) => el.isConnected && el.textContent.trimStart().startsWith(`${want} ·`),
        );
      // The first frame that starts with the step in the DOM is the step's frame. A user-blocking
      // task posted from its rAF callback runs once that frame is rendered (rAF callbacks, style,
      // layout, paint, commit) and before other queued tasks; a background one once the step's
      // later work (deferred renders, timers due) is done too.
      const post = (priority, fn) =>
        typeof scheduler !== 'undefined'
          ? scheduler.postTask(fn, { priority })
          : setTimeout(fn, priority === 'background' ? 50 : 0);
      const onFrame = () => {
        if (!s.done()) return requestAnimationFrame(onFrame);
        const tFrame = performance.now();
        const at = (x) => (x === null ? NaN : x - s.t0);
        post('user-blocking', () => {
          const tPainted = performance.now();
          post('background', () =>
            push({
              t0: s.t0,
              input: s.tIn - s.t0,
              done: at(s.tDone ?? tFrame),
              update: at(s.tUpdate ?? tFrame),
              frame: tFrame - s.t0,
              painted: tPainted - s.t0,
              later: performance.now() - s.t0,
            }),
          );
        });
      };
      requestAnimationFrame(onFrame);
    },
    true,
  );
  window.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowRight' || !step) return;
    const s = step;
    step = null;
    // After the app's listener, React's commit and its passive effects (a discrete event's are
    // flushed in the same microtask): the label and the mark should be there now.
    queueMicrotask(() => {
      if (!s.done()) return; // not yet: the frame callback above takes its time
      s.tDone = performance.now();
      document.body.getBoundingClientRect(); // flush style + layout
      s.tUpdate = performance.now();
    });
  });
}

/** Presses ArrowRight STEPS times on a page with the probe installed; returns the samples. */
async function stepThrough(page, what) {
  page.on('pageerror', (e) => console.error(`${what}: page error: ${e.message}`));
  await page.evaluate(installProbe);
  await page.getByTestId('step-label').first().click();
  for (let i = 0; i < STEPS; i++) {
    const pressed = performance.now();
    await page.keyboard.press('ArrowRight');
    let timer;
    await Promise.race([
      page.evaluate((n) => window.__waitFor(n), i + 1),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 30_000);
      }),
    ]).catch(async (e) => {
      const at = await page.evaluate(() => [
        window.__lat.length,
        document.querySelector('[data-testid=step-label]')?.textContent,
        document.querySelectorAll('[data-testid=diagram] .dl-current').length,
      ]);
      throw new Error(`${what}: step ${i + 1} never measured (${JSON.stringify(at)})`, {
        cause: e,
      });
    });
    clearTimeout(timer);
    const wait = Math.max(0, KEY_REPEAT_MS - (performance.now() - pressed)) + Math.random() * 17;
    await new Promise((r) => setTimeout(r, wait));
  }
  // Event Timing entries arrive after presentation: give the last ones a moment.
  await new Promise((r) => setTimeout(r, 300));
  return page.evaluate(() =>
    window.__lat.map((l) => ({ ...l, et: window.__et.get(l.t0) ?? null })),
  );
}

async function runMode(mode, baseURL, withLoadTimes) {
  const browser = await launchChromium({ extraArgs: mode.args });
  const out = { browser: browser.version(), columns: [] };
  try {
    if (withLoadTimes) {
      // Time to first diagram: a cold page (fresh context), from navigation start.
      const firsts = [];
      for (let i = 0; i < 3; i++) {
        const ctx = await browser.newContext({ viewport: VIEWPORT });
        const page = await ctx.newPage();
        await page.goto(baseURL, { waitUntil: 'commit' });
        await page.waitForFunction(
          () => document.querySelector('[data-testid=diagram] svg'),
          null,
          { timeout: 60_000 },
        );
        firsts.push(await page.evaluate(() => performance.now()));
        await ctx.close();
      }
      out.firsts = firsts;
    }
    {
      const ctx = await browser.newContext({ viewport: VIEWPORT });
      const page = await ctx.newPage();
      await page.setContent(BLANK);
      out.columns.push({ name: 'blank', samples: await stepThrough(page, 'blank page') });
      await ctx.close();
    }
    for (const size of SIZES) {
      const ctx = await browser.newContext({ viewport: VIEWPORT });
      const page = await ctx.newPage();
      await page.goto(baseURL, { waitUntil: 'load' });
      await page.getByTestId('step-label').first().waitFor();
      const opened = await openScenario(page, size.id);
      out.columns.push({
        name: `~${size.messages}`,
        size,
        opened,
        samples: await stepThrough(page, size.id),
      });
      await ctx.close();
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return out;
}

function table(rows, columns) {
  const head = [
    '',
    ...columns.map((c) => `${c.name === 'blank' ? 'blank page' : `${c.name} msgs`}`),
  ];
  const lines = [head, ...rows.map((r) => [r.label, ...columns.map((c) => r.cell(c.samples))])];
  const widths = head.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  return lines.map((l) => '  ' + l.map((x, i) => x.padEnd(widths[i])).join('   ')).join('\n');
}

const p5095 = (f) => (samples) => {
  const xs = samples.map(f);
  return `${f1(pct(xs, 50))} / ${f1(pct(xs, 95))}`;
};
const etCell = (samples) => {
  const xs = samples.map((s) => s.et);
  return `${etPct(xs, 50)} / ${etPct(xs, 95)}`;
};

async function main() {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`no ${DIST}/index.html: run \`npx vite build\``);
  const js = initialJs();
  const server = startPreview({ port: PORT, outDir: DIST });
  try {
    await server.ready();
    const results = [];
    for (const [i, mode] of MODES.entries()) results.push(await runMode(mode, server.url, i === 0));
    const [a, b] = results;

    console.log(`ui bench: Chromium ${a.browser}, ${server.url} (${DIST})`);
    console.log(
      `initial JS (gzip, index.html's eager scripts): ${(js.reduce((n, f) => n + f.gzip, 0) / 1024).toFixed(1)} kB` +
        ` (${js.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} kB`).join(', ')}) — target ≤ 150 kB`,
    );
    console.log(
      `time to first diagram (cold load, default scenario): median ${ms(pct(a.firsts, 50))} of ${a.firsts.map((x) => x.toFixed(0)).join(', ')} ms`,
    );
    for (const c of a.columns.filter((c) => c.size)) {
      const w = c.opened.window;
      console.log(
        `${c.name} messages (${c.size.id}: ${c.opened.arrows} arrows drawn${w ? `, ${/steps [^:]+/.exec(w)[0]}` : ', whole trace'}; ${c.opened.steps} steps): first diagram ${ms(c.opened.toDiagram)} after selecting`,
      );
    }
    console.log(
      `\nstep latency: ${STEPS} ArrowRight presses per column, p50 / p95 in ms from the keydown's timestamp`,
    );
    console.log(`A. ${MODES[0].title}`);
    console.log(
      table(
        [
          { label: 'input → next frame (its rAF, step in the DOM)', cell: p5095((s) => s.frame) },
          { label: 'input → frame painted', cell: p5095((s) => s.painted) },
          { label: 'Event Timing duration (→ presented, 8 ms steps)', cell: etCell },
        ],
        a.columns,
      ),
    );
    console.log(`B. ${MODES[1].title}`);
    console.log(
      table(
        [
          { label: 'input → frame painted   ← the target', cell: p5095((s) => s.painted) },
          { label: '  input delay (→ first keydown listener)', cell: p5095((s) => s.input) },
          { label: '  keydown, React commit, effects (JS)', cell: p5095((s) => s.done - s.input) },
          { label: '  style + layout of the step', cell: p5095((s) => s.update - s.done) },
          { label: '  then until its frame starts', cell: p5095((s) => s.frame - s.update) },
          {
            label: '  the frame: rAF callbacks, paint, commit',
            cell: p5095((s) => s.painted - s.frame),
          },
          { label: 'input → later work done too (†)', cell: p5095((s) => s.later) },
          { label: 'Event Timing duration (→ presented, 8 ms steps)', cell: etCell },
        ],
        b.columns,
      ),
    );
    console.log(
      '  (†) a background-priority task after the frame: what the step left for later (the topology' +
        ' graph follows a render behind) is done. The next press waits for it and for 33 ms since the' +
        ' previous one, then 0–17 ms.',
    );
    const painted = (column, p) =>
      pct(
        column.samples.map((s) => s.painted),
        p,
      );
    const blank = painted(b.columns[0], 50);
    if (blank > 4)
      console.log(
        `  WARNING: the blank page takes ${ms(blank)} at p50 in B: the flags no longer remove the wait for vsync, so B includes it.`,
      );
    const big = b.columns.at(-1);
    const p95 = painted(big, 95);
    console.log(
      `\ntarget: step p95 ≤ ${TARGET_MS} ms at 1000 messages, judged on B "input → frame painted" (keydown handler, React commit and effects, style, layout, paint and commit of the step's frame, without the wait for vsync): the target is about a step fitting one 60 Hz frame.` +
        ` ${big.name} messages: ${ms(p95)} — ${p95 <= TARGET_MS ? 'met' : 'NOT met'}.` +
        ` (A adds the wait for the next vsync: there the blank page alone takes ${ms(painted(a.columns[0], 95))} at p95.)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
