import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compactCommand } from '../../cli/compact';
import { openBlobStore, openStore } from '../../runtime';
import { REPO_ROOT, testConfig, useTestStore, type TestStore } from '../../testing/harness';
import { compactStore } from './compact-store';

const run = promisify(execFile);
// This program as the CLI runs it from the sources: node with tsx, the entry point.
const FOLIO = [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'backend/src/main.ts')];
const MB = 1024 * 1024;

/** `folio compact` in a process of its own, on `store`; its exit code and output. */
async function folioCompact(store: TestStore): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, FOLIO_DATA: store.dataDir, FOLIO_LOG: 'silent', DATABASE_URL: store.databaseUrl };
  if (!store.databaseUrl) delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(FOLIO[0]!, [...FOLIO.slice(1), 'compact'], { env, cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('compacting the store', () => {
  const fx = useTestStore({ per: 'test', server: true, workers: false });

  it('returns the space of deleted rows to the file system and says what it freed', async () => {
    const { db, blobs } = fx.server.runtime.deps;
    await db.exec('CREATE TABLE compact_filler (x text)');
    // Uncompressible rows (md5 chains), some 40 MB of heap, then all deleted: dead space only a rewrite gives back.
    await db.exec(`INSERT INTO compact_filler SELECT repeat(md5(g::text), 6) FROM generate_series(1, 150000) g`);
    await db.exec('DELETE FROM compact_filler');
    const { before, after, full } = await compactStore(db, blobs, { full: true });
    expect(full).toBe(true);
    expect(before.database - after.database).toBeGreaterThan(20 * MB);
    expect(after.total).toBeLessThan(before.total);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>("SELECT pg_relation_size('compact_filler')::float8 AS n");
    expect(n).toBe(0);
    if (db.kind === 'pglite') {
      // The rewrite's own WAL is recycled by the closing checkpoint down to max_wal_size (pglite-db.ts).
      expect(after.wal).toBeLessThanOrEqual(64 * MB + 16 * MB);
    }

    // The command prints each part before → after and what was freed.
    const lines: string[] = [];
    await compactCommand(fx.server.config, db, blobs, [], (l) => lines.push(l));
    expect(lines[0]).toMatch(db.kind === 'pglite' ? /VACUUM FULL/ : /VACUUM,/);
    expect(lines.find((l) => l.startsWith('database'))).toMatch(/\d.* → .*\d.*freed/);
    expect(lines.find((l) => l.startsWith('total'))).toMatch(/freed/);
    await expect(compactCommand(fx.server.config, db, blobs, ['--fast'], () => {})).rejects.toThrow(/Unknown argument/);
  }, 120_000);

  it.skipIf(!!process.env.DATABASE_URL)(
    'refuses while a server holds the embedded store, and compacts once it has stopped',
    async () => {
      const { store } = fx;
      // An original file, so the originals' line has something to count.
      const blobsDir = path.join(store.dataDir, 'blobs', 'ab');
      fs.mkdirSync(blobsDir, { recursive: true });
      fs.writeFileSync(path.join(blobsDir, 'abcdef'), Buffer.alloc(300_000, 1));

      const refused = await folioCompact(store);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/in use by another Folio process \(pid \d+\)/);
      expect(refused.stdout).not.toMatch(/freed/);

      await fx.server.close();
      const done = await folioCompact(store);
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(done.stdout).toMatch(/^original files\s+293 kB → +293 kB/m);
      expect(done.stdout).toMatch(/^write-ahead log\s+\d/m);
      // The command released the store: it opens again here.
      const reopened = await openStore(testConfig(store));
      try {
        expect((await openBlobStore(testConfig(store), reopened.db).size()).bytes).toBe(300_000);
      } finally {
        await reopened.close();
      }
    },
    120_000,
  );
});
