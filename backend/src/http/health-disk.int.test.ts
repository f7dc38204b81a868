import fs from 'node:fs';
import path from 'node:path';
import { DiscoSalud, Salud } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { databaseBytes } from '../db/store-size.repo';
import { useTestServer } from '../testing/harness';

const ctx = useTestServer({}, { workers: false });

describe('GET /health: disco', () => {
  it('reports the store’s size on disk split into database, write-ahead log and originals', async () => {
    const { db, blobs } = ctx.server.runtime.deps;
    const inDatabase = (await blobs.size()).inDatabase;
    if (!inDatabase) {
      // One original file of 200,000 bytes in the directory store.
      const dir = path.join(ctx.server.config.dataDir, 'blobs', 'zz');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'zz-original'), Buffer.alloc(200_000, 7));
    }
    const res = await ctx.server.request('/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Salud.safeParse(body).success).toBe(true);
    const disco = DiscoSalud.parse(body.disco);
    if ('error' in disco) throw new Error(disco.error);

    // The database's own figure, give or take what the request itself wrote meanwhile.
    expect(Math.abs(disco.base_datos_bytes - (await databaseBytes(db)))).toBeLessThan(2 * 1024 * 1024);
    expect(disco.originales_en_base_datos).toBe(inDatabase);
    if (!inDatabase) expect(disco.originales_bytes).toBe(200_000);
    if (db.kind === 'pglite') expect(disco.registro_escritura_bytes).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    if (disco.registro_escritura_bytes === null) expect(disco.registro_escritura_motivo).toBeTruthy();
    expect(disco.total_bytes).toBe(
      disco.base_datos_bytes +
        (disco.registro_escritura_bytes ?? 0) +
        (disco.originales_en_base_datos ? 0 : disco.originales_bytes),
    );
  });
});
