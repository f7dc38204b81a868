import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRegistry, type TestRegistry } from '../ingest/testing/registry-server';
import { auth, useTestStore } from '../testing/harness';
import { pollUntil } from '../testing/poll-until';

/**
 * Once a document is ready, the record of its DOI (or ISBN) is asked of a registry speaking doi.org's
 * content negotiation and Open Library's Books API (a local one here): it replaces the guesses, never
 * the user's own values, and a registry that fails or is slow changes nothing and delays nothing.
 */
const DOI = '10.1145/1542476.1542528';
const WORK = {
  type: 'paper-conference',
  DOI,
  title: 'Trace-based just-in-time type specialization for dynamic languages',
  'container-title': 'Proceedings of the 30th ACM SIGPLAN Conference on Programming Language Design and Implementation',
  publisher: 'ACM',
  page: '465-478',
  issued: { 'date-parts': [[2009, 6, 15]] },
  author: [
    { given: 'Andreas', family: 'Gal' },
    { given: 'Brendan', family: 'Eich' },
  ],
};

/** A page as the extension captures it, whose tags carry a poor title, a wrong year and the DOI. */
const page = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title>
<meta name="citation_title" content="${title}"><meta name="citation_doi" content="${DOI}">
<meta name="citation_date" content="2015"></head><body><article><h1>${title}</h1>
<p>Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.</p>
<p>We present a trace-based compilation technique for dynamic languages.</p></article></body></html>`;

// A registry of the test's own answers the look-ups; the server is started once it is up.
let registry: TestRegistry;
beforeAll(async () => {
  registry = await startTestRegistry();
  registry.works.set(DOI, WORK);
});
afterAll(async () => registry?.close());
const fx = useTestStore({
  server: () => ({ metadataLookup: { doiResolver: registry.url, isbnResolver: registry.url, timeoutMs: 1000 } }),
});
let key: string;

async function upload(html: string, query: Record<string, string> = {}) {
  const res = await fx.server.request(
    `/api/v1/documentos?${new URLSearchParams({ nombre: 'tm.html', url: 'https://example.org/tm', ...query })}`,
    { method: 'POST', body: html, headers: auth(key, { 'Content-Type': 'text/html' }) },
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; titulo: string; estado: string };
}

async function get(id: string) {
  return (await (await fx.server.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json()) as Record<
    string,
    unknown
  >;
}

/** The document once `done` holds, or as it is after `ms`. */
const waitFor = (id: string, done: (d: Record<string, unknown>) => boolean, ms = 15_000) =>
  pollUntil(() => get(id), done, ms);

beforeAll(async () => {
  key = await fx.server.key('registro@example.org');
});

describe('registry look-up after a document is read', () => {
  it("replaces the page's guesses with the DOI's record, in the document, its reference and its search key", async () => {
    const doc = await upload(page('pdfjs tracemonkey'));
    expect(doc).toMatchObject({ estado: 'listo', titulo: 'pdfjs tracemonkey' });
    const after = await waitFor(doc.id, (d) => d.titulo !== 'pdfjs tracemonkey');
    expect(after).toMatchObject({
      titulo: WORK.title,
      autores: ['Gal, Andreas', 'Eich, Brendan'],
      anio: 2009,
      detalles_bibliograficos: expect.objectContaining({ contenedor: WORK['container-title'], paginas: '465-478' }),
    });
    const registro = { origen: 'registro', confianza: 0.95 };
    expect(after.origen_metadatos).toMatchObject({
      titulo: registro,
      autores: registro,
      anio: registro,
      doi: registro,
    });
    expect(after.referencia).toContain(
      'Gal, A. y Eich, B. (2009). Trace-based just-in-time type specialization for dynamic languages. Proceedings of the 30th ACM',
    );
    const found = await fx.server.request('/api/v1/documentos?q=specialization', { headers: auth(key) });
    expect(((await found.json()) as { documentos: { id: string }[] }).documentos.map((d) => d.id)).toContain(doc.id);
    expect(registry.requests.some((r) => r.path === `/${DOI}`)).toBe(true);
    const health = (await (await fx.server.request('/health')).json()) as { motores: { registros: string } };
    expect(health.motores.registros).toBe(
      `DOI en ${registry.url}, ISBN en ${registry.url} (al terminar de leer cada documento; FOLIO_METADATA_LOOKUP=0 lo desactiva)`,
    );
  });

  it('never overrides what the user gave, and keeps the record across a correction of another field', async () => {
    const doc = await upload(page('Otra captura'), {
      titulo: 'Mi título',
      nombre: 'otra.html',
      url: 'https://example.org/b',
    });
    const after = await waitFor(doc.id, (d) => d.anio === 2009);
    expect(after).toMatchObject({ titulo: 'Mi título', autores: ['Gal, Andreas', 'Eich, Brendan'], anio: 2009 });
    const res = await fx.server.request(`/api/v1/documentos/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ anio: 2010 }),
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });
    expect(res.status).toBe(200);
    expect(await get(doc.id)).toMatchObject({
      titulo: 'Mi título',
      autores: ['Gal, Andreas', 'Eich, Brendan'],
      anio: 2010,
      origen_metadatos: {
        titulo: { origen: 'usuario', confianza: 1 },
        autores: { origen: 'registro', confianza: 0.95 },
        anio: { origen: 'usuario', confianza: 1 },
      },
    });
  });

  it('a registry that does not answer in time leaves the extracted values, and the document was ready at once', async () => {
    registry.delayMs = 3000;
    const started = Date.now();
    const doc = await upload(page('Tercera captura'), { nombre: 'tercera.html', url: 'https://example.org/c' });
    expect(doc.estado).toBe('listo');
    expect(Date.now() - started).toBeLessThan(2500);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await get(doc.id)).toMatchObject({ titulo: 'Tercera captura', anio: 2015 });
    registry.delayMs = 0;
  });
});
