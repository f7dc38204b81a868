import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.folio/**',
      '**/.folio*/**',
      '.output/**',
      '.wxt/**',
      'coverage/**',
      'test/fixtures/editors/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // shared/ crosses the wire to the browser: no Node built-ins, nothing of ours.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', '@folio/*', 'hono', 'hono/*'], message: 'shared/ imports nothing platform-specific.' },
          ],
        },
      ],
    },
  },
  {
    // Layers point one way: services never import Hono; SQL lives in db/.
    files: ['backend/src/services/**/*.ts', 'backend/src/ingest/**/*.ts', 'backend/src/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['hono', 'hono/*', '@hono/*', '**/http/*'], message: 'Only http/ knows about HTTP.' }] },
      ],
    },
  },
);
