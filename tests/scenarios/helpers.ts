// Run a built-in scenario by id (optionally with fixes) and read its trace like a story.
import { loadScenario, run, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

export function runBuiltin(id: string, fixes: string[] = [], patch: Record<string, unknown> = {}): RunResult {
  const s = BUILTINS.find((b) => b.id === id);
  if (!s) throw new Error(`no builtin ${id}`);
  const loaded = loadScenario({ ...s, ...patch }, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

/** The step at which an event whose text contains `text` happened (at `actor`, if given). */
export function stepOf(r: RunResult, text: string, actor?: string): number {
  const s = r.steps.find((x) => x.events.some((e) => e.text.includes(text) && (actor === undefined || e.actor === actor)));
  if (!s) throw new Error(`no event "${text}"`);
  return s.index;
}

export const invariantsOf = (r: RunResult): string[] => [...new Set(r.violations.map((v) => v.invariant))];
