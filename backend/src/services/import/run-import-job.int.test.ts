import { describe, expect, it } from 'vitest';
import { findImportJobForWorker, importJobItems } from '../../db/import-jobs.repo';
import { bibtexLibrary, importForm, pdfsZip } from '../../import/testing/bibtex-upload';
import { auth, useTestServer } from '../../testing/harness';
import { hasFixture, titleNeeding } from '../../testing/fixtures';
import { runImportJob } from './run-import-job';

// No workers here: the test plays the queue, running the job's attempts itself.
const ctx = useTestServer({}, { workers: false });
const PDFS = 'pdfs/manifest.json';

describe.skipIf(!hasFixture(PDFS))('an import job cut off mid-way and retried', () => {
  it(
    titleNeeding('finishes on the retry without a second document, reporting what the first attempt made', PDFS),
    async () => {
      const key = await ctx.server.key('reintento@example.org');
      const res = await ctx.server.request('/api/v1/importaciones?esperar=0', {
        method: 'POST',
        body: importForm({ name: 'reintento.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
        headers: auth(key),
      });
      expect(res.status).toBe(202);
      const { id } = await res.json();
      const { deps } = ctx.server.runtime;
      const documents = async () =>
        (await (await ctx.server.request('/api/v1/documentos?limite=200', { headers: auth(key) })).json()).total;

      // The first attempt is cut off after its first item, as a worker stopping or killed would leave it.
      const cut = new AbortController();
      cut.abort(new Error('worker stopped'));
      await expect(runImportJob(deps, id, { retryCount: 0, retryLimit: 3, signal: cut.signal })).rejects.toThrow(
        'worker stopped',
      );
      const midway = (await findImportJobForWorker(deps.db, id))!;
      expect(midway.estado).toBe('procesando');
      expect(midway.archivo_blob).not.toBeNull();
      const madeFirst = (await importJobItems(deps.db, id)).filter((i) => i.resultado === 'nuevo');
      expect(madeFirst).toHaveLength(1);
      expect(await documents()).toBe(1);

      // The queue's retry: the same job, attempt 2.
      await runImportJob(deps, id, { retryCount: 1, retryLimit: 3, signal: new AbortController().signal });
      const done = await (await ctx.server.request(`/api/v1/importaciones/${id}`, { headers: auth(key) })).json();
      expect(done.estado).toBe('listo');
      // The item the first attempt made is reported as new, not as imported before.
      expect(done.informe.resumen).toEqual({
        nuevo: 3,
        ya_estaba: 0,
        referencia: 3,
        archivo_nuevo: 0,
        sin_cambios: 0,
        omitido: 0,
      });
      expect(done.elementos.find((e: { clave: string }) => e.clave === madeFirst[0]!.clave)).toMatchObject({
        resultado: 'nuevo',
        documento: madeFirst[0]!.documento,
      });
      expect(await documents()).toBe(6);
      expect((await findImportJobForWorker(deps.db, id))!.archivo_blob).toBeNull();

      // A late attempt of a finished job does nothing.
      await runImportJob(deps, id, { retryCount: 2, retryLimit: 3, signal: new AbortController().signal });
      expect(await documents()).toBe(6);
    },
  );

  it('a kill before the progress was written: the retry reports what the first attempt made as new', async () => {
    const key = await ctx.server.key('perdido@example.org');
    const res = await ctx.server.request('/api/v1/importaciones?esperar=0', {
      method: 'POST',
      body: importForm({ name: 'perdido.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
      headers: auth(key),
    });
    const { id } = await res.json();
    const { deps } = ctx.server.runtime;
    const cut = new AbortController();
    cut.abort(new Error('worker killed'));
    await expect(runImportJob(deps, id, { retryCount: 0, retryLimit: 3, signal: cut.signal })).rejects.toThrow();
    // A SIGKILL leaves no time to write what was buffered: as if the first item had never been written.
    await deps.db.query('DELETE FROM import_job_items WHERE job_id = $1', [id]);
    await runImportJob(deps, id, { retryCount: 1, retryLimit: 3, signal: new AbortController().signal });
    const done = await (await ctx.server.request(`/api/v1/importaciones/${id}`, { headers: auth(key) })).json();
    expect(done.informe.resumen).toEqual({
      nuevo: 3,
      ya_estaba: 0,
      referencia: 3,
      archivo_nuevo: 0,
      sin_cambios: 0,
      omitido: 0,
    });
  });

  it('an attempt past the last retry ends the job in error with a message, keeping nothing of the upload', async () => {
    const key = await ctx.server.key('ultimo@example.org');
    const res = await ctx.server.request('/api/v1/importaciones?esperar=0', {
      method: 'POST',
      body: importForm({ name: 'ultimo.bib', data: '@misc{u, title={Último}}' }),
      headers: auth(key),
    });
    const { id } = await res.json();
    const cut = new AbortController();
    cut.abort(new Error('worker stopped'));
    const { deps } = ctx.server.runtime;
    await runImportJob(deps, id, { retryCount: 3, retryLimit: 3, signal: cut.signal });
    const row = (await findImportJobForWorker(deps.db, id))!;
    expect(row).toMatchObject({ estado: 'error', archivo_blob: null });
    expect(row.error).toMatch(/Vuelve a intentarlo/);
  });
});
