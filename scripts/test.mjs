#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, build, e2e. Every step runs even if an
// earlier one failed. The last line printed is always `N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eFailures, e2eFlaky, failureLines, flakyLines, vitestFailures } from './failures.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'dedup-lab-test-'));
const vitestJson = join(tmp, 'vitest.json');
const e2eJson = join(tmp, 'e2e.json');

let passed = 0;
let failed = 0;
let anyNonZero = false;
/** What failed, repeated just above the last line so a log's tail (all CI keeps) names it. */
const failures = [];
const flaky = [];

/** Run a command with inherited stdio; resolves to its exit code. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`[test] could not start ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function header(title) {
  console.log(`\n=== ${title} ===`);
}

function record(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push({ where: name, name: 'exited non-zero', error: '' });
  }
  console.log(`[test] ${name}: ${ok ? 'passed' : 'FAILED'}`);
}

/** Reads {passed, failed}-like counts from a JSON report; null if unreadable. */
function readCounts(file, passKey, failKey) {
  const r = readJson(file);
  const p = Number(r?.[passKey]);
  const f = Number(r?.[failKey]);
  return Number.isFinite(p) && Number.isFinite(f) ? { p, f } : null;
}

/** Reads a JSON report; null if it is missing or unreadable. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds counts from a JSON report; a missing report or a failed exit with 0 failures counts 1 failure. */
function recordReport(name, code, counts) {
  if (code !== 0) anyNonZero = true;
  if (!counts) {
    console.log(`[test] ${name}: no JSON report (exit code ${code}), counting 1 failure`);
    failed += 1;
    failures.push({ where: name, name: `no JSON report (exit code ${code})`, error: '' });
    return;
  }
  passed += counts.p;
  failed += counts.f;
  if (code !== 0 && counts.f === 0) {
    console.log(`[test] ${name}: exit code ${code} with 0 failed tests, counting 1 failure`);
    failed += 1;
    failures.push({ where: name, name: `exit code ${code} with 0 failed tests`, error: '' });
  }
  console.log(`[test] ${name}: ${counts.p} passed, ${counts.f} failed`);
}

async function step(name, cmd, args) {
  header(name);
  const code = await run(cmd, args);
  if (code !== 0) anyNonZero = true;
  record(name, code === 0);
}

try {
  await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await step('lint', 'npx', ['eslint', '.']);

  header('unit tests (vitest)');
  const vCode = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  recordReport('vitest', vCode, readCounts(vitestJson, 'numPassedTests', 'numFailedTests'));
  failures.push(...vitestFailures(readJson(vitestJson), process.cwd()));

  await step('build (vite build)', 'npx', ['vite', 'build']);

  header('end-to-end (scripts/e2e.mjs)');
  const eCode = await run(process.execPath, ['scripts/e2e.mjs', '--json', e2eJson]);
  recordReport('e2e', eCode, readCounts(e2eJson, 'passed', 'failed'));
  const e2eReport = readJson(e2eJson);
  failures.push(...e2eFailures(e2eReport));
  flaky.push(...e2eFlaky(e2eReport));
} catch (err) {
  console.error('[test] runner error:', err);
  failed += 1;
  failures.push({ where: 'runner', name: String(err?.message ?? err), error: '' });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log('');
for (const line of [...flakyLines(flaky), ...failureLines(failures)]) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || anyNonZero ? 1 : 0;
