// What failed, read from the JSON reports `npm test` collects. CI keeps only a log's tail, so
// scripts/test.mjs repeats these just above its last line (`N passed, N failed`): a flaky test
// that fails on the fresh machine is then named in what CI shows, not lost hundreds of lines up.

/** The failed tests in a vitest JSON report, each with its file and first error line. */
export function vitestFailures(report, cwd = '') {
  return (report?.testResults ?? []).flatMap((suite) => {
    const file = String(suite.name ?? '').replace(cwd ? `${cwd}/` : '', '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that fails to load has no test results, only its message.
    if (failedTests.length === 0 && suite.status === 'failed') {
      return [{ where: 'vitest', name: file, error: firstLine(suite.message) }];
    }
    return failedTests.map((t) => ({
      where: 'vitest',
      name: `${file} › ${t.fullName}`,
      error: firstLine(t.failureMessages?.[0]),
    }));
  });
}

/** The failures in the JSON report scripts/e2e.mjs writes. */
export function e2eFailures(report) {
  return (report?.failures ?? []).map((f) => ({
    where: 'e2e',
    name: String(f.name),
    error: firstLine(f.error),
  }));
}

/** The e2e tests that failed once and passed on a retry (scripts/e2e.mjs runs a failed test again). */
export function e2eFlaky(report) {
  return (report?.flaky ?? []).map((f) => ({
    where: 'e2e',
    name: String(f.name),
    error: firstLine(f.error),
  }));
}

/** The lines that name each flaky test and the error of its failed try; none when there are none. */
export function flakyLines(flaky) {
  if (flaky.length === 0) return [];
  const lines = [`Passed only on a second try (${flaky.length}), watch these:`];
  for (const f of flaky) {
    lines.push(`  ↻ [${f.where}] ${f.name}`);
    if (f.error) lines.push(`      ${f.error}`);
  }
  lines.push('');
  return lines;
}

/** The lines that name each failure, at most `max` of them; none when nothing failed. */
export function failureLines(failures, max = 30) {
  if (failures.length === 0) return [];
  const lines = [`What failed (${failures.length}):`];
  for (const f of failures.slice(0, max)) {
    lines.push(`  ✗ [${f.where}] ${f.name}`);
    if (f.error) lines.push(`      ${f.error}`);
  }
  if (failures.length > max) lines.push(`  … and ${failures.length - max} more, above`);
  lines.push('');
  return lines;
}

/** The first non-blank line of an error text, cut to 300 characters. */
export function firstLine(text) {
  const line = String(text ?? '')
    .split('\n')
    .find((l) => l.trim() !== '');
  return (line ?? '').trim().slice(0, 300);
}
