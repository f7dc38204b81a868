import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIANZA_ORIGEN, type Documento } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateDocument } from '../db/documents.repo';
import { ingestJob } from '../jobs/definitions';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;

const api = (p: string, init: RequestInit = {}) =>
  ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(key, (init.headers as Record<string, string>) ?? {}) });

/** Uploads a file and answers the Documento once it is read. */
async function uploadReady(
  query: string,
  body: RequestInit['body'],
  type = 'application/octet-stream',
): Promise<Documento> {
  const up = await api(`/documentos?${query}`, { method: 'POST', body, headers: { 'Content-Type': type } });
  expect(up.status).toBe(201);
  const { id } = (await up.json()) as Documento;
  const doc = (await (await api(`/documentos/${id}?esperar=60`)).json()) as Documento;
  expect(doc.estado).toBe('listo');
  return doc;
}

beforeAll(async () => {
  key = await ctx.server.key('origenes@example.org');
});

describe('origen_metadatos', () => {
  it("tells where a PDF's fields came from, then a correction makes the title the user's", async () => {
    const pdf = await readFile(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
    const doc = await uploadReady('nombre=muestra.pdf', pdf);
    const origins = doc.origen_metadatos!;
    // The file's own origins as its reader told them (muestra.pdf has only an info dictionary and a
    // creation date), never the file name; each with its origin's confidence.
    expect(origins).toEqual({
      titulo: { origen: 'info', confianza: 0.5 },
      autores: { origen: 'info', confianza: 0.5 },
      anio: { origen: 'fecha_creacion', confianza: 0.3 },
      idioma: { origen: 'texto', confianza: 0.7 },
    });
    for (const field of Object.values(origins)) expect(field.confianza).toBe(CONFIANZA_ORIGEN[field.origen]);

    const res = await api(`/documentos/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ titulo: 'Cuaderno corregido', anio: null, tipo_obra: 'report' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const corrected = (await res.json()) as Documento;
    expect(corrected.origen_metadatos).toMatchObject({
      titulo: { origen: 'usuario', confianza: 1 },
      autores: origins.autores,
      tipo_obra: { origen: 'usuario', confianza: 1 },
    });
    // A cleared field has no value, so no origin.
    expect(corrected.origen_metadatos?.anio).toBeUndefined();
    const again = (await (await api(`/documentos/${doc.id}`)).json()) as Documento;
    expect(again.origen_metadatos).toEqual(corrected.origen_metadatos);

    // Read again: the user's title stays the user's, the rest comes from the file as before.
    const { deps } = ctx.server.runtime;
    await updateDocument(deps.db, doc.id, { estado: 'en_cola', fase: 'en_cola', progreso: 0 });
    await deps.queue.send(ingestJob(deps.config), { documentId: doc.id }, doc.id);
    const reread = (await (await api(`/documentos/${doc.id}?esperar=60`)).json()) as Documento;
    expect(reread.estado).toBe('listo');
    expect(reread.origen_metadatos).toEqual(corrected.origen_metadatos);
  }, 120_000);

  it("tells a captured page's tags as the page's", async () => {
    const html = `<!doctype html><html lang="es"><head><title>Cenotes de Yucatán</title>
<meta name="citation_title" content="Cenotes de Yucatán"><meta name="citation_author" content="Chan, Luis">
<meta name="citation_date" content="2019"><meta property="og:site_name" content="Diario del Agua"></head><body><article><h1>Cenotes de Yucatán</h1>
<p>El anillo de cenotes rodea el cráter de Chicxulub y guarda agua dulce sobre agua salada.</p>
<p>Las mediciones de nitratos se repitieron durante la temporada de lluvias de cada año.</p></article></body></html>`;
    const doc = await uploadReady('nombre=cenotes.html&url=https://example.org/cenotes', html, 'text/html');
    expect(doc.titulo).toBe('Cenotes de Yucatán');
    const pagina = { origen: 'pagina_web', confianza: 0.85 };
    expect(doc.origen_metadatos).toMatchObject({ titulo: pagina, autores: pagina, anio: pagina });
    // The site is the page's container in its APA reference.
    expect(doc.detalles_bibliograficos?.contenedor).toBe('Diario del Agua');
    expect(doc.referencia).toBe('Chan, L. (2019). Cenotes de Yucatán. Diario del Agua. https://example.org/cenotes');
  });

  it('says a title taken from the file name is only that', async () => {
    const text = `${'Mediciones de nitratos en los cenotes del anillo, campaña de lluvias '.repeat(3)}\n\nMás texto.`;
    const doc = await uploadReady('nombre=informe_de_campo.txt', text, 'text/plain');
    expect(doc.titulo).toBe('informe de campo');
    expect(doc.origen_metadatos?.titulo).toEqual({ origen: 'nombre_archivo', confianza: 0.2 });
    expect(doc.origen_metadatos?.autores).toBeUndefined();
  });

  it("keeps the user's values given at upload as the user's", async () => {
    const doc = await uploadReady(
      'nombre=notas.md&titulo=Notas%20del%20cenote&autores=Chan,%20Luis&anio=2020',
      '# Otro título\n\nEl agua del cenote es dulce.',
      'text/markdown',
    );
    expect(doc.titulo).toBe('Notas del cenote');
    expect(doc.origen_metadatos).toMatchObject({
      titulo: { origen: 'usuario', confianza: 1 },
      autores: { origen: 'usuario', confianza: 1 },
      anio: { origen: 'usuario', confianza: 1 },
    });
  });
});
