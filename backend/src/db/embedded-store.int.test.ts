import { describe, expect, it } from 'vitest';
import { openStore } from '../runtime';
import { testConfig, useTestStore } from '../testing/harness';
import { ensureUser } from './users.repo';

// The embedded store alone: with DATABASE_URL the store is the server's, whose settings are its own.
const embedded = !process.env.DATABASE_URL;

describe.skipIf(!embedded)('the embedded store', () => {
  const fx = useTestStore({ per: 'test' });

  it('runs with the shared_buffers FOLIO_PGLITE_BUFFERS_MB sets (16 MB by default)', async () => {
    const byDefault = await openStore(testConfig(fx.store));
    try {
      const [row] = await byDefault.db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row!.shared_buffers).toBe('16MB');
    } finally {
      await byDefault.close();
    }
    const larger = await openStore(testConfig(fx.store, { pgliteBuffersMb: 48 }));
    try {
      const [row] = await larger.db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row!.shared_buffers).toBe('48MB');
    } finally {
      await larger.close();
    }
  });

  it('is opened again after it is created, migrated and holding what was written, and again after a restart', async () => {
    const created = await openStore(testConfig(fx.store));
    let id: string;
    try {
      // The store the caller gets is the reopened one: it answers, with every migration applied.
      id = (await ensureUser(created.db, 'ana@example.org')).id;
      const [tables] = await created.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('documents', 'passages', 'users')",
      );
      expect(tables!.n).toBe(3);
      // What migrate() finds of the database is found again for the reopened one.
      expect(created.db.features.pgvector).toMatch(/^\d+\.\d+/);
    } finally {
      await created.close();
    }
    const restarted = await openStore(testConfig(fx.store));
    try {
      const [user] = await restarted.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        'ana@example.org',
      ]);
      expect(user!.id).toBe(id);
    } finally {
      await restarted.close();
    }
  });
});
