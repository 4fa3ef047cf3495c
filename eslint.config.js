// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ENGINE_MSG = 'src/engine must stay pure: no UI, worker, DOM or timing dependencies.';

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    'coverage/',
    'test-results/',
    '**/*.tmp.ts',
    '**/*.tmp.mjs',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },

  // Browser code.
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Node code: scripts, configs, tests (e2e files also contain page.evaluate callbacks).
  {
    files: ['scripts/**/*.{js,mjs,ts}', '*.{js,mjs,ts}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // React hooks rules for components and hooks.
  {
    files: ['**/*.tsx', 'src/ui/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },

  // The engine is deterministic and environment-free.
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|zustand|mermaid|@xyflow/react|comlink)(/.*)?$',
              message: ENGINE_MSG,
            },
            { regex: '(^|/)(ui|worker)(/|$)', message: ENGINE_MSG },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'setTimeout',
          'setInterval',
          'clearTimeout',
          'clearInterval',
          'performance',
          'localStorage',
        ].map((name) => ({ name, message: ENGINE_MSG })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG (determinism).' },
        { object: 'Date', property: 'now', message: 'Use the simulated clock (determinism).' },
      ],
    },
  },
]);
