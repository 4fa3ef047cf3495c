#!/usr/bin/env node
// `npm run bench`: bundles the engine bench with Vite, as the app's worker bundle is built — one
// plain ES module, function names not kept — and runs it with --expose-gc. Running the TypeScript through tsx would
// time tsx's `keepNames` too: every closure the rules create (a `find` callback, a label helper)
// goes through its `__name` wrapper, which the worker bundle never carries.
// Pass `--tsx` to run the sources through tsx instead, to compare the two.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT } from './chromium.mjs';

const entry = join(ROOT, 'tests/bench/engine.bench.ts');
const viaTsx = process.argv.includes('--tsx');
let dir = null;
let args;
if (viaTsx) args = ['--expose-gc', '--import', 'tsx', entry];
else {
  dir = mkdtempSync(join(tmpdir(), 'dedup-bench-'));
  // An SSR build targets Node; configFile false keeps the app's React plugin and HTML entry out.
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: entry,
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'engine.bench.mjs' } },
    },
  });
  args = ['--expose-gc', join(dir, 'engine.bench.mjs')];
}
console.log(
  viaTsx
    ? '(sources run through tsx, names kept)'
    : '(engine bundled by Vite, as the worker ships: names not kept)',
);
const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT });
if (dir) rmSync(dir, { recursive: true, force: true });
process.exit(r.status ?? 1);
