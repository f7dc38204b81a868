import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateDocument } from '../db/documents.repo';
import { ingestJob } from '../jobs/definitions';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;
let other: string;
let readOnly: string;
let textId: string;
let pdfId: string;

const NITRATOS = 'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019.';

const api = (p: string, init: RequestInit = {}, as = key) =>
  ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(as, (init.headers as Record<string, string>) ?? {}) });

const patch = (id: string, body: unknown, as = key, query = '') =>
  api(
    `/documentos/${id}${query}`,
    {
      method: 'PATCH',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    },
    as,
  );

beforeAll(async () => {
  key = await ctx.server.key('corrige@example.org');
  other = await ctx.server.key('otra@example.org');
  readOnly = await ctx.server.key('lectora@example.org', ['lectura']);
  const up = await api('/documentos?nombre=cenotes.md&titulo=Cenotes&autores=Equivocado,%20Autor&anio=2000', {
    method: 'POST',
    body: `# Calidad del agua\n\n${NITRATOS}`,
    headers: { 'Content-Type': 'text/plain' },
  });
  expect(up.status).toBe(201);
  textId = (await up.json()).id;
  const pdf = await readFile(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
  const upPdf = await api('/documentos?nombre=muestra.pdf', { method: 'POST', body: pdf });
  expect(upPdf.status).toBe(201);
  pdfId = (await upPdf.json()).id;
}, 120_000);

describe('PATCH /documentos/{id} (corregir)', () => {
  it('corrects title, authors and year, and answers the updated Documento with its new referencia', async () => {
    const res = await patch(textId, {
      titulo: 'Nitratos en los cenotes de Yucatán',
      autores: ['Pérez Canul, Lucía', 'Smith, John'],
      anio: 2021,
    });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toMatchObject({
      id: textId,
      titulo: 'Nitratos en los cenotes de Yucatán',
      autores: ['Pérez Canul, Lucía', 'Smith, John'],
      anio: 2021,
      estado: 'listo',
    });
    expect(doc.referencia).toBe('Pérez Canul, L. y Smith, J. (2021). Nitratos en los cenotes de Yucatán.');

    const got = await (await api(`/documentos/${textId}`)).json();
    expect(got).toMatchObject({ titulo: doc.titulo, autores: doc.autores, anio: 2021, referencia: doc.referencia });
  });

  it('shows the corrected values in the list (surnames only) and in q, at once', async () => {
    const lista = await (await api('/documentos?q=smith')).json();
    expect(lista.total).toBe(1);
    expect(lista.documentos[0]).toMatchObject({ id: textId, autores: ['Pérez Canul', 'Smith'], anio: 2021 });
    expect((await (await api('/documentos?q=nitratos%20en%20los')).json()).total).toBe(1);
    // The old values no longer match.
    expect((await (await api('/documentos?q=equivocado')).json()).total).toBe(0);
    const md = await (await api('/documentos?q=smith&formato=markdown')).text();
    expect(md).toContain('- **Nitratos en los cenotes de Yucatán** — Pérez Canul; Smith (2021)');
  });

  it("puts the corrected authors and year in /buscar's cita and in /citar's references", async () => {
    const found = await (await api(`/buscar?q=${encodeURIComponent('nitratos cenotes Homún')}`)).json();
    const pasaje = found.pasajes.find((p: { documento: { id: string } }) => p.documento.id === textId);
    expect(pasaje.cita).toBe('(Pérez Canul y Smith, 2021, Calidad del agua, párr. 1)');
    expect(pasaje.documento).toMatchObject({ titulo: 'Nitratos en los cenotes de Yucatán', anio: 2021 });
    // The new title is a field of its passages: a word only it holds finds them, the stored text still counts.
    const byTitle = await (await api(`/buscar?q=${encodeURIComponent('Yucatán')}`)).json();
    expect(byTitle.pasajes.map((p: { documento: { id: string } }) => p.documento.id)).toContain(textId);
    expect(byTitle.pasajes.find((p: { documento: { id: string } }) => p.documento.id === textId).texto).toContain(
      'Homún',
    );

    const cited = await (
      await api('/citar', {
        method: 'POST',
        body: JSON.stringify({ texto: NITRATOS, documentos: [textId] }),
        headers: { 'Content-Type': 'application/json' },
      })
    ).json();
    expect(cited.citas[0].cita).toBe('(Pérez Canul y Smith, 2021, Calidad del agua, párr. 1)');
    expect(cited.bibliografia).toEqual(['Pérez Canul, L. y Smith, J. (2021). Nitratos en los cenotes de Yucatán.']);
  });

  it("gives /preguntar's sources the corrected cita", async () => {
    const res = await api('/preguntar', {
      method: 'POST',
      body: JSON.stringify({ pregunta: '¿Cuántos nitratos había en los cenotes de Homún?', documentos: [textId] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.fuentes.length).toBeGreaterThan(0);
    for (const fuente of answer.fuentes) {
      expect(fuente.cita).toBe('(Pérez Canul y Smith, 2021, Calidad del agua, párr. 1)');
      expect(fuente.documento.titulo).toBe('Nitratos en los cenotes de Yucatán');
    }
  });

  it('gives the MCP search tool the corrected cita', async () => {
    const client = new Client({ name: 'folio-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('http://folio.test/mcp'), {
      requestInit: { headers: auth(key) },
      fetch: (url, init) => {
        const u = new URL(url);
        return ctx.server.request(u.pathname + u.search, init) as unknown as Promise<Response>;
      },
    });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'search',
        arguments: { q: 'nitratos cenotes Homún', documentos: [textId] },
      })) as { structuredContent?: { pasajes: { cita: string }[] } };
      expect(result.structuredContent?.pasajes[0]?.cita).toBe('(Pérez Canul y Smith, 2021, Calidad del agua, párr. 1)');
    } finally {
      await client.close();
    }
  });

  it('takes the CSL fields, returns them in detalles_bibliograficos and uses them in the referencia', async () => {
    const res = await patch(textId, {
      tipo_obra: 'article-journal',
      contenedor: 'Revista Mexicana de Hidrología',
      volumen: '12',
      numero: '3',
      paginas: '45-67',
      doi: '10.1234/rmh.2021.45',
      idioma: 'es',
    });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.detalles_bibliograficos).toEqual({
      tipo_obra: 'article-journal',
      contenedor: 'Revista Mexicana de Hidrología',
      volumen: '12',
      numero: '3',
      paginas: '45-67',
      doi: '10.1234/rmh.2021.45',
    });
    expect(doc.idioma).toBe('es');
    expect(doc.referencia).toBe(
      'Pérez Canul, L. y Smith, J. (2021). Nitratos en los cenotes de Yucatán. Revista Mexicana de Hidrología, ' +
        '12(3), 45-67. https://doi.org/10.1234/rmh.2021.45',
    );
    // null clears a field; the rest stay.
    const cleared = await (await patch(textId, { numero: null })).json();
    expect(cleared.detalles_bibliograficos.numero).toBeUndefined();
    expect(cleared.detalles_bibliograficos.volumen).toBe('12');
    expect(cleared.referencia).toContain('Revista Mexicana de Hidrología, 12, 45-67.');
    await patch(textId, { numero: '3' });
  });

  it('answers the card in Markdown with formato=markdown', async () => {
    const res = await patch(textId, { edicion: '2' }, key, '?formato=markdown');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md).toContain('# Nitratos en los cenotes de Yucatán');
    expect(md).toContain('- Autores: Pérez Canul, Lucía; Smith, John');
    expect(md).toContain('- Año: 2021');
    expect(md).toContain('- Publicado en: Revista Mexicana de Hidrología');
    expect(md).toContain('- DOI: 10.1234/rmh.2021.45');
    expect(md).toContain('Pérez Canul, L. y Smith, J. (2021). Nitratos en los cenotes de Yucatán.');
    expect(await (await api(`/documentos/${textId}?formato=markdown`)).text()).toBe(md);
  });

  it("answers 404 for another user's document and changes nothing; 403 without escritura", async () => {
    const before = await (await api(`/documentos/${textId}`)).json();
    const res = await patch(textId, { titulo: 'Robado' }, other);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ codigo: 'no_encontrado', estado: 404 });
    expect((await patch('noexiste0000', { titulo: 'X' })).status).toBe(404);
    const denied = await patch(textId, { titulo: 'Robado' }, readOnly);
    expect(denied.status).toBe(403);
    expect(await (await api(`/documentos/${textId}`)).json()).toEqual(before);
  });

  it('refuses invalid bodies with 400 peticion_invalida naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'cuerpo'],
      [{ titulo: 'Bien', editor: 'X' }, 'editor'],
      [{ titulo: '   ' }, 'titulo'],
      [{ autores: 'Eco, Umberto' }, 'autores'],
      [{ autores: ['Eco, Umberto; Kahneman, Daniel'] }, 'autores.0'],
      [{ anio: 1999.5 }, 'anio'],
      [{ anio: '1999' }, 'anio'],
      [{ anio: 5000 }, 'anio'],
      [{ doi: 'https://doi.org/10.1234/x' }, 'doi'],
      [{ doi: '11.1/x' }, 'doi'],
      [{ isbn: '978-0-306-40615-8' }, 'isbn'],
      [{ url: 'ftp://example.org/a' }, 'url'],
      [{ url: 'no es una url' }, 'url'],
      [{ tipo_obra: 'novela' }, 'tipo_obra'],
      [{ idioma: 'español' }, 'idioma'],
      [{ titulo: null }, 'titulo'],
    ];
    for (const [body, campo] of cases) {
      const res = await patch(textId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error, JSON.stringify(body)).toMatchObject({ codigo: 'peticion_invalida', estado: 400 });
      expect(error.detalles.campo, JSON.stringify(body)).toBe(campo);
      expect(error.mensaje).toContain(`'${campo}'`);
      expect(error.message).toContain(`'${campo}'`);
    }
    const doi = await (await patch(textId, { doi: 'doi:10.1/x' })).json();
    expect(doi.error.mensaje).toBe("El campo 'doi' debe ser un DOI como '10.1234/abc' (sin https://doi.org/).");
    const unknown = await (await patch(textId, { editor: 'X' })).json();
    expect(unknown.error.mensaje).toBe("El campo 'editor' no existe (campos desconocidos: editor).");
    const notJson = await patch(textId, 'titulo=X');
    expect(notJson.status).toBe(400);
    const form = await api(`/documentos/${textId}`, { method: 'PATCH', body: 'titulo=X' });
    expect((await form.json()).error.detalles.campo).toBe('Content-Type');
    // Valid ISBNs (13 and 10 with X) are taken.
    expect((await patch(textId, { isbn: '978-0-306-40615-7' })).status).toBe(200);
    expect((await patch(textId, { isbn: '0-8044-2957-X' })).status).toBe(200);
    expect((await api(`/documentos/${textId}`)).status).toBe(200);
  });

  it("keeps the user's values when the document is read again, a cleared year included", async () => {
    const first = await (await api(`/documentos/${pdfId}`)).json();
    // The file states a year, so a re-read would bring it back if the user's null were not kept.
    expect(first).toMatchObject({ estado: 'listo', anio: 2021 });
    const res = await patch(pdfId, {
      titulo: 'Cuaderno corregido',
      autores: ['Canul Pérez, Lucía'],
      anio: null,
      editorial: 'Ediciones del Sureste',
      lugar: 'Mérida',
      tipo_obra: 'book',
    });
    expect(res.status).toBe(200);
    const corrected = await res.json();
    expect(corrected.anio).toBeUndefined();
    expect(corrected.referencia).toBe('Canul Pérez, L. (s.\u00a0f.). Cuaderno corregido. Ediciones del Sureste.');

    const { deps } = ctx.server.runtime;
    await updateDocument(deps.db, pdfId, { estado: 'en_cola', fase: 'en_cola', progreso: 0 });
    await deps.queue.send(ingestJob(deps.config), { documentId: pdfId }, pdfId);
    const reread = await (await api(`/documentos/${pdfId}?esperar=60`)).json();
    expect(reread.estado).toBe('listo');
    expect(reread).toMatchObject({
      titulo: 'Cuaderno corregido',
      autores: ['Canul Pérez, Lucía'],
      unidades: first.unidades,
      detalles_bibliograficos: { editorial: 'Ediciones del Sureste', lugar: 'Mérida', tipo_obra: 'book' },
    });
    expect(reread.anio).toBeUndefined();
    expect(reread.referencia).toBe(corrected.referencia);
    // The corrected title is searchable (its BM25 postings were rewritten), the list's q too.
    expect((await (await api('/documentos?q=cuaderno%20corregido')).json()).total).toBe(1);
  }, 120_000);
});
