import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A string that starts as an SQL statement does (upper-case keyword, as this codebase writes them). */
const SQL = String.raw`/^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|CREATE|DROP|ALTER|VACUUM|ANALYZE|CHECKPOINT|LISTEN|NOTIFY)\s/`;

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
      'backend/dist/**',
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
  {
    // SQL lives in db/ (one repository per table group): a statement written anywhere else is refused. Zotero's
    // own database, read by the import (and built by its tests), is not Folio's: its queries live apart.
    files: ['backend/src/**/*.ts'],
    ignores: [
      'backend/src/db/**',
      'backend/src/testing/**',
      '**/*.test.ts',
      'backend/src/import/zotero/zotero-rows.ts',
      'backend/src/import/zotero/testing/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${SQL}]`,
          message: 'SQL lives in db/: add a repository function there.',
        },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${SQL}]`,
          message: 'SQL lives in db/: add a repository function there.',
        },
      ],
    },
  },
  {
    // The extension's contexts: content scripts reach the background only through messaging/ (the background
    // carries Dexie and citation-js); the background never carries the pages' UI.
    files: ['extension/src/insert/**/*.ts', 'extension/src/capture/**/*.ts', 'extension/src/entrypoints/*.content.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/background/*'], message: 'Content scripts ask the background through messaging/.' }],
        },
      ],
    },
  },
  {
    files: ['extension/src/background/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/insert/*', '**/ui/*'], message: 'The background never imports page or popup UI.' }],
        },
      ],
    },
  },
);
