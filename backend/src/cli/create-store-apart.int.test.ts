import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { embeddedStoreExists, openStore } from '../runtime';
import { REPO_ROOT, testConfig, useTestStore } from '../testing/harness';
import { createStoreApart } from './create-store-apart';

// This program as the CLI runs it from the sources: node with tsx, the entry point.
const FOLIO = [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'backend/src/main.ts')];
const embedded = !process.env.DATABASE_URL;

describe.skipIf(!embedded)('creating the embedded store in a process of its own', () => {
  const fx = useTestStore({ per: 'test' });

  it('creates and migrates a missing store in a child, then has nothing left to do', async () => {
    const config = testConfig(fx.store);
    expect(embeddedStoreExists(config)).toBe(false);

    expect(await createStoreApart(config, FOLIO)).toBe(true);
    expect(embeddedStoreExists(config)).toBe(true);
    // The child released the store: this process opens it, every migration already applied.
    const opened = await openStore(config);
    try {
      const [tables] = await opened.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('documents', 'passages', 'passage_terms')",
      );
      expect(tables!.n).toBe(3);
    } finally {
      await opened.close();
    }
    expect(await createStoreApart(config, FOLIO)).toBe(false);
  }, 120_000);

  it('leaves the store to the caller when the child fails, and does nothing for a server PostgreSQL', async () => {
    const config = testConfig(fx.store);
    expect(await createStoreApart(config, [process.execPath, '-e', 'process.exit(3)'])).toBe(false);
    expect(await createStoreApart(config, [path.join(fx.store.dataDir, 'no-such-program')])).toBe(false);
    expect(embeddedStoreExists(config)).toBe(false);
    const server = { ...config, databaseUrl: 'postgres://127.0.0.1:1/none' };
    expect(await createStoreApart(server, FOLIO)).toBe(false);
    expect(embeddedStoreExists(config)).toBe(false);
  });
});
