import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from './fixtures/sample-pdf';
import { createTestStore, type TestStore } from '../backend/src/testing/harness';
import { cli, freePort, spawnFolio, startServe, type FolioProcess } from './support/folio-process';

// Several processes on one database: only a server PostgreSQL allows it (the embedded store is single-process).
describe.skipIf(!process.env.DATABASE_URL)('npm run folio -- worker', () => {
  let store: TestStore;
  let port: number;
  const procs: FolioProcess[] = [];

  beforeAll(async () => {
    store = await createTestStore();
    port = await freePort();
  });
  afterAll(async () => {
    for (const p of procs) await p.stop();
    await store?.drop();
  });

  it('lets separate worker processes read what an API process with no workers queued', async () => {
    const base = {
      ...process.env,
      DATABASE_URL: store.databaseUrl,
      FOLIO_DATA: store.dataDir,
      FOLIO_LOG: 'info',
      FOLIO_QUEUE_POLL_SECONDS: '0.5',
    };
    const api = await startServe({ ...base, PORT: String(port), FOLIO_WORKERS: '0' }, port);
    procs.push(api);
    const lines = (await cli(base, 'keys', 'create', '--user', 'w@example.org')).stdout.trim().split('\n');
    const key = lines[lines.length - 1]!;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const pages = [...MUESTRA.pages, [`Copia ${i}`]];
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/documentos?nombre=c${i}.pdf&esperar=0`, {
        method: 'POST',
        body: buildSamplePdf({ ...MUESTRA, pages }),
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Nothing reads them yet: the API process runs no workers.
    await new Promise((r) => setTimeout(r, 1500));
    const waiting = await fetch(`http://127.0.0.1:${port}/api/v1/documentos?estado=en_cola`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(((await waiting.json()) as { total: number }).total).toBe(4);

    const workers = [spawnFolio('worker', base), spawnFolio('worker', base)];
    procs.push(...workers);
    for (const id of ids) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/documentos/${id}?esperar=60`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(((await res.json()) as { estado: string }).estado).toBe('listo');
    }
    const readBy = workers.map((w) => (w.stderr().match(/INFO read /g) ?? []).length);
    expect(readBy[0]! + readBy[1]!).toBe(4);
    expect(api.stderr()).not.toMatch(/INFO read /);
  }, 120_000);
});
