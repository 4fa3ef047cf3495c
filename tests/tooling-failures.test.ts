// @vitest-environment node
// CI keeps only the tail of `npm test`'s log. Session 26's submission failed one e2e test out of
// 197 and the tail did not say which; scripts/test.mjs now repeats every failure above its last line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  e2eFailures,
  e2eFlaky,
  failureLines,
  flakyLines,
  vitestFailures,
} from '../scripts/failures.mjs';

const vitestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/tests/engine/dedup.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'dedup keeps M1', status: 'passed', failureMessages: [] },
        {
          fullName: 'dedup drops the resend of M1',
          status: 'failed',
          failureMessages: ['\nAssertionError: expected 2 to be 1\n    at dedup.test.ts:12:5'],
        },
      ],
    },
    {
      name: '/repo/tests/ui/broken.test.tsx',
      status: 'failed',
      message: 'Failed to load url ./nope (resolved id: ./nope)\nmore',
      assertionResults: [],
    },
    { name: '/repo/tests/ok.test.ts', status: 'passed', assertionResults: [] },
  ],
};

describe('npm test names what failed at the end of its log', () => {
  it('reads each failed vitest test with its file and first error line, and a file that did not load', () => {
    expect(vitestFailures(vitestReport, '/repo')).toEqual([
      {
        where: 'vitest',
        name: 'tests/engine/dedup.test.ts › dedup drops the resend of M1',
        error: 'AssertionError: expected 2 to be 1',
      },
      {
        where: 'vitest',
        name: 'tests/ui/broken.test.tsx',
        error: 'Failed to load url ./nope (resolved id: ./nope)',
      },
    ]);
  });

  it("reads the e2e runner's failures, and nothing from a missing or passing report", () => {
    const e2e = {
      passed: 196,
      failed: 1,
      failures: [{ name: 'ux24: x01', error: 'timed out after 60 s' }],
    };
    expect(e2eFailures(e2e)).toEqual([
      { where: 'e2e', name: 'ux24: x01', error: 'timed out after 60 s' },
    ]);
    expect(e2eFailures(null)).toEqual([]);
    expect(e2eFailures({ passed: 3, failed: 0 })).toEqual([]);
    expect(vitestFailures(null)).toEqual([]);
  });

  it('prints a heading, one line per failure and its error, and nothing when all passed', () => {
    const lines = failureLines([
      ...vitestFailures(vitestReport, '/repo'),
      { where: 'e2e', name: 'ux24: x01', error: '' },
    ]);
    expect(lines).toEqual([
      'What failed (3):',
      '  ✗ [vitest] tests/engine/dedup.test.ts › dedup drops the resend of M1',
      '      AssertionError: expected 2 to be 1',
      '  ✗ [vitest] tests/ui/broken.test.tsx',
      '      Failed to load url ./nope (resolved id: ./nope)',
      '  ✗ [e2e] ux24: x01',
      '',
    ]);
    expect(failureLines([])).toEqual([]);
    const many = Array.from({ length: 33 }, (_, i) => ({ where: 'e2e', name: `t${i}`, error: '' }));
    expect(failureLines(many, 30).at(-2)).toBe('  … and 3 more, above');
  });

  it('the e2e runner writes what failed into its JSON report and repeats it after the tests', () => {
    // Whichever check stops this run (no Chromium, no build, no test of that name), it is named.
    const dir = mkdtempSync(join(tmpdir(), 'e2e-failures-'));
    try {
      const json = join(dir, 'e2e.json');
      const out = spawnSync(
        process.execPath,
        ['scripts/e2e.mjs', 'zzz-no-such-e2e-test', '--json', json],
        {
          encoding: 'utf8',
        },
      );
      const report = JSON.parse(readFileSync(json, 'utf8'));
      expect(report).toMatchObject({ passed: 0, failed: 1 });
      expect(e2eFailures(report)).toHaveLength(1);
      const tail = out.stdout.trimEnd().split('\n').slice(-5);
      expect(tail[0]).toBe('e2e failures:');
      expect(tail[1]).toBe(`✗ ${report.failures[0].name}`);
      expect(tail.at(-1)).toBe('0 passed, 1 failed');
      expect(out.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a test that fails once and then passes counts as passed and is named flaky; one that fails twice fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'e2e-retry-'));
    try {
      // A built app of one page is enough: these tests never open it.
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>x</title>');
      mkdirSync(join(dir, 'e2e'));
      writeFileSync(
        join(dir, 'e2e', 'retry.e2e.mjs'),
        `let tries = 0;
export default [
  { name: 'slips once', run: async () => { tries += 1; if (tries === 1) throw new Error('the layout was not settled'); } },
  { name: 'always broken', run: async () => { throw new Error('expected 2 lines, got 3'); } },
  { name: 'steady', run: async () => {} },
];
`,
      );
      const json = join(dir, 'e2e.json');
      const out = spawnSync(process.execPath, ['scripts/e2e.mjs', '--json', json], {
        encoding: 'utf8',
        env: {
          ...process.env,
          E2E_TESTS: join(dir, 'e2e'),
          E2E_DIST: join(dir, 'dist'),
          E2E_PORT: '4397',
        },
      });
      const report = JSON.parse(readFileSync(json, 'utf8'));
      expect(report).toMatchObject({ passed: 2, failed: 1 });
      expect(e2eFlaky(report)).toEqual([
        { where: 'e2e', name: 'slips once', error: 'the layout was not settled' },
      ]);
      expect(e2eFailures(report)).toEqual([
        { where: 'e2e', name: 'always broken', error: 'expected 2 lines, got 3' },
      ]);
      expect(out.stdout).toContain('✓ slips once [try 2]');
      expect(out.stdout).toContain('✗ always broken [try 2]');
      expect(out.status).toBe(1);
      expect(flakyLines(e2eFlaky(report))).toEqual([
        'Passed only on a second try (1), watch these:',
        '  ↻ [e2e] slips once',
        '      the layout was not settled',
        '',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000); // it starts vite preview and Chromium
});
