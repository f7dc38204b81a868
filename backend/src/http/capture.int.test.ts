import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, REPO_ROOT, useTestServer, type Body } from '../testing/harness';

/**
 * Uploads as the browser extension makes them: the captured file as the raw body, with the page it was
 * captured from as query `url` (and, for captions, the video's title as `titulo`).
 */
const ctx = useTestServer();
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('captura@example.org');
});

const PAGE_URL = 'https://revista.example.org/articulos/nitratos-yucatan?utm_source=boletin';
const VIDEO_URL = 'https://www.youtube.com/watch?v=Xk3Qh0Cenot';

/** What `capturePage` (extension/src/capture/page.ts) makes of test/fixtures/capture/articulo-revista.html. */
const captured = () => readFile(path.join(REPO_ROOT, 'test/fixtures/capture/articulo-revista.capturado.html'));

async function upload(body: Body, query: Record<string, string>, as = key, contentType = 'text/html') {
  const res = await ctx.server.request(`/api/v1/documentos?${new URLSearchParams(query)}`, {
    method: 'POST',
    body,
    headers: auth(as, { 'Content-Type': contentType }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

async function searchIn(id: string, q: string, as = key) {
  const res = await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}&documento=${id}`, {
    headers: auth(as),
  });
  expect(res.status).toBe(200);
  return (await res.json()).pasajes;
}

async function readText(id: string, query = '', as = key) {
  const res = await ctx.server.request(`/api/v1/documentos/${id}/texto${query}`, { headers: auth(as) });
  expect(res.status).toBe(200);
  return res.json();
}

describe('a captured web page (HTML uploaded with its origin url)', () => {
  let doc: { id: string; creado: string; [k: string]: unknown };
  beforeAll(async () => {
    doc = await upload(await captured(), { nombre: 'nitratos-yucatan.html', url: PAGE_URL });
  });

  it('is a web document with the metadata of its citation_* and JSON-LD tags', () => {
    expect(doc).toMatchObject({
      estado: 'listo',
      tipo: 'web',
      url: PAGE_URL,
      titulo: 'Nitratos en el acuífero kárstico de Yucatán: cuarenta cenotes en dos temporadas',
      autores: ['Pérez Canul, Lucía', 'Chan May, Jorge Alberto'],
      anio: 2021,
      idioma: 'es',
    });
    expect(doc.referencia).toContain('Pérez Canul, L. y Chan May, J. A. (2021)');
  });

  it('anchors each paragraph on the page: url, heading path, paragraph, day of the upload', async () => {
    const [top] = await searchIn(doc.id, 'concentración media de nitratos en lluvias');
    expect(top.texto).toContain('44,9 mg/L en lluvias');
    expect(top.ancla).toEqual({
      tipo: 'web',
      url: PAGE_URL,
      ruta: ['Resultados'],
      parrafo: 1,
      consultada: doc.creado.slice(0, 10),
    });
    expect(top.localizador).toBe('Resultados, párr. 1');
    expect(top.cita).toBe('(Pérez Canul y Chan May, 2021, Resultados, párr. 1)');
    expect(top.enlace).toMatch(new RegExp(`^http://folio\\.test/leer/${doc.id}\\?parrafo=1&u=\\d+$`));

    const [muestreo] = await searchIn(doc.id, 'muestras a un metro de profundidad');
    expect(muestreo.ancla).toMatchObject({ ruta: ['Métodos', 'Muestreo'], parrafo: 1 });
  });

  it('keeps every heading and paragraph of the capture, in order, and nothing of the page around it', async () => {
    const { unidades } = await readText(doc.id, '?limite=100');
    const text = unidades.map((u: { texto: string }) => u.texto).join('\n');
    const order = [
      'El acuífero de la península de Yucatán es la única fuente',
      'El subsuelo de Yucatán es de roca caliza',
      'Estudios anteriores encontraron nitratos',
      'Tomamos muestras a un metro',
      'Nitratos por espectrofotometría ultravioleta.',
      'Comparamos temporadas con la prueba de Wilcoxon',
      'La concentración media de nitratos fue de 44,9 mg/L',
      'Lluvias | 44,9 | 88,0',
      'Figura 1. Cenotes muestreados',
      'El agua subterránea es la única fuente de agua potable de la península.',
      'La diferencia entre temporadas indica',
    ].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(unidades.map((u: { localizador: string }) => u.localizador)).toEqual(
      expect.arrayContaining(['Resumen, párr. 1', 'Introducción, párr. 1', 'Muestreo, párr. 1', 'Discusión, párr. 1']),
    );
    expect(text).not.toMatch(/Para autores|Bombas de agua|Muy buen artículo|Usamos cookies/);
  });

  it('takes the authors from the byline the capture kept when the page has no author tags', async () => {
    const news = await readFile(path.join(REPO_ROOT, 'test/fixtures/capture/noticia.capturado.html'));
    const nota = await upload(news, { nombre: 'sequia.html', url: 'https://diario.example.mx/local/sequia-cenotes' });
    expect(nota).toMatchObject({
      tipo: 'web',
      titulo: 'Sequía récord en la península: los cenotes bajan dos metros',
      autores: ['Sandoval, Ana'],
      anio: 2024,
    });
    const { unidades } = await readText(nota.id);
    expect(unidades[0].texto).toMatch(/^Los cenotes del oriente de Yucatán/);
    expect(unidades.map((u: { texto: string }) => u.texto).join('\n')).not.toContain('Por Ana Sandoval');
  });

  it('is a plain HTML document, with section anchors, when uploaded without url', async () => {
    const other = await ctx.server.key('sin-url@example.org');
    const plain = await upload(await captured(), { nombre: 'nitratos-yucatan.html' }, other);
    expect(plain).toMatchObject({ estado: 'listo', tipo: 'documento' });
    expect(plain.url).toBeUndefined();
    const [top] = await searchIn(plain.id, 'concentración media de nitratos en lluvias', other);
    expect(top.ancla).toMatchObject({ tipo: 'seccion', ruta: ['Resultados'], parrafo: 1 });
  });
});

const CUES = [
  { t0: 1, t1: 4.5, texto: 'Bienvenidos a este recorrido por los cenotes de Homún.' },
  { t0: 4.5, t1: 9.25, texto: 'Aquí el agua del acuífero aflora entre raíces y estalactitas.' },
  { t0: 130, t1: 135.5, texto: 'En temporada de secas el nivel baja casi dos metros.' },
];

const clock = (s: number, sep: string) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`;
};
const VTT = `WEBVTT\nLanguage: es\n\n${CUES.map((c, i) => `${i + 1}\n${clock(c.t0, '.')} --> ${clock(c.t1, '.')}\n${c.texto}\n`).join('\n')}`;
const SRT = CUES.map((c, i) => `${i + 1}\r\n${clock(c.t0, ',')} --> ${clock(c.t1, ',')}\r\n${c.texto}\r\n`).join(
  '\r\n',
);

describe.each([
  ['WebVTT', VTT, 'cenotes-homun.vtt', 'text/vtt'],
  ['SRT', SRT, 'pista', 'application/octet-stream'],
])('a caption track (%s) uploaded with the video page as url', (_format, body, nombre, contentType) => {
  // Each format in a library of its own: the same words in both must not meet in one search.
  let owner: string;
  let doc: { id: string; [k: string]: unknown };
  beforeAll(async () => {
    owner = await ctx.server.key(`video-${nombre}@example.org`);
    doc = await upload(body, { nombre, url: VIDEO_URL, titulo: 'Los cenotes de Homún' }, owner, contentType);
  });

  it('is a video document titled by the upload, lasting to its last cue', () => {
    expect(doc).toMatchObject({
      estado: 'listo',
      tipo: 'video',
      url: VIDEO_URL,
      titulo: 'Los cenotes de Homún',
      duracion: 135.5,
    });
  });

  it('reads as cue groups whose seconds are the cues', async () => {
    const { unidades } = await readText(doc.id, '', owner);
    expect(unidades).toEqual([
      expect.objectContaining({ t0: 1, t1: 9.25, localizador: '0:01', texto: `${CUES[0]!.texto} ${CUES[1]!.texto}` }),
      expect.objectContaining({ t0: 130, t1: 135.5, localizador: '2:10', texto: CUES[2]!.texto }),
    ]);
    expect(unidades[1].enlace).toBe(`http://folio.test/leer/${doc.id}?t=130&hasta=135.5`);
    const later = await readText(doc.id, '?desde=2:00', owner);
    expect(later.unidades.map((u: { t0: number }) => u.t0)).toEqual([130]);
  });

  it('gives passages tiempo anchors', async () => {
    const [top] = await searchIn(doc.id, 'nivel baja casi dos metros', owner);
    expect(top.ancla).toEqual({ tipo: 'tiempo', t0: 130, t1: 135.5 });
    expect(top.localizador).toBe('2:10');
    expect(top.cita).toMatch(/2:10\)$/);
    expect(top.enlace).toBe(`http://folio.test/leer/${doc.id}?t=130&hasta=135.5`);
  });
});

describe('the upload contract', () => {
  it('says in the OpenAPI description what `url` on a file upload means', async () => {
    const doc = await (await ctx.server.request('/api/v1/openapi.json')).json();
    const subir = doc.paths['/documentos'].post;
    expect(subir.description).toMatch(/uploaded with query `url` was captured from that page/);
    expect(subir.description).toMatch(/`web` anchors/);
    expect(subir.description).toMatch(/`tiempo` anchors/);
    expect(subir.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['url', 'titulo', 'nombre']),
    );
  });
});
