import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../test/fixtures/sample-pdf';
import { startTestRegistry, type TestRegistry } from '../ingest/testing/registry-server';
import { auth, useTestStore } from '../testing/harness';
import { pollUntil } from '../testing/poll-until';

/**
 * The kind of work is part of the record in force (`resolveMetadata`): a PDF that prints a DOI is a journal
 * article in GET /documentos/{id} and in every export; a user's correction wins over it; a registry's record
 * of the DOI names the kind instead.
 */
const UNKNOWN_DOI = '10.5555/folio.kind.2024.001';
const KNOWN_DOI = '10.5555/folio.kind.2024.002';
const PROCEEDINGS = {
  type: 'paper-conference',
  DOI: KNOWN_DOI,
  title: 'Índices de nitratos en cenotes: un método',
  'container-title': 'Actas del Congreso de Hidrología',
  publisher: 'AMH',
  page: '12-19',
  issued: { 'date-parts': [[2023]] },
  author: [{ given: 'Lucía', family: 'Pérez Canul' }],
};

const THESIS_DOI = '10.5555/folio.kind.2024.003';
/** A thesis as a repository registers it with DataCite: its level said in Portuguese. */
const THESIS = {
  type: 'thesis',
  DOI: THESIS_DOI,
  title: 'Redes de monitoramento de aquíferos cársticos',
  genre: 'Dissertação (Mestrado)',
  publisher: 'Universidade Federal da Paraíba',
  issued: { 'date-parts': [[2019]] },
  author: [{ given: 'Ana', family: 'Silva' }],
};

// A registry of the test's own answers the look-ups; the server is started once it is up.
let registry: TestRegistry;
beforeAll(async () => {
  registry = await startTestRegistry();
  registry.works.set(KNOWN_DOI, PROCEEDINGS);
  registry.works.set(THESIS_DOI, THESIS);
});
afterAll(async () => registry?.close());
const fx = useTestStore({
  server: () => ({ metadataLookup: { doiResolver: registry.url, isbnResolver: registry.url, timeoutMs: 1000 } }),
});
let key: string;

const api = (p: string, init: RequestInit = {}) =>
  fx.server.request(`/api/v1${p}`, { ...init, headers: auth(key, (init.headers as Record<string, string>) ?? {}) });

/** A one-page article that prints its DOI under the byline. */
function articlePdf(title: string, doi: string): Buffer {
  return buildSamplePdf({
    title,
    pages: [
      [
        title,
        'Lucía Pérez Canul',
        `https://doi.org/${doi}`,
        'Resumen. Se midieron los nitratos de doce cenotes del anillo de Yucatán durante dos años.',
      ],
    ],
  });
}

async function upload(nombre: string, pdf: Buffer) {
  const res = await api(`/documentos?nombre=${nombre}`, {
    method: 'POST',
    body: new Uint8Array(pdf),
    headers: { 'Content-Type': 'application/pdf' },
  });
  expect(res.status).toBe(201);
  const doc = (await res.json()) as { id: string; estado: string };
  expect(doc.estado).toBe('listo');
  return doc.id;
}

async function get(id: string) {
  return (await (await api(`/documentos/${id}`)).json()) as Record<string, unknown> & {
    detalles_bibliograficos?: Record<string, unknown>;
  };
}

const exported = async (id: string, formato: 'bibtex' | 'ris' | 'csljson') =>
  (await api(`/documentos/${id}?formato=${formato}`)).text();

async function correct(id: string, body: Record<string, unknown>) {
  const res = await api(`/documentos/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
}

/** The document once `done` holds, or as it is after `ms`. */
const waitFor = (id: string, done: (d: Awaited<ReturnType<typeof get>>) => boolean, ms = 15_000) =>
  pollUntil(() => get(id), done, ms);

beforeAll(async () => {
  key = await fx.server.key('obras@example.org');
});

describe('the kind of work of an uploaded PDF', () => {
  let id: string;

  it('is a journal article when it prints a DOI, in the document and in every export', async () => {
    id = await upload('nitratos.pdf', articlePdf('Nitratos en los cenotes de Yucatán', UNKNOWN_DOI));
    // The registry does not know this DOI: its look-up changes nothing.
    await waitFor(id, () => registry.requests.some((r) => r.path.includes(UNKNOWN_DOI)));
    const doc = await get(id);
    expect(doc.detalles_bibliograficos).toMatchObject({ tipo_obra: 'article-journal', doi: UNKNOWN_DOI });
    expect(await exported(id, 'bibtex')).toMatch(/^@article\{/);
    expect(await exported(id, 'ris')).toMatch(/^TY {2}- JOUR$/m);
    expect(JSON.parse(await exported(id, 'csljson'))).toMatchObject([{ type: 'article-journal', DOI: UNKNOWN_DOI }]);
  });

  it("gives way to the user's kind, and comes back when they clear it", async () => {
    await correct(id, { tipo_obra: 'report', numero: '7' });
    expect((await get(id)).detalles_bibliograficos).toMatchObject({ tipo_obra: 'report' });
    expect(await exported(id, 'bibtex')).toMatch(/^@techreport\{/);
    await correct(id, { tipo_obra: null });
    expect((await get(id)).detalles_bibliograficos).toMatchObject({ tipo_obra: 'article-journal' });
    expect(await exported(id, 'bibtex')).toMatch(/^@article\{/);
  });

  it('goes with the DOI: a user who clears the DOI leaves no kind to infer', async () => {
    await correct(id, { doi: null });
    const doc = await get(id);
    expect(doc.detalles_bibliograficos?.tipo_obra).toBeUndefined();
    expect(doc.detalles_bibliograficos?.doi).toBeUndefined();
    expect(await exported(id, 'bibtex')).toMatch(/^@misc\{/);
  });

  it("is the registry's when the DOI has a record, which still wins over the file and not over the user", async () => {
    const other = await upload('actas.pdf', articlePdf('Un método para los nitratos', KNOWN_DOI));
    const after = await waitFor(other, (d) => d.titulo === PROCEEDINGS.title);
    expect(after).toMatchObject({
      titulo: PROCEEDINGS.title,
      anio: 2023,
      detalles_bibliograficos: expect.objectContaining({
        tipo_obra: 'paper-conference',
        contenedor: PROCEEDINGS['container-title'],
        paginas: '12-19',
      }),
      origen_metadatos: expect.objectContaining({ titulo: { origen: 'registro', confianza: 0.95 } }),
    });
    expect(await exported(other, 'bibtex')).toMatch(/^@inproceedings\{/);
    // A correction of another field keeps the record's values and kind; the user's title wins.
    await correct(other, { titulo: 'Mi título' });
    expect(await get(other)).toMatchObject({
      titulo: 'Mi título',
      anio: 2023,
      detalles_bibliograficos: expect.objectContaining({ tipo_obra: 'paper-conference' }),
      origen_metadatos: expect.objectContaining({
        titulo: { origen: 'usuario', confianza: 1 },
        anio: { origen: 'registro', confianza: 0.95 },
      }),
    });
  });

  it("exports a thesis the registry names as its genre says: a master's dissertation is @mastersthesis", async () => {
    const id = await upload('dissertacao.pdf', articlePdf('Redes de monitoramento', THESIS_DOI));
    const after = await waitFor(id, (d) => d.titulo === THESIS.title);
    expect(after.detalles_bibliograficos).toMatchObject({
      tipo_obra: 'thesis',
      genero: 'Dissertação (Mestrado)',
      editorial: 'Universidade Federal da Paraíba',
    });
    const bib = await exported(id, 'bibtex');
    expect(bib).toMatch(/^@mastersthesis\{/);
    expect(bib).toContain('school = {Universidade Federal da Paraíba}');
    expect(await exported(id, 'ris')).toMatch(/^TY {2}- THES$/m);
  });
});
