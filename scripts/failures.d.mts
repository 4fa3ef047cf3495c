// Types for scripts/failures.mjs, so tests/tooling-failures.test.ts can import it.
export type Failure = { where: string; name: string; error: string };
export function vitestFailures(report: unknown, cwd?: string): Failure[];
export function e2eFailures(report: unknown): Failure[];
export function failureLines(failures: Failure[], max?: number): string[];
export function firstLine(text: unknown): string;
export function e2eFlaky(report: unknown): Failure[];
export function flakyLines(flaky: Failure[]): string[];
