// What most inline scenario tests end with: the messages each cluster stores, what the application
// was told, and no violation — three expects said as one, so a test ends on its outcome.
import { expect } from 'vitest';
import type { RunResult } from '../../src/engine';

/** The run stored `stored`, told the application `outcomes`, and raised no violation. */
export function expectNoViolation(
  r: RunResult,
  stored: RunResult['stored'],
  outcomes: RunResult['outcomes'],
): void {
  expect(r.stored).toEqual(stored);
  expect(r.outcomes).toEqual(outcomes);
  expect(r.violations).toEqual([]);
}
