import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';
import {
  checkpointIfWalOver,
  databaseBytes,
  largestRelations,
  walBytes,
  WAL_CHECKPOINT_BYTES,
} from './store-size.repo';

const ctx = useTestServer({}, { workers: false });
const db = () => ctx.server.runtime.deps.db;
const MB = 1024 * 1024;
const SEGMENT = 16 * MB;

/** Bytes of WAL written since `lsn` (not what is kept: what was produced). */
async function walWrittenSince(lsn: string): Promise<number> {
  const [row] = await db().query<{ n: number }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 AS n', [lsn]);
  return row!.n;
}

describe('the store size', () => {
  it('gives the database, the WAL, and the largest tables and indexes', async () => {
    const database = await databaseBytes(db());
    // A migrated, empty store is several MB of catalogs and empty relations.
    expect(database).toBeGreaterThan(4 * MB);

    const wal = await walBytes(db());
    if (db().kind === 'pglite') {
      // The embedded backend is the superuser: it reads its own pg_wal, at least one whole segment.
      expect(wal.bytes).toBeGreaterThanOrEqual(SEGMENT);
      expect(wal.bytes! % SEGMENT).toBe(0);
    } else if (wal.bytes === null) {
      expect('reason' in wal && wal.reason).toMatch(/permission|denied|pg_ls_waldir/i);
    } else {
      expect(wal.bytes).toBeGreaterThanOrEqual(SEGMENT);
    }

    const relations = await largestRelations(db(), 500);
    const names = relations.map((r) => r.name);
    expect(names).toContain('passages');
    expect(names).toContain('passage_terms');
    expect(relations.find((r) => r.name === 'passages_pkey')?.kind).toBe('index');
    expect(relations.find((r) => r.name === 'passages')?.kind).toBe('table');
    // Largest first, and none larger than the database that holds it.
    const sizes = relations.map((r) => r.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBeLessThanOrEqual(database);
    expect((await largestRelations(db(), 3)).length).toBe(3);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on a server, says why the WAL is unknown to a role without pg_monitor',
    async () => {
      await db().exec(`DO $$ BEGIN CREATE ROLE folio_no_monitor; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
      let seen: Awaited<ReturnType<typeof walBytes>> | undefined;
      // The role lasts the transaction only; it is rolled back on purpose, the refused call having aborted it.
      await db()
        .transaction(async (tx) => {
          await tx.exec('SET LOCAL ROLE folio_no_monitor');
          seen = await walBytes(tx);
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
      expect(seen).toEqual({ bytes: null, reason: expect.stringMatching(/permission denied.*pg_ls_waldir/i) });
    },
  );

  it('keeps the embedded store’s WAL bounded through a load that writes far more, and leaves a server’s alone', async () => {
    if (db().kind !== 'pglite') {
      // A server has its checkpointer: the rule neither reads nor checkpoints there.
      expect(await checkpointIfWalOver(db(), 0)).toBe(false);
      return;
    }
    const bound = 48 * MB;
    await db().exec('CREATE TABLE wal_filler (x text)');
    try {
      const [{ lsn } = { lsn: '' }] = await db().query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      let checkpoints = 0;
      let most = 0;
      let lastChunk = 0;
      // Batches of writes, each followed by the rule, as ingestion runs it after each ready document.
      for (let i = 0; i < 12; i++) {
        const from = (await db().query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'))[0]!.lsn;
        await db().exec(`INSERT INTO wal_filler SELECT repeat(md5(g::text), 6) FROM generate_series(1, 80000) g`);
        lastChunk = Math.max(lastChunk, await walWrittenSince(from));
        most = Math.max(most, (await walBytes(db())).bytes!);
        if (await checkpointIfWalOver(db(), bound)) checkpoints++;
      }
      const written = await walWrittenSince(lsn);
      // The load wrote several times the bound; without checkpoints all of it would still be in pg_wal.
      expect(written).toBeGreaterThan(4 * bound);
      expect(checkpoints).toBeGreaterThanOrEqual(2);
      // At any moment: the bound, one batch past it, and the segment being filled.
      expect(most).toBeLessThanOrEqual(bound + lastChunk + SEGMENT);
      // At rest: a checkpoint keeps no more than max_wal_size (64 MB, pglite-db.ts) of recycled segments.
      await db().exec('CHECKPOINT');
      expect((await walBytes(db())).bytes).toBeLessThanOrEqual(64 * MB + SEGMENT);
      // Under the default bound, the rule leaves a small log alone.
      expect(await checkpointIfWalOver(db())).toBe(false);
      expect(WAL_CHECKPOINT_BYTES).toBeGreaterThan(64 * MB);
    } finally {
      await db().exec('DROP TABLE wal_filler');
    }
  }, 120_000);
});
