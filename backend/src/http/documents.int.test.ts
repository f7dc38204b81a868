import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../test/fixtures/sample-pdf';
import { auth, type Body, type TestServer, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('ana@example.org');
});

const pdf = (marker: string) =>
  buildSamplePdf({ ...MUESTRA, pages: [...MUESTRA.pages.map((p) => [...p]), [`Apéndice ${marker}`]] });

async function upload(body: Body, query = '', headers: Record<string, string> = {}) {
  return ctx.server.request(`/api/v1/documentos${query}`, { method: 'POST', body, headers: auth(key, headers) });
}

describe('POST /documentos (subir)', () => {
  it('reads a raw PDF body and answers 201 with a ready document', async () => {
    const res = await upload(pdf('raw'), '?nombre=cuaderno.pdf', { 'Content-Type': 'application/pdf' });
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({
      estado: 'listo',
      tipo: 'pdf',
      unidades: 8,
      titulo: 'Cuaderno de campo del acuífero de Yucatán',
      autores: ['Pérez Canul, Lucía'],
      anio: 2021,
    });
    expect(doc.id).toMatch(/^[0-9a-z]{12}$/);
    expect(doc.referencia).toContain('Pérez Canul, L. (2021)');
    expect(doc.enlace).toBe(`http://folio.test/leer/${doc.id}`);
    expect(doc.texto_url).toBe(`http://folio.test/api/v1/documentos/${doc.id}/texto`);
    expect(doc.progreso_url).toBeUndefined();
    expect(doc.duplicado).toBeUndefined();
  });

  it('takes multipart uploads with titulo, autores and anio that override the file', async () => {
    const form = new FormData();
    form.append('archivo', new Blob([pdf('multipart')], { type: 'application/pdf' }), 'campo.pdf');
    form.append('titulo', 'Título elegido');
    form.append('autores', 'Eco, Umberto; Kahneman, Daniel');
    form.append('anio', '1999');
    const res = await upload(form);
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ titulo: 'Título elegido', autores: ['Eco, Umberto', 'Kahneman, Daniel'], anio: 1999 });
  });

  it('takes metadata from the query on raw uploads', async () => {
    const res = await upload(
      'Una línea de texto.\n\nOtro párrafo.',
      '?nombre=nota.txt&titulo=Nota&autores=Borges,%20Jorge%20Luis&anio=1944',
      {
        'Content-Type': 'text/plain',
      },
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      titulo: 'Nota',
      autores: ['Borges, Jorge Luis'],
      anio: 1944,
      tipo: 'documento',
    });
  });

  it('answers 200 with duplicado for the same bytes, and keeps one document', async () => {
    const bytes = pdf('dup');
    const first = await (await upload(bytes)).json();
    const again = await upload(bytes);
    expect(again.status).toBe(200);
    const doc = await again.json();
    expect(doc.id).toBe(first.id);
    expect(doc.duplicado).toBe(true);
  });

  it('returns the same resource for a repeated Idempotency-Key', async () => {
    const k = 'capture-42';
    const first = await upload('primer texto', '?nombre=a.txt', { 'Idempotency-Key': k, 'Content-Type': 'text/plain' });
    expect(first.status).toBe(201);
    const second = await upload('primer texto', '?nombre=a.txt', {
      'Idempotency-Key': k,
      'Content-Type': 'text/plain',
    });
    expect(second.status).toBe(200);
    expect((await second.json()).id).toBe((await first.json()).id);
    // The same key with another request is the caller's mistake, not a retry (idempotency.int.test.ts).
    const different = await upload('otro texto distinto', '?nombre=b.txt', {
      'Idempotency-Key': k,
      'Content-Type': 'text/plain',
    });
    expect(different.status).toBe(409);
    const tooLong = await upload('x', '', { 'Idempotency-Key': 'k'.repeat(256) });
    expect(tooLong.status).toBe(400);
  });

  it('answers 202 with progreso_url at once with esperar=0 or Prefer: respond-async', async () => {
    for (const [q, h] of [
      ['?esperar=0', {}],
      ['', { Prefer: 'respond-async' }],
    ] as const) {
      const res = await upload(pdf(`async${q}`), q, h);
      expect(res.status).toBe(202);
      const doc = await res.json();
      expect(['en_cola', 'procesando']).toContain(doc.estado);
      expect(doc.progreso_url).toBe(`http://folio.test/api/v1/documentos/${doc.id}`);
      expect(doc.progreso).toBeGreaterThanOrEqual(0);
      expect(typeof doc.fase).toBe('string');
      expect(res.headers.get('location')).toBe(doc.progreso_url);
    }
  });

  it('ends a broken PDF in estado error with a reason, still 201', async () => {
    const res = await upload(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), '?nombre=roto.pdf');
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc.estado).toBe('error');
    expect(doc.error).toMatch(/PDF/);
    const text = await ctx.server.request(`/api/v1/documentos/${doc.id}/texto`, { headers: auth(key) });
    expect(text.status).toBe(409);
  });

  it('ends unreadable bytes in estado error naming the problem, and the ctx.server stays up', async () => {
    const res = await upload(Buffer.from([0x00, 0xff, 0x10, 0x80, 0x00, 0x01, 0xfe, 0x00]), '?nombre=x.bin', {
      'Content-Type': 'application/pdf',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ estado: 'error', error: expect.stringMatching(/tipo de archivo/) });
    expect((await ctx.server.request('/health')).status).toBe(200);
  });

  it('refuses an empty body and a multipart form without archivo', async () => {
    const empty = await upload('', '?nombre=vacio.pdf');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'archivo' } });
    const form = new FormData();
    form.append('titulo', 'sin archivo');
    const res = await upload(form);
    expect(res.status).toBe(400);
    expect((await res.json()).error.mensaje).toMatch(/archivo/);
  });

  it('validates a JSON {url} upload, naming the field', async () => {
    for (const body of [{ url: 'ftp://x' }, { titulo: 'sin url' }, { url: 'https://example.org/a', anio: 'dos mil' }]) {
      const res = await upload(JSON.stringify(body), '', { 'Content-Type': 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.detalles.campo).toBe('anio' in body ? 'anio' : 'url');
    }
  });

  it('rejects invalid query parameters naming the field', async () => {
    const res = await upload('x', '?anio=dosmil');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.detalles.campo).toBe('anio');
    expect(body.error.mensaje).toContain('anio');
    const wait = await upload('x', '?esperar=601');
    expect((await wait.json()).error.detalles.campo).toBe('esperar');
  });
});

describe('GET /documentos/{id} (documento)', () => {
  it('long-polls until the document is ready and wakes on the change, not on a timer', async () => {
    const created = await (await upload(pdf('longpoll'), '?esperar=0')).json();
    const started = Date.now();
    const res = await ctx.server.request(`/api/v1/documentos/${created.id}?esperar=30`, { headers: auth(key) });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect((await res.json()).estado).toBe('listo');
    expect(elapsed).toBeLessThan(15_000);
  });

  it('answers 202 while not finished when not waiting', async () => {
    const created = await (await upload(pdf('poll202'), '?esperar=0')).json();
    const res = await ctx.server.request(`/api/v1/documentos/${created.id}`, { headers: auth(key) });
    // The worker may already be done on a fast machine; either way the shape must follow the state.
    const doc = await res.json();
    if (res.status === 202) expect(doc.progreso_url).toBeDefined();
    else expect(doc.estado).toMatch(/listo|error/);
  });

  it('answers 404 no_encontrado for an unknown id', async () => {
    const res = await ctx.server.request('/api/v1/documentos/nope', { headers: auth(key) });
    expect(res.status).toBe(404);
    expect((await res.json()).error.codigo).toBe('no_encontrado');
  });
});

describe('GET /documentos (listar)', () => {
  let lib: TestServer;
  let k: string;
  beforeAll(async () => {
    lib = ctx.server;
    k = await lib.key('lista@example.org');
    const titles = [
      ['Ecología de cenotes', 'Pérez Canul, Lucía'],
      ['Nitrates in groundwater', 'Smith, John'],
      ['Historia de Yucatán', 'Ancona, Eligio'],
    ];
    for (const [t, a] of titles) {
      const res = await lib.request(
        `/api/v1/documentos?nombre=${encodeURIComponent(t!)}.txt&titulo=${encodeURIComponent(t!)}&autores=${encodeURIComponent(a!)}`,
        { method: 'POST', body: `${t} — texto`, headers: auth(k, { 'Content-Type': 'text/plain' }) },
      );
      expect(res.status).toBe(201);
    }
  });

  it('lists newest first with total and surnames only', async () => {
    const res = await lib.request('/api/v1/documentos', { headers: auth(k) });
    const body = await res.json();
    expect(body.total).toBe(3);
    expect(body.documentos.map((d: { titulo: string }) => d.titulo)).toEqual([
      'Historia de Yucatán',
      'Nitrates in groundwater',
      'Ecología de cenotes',
    ]);
    expect(body.documentos[2].autores).toEqual(['Pérez Canul']);
    expect(body.siguiente).toBeUndefined();
  });

  it('matches q on title or author ignoring accents and case', async () => {
    const byTitle = await (await lib.request('/api/v1/documentos?q=ECOLOGIA', { headers: auth(k) })).json();
    expect(byTitle.documentos.map((d: { titulo: string }) => d.titulo)).toEqual(['Ecología de cenotes']);
    const byAuthor = await (await lib.request('/api/v1/documentos?q=perez%20canul', { headers: auth(k) })).json();
    expect(byAuthor.total).toBe(1);
    const none = await (await lib.request('/api/v1/documentos?q=100%25', { headers: auth(k) })).json();
    expect(none.total).toBe(0);
  });

  it('pages with a cursor that stays stable when documents are added', async () => {
    const first = await (await lib.request('/api/v1/documentos?limite=2', { headers: auth(k) })).json();
    expect(first.documentos).toHaveLength(2);
    expect(first.siguiente).toBeTruthy();
    await lib.request('/api/v1/documentos?nombre=nuevo.txt', {
      method: 'POST',
      body: 'documento nuevo',
      headers: auth(k, { 'Content-Type': 'text/plain' }),
    });
    const second = await (
      await lib.request(`/api/v1/documentos?limite=2&cursor=${first.siguiente}`, { headers: auth(k) })
    ).json();
    expect(second.documentos.map((d: { titulo: string }) => d.titulo)).toEqual(['Ecología de cenotes']);
    expect(second.total).toBe(4);
    const bad = await lib.request('/api/v1/documentos?cursor=garbage', { headers: auth(k) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.detalles.campo).toBe('cursor');
  });

  it('filters by estado and validates limite', async () => {
    const ready = await (await lib.request('/api/v1/documentos?estado=listo', { headers: auth(k) })).json();
    expect(ready.total).toBe(4);
    const errors = await (await lib.request('/api/v1/documentos?estado=error', { headers: auth(k) })).json();
    expect(errors.total).toBe(0);
    expect((await lib.request('/api/v1/documentos?limite=201', { headers: auth(k) })).status).toBe(400);
    expect((await lib.request('/api/v1/documentos?estado=roto', { headers: auth(k) })).status).toBe(400);
  });

  it('answers Markdown with formato=markdown or Accept: text/markdown', async () => {
    for (const init of [
      { q: '?formato=markdown', h: {} as Record<string, string> },
      { q: '', h: { Accept: 'text/markdown' } },
    ]) {
      const res = await lib.request(`/api/v1/documentos${init.q}`, { headers: auth(k, init.h) });
      expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
      const md = await res.text();
      expect(md).toMatch(/^# Biblioteca \(4 documentos\)/);
      expect(md).toContain('**Ecología de cenotes**');
    }
  });
});

describe('GET /documentos/{id}/texto (texto)', () => {
  let id: string;
  beforeAll(async () => {
    id = (await (await upload(pdf('texto'))).json()).id;
  });
  const read = (q: string, h: Record<string, string> = {}) =>
    ctx.server.request(`/api/v1/documentos/${id}/texto${q}`, { headers: auth(key, h) });

  it('reads from a printed roman folio through the page labels', async () => {
    const res = await read('?desde=iii&hasta=1');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.documento).toMatchObject({ id, tipo: 'pdf', titulo: 'Cuaderno de campo del acuífero de Yucatán' });
    expect(body.unidades.map((u: { posicion: number }) => u.posicion)).toEqual([3, 4, 5]);
    expect(body.unidades[0]).toMatchObject({
      localizador: 'p. iii',
      cita: '(Pérez Canul, 2021, p. iii)',
      enlace: `http://folio.test/leer/${id}?pagina=3`,
    });
    expect(body.unidades[0].texto).toContain('Prólogo');
    expect(body.unidades[2].localizador).toBe('p. 1');
    expect(body.siguiente).toBeUndefined();
  });

  it('accepts upper-case roman, arabic folios and [n] positions', async () => {
    expect((await (await read('?desde=III&hasta=iii')).json()).unidades[0].posicion).toBe(3);
    const arabic = await (await read('?desde=2&hasta=2')).json();
    expect(arabic.unidades.map((u: { posicion: number }) => u.posicion)).toEqual([6]);
    const physical = await (await read('?desde=[6]&hasta=[7]')).json();
    expect(physical.unidades.map((u: { localizador: string }) => u.localizador)).toEqual(['p. 2', 'p. 3']);
  });

  it('pages with limite and siguiente', async () => {
    const first = await (await read('?limite=3')).json();
    expect(first.unidades).toHaveLength(3);
    expect(first.siguiente).toBe('[4]');
    const next = await (await read(`?desde=${encodeURIComponent(first.siguiente)}&limite=100`)).json();
    expect(next.unidades[0].posicion).toBe(4);
    expect(next.unidades).toHaveLength(5);
    expect(next.siguiente).toBeUndefined();
  });

  it('rejects folios that do not exist, reversed ranges and a bad limite, naming the field', async () => {
    for (const [q, campo] of [
      ['?desde=xl', 'desde'],
      ['?desde=[99]', 'desde'],
      ['?desde=3&hasta=iii', 'hasta'],
      ['?limite=101', 'limite'],
      ['?desde=A-3', 'desde'],
    ]) {
      const res = await read(q!);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.detalles.campo, q).toBe(campo);
    }
  });

  it('answers Markdown with units headed by their locator', async () => {
    const md = await (await read('?desde=iii&hasta=iii&formato=markdown')).text();
    expect(md).toContain('# Cuaderno de campo del acuífero de Yucatán');
    expect(md).toContain('## p. iii');
    expect(md).toContain('(Pérez Canul, 2021, p. iii)');
  });

  it('answers the document card in Markdown', async () => {
    const res = await ctx.server.request(`/api/v1/documentos/${id}`, {
      headers: auth(key, { Accept: 'text/markdown' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await res.text()).toMatch(/^# Cuaderno de campo del acuífero de Yucatán/);
  });
});

describe('DELETE /documentos/{id} (borrar)', () => {
  it('removes the document, its text and its file', async () => {
    const doc = await (await upload(pdf('borrar'))).json();
    const res = await ctx.server.request(`/api/v1/documentos/${doc.id}`, { method: 'DELETE', headers: auth(key) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: doc.id, borrado: true });
    expect((await ctx.server.request(`/api/v1/documentos/${doc.id}`, { headers: auth(key) })).status).toBe(404);
    const db = ctx.server.runtime.deps.db;
    expect(await db.query('SELECT 1 FROM units WHERE document_id = $1', [doc.id])).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM passages WHERE document_id = $1', [doc.id])).toHaveLength(0);
    await expect(ctx.server.runtime.deps.blobs.localPath(doc.id)).rejects.toThrow();
    const again = await ctx.server.request(`/api/v1/documentos/${doc.id}`, { method: 'DELETE', headers: auth(key) });
    expect(again.status).toBe(404);
  });

  it('cancels the queued job of a document deleted before it was read', async () => {
    const doc = await (await upload(pdf('borrar-en-cola'), '?esperar=0')).json();
    const res = await ctx.server.request(`/api/v1/documentos/${doc.id}`, { method: 'DELETE', headers: auth(key) });
    expect(res.status).toBe(200);
    // Give a worker time to pick the job up had it survived; nothing may resurrect the document.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await ctx.server.request(`/api/v1/documentos/${doc.id}`, { headers: auth(key) })).status).toBe(404);
  });
});
