import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../../test/fixtures/sample-pdf';
import { findDocumentForJob, insertDocument, updateDocument } from '../../db/documents.repo';
import { stillOutdated } from '../../db/rereads.repo';
import { newId } from '../../ids';
import { READER_VERSIONS } from '../../ingest/reader-versions';
import type { JobQueue } from '../../jobs/queue';
import { auth, REPO_ROOT, useTestStore, type Body, type ConfigOverrides } from '../../testing/harness';
import { userIdOf } from '../../testing/insert-documents';
import { readerState, storeOlderReading } from '../../testing/older-reading';
import { ingestHandler } from '../../workers/ingest.worker';
import { startRereadSweep } from './reread-outdated';

// What a PDF reader before issue 29 left: an accent drawn apart, an exponent run into its base.
const OLDER = 'Validaci´on del lector antiguo lectorantiguo: 234 muestras.';

const fx = useTestStore({ server: true });
const keys: Record<'ana' | 'bea', string> = { ana: '', bea: '' };
const ids = { ana: '', bea: '', current: '', notes: '', noOriginal: '' };

/** Restarts on the same store, as an upgraded Folio starts on an existing library. */
const restart = (overrides: ConfigOverrides = {}, workers = true) => fx.restart(overrides, { workers });

const api = (who: keyof typeof keys, p: string, init: RequestInit = {}) =>
  fx.server.request(`/api/v1${p}`, {
    ...init,
    headers: auth(keys[who], (init.headers as Record<string, string>) ?? {}),
  });

async function upload(who: keyof typeof keys, name: string, body: Body): Promise<string> {
  const res = await api(who, `/documentos?nombre=${name}&esperar=60`, { method: 'POST', body });
  expect(res.status).toBe(201);
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc.id;
}

/** The text of a document as its owner reads it. */
async function textOf(who: keyof typeof keys, id: string): Promise<string> {
  const res = await api(who, `/documentos/${id}/texto`);
  expect(res.status).toBe(200);
  return (await res.json()).unidades.map((u: { texto: string }) => u.texto).join('\n');
}

/** The ids of the documents whose passages a user's search for `q` returns. */
async function found(who: keyof typeof keys, q: string): Promise<string[]> {
  const res = await api(who, `/buscar?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return [...new Set((await res.json()).pasajes.map((p: { documento: { id: string } }) => p.documento.id))] as string[];
}

const db = () => fx.server.runtime.deps.db;

const health = async () => (await (await fx.server.request('/health')).json()).cola;

beforeAll(async () => {
  keys.ana = await fx.server.key('ana@example.org');
  keys.bea = await fx.server.key('bea@example.org');
  const muestra = await readFile(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
  ids.ana = await upload('ana', 'muestra.pdf', muestra);
  ids.bea = await upload('bea', 'muestra.pdf', muestra);
  ids.current = await upload('ana', 'otra.pdf', buildSamplePdf({ pages: [['Leída ya por el lector de hoy.']] }));
  ids.notes = await upload('ana', 'notas.md', '# Notas\n\nUn documento de texto, que ningún lector nuevo cambia.');
  // A document whose original is not kept (as a page read from its URL): nothing to read again.
  ids.noOriginal = newId();
  await insertDocument(db(), {
    id: ids.noOriginal,
    userId: await userIdOf(db(), 'ana@example.org'),
    titulo: 'Sin original',
    autores: [],
    tipo: 'pdf',
    userMeta: {},
    searchKey: 'sin original',
  });
  await updateDocument(db(), ids.noOriginal, { estado: 'listo' });
  for (const id of [ids.ana, ids.bea]) await storeOlderReading(db(), id, OLDER);
  await storeOlderReading(db(), ids.noOriginal, OLDER);
}, 120_000);

describe('the start-up sweep of documents read by an older reader', () => {
  it('records the reader version of every reading, and counts what waits for a newer one in /health', async () => {
    expect((await readerState(db(), ids.current))?.reader).toBe(READER_VERSIONS.pdf);
    expect((await readerState(db(), ids.notes))?.reader).toBe(READER_VERSIONS.documento);
    expect(READER_VERSIONS.pdf).toBe(4);
    // Ana's and Bea's PDFs; not the one without its original.
    expect((await health()).relecturas_pendientes).toBe(2);
  });

  it('re-reads them on the next start, in batches, keeping their users and their corrections', async () => {
    const corrected = await api('ana', `/documentos/${ids.ana}`, {
      method: 'PATCH',
      body: JSON.stringify({ titulo: 'Mi cuaderno, corregido' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(corrected.status).toBe(200);
    expect(await found('ana', 'lectorantiguo')).toContain(ids.ana);
    const untouched = {
      current: (await readerState(db(), ids.current))!.updated,
      notes: (await readerState(db(), ids.notes))!.updated,
      noOriginal: await readerState(db(), ids.noOriginal),
    };

    await restart({ rereadBatch: 1 });
    expect(await fx.server.runtime.rereadSweep!.finished).toBe(2);

    for (const [who, id] of [
      ['ana', ids.ana],
      ['bea', ids.bea],
    ] as const) {
      expect(await readerState(db(), id)).toMatchObject({
        reader: READER_VERSIONS.pdf,
        queuedFor: READER_VERSIONS.pdf,
        failedFor: null,
      });
      const doc = await (await api(who, `/documentos/${id}`)).json();
      expect(doc).toMatchObject({ estado: 'listo', unidades: 7 });
      const text = await textOf(who, id);
      expect(text).toContain('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.');
      expect(text).not.toContain('lectorantiguo');
      expect(await found(who, 'lectorantiguo')).not.toContain(id);
    }
    expect((await (await api('ana', `/documentos/${ids.ana}`)).json()).titulo).toBe('Mi cuaderno, corregido');
    expect((await (await api('bea', `/documentos/${ids.bea}`)).json()).titulo).toBe(
      'Cuaderno de campo del acuífero de Yucatán',
    );
    // Each user finds only their own copy, and never reaches the other's.
    expect(await found('ana', 'nitratos Homún')).toEqual([ids.ana]);
    expect(await found('bea', 'nitratos Homún')).toEqual([ids.bea]);
    expect((await api('bea', `/documentos/${ids.ana}`)).status).toBe(404);
    expect((await (await api('ana', '/documentos')).json()).total).toBe(4);
    expect((await (await api('bea', '/documentos')).json()).total).toBe(1);

    // Read by the current reader already, of a kind whose reader did not change, or without an original.
    expect((await readerState(db(), ids.current))!.updated).toEqual(untouched.current);
    expect((await readerState(db(), ids.notes))!.updated).toEqual(untouched.notes);
    expect(await readerState(db(), ids.noOriginal)).toEqual(untouched.noOriginal);
    expect(await found('ana', 'lectorantiguo')).toEqual([ids.noOriginal]);
    expect((await health()).relecturas_pendientes).toBe(0);
  }, 120_000);

  it('queues nothing at a second start', async () => {
    const before = await readerState(db(), ids.ana);
    await restart();
    expect(await fx.server.runtime.rereadSweep!.finished).toBe(0);
    expect(await readerState(db(), ids.ana)).toEqual(before);
  });

  it('keeps a queued document ready and searchable with its earlier reading until the new one replaces it', async () => {
    const id = await upload('bea', 'tercera.pdf', buildSamplePdf({ ...MUESTRA, pages: [...MUESTRA.pages, ['Anexo']] }));
    await storeOlderReading(db(), id, OLDER);
    // An API process with no workers: the sweep's job waits in the queue, as behind a long backlog.
    await restart({}, false);
    expect(fx.server.runtime.rereadSweep).toBeUndefined();
    const sweep = startRereadSweep(fx.server.runtime.deps, 5, 50);
    await expect
      .poll(async () => (await readerState(db(), id))?.queuedFor, { timeout: 10_000 })
      .toBe(READER_VERSIONS.pdf);
    expect(await sweep.stop()).toBe(1);
    const doc = await (await api('bea', `/documentos/${id}`)).json();
    expect(doc).toMatchObject({ estado: 'listo', unidades: 1 });
    expect(doc.fase).toBeUndefined();
    expect(doc.progreso_url).toBeUndefined();
    expect(await found('bea', 'lectorantiguo')).toEqual([id]);

    // The job outlives the restart; the start queues nothing new.
    await restart();
    expect(await fx.server.runtime.rereadSweep!.finished).toBe(0);
    await expect.poll(async () => (await readerState(db(), id))?.reader, { timeout: 60_000 }).toBe(READER_VERSIONS.pdf);
    expect(await found('bea', 'lectorantiguo')).toEqual([]);
    expect((await (await api('bea', `/documentos/${id}`)).json()).unidades).toBe(8);
  }, 120_000);

  it('keeps the earlier reading when the re-read fails for good, and does not queue it again', async () => {
    await storeOlderReading(db(), ids.bea, OLDER);
    const deps = fx.server.runtime.deps;
    const row = await findDocumentForJob(deps.db, ids.bea);
    await deps.blobs.delete(row!.blob_key!); // the original cannot be read now: a failure that is retried
    const attempt = (retryCount: number) =>
      ingestHandler(deps)({
        id: 'j',
        data: { documentId: ids.bea, background: true },
        retryCount,
        retryLimit: 2,
        signal: new AbortController().signal,
      });
    await expect(attempt(0)).rejects.toThrow();
    const meanwhile = await (await api('bea', `/documentos/${ids.bea}`)).json();
    expect(meanwhile).toMatchObject({ estado: 'listo' });
    expect(meanwhile.fase).toBeUndefined();

    await attempt(2);
    const after = await (await api('bea', `/documentos/${ids.bea}`)).json();
    expect(after).toMatchObject({ estado: 'listo', unidades: 1 });
    expect(after.error).toBeUndefined();
    expect(await found('bea', 'lectorantiguo')).toEqual([ids.bea]);
    expect(await readerState(deps.db, ids.bea)).toMatchObject({ reader: null, failedFor: READER_VERSIONS.pdf });
    expect(await stillOutdated(deps.db, READER_VERSIONS, [ids.bea])).toEqual([]);
    expect((await health()).relecturas_pendientes).toBe(0);
    await restart();
    expect(await fx.server.runtime.rereadSweep!.finished).toBe(0);
  }, 60_000);

  it('keeps at most its batch of re-reads queued at once', async () => {
    const more = [];
    for (const n of [1, 2, 3, 4]) {
      more.push(await upload('ana', `lote-${n}.pdf`, buildSamplePdf({ pages: [[`Documento del lote ${n}.`]] })));
    }
    for (const id of more) await storeOlderReading(db(), id, OLDER);
    await restart({ rereadBatch: 0 }); // workers, but no sweep of its own
    expect(fx.server.runtime.rereadSweep).toBeUndefined();
    const deps = fx.server.runtime.deps;
    const sent: string[] = [];
    let mostWaiting = 0;
    const counting: JobQueue = {
      ...deps.queue,
      async send(def, data, key) {
        sent.push(key!);
        // This one and those sent before it that are still waiting to be read.
        mostWaiting = Math.max(mostWaiting, (await stillOutdated(deps.db, READER_VERSIONS, sent)).length);
        return deps.queue.send(def, data, key);
      },
    };
    expect(await startRereadSweep({ ...deps, queue: counting }, 2, 50).finished).toBe(4);
    expect(sent.sort()).toEqual([...more].sort());
    expect(mostWaiting).toBe(2);
    for (const id of more) expect((await readerState(db(), id))?.reader).toBe(READER_VERSIONS.pdf);
  }, 120_000);
});
