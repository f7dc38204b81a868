import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    // Two cores: PGlite stores and pdf.js are CPU-bound, more forks only thrash.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['shared/src/**/*.test.ts', 'backend/src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        // The extension's units: WXT's in-memory fakeBrowser for `browser`, a DOM per file where needed.
        extends: true,
        plugins: [WxtVitest()],
        test: { name: 'extension', include: ['extension/src/**/*.test.ts'] },
      },
    ],
  },
});
