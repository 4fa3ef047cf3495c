// @vitest-environment node
// The engine stays pure and deterministic: no clock, no randomness, no timers, no DOM, no UI
// imports. The engine's own tsconfig (no DOM lib) enforces most of it; this catches the rest.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const BANNED: [RegExp, string][] = [
  [/\bDate\b/, 'a clock (Date)'],
  [/Math\.random/, 'randomness (Math.random)'],
  [/\bperformance\b/, 'a clock (performance)'],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\b/, 'timers'],
  [/\b(window|document|localStorage|navigator)\b/, 'the DOM'],
  [/from ['"](react|react-dom|zustand|mermaid|@xyflow\/react|comlink)/, 'a UI library'],
  [/from ['"][^'"]*\/(ui|worker|cli)\//, 'a backwards import'],
  [/\bscenario\.id\s*===|\bconfig\.id\s*===|['"]seed-0\d\d/, 'scenario-specific code'],
];

describe('tidy: src/engine is pure', () => {
  const sources = files('src/engine');
  it('has sources to check', () => expect(sources.length).toBeGreaterThan(10));
  for (const [pattern, what] of BANNED) {
    it(`uses no ${what}`, () => {
      const hits = sources.flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [line.replace(/\/\/.*$/, ''), i] as const)
          .filter(([line]) => pattern.test(line))
          .map(([line, i]) => `${f}:${i + 1}: ${line.trim()}`),
      );
      expect(hits).toEqual([]);
    });
  }
});
