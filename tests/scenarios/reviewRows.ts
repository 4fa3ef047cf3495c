// The review files' table (unseen-12, unseen-13): one row per scenario, each run and compared
// with what Pulsar does — the stored messages per cluster, what the application was told, every
// violation with its step and detail, and how the run ended.
import { describe, expect, it } from 'vitest';
import { type Json, runOf } from './helpers';

export interface ReviewRow {
  id: string;
  title: string;
  scenario: Json;
  expected: {
    stored: Record<string, string[]>;
    outcomes: Record<string, string[]>;
    violations: { invariant: string; step: number; messages: string[]; detail: string }[];
    endedBy: string;
    /** Why a quiescent end is quiet with work undone (RunResult.endNotes); asserted when given. */
    endNotes?: string[];
  };
}

/** Each message's one outcome, the position it was stored at: `storedAt({ M1: '10:0' })`. */
export const storedAt = (positions: Record<string, string>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(positions).map(([m, at]) => [m, [`stored at ${at}`]]));

/** A row's outcome that raises no alarm: no violation, and the run ends quiescent. */
export const quiescentNoAlarm = (e: StoredAndTold): StoredAndTold & NoAlarm => ({
  ...e,
  violations: [],
  endedBy: 'quiescent',
});
type StoredAndTold = Pick<ReviewRow['expected'], 'stored' | 'outcomes'>;
type NoAlarm = { violations: []; endedBy: 'quiescent' };
type Violation = ReviewRow['expected']['violations'][number];

/** A row's outcome that raises `violations` and still ends quiescent: the run had nothing left to
 * do, so every alarm comes from what it stored and told, not from a stall. */
export const quiescentWith = (
  e: StoredAndTold,
  ...violations: Violation[]
): StoredAndTold & { violations: Violation[]; endedBy: 'quiescent' } => ({
  ...e,
  violations,
  endedBy: 'quiescent',
});

/** A violation as a row expects it: the invariant, the step it is judged at, the messages, the detail. */
export const violated = (
  invariant: string,
  step: number,
  messages: string[],
  detail: string,
): Violation => ({ invariant, step, messages, detail });

/** One test per row, named `<id>: <title>`. */
export function describeRows(title: string, rows: readonly ReviewRow[]): void {
  describe(title, () => {
    for (const row of rows) {
      it(`${row.id}: ${row.title}`, () => {
        const r = runOf(row.scenario);
        expect(r.stored).toEqual(row.expected.stored);
        expect(r.outcomes).toEqual(row.expected.outcomes);
        expect(
          r.violations.map(({ invariant, step, messages, detail }) => ({
            invariant,
            step,
            messages,
            detail,
          })),
        ).toEqual(row.expected.violations);
        expect(r.endedBy).toBe(row.expected.endedBy);
        if (row.expected.endNotes !== undefined) expect(r.endNotes).toEqual(row.expected.endNotes);
      });
    }
  });
}

/** The scenario of row `id`, for the tests that look at the steps behind its outcome. */
export const scenarioIn = (rows: readonly ReviewRow[], id: string): Json =>
  rows.find((r) => r.id === id)!.scenario;
