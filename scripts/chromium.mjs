// Shared by the e2e runner (scripts/e2e.mjs) and the UI bench (tests/bench/ui.bench.mjs): find
// Debian's Chromium, launch it headless through playwright-core, and serve the built app (dist/)
// with `vite preview` on a port of the caller's choosing.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..');
export const HOST = '127.0.0.1';

/** The flags every run uses: no sandbox (containers), no GPU, no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** $CHROMIUM_PATH, /usr/bin/chromium, or `chromium` on the PATH; null if none is executable. */
export function findChromium() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  candidates.push('/usr/bin/chromium');
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir) candidates.push(join(dir, 'chromium'));
  }
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // try next
    }
  }
  return null;
}

/** Headless Chromium with CHROMIUM_ARGS plus `extraArgs`. */
export function launchChromium({ executablePath = findChromium(), extraArgs = [] } = {}) {
  if (!executablePath) throw new Error('Chromium not found (set CHROMIUM_PATH)');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Starts `vite preview` of `outDir` (default dist/) on HOST:port. Returns at once; `ready()`
 * resolves once it says it listens on the port and answers 200 (rejects with its output if it
 * exits — the port is taken — or does not answer), `stop()`
 * ends it (SIGTERM, then SIGKILL after 3 s), `kill()` is the synchronous last resort for an
 * exiting process.
 */
export function startPreview({ port, outDir, timeoutMs = 30_000 }) {
  const url = `http://${HOST}:${port}/`;
  const bin = join(ROOT, 'node_modules', '.bin', 'vite');
  const args = ['preview', '--host', HOST, '--port', String(port), '--strictPort'];
  if (outDir) args.push('--outDir', outDir);
  const child = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = false;
  const exit = new Promise((r) => child.on('exit', r)).then(() => (exited = true));

  // Ours answers only once vite says it listens on the port. Another process holding the port (a
  // second run's preview on the same E2E_PORT) would answer 200 while ours, --strictPort, exits:
  // the tests then ran against that other build (restart-bookie's menu once listed only "slow
  // bookie-2", from a build without the crash).
  // eslint-disable-next-line no-control-regex
  const listening = () => output.replace(/\x1b\[[0-9;]*m/g, '').includes(url);
  const ready = async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`vite preview exited early:\n${output}`);
      if (!listening()) {
        await new Promise((r) => setTimeout(r, 150));
        continue;
      }
      try {
        const res = await fetch(url);
        if (res.status === 200) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`vite preview did not answer 200 on ${url} within ${timeoutMs} ms:\n${output}`);
  };
  const stop = async () => {
    if (exited || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([
      exit.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 3000)),
    ]);
    if (!done) child.kill('SIGKILL');
  };
  const kill = () => {
    if (!exited && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { url, child, ready, stop, kill, output: () => output };
}
