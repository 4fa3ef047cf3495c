// Shared by the render and CLI tests: run a built-in scenario exactly as the CLI does.
import { loadScenario, run, type RunResult } from '../../src/engine/index';
import { builtinById } from '../../src/scenarios/index';

export function runBuiltin(id: string, fixes: readonly string[] = []): RunResult {
  const loaded = loadScenario(builtinById(id), fixes);
  if (!loaded.ok)
    throw new Error(`${id}: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return run(loaded.config, loaded.schedule);
}

/** Strings written to break Mermaid or Markdown if a renderer forgot to escape them. */
export const HOSTILE = [
  '<script>alert(1)</script>',
  '%%{init: {"theme":"dark"}}%%',
  'a</br>b',
  'A;B',
  'a#b',
  'x: y, z @{a}',
  '+go',
  'wrap: me',
  'a->>b',
  'pipe | and\nnew line',
];
