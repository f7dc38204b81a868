import { PgBoss, fromPglite } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../test/fixtures/sample-pdf';
import { auth, useTestStore } from '../testing/harness';
import { ingestHandler } from '../workers/ingest.worker';
import { ingestJob } from './definitions';

const fx = useTestStore({ per: 'test' });
const start = (workers: boolean) => fx.startServer({ jobRetries: 2 }, { workers });

describe('durable ingestion queue', () => {
  it('reads a document queued before a stop at the next start', async () => {
    const first = await start(false); // an API process with no workers: the job stays queued
    const key = await first.key('q@example.org');
    const res = await first.request('/api/v1/documentos?nombre=libro.pdf&esperar=0', {
      method: 'POST',
      body: buildSamplePdf(MUESTRA),
      headers: auth(key),
    });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    await new Promise((r) => setTimeout(r, 700));
    expect((await (await first.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json()).estado).toBe(
      'en_cola',
    );
    await first.close();

    const second = await start(true);
    const doc = await (await second.request(`/api/v1/documentos/${id}?esperar=30`, { headers: auth(key) })).json();
    expect(doc).toMatchObject({ estado: 'listo', unidades: 7 });
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'picks up again, at the next start, a job cut off while it was running (embedded store)',
    async () => {
      const first = await start(false);
      const key = await first.key('crash@example.org');
      const { id } = await (
        await first.request('/api/v1/documentos?nombre=libro.pdf&esperar=0', {
          method: 'POST',
          body: buildSamplePdf(MUESTRA),
          headers: auth(key),
        })
      ).json();
      // Claim the job the way a worker does, then stop without finishing it: a crash mid-job.
      const boss = new PgBoss({
        db: fromPglite(first.runtime.pglite!),
        backend: 'pglite',
        schema: 'pgboss',
        supervise: false,
      });
      await boss.start();
      const [claimed] = await boss.fetch<{ documentId: string }>('ingest');
      expect(claimed?.data.documentId).toBe(id);
      await boss.stop({ graceful: false, close: false });
      await first.close();

      const second = await start(true);
      const doc = await (await second.request(`/api/v1/documentos/${id}?esperar=25`, { headers: auth(key) })).json();
      expect(doc.estado).toBe('listo');
    },
    60_000,
  );
});

describe('ingestion failures', () => {
  it('retries a transient failure and ends in estado error after the last attempt', async () => {
    const server = await start(false);
    const key = await server.key('fail@example.org');
    const { id } = await (
      await server.request('/api/v1/documentos?nombre=nota.txt&esperar=0', {
        method: 'POST',
        body: 'hola',
        headers: auth(key),
      })
    ).json();
    const deps = server.runtime.deps;
    await deps.blobs.delete(id); // the file store is unreachable: a failure that is not the file's fault
    const handle = ingestHandler(deps);
    const attempt = (retryCount: number) =>
      handle({ id: 'j', data: { documentId: id }, retryCount, retryLimit: 2, signal: new AbortController().signal });

    await expect(attempt(0)).rejects.toThrow(); // thrown so the queue retries it with backoff
    const retrying = await (await server.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json();
    expect(retrying).toMatchObject({ estado: 'procesando', fase: 'reintentando' });

    await attempt(2); // the last one: no throw, the document records why
    const failed = await (await server.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json();
    expect(failed.estado).toBe('error');
    expect(failed.error).toMatch(/tras 3 intentos/);
    expect(ingestJob(server.config).retryLimit).toBe(2);
  });
});
