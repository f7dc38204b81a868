import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/src/**/*.test.ts', 'backend/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two cores: PGlite stores and pdf.js are CPU-bound, more forks only thrash.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
