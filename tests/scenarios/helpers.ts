// Run a built-in scenario by id (optionally with fixes) and read its trace like a story.
import { loadScenario, run, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

export function runBuiltin(
  id: string,
  fixes: string[] = [],
  patch: Record<string, unknown> = {},
): RunResult {
  const s = BUILTINS.find((b) => b.id === id);
  if (!s) throw new Error(`no builtin ${id}`);
  const loaded = loadScenario({ ...s, ...patch }, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

/** The step at which an event whose text contains `text` happened (at `actor`, if given). */
export function stepOf(r: RunResult, text: string, actor?: string): number {
  const s = r.steps.find((x) =>
    x.events.some((e) => e.text.includes(text) && (actor === undefined || e.actor === actor)),
  );
  if (!s) throw new Error(`no event "${text}"`);
  return s.index;
}

export const invariantsOf = (r: RunResult): string[] => [
  ...new Set(r.violations.map((v) => v.invariant)),
];

export type Json = Record<string, unknown>;

/** Load and run a scenario written in the test (the format line added), on its own schedule or `schedule`. */
export function runOf(scenario: Json, schedule?: string[]): RunResult {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...scenario });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, schedule ?? l.schedule);
}

/** Every event text of `actor`, over the whole run. */
export const textsOf = (r: RunResult, actor: string): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.actor === actor).map((e) => e.text));

/** Every event's rule over the whole run ('' for an event without one). */
export const rulesOf = (r: RunResult): string[] =>
  r.steps.flatMap((s) => s.events.map((e) => e.rule ?? ''));
