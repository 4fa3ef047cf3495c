// @vitest-environment node
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const readJson = (rel: string): unknown =>
  JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));

type TsConfig = { compilerOptions?: { lib?: string[]; types?: string[] }; include?: string[] };

describe('tooling', () => {
  it('src/engine/tsconfig.json has no DOM lib and no ambient types', () => {
    const cfg = readJson('../src/engine/tsconfig.json') as TsConfig;
    expect(cfg.compilerOptions?.lib).toEqual(['ES2022']);
    expect(cfg.compilerOptions?.types).toEqual([]);
  });

  it('root tsconfig.json is strict with DOM libs', () => {
    const cfg = readJson('../tsconfig.json') as TsConfig & {
      compilerOptions: Record<string, unknown>;
    };
    expect(cfg.compilerOptions.strict).toBe(true);
    expect(cfg.compilerOptions.noUncheckedIndexedAccess).toBe(true);
    expect(cfg.compilerOptions.lib).toEqual(['ES2022', 'DOM', 'DOM.Iterable']);
  });

  it('eslint forbids UI imports, browser globals and nondeterminism in src/engine', async () => {
    const eslint = new ESLint();
    const code = [
      "import { useState } from 'react';",
      "import { thing } from '../ui/thing';",
      'export const a = [useState, thing, window, Math.random(), Date.now()];',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: 'src/engine/__probe__.ts' });
    const ids = (result?.messages ?? []).map((m) => m.ruleId);
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
    expect(ids).toContain('no-restricted-globals');
    expect(ids.filter((id) => id === 'no-restricted-properties')).toHaveLength(2);
  }, 30_000);
});
