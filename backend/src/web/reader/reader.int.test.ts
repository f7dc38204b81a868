import fs from 'node:fs';
import path from 'node:path';
import { buildLink, type Ancla } from '@folio/shared';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranscriptionServer } from '../../ai/testing/transcription-server';
import { readUnits } from '../../db/units.repo';
import { auth, REPO_ROOT, useTestServer } from '../../testing/harness';
import { signedInCookie } from '../../testing/web-session';

// Every kind of document through the real pipeline, opened in the reader by the links the API gives.
const transcriber = await startTranscriptionServer();
afterAll(() => transcriber.close());
const ctx = useTestServer({ transcribe: { baseUrl: transcriber.baseUrl, model: 'whisper-1' } });

const OWNER = 'lectora@example.org';
const PAGE_URL = 'https://revista.example.org/articulos/nitratos-yucatan';
const fixture = (p: string) => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures', p));

let key: string;
let cookie: string;
const ids = {} as Record<'pdf' | 'video' | 'audio' | 'docx' | 'pptx' | 'xlsx' | 'web' | 'image' | 'failed', string>;

async function upload(name: string, body: Buffer, query: Record<string, string> = {}, estado = 'listo', as = key) {
  const q = new URLSearchParams({ nombre: name, esperar: '120', ...query });
  const res = await ctx.server.request(`/api/v1/documentos?${q}`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: auth(as, { 'Content-Type': 'application/octet-stream' }),
  });
  const doc = await res.json();
  expect(doc.estado, `${name}: ${doc.error}`).toBe(estado);
  return doc.id as string;
}

/** The passages search finds for `q` in one document, with the `enlace` the API built. */
async function search(id: string, q: string) {
  const res = await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}&documento=${id}`, {
    headers: auth(key),
  });
  expect(res.status).toBe(200);
  return (await res.json()).pasajes as { id: string; texto: string; ancla: Ancla; enlace: string }[];
}

async function units(id: string) {
  const res = await ctx.server.request(`/api/v1/documentos/${id}/texto?limite=100`, { headers: auth(key) });
  return (await res.json()).unidades as { posicion: number; texto: string; enlace: string; t0?: number }[];
}

/** The stored units of a document with their blocks, as the reader reads them. */
async function storedUnits(id: string) {
  return readUnits(ctx.server.runtime.deps.db, id, 1, 1000, 1000, { blocks: true });
}

/** The paragraphs of each unit section of a text page: [number, text] in order, by unit position. */
function pageParagraphs(document: ReturnType<typeof parseHTML>['document']) {
  return new Map(
    [...document.querySelectorAll('section.unidad')].map((section) => [
      Number(section.getAttribute('data-unidad')),
      [...section.querySelectorAll('p.parrafo')].map((p) => [
        Number(p.getAttribute('data-parrafo')),
        p.textContent!.trim(),
      ]),
    ]),
  );
}

/** A reader link as the browser follows it: path and query of the `enlace`, with the session cookie. */
async function open(enlace: string, as = cookie) {
  const url = new URL(enlace);
  expect(url.origin).toBe('http://folio.test');
  const res = await ctx.server.request(`${url.pathname}${url.search}`, {
    headers: { Cookie: as, Accept: 'text/html' },
  });
  const body = await res.text();
  return { res, body, document: parseHTML(body).document };
}

beforeAll(async () => {
  key = await ctx.server.key(OWNER);
  cookie = await signedInCookie(ctx.server, OWNER);
  transcriber.handle(() => ({
    json: {
      language: 'es',
      segments: [
        { start: 0, end: 2.3, text: 'Hola, bienvenidos a Folio.' },
        { start: 2.3, end: 4.7, text: 'Hoy hablamos de bibliotecas personales.' },
        { start: 5.2, end: 8.7, text: 'Gracias, Ana. Cada cita conserva su ancla.' },
      ],
    },
  }));
  ids.pdf = await upload('muestra.pdf', fixture('muestra.pdf'));
  ids.video = await upload('charla.mkv', fixture('media/video-subtitulos.mkv'));
  ids.audio = await upload('voz.ogg', fixture('media/voz.ogg'));
  ids.docx = await upload('aguas.docx', fixture('office/aguas-paramo.docx'));
  ids.pptx = await upload('agua.pptx', fixture('office/presentacion-agua.pptx'));
  ids.xlsx = await upload('calidad-agua.xlsx', fixture('office/calidad-agua.xlsx'));
  ids.web = await upload('nitratos.html', fixture('capture/articulo-revista.capturado.html'), { url: PAGE_URL });
  ids.image = await upload('foto.png', fixture('ocr/texto-es.png'));
  ids.failed = await upload('cifrada.ods', fixture('office/cifrada.ods'), {}, 'error');
}, 240_000);

describe('who may read', () => {
  it('sends a signed-out visitor to sign in, and back to the same place afterwards', async () => {
    const place = `/leer/${ids.pdf}?pagina=6&pasaje=6`;
    const res = await ctx.server.request(place, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/entrar?siguiente=${encodeURIComponent(place)}`);
    const file = await ctx.server.request(`/leer/${ids.pdf}/archivo`);
    expect(file.status).toBe(401);
  });

  it('never takes an API key: not in the URL, not as a bearer header', async () => {
    for (const param of ['clave', 'key', 'api_key', 'access_token', 'token']) {
      const res = await ctx.server.request(`/leer/${ids.pdf}?${param}=${key}`, { headers: { Accept: 'text/html' } });
      expect(res.status, param).toBe(302);
    }
    const bearer = await ctx.server.request(`/leer/${ids.pdf}`, { headers: auth(key, { Accept: 'text/html' }) });
    expect(bearer.status).toBe(302);
    const file = await ctx.server.request(`/leer/${ids.pdf}/archivo?clave=${key}`, { headers: auth(key) });
    expect(file.status).toBe(401);
  });

  it("answers 404 for another user's document without showing anything of it", async () => {
    const other = await signedInCookie(ctx.server, 'otra@example.org');
    const { res, body } = await open(`http://folio.test/leer/${ids.pdf}?pagina=6`, other);
    expect(res.status).toBe(404);
    expect(body).toContain('Documento no encontrado');
    expect(body).not.toContain('Cuaderno de campo');
    expect(body).not.toContain('Pérez Canul');
    expect(body).not.toContain('/archivo');
    const file = await ctx.server.request(`/leer/${ids.pdf}/archivo`, { headers: { Cookie: other } });
    expect(file.status).toBe(404);
    expect((await file.json()).error.codigo).toBe('no_encontrado');
    const missing = await open('http://folio.test/leer/000000000000');
    expect(missing.res.status).toBe(404);
  });

  it('sends reader pages with a policy that keeps scripts, media and frames to this origin', async () => {
    const { res } = await open(`http://folio.test/leer/${ids.pdf}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a PDF', () => {
  it('opens at the physical page a search result names, with its passage to highlight', async () => {
    const [hit] = await search(ids.pdf, 'concentración de nitratos en Homún');
    expect(hit!.ancla).toMatchObject({ tipo: 'pagina', fisica: 6, impresa: '2' });
    const posicion = Number(hit!.id.split(':')[1]);
    const enlace = buildLink('http://folio.test', ids.pdf, hit!.ancla, undefined, posicion);
    expect(enlace).toBe(`http://folio.test/leer/${ids.pdf}?pagina=6&pasaje=${posicion}`);

    const { document } = await open(enlace);
    const main = document.getElementById('lector')!;
    expect(main.getAttribute('data-pagina')).toBe('6');
    expect(main.getAttribute('data-paginas')).toBe('7');
    expect(main.getAttribute('data-pasaje')).toBe(String(posicion));
    expect(main.getAttribute('data-archivo')).toBe(`/leer/${ids.pdf}/archivo`);
    expect(document.getElementById('texto-pasaje')!.textContent).toBe(hit!.texto);
    expect(document.querySelector('.lugar .cita')!.textContent).toBe('(Pérez Canul, 2021, p. 2)');
    expect(document.querySelector('script[src$="pdf-reader.js"]')).not.toBeNull();
  });

  it('opens the page of the enlace search gives as it is, and the unit links of the text', async () => {
    const [hit] = await search(ids.pdf, 'vigilancia continua');
    const page = await open(hit!.enlace);
    expect(page.document.getElementById('lector')!.getAttribute('data-pagina')).toBe('7');
    const unidades = await units(ids.pdf);
    const prologue = await open(unidades[2]!.enlace);
    expect(prologue.document.getElementById('lector')!.getAttribute('data-pagina')).toBe('3');
    expect(prologue.document.querySelector('.lugar .cita')!.textContent).toBe('(Pérez Canul, 2021, p. iii)');
  });

  it('serves pdf.js from the installed package, and nothing else of it', async () => {
    const { document } = await open(`http://folio.test/leer/${ids.pdf}`);
    const base = document.getElementById('lector')!.getAttribute('data-pdfjs')!;
    const lib = await ctx.server.request(`${base}/build/pdf.min.mjs`);
    expect(lib.status).toBe(200);
    expect(lib.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await lib.text()).toContain('getDocument');
    for (const file of [
      'build/pdf.worker.min.mjs',
      'web/pdf_viewer.mjs',
      'web/pdf_viewer.css',
      'web/images/loading-icon.gif',
    ]) {
      expect((await ctx.server.request(`${base}/${file}`)).status, file).toBe(200);
    }
    const css = document.querySelector('link[href$="pdf_viewer.css"]')!.getAttribute('href');
    expect(css).toBe(`${base}/web/pdf_viewer.css`);
    for (const bad of [
      'package.json',
      '..%2Fpackage.json',
      'build/pdf.mjs.map',
      'types/src/pdf.d.ts',
      'build/..%2F..%2Fpackage.json',
    ]) {
      expect((await ctx.server.request(`${base}/${bad}`)).status, bad).toBe(404);
    }
    expect((await ctx.server.request('/leer/recursos/pdfjs/0.0.1/build/pdf.min.mjs')).status).toBe(404);
    expect((await ctx.server.request('/leer/recursos/lector/pdf-reader.js')).status).toBe(200);
  });
});

describe('the original file', () => {
  it('is sent whole with its sniffed type, and by byte ranges for seeking', async () => {
    const bytes = fixture('muestra.pdf');
    const whole = await ctx.server.request(`/leer/${ids.pdf}/archivo`, { headers: { Cookie: cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="muestra\.pdf"/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await ctx.server.request(`/leer/${ids.pdf}/archivo`, {
      headers: { Cookie: cookie, Range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await ctx.server.request(`/leer/${ids.pdf}/archivo`, {
      headers: { Cookie: cookie, Range: 'bytes=-10' },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const past = await ctx.server.request(`/leer/${ids.pdf}/archivo`, {
      headers: { Cookie: cookie, Range: `bytes=${bytes.length}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const head = await ctx.server.request(`/leer/${ids.pdf}/archivo`, { method: 'HEAD', headers: { Cookie: cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('lets a video seek: a range from the middle of the file', async () => {
    const bytes = fixture('media/video-subtitulos.mkv');
    const res = await ctx.server.request(`/leer/${ids.video}/archivo`, {
      headers: { Cookie: cookie, Range: 'bytes=4096-' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/matroska');
    expect(res.headers.get('content-range')).toBe(`bytes 4096-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(4096))).toBe(true);
  });

  it('never lets a browser render a stored web page in this origin: it is a sandboxed download', async () => {
    const res = await ctx.server.request(`/leer/${ids.web}/archivo`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nitratos\.html"/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('audio and video', () => {
  it('opens a video at the range of a search hit, its transcript beside it with that segment current', async () => {
    const unidades = await units(ids.video);
    const late = unidades.find((u) => u.texto.includes('Cada cita conserva su ancla'))!;
    const [hit] = await search(ids.video, 'cada cita conserva su ancla');
    expect(hit!.ancla.tipo).toBe('tiempo');
    const { t0, t1 } = hit!.ancla as { t0: number; t1: number };
    expect(hit!.enlace).toBe(`http://folio.test/leer/${ids.video}?t=${t0}&hasta=${t1}`);
    expect(late).toBeDefined();

    const { document } = await open(hit!.enlace);
    const video = document.querySelector('video#medio')!;
    expect(video.getAttribute('src')).toBe(`/leer/${ids.video}/archivo#t=${t0},${t1}`);
    expect(video.getAttribute('data-t')).toBe(String(t0));
    expect(video.getAttribute('data-hasta')).toBe(String(t1));
    const current = document.querySelectorAll('#segmentos .segmento.actual');
    expect(current).toHaveLength(1);
    expect(current[0]!.getAttribute('data-t0')).toBe(String(t0));
    expect(current[0]!.getAttribute('aria-current')).toBe('true');
    expect(current[0]!.textContent).toContain('Cada cita conserva su ancla');
    expect(current[0]!.querySelector('.hablante')!.textContent).toBe('Luis Gil');
    const all = document.querySelectorAll('#segmentos .segmento');
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]!.textContent).toContain('bienvenidos a Folio');
    expect(all[0]!.classList.contains('actual')).toBe(false);
  });

  it('lists every cue with its own times, and marks the cue at t inside a longer passage', async () => {
    // Ana's two cues make one passage; search narrows it to the cue holding the words, and the reader
    // still tells every cue apart.
    const [ana] = await search(ids.video, 'bibliotecas personales');
    expect(ana!.ancla).toMatchObject({ tipo: 'tiempo', hablante: 'Ana Pérez' });
    expect(ana!.texto).toBe('Hoy hablamos de bibliotecas personales.');
    // The cues as stored (the subtitle stream starts a few milliseconds into the file).
    const [unit] = await storedUnits(ids.video);
    const cueAnchors = unit!.bloques!.map((b) => b.ancla as { t0: number; t1: number });
    expect(cueAnchors).toHaveLength(3);
    expect(cueAnchors[1]!.t0).toBeCloseTo(2.3, 1);
    expect(ana!.ancla).toMatchObject({ t0: cueAnchors[1]!.t0, t1: cueAnchors[1]!.t1 });
    const inSecond = Math.round((cueAnchors[1]!.t0 + 0.7) * 1000) / 1000;
    expect(inSecond).toBeLessThan((ana!.ancla as { t1: number }).t1);

    const { document } = await open(`http://folio.test/leer/${ids.video}?t=${inSecond}`);
    const cues = [...document.querySelectorAll('#segmentos .segmento')];
    expect(cues.map((li) => [Number(li.getAttribute('data-t0')), Number(li.getAttribute('data-t1'))])).toEqual(
      cueAnchors.map((a) => [a.t0, a.t1]),
    );
    expect(cues.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Hola, bienvenidos a Folio.',
      'Hoy hablamos de bibliotecas personales.',
      'Gracias, Ana. Cada cita conserva su ancla.',
    ]);
    // Each cue seeks to its own second; the speaker is named where the turn changes.
    expect(cues.map((li) => li.querySelector('a.tiempo')!.getAttribute('href'))).toEqual(
      cueAnchors.map((a) => `/leer/${ids.video}?t=${a.t0}`),
    );
    expect(cues.map((li) => li.querySelector('.hablante')?.textContent ?? null)).toEqual([
      'Ana Pérez',
      null,
      'Luis Gil',
    ]);
    const marked = document.querySelectorAll('#segmentos .actual');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toBe(cues[1]);
    expect(marked[0]!.getAttribute('aria-current')).toBe('true');
    expect(document.getElementById('lector')!.getAttribute('data-actual')).toBe('1');
    // The place is cited at the cue, not at the start of its passage.
    expect(document.querySelector('.lugar .cita')!.textContent).toMatch(/, 0:02\)$/);

    // At a cue's own start (a cue's link) that cue is current, not the one before it.
    const atStart = await open(`http://folio.test/leer/${ids.video}?t=${cueAnchors[1]!.t0}`);
    expect(atStart.document.querySelector('#segmentos .actual')).toBe(
      atStart.document.querySelectorAll('#segmentos .segmento')[1],
    );
  });

  it('opens audio in an audio player at t', async () => {
    const [unit] = await units(ids.audio);
    expect(unit!.enlace).toBe(`http://folio.test/leer/${ids.audio}?t=0&hasta=8.7`);
    const { document } = await open(`http://folio.test/leer/${ids.audio}?t=5.2`);
    const audio = document.querySelector('audio#medio')!;
    expect(audio.getAttribute('src')).toBe(`/leer/${ids.audio}/archivo#t=5.2`);
    expect(audio.hasAttribute('data-hasta')).toBe(false);
    // Recognised speech without speakers: its three segments are one passage, and three cues here.
    const cues = [...document.querySelectorAll('#segmentos .segmento')];
    expect(cues.map((li) => Number(li.getAttribute('data-t0')))).toEqual([0, 2.3, 5.2]);
    const current = document.querySelectorAll('#segmentos .segmento.actual');
    expect(current).toHaveLength(1);
    expect(current[0]!.getAttribute('data-t1')).toBe('8.7');
    expect(current[0]!.textContent).toContain('Cada cita conserva');
    expect(current[0]!.textContent).not.toContain('bienvenidos');
    const file = await ctx.server.request(`/leer/${ids.audio}/archivo`, {
      headers: { Cookie: cookie, Range: 'bytes=0-3' },
    });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-type')).toMatch(/^audio\/ogg/);
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toBe('OggS');
  });
});

describe('audio and video ranges', () => {
  const marks = (document: ReturnType<typeof parseHTML>['document']) =>
    [...document.querySelectorAll('#segmentos .segmento')].map((li) => li.classList.contains('actual'));

  it('plays the range t–hasta and marks every cue overlapping it, and no other', async () => {
    const { document } = await open(`http://folio.test/leer/${ids.audio}?t=4.5&hasta=10`);
    const audio = document.querySelector('audio#medio')!;
    expect(audio.getAttribute('src')).toBe(`/leer/${ids.audio}/archivo#t=4.5,10`);
    expect(audio.getAttribute('data-t')).toBe('4.5');
    expect(audio.getAttribute('data-hasta')).toBe('10');
    expect(document.getElementById('lector')!.getAttribute('data-hasta')).toBe('10');
    // Cues 0–2.3, 2.3–4.7 and 5.2–8.7: the first ends before the range.
    expect(marks(document)).toEqual([false, true, true]);
    const current = document.querySelectorAll('#segmentos [aria-current]');
    expect(current).toHaveLength(1);
    expect(current[0]!.getAttribute('data-t0')).toBe('2.3');
  });

  it('marks a cue touching the range only at an end as outside it', async () => {
    const { document } = await open(`http://folio.test/leer/${ids.audio}?t=2.3&hasta=4.7`);
    expect(marks(document)).toEqual([false, true, false]);
  });

  it('takes a hasta not after t as no range: the cue at t alone, played on', async () => {
    const { document } = await open(`http://folio.test/leer/${ids.audio}?t=5.2&hasta=5`);
    const audio = document.querySelector('audio#medio')!;
    expect(audio.getAttribute('src')).toBe(`/leer/${ids.audio}/archivo#t=5.2`);
    expect(audio.hasAttribute('data-hasta')).toBe(false);
    expect(marks(document)).toEqual([false, false, true]);
  });

  it('opens the link of a passage of several cues with all of them marked', async () => {
    // Ana's two cues as one passage anchor: its link plays both and stops before Luis answers.
    const [unit] = await storedUnits(ids.video);
    const [first, second] = unit!.bloques!.map((b) => b.ancla as { t0: number; t1: number });
    const enlace = buildLink('http://folio.test', ids.video, { tipo: 'tiempo', t0: first!.t0, t1: second!.t1 });
    expect(enlace).toBe(`http://folio.test/leer/${ids.video}?t=${first!.t0}&hasta=${second!.t1}`);
    const { document } = await open(enlace);
    const video = document.querySelector('video#medio')!;
    expect(video.getAttribute('src')).toBe(`/leer/${ids.video}/archivo#t=${first!.t0},${second!.t1}`);
    expect(marks(document)).toEqual([true, true, false]);
    expect(document.querySelector('#segmentos [aria-current]')).toBe(document.querySelector('#segmentos .segmento'));
  });
});

describe('texts', () => {
  it('opens a DOCX at the paragraph of a search result, marked and inside its unit', async () => {
    const [hit] = await search(ids.docx, 'páramo agua');
    expect(hit!.ancla.tipo).toBe('seccion');
    const url = new URL(hit!.enlace);
    const parrafo = url.searchParams.get('parrafo')!;
    const u = url.searchParams.get('u')!;
    expect(parrafo).toBe(String((hit!.ancla as { parrafo: number }).parrafo));

    const { document } = await open(hit!.enlace);
    const main = document.getElementById('lector')!;
    expect(main.getAttribute('data-unidad')).toBe(u);
    expect(main.getAttribute('data-parrafo')).toBe(parrafo);
    const marked = document.querySelectorAll('.destacado');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('data-parrafo')).toBe(parrafo);
    expect(marked[0]!.closest('section')!.getAttribute('data-unidad')).toBe(u);
    expect(marked[0]!.textContent!.trim()).toBe(hit!.texto.split('\n\n')[0]);
    const ruta = (hit!.ancla as { ruta: string[] }).ruta;
    if (ruta.length > 0) {
      const headings = [...document.querySelectorAll('h2, h3, h4')].map((h) => h.textContent!.trim());
      expect(headings).toContain(ruta[ruta.length - 1]);
    }
  });

  it('opens a web capture at its paragraph, saying where and when the page was read', async () => {
    const [hit] = await search(ids.web, 'concentración media de nitratos en lluvias');
    expect(hit!.ancla).toMatchObject({ tipo: 'web', url: PAGE_URL, ruta: ['Resultados'], parrafo: 1 });
    const { document } = await open(hit!.enlace);
    const marked = document.querySelector('p.destacado')!;
    expect(marked.getAttribute('data-parrafo')).toBe('1');
    expect(marked.textContent).toContain('44,9 mg/L en lluvias');
    const section = marked.closest('section')!;
    expect(section.querySelector('h2, h3')!.textContent).toBe('Resultados');
    const origin = document.querySelector('.origen')!;
    expect(origin.querySelector('a')!.getAttribute('href')).toBe(PAGE_URL);
    expect(origin.textContent).toContain(`consultada el ${(hit!.ancla as { consultada: string }).consultada}`);
    expect(document.querySelector('.lugar .cita')!.textContent).toBe(
      '(Pérez Canul y Chan May, 2021, Resultados, párr. 1)',
    );
  });

  it('lays a DOCX out from its stored paragraphs and marks exactly the paragraph linked', async () => {
    const stored = await storedUnits(ids.docx);
    // The longest section: a paragraph in its middle, which no passage starts at; search still gives it
    // with its own anchor, narrowed from the passage that packs it.
    const unit = stored.reduce((a, b) => ((b.bloques?.length ?? 0) > (a.bloques?.length ?? 0) ? b : a));
    expect(unit.bloques!.length).toBeGreaterThan(3);
    const block = unit.bloques![2]!;
    expect(block.ancla.tipo).toBe('seccion');
    const parrafo = (block.ancla as { parrafo: number }).parrafo;
    const [found] = await search(ids.docx, block.texto.split(/\s+/).slice(0, 6).join(' '));
    expect(found).toMatchObject({ ancla: block.ancla, texto: block.texto });

    const { document } = await open(`http://folio.test/leer/${ids.docx}?parrafo=${parrafo}&u=${unit.posicion}`);
    const marked = document.querySelectorAll('.destacado');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('id')).toBe(`u${unit.posicion}-p${parrafo}`);
    expect(marked[0]!.getAttribute('aria-current')).toBe('location');
    expect(marked[0]!.textContent!.trim()).toBe(block.texto);
    // Every section shown is its stored blocks, numbered as their anchors number them.
    const shown = pageParagraphs(document);
    for (const u of stored.filter((s) => s.bloques)) {
      expect(shown.get(u.posicion), `unit ${u.posicion}`).toEqual(
        u.bloques!.map((b) => [(b.ancla as { parrafo: number }).parrafo, b.texto]),
      );
    }
    const ruta = (block.ancla as { ruta: string[] }).ruta;
    const section = marked[0]!.closest('section')!;
    expect([...section.querySelectorAll('h2, h3, h4')].map((h) => h.textContent!.trim())).toContain(ruta.at(-1));
  });

  it('lays out units stored before blocks were kept from their passages, the same paragraphs marked', async () => {
    // Another user's copy of the same DOCX, its blocks removed as rows stored before migration 014 have none.
    const otherKey = await ctx.server.key('antes@example.org');
    const otherCookie = await signedInCookie(ctx.server, 'antes@example.org');
    const old = await upload('aguas.docx', fixture('office/aguas-paramo.docx'), {}, 'listo', otherKey);
    await ctx.server.runtime.deps.db.query('UPDATE units SET bloques = NULL WHERE document_id = $1', [old]);
    expect((await storedUnits(old)).every((u) => u.bloques === null)).toBe(true);

    const unit = (await storedUnits(ids.docx)).reduce((a, b) =>
      (b.bloques?.length ?? 0) > (a.bloques?.length ?? 0) ? b : a,
    );
    const parrafo = (unit.bloques![2]!.ancla as { parrafo: number }).parrafo;
    const place = `?parrafo=${parrafo}&u=${unit.posicion}`;
    const withBlocks = await open(`http://folio.test/leer/${ids.docx}${place}`);
    const withoutBlocks = await open(`http://folio.test/leer/${old}${place}`, otherCookie);
    expect(pageParagraphs(withoutBlocks.document)).toEqual(pageParagraphs(withBlocks.document));
    const marked = withoutBlocks.document.querySelectorAll('.destacado');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.textContent!.trim()).toBe(unit.bloques![2]!.texto);
  });

  it('opens a web capture at any paragraph of a section, from the anchors stored with the page', async () => {
    const stored = await storedUnits(ids.web);
    const unit = stored.find((u) => (u.bloques?.length ?? 0) >= 4)!;
    const block = unit.bloques![3]!;
    expect(block.ancla).toMatchObject({ tipo: 'web', url: PAGE_URL, parrafo: 4 });
    const { document } = await open(`http://folio.test/leer/${ids.web}?parrafo=4&u=${unit.posicion}`);
    const marked = document.querySelectorAll('p.destacado');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('data-parrafo')).toBe('4');
    expect(marked[0]!.textContent!.trim()).toBe(block.texto);
    expect(pageParagraphs(document).get(unit.posicion)).toEqual(unit.bloques!.map((b, i) => [i + 1, b.texto]));
    const ruta = (block.ancla as { ruta: string[] }).ruta;
    expect(document.querySelector('.lugar .cita')!.textContent).toBe(
      `(Pérez Canul y Chan May, 2021, ${ruta.at(-1)}, párr. 4)`,
    );
  });

  it('numbers every paragraph of a section as its anchors do', async () => {
    const [hit] = await search(ids.web, 'muestras a un metro de profundidad');
    const { document } = await open(hit!.enlace);
    const marked = document.querySelector('p.destacado')!;
    const section = marked.closest('section')!;
    const numbers = [...section.querySelectorAll('p.parrafo')].map((p) => Number(p.getAttribute('data-parrafo')));
    expect(numbers[0]).toBeGreaterThanOrEqual(1);
    numbers.forEach((n, i) => expect(n).toBe(numbers[0]! + i));
    expect(marked.getAttribute('data-parrafo')).toBe(String((hit!.ancla as { parrafo: number }).parrafo));
  });
});

describe('slides, sheets and images', () => {
  it('opens a slide with its neighbours', async () => {
    const unidades = await units(ids.pptx);
    const { document } = await open(unidades[1]!.enlace);
    expect(unidades[1]!.enlace).toBe(`http://folio.test/leer/${ids.pptx}?diapositiva=2`);
    const slide = document.querySelector('section.diapositiva')!;
    expect(slide.getAttribute('data-diapositiva')).toBe('2');
    expect(slide.textContent).toContain('Homún');
    expect(document.querySelector('a[rel="prev"]')!.getAttribute('href')).toBe(`/leer/${ids.pptx}?u=1`);
    expect(document.querySelector('a[rel="next"]')!.getAttribute('href')).toBe(`/leer/${ids.pptx}?u=3`);
  });

  it("opens a sheet at a passage's rows, as a table with those rows marked", async () => {
    // Search gives the row that holds the words; its link marks that row alone.
    const [hit] = await search(ids.xlsx, 'Homún nitratos');
    expect(hit!.ancla).toMatchObject({ tipo: 'hoja', filaDesde: 2, filaHasta: 2 });
    const { document: row } = await open(hit!.enlace);
    const headers = [...row.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    expect(headers).toEqual(['Fila', 'municipio', 'nitratos', 'fecha']);
    expect([...row.querySelectorAll('tbody tr.destacado')].map((tr) => tr.getAttribute('data-fila'))).toEqual(['2']);
    // Rows 2-6 (the whole passage): row 5 of the workbook is blank, the rows are the sheet's own numbers.
    const { document } = await open(hit!.enlace.replace('filas=2-2', 'filas=2-6'));
    const marked = [...document.querySelectorAll('tbody tr.destacado')];
    expect(marked.map((tr) => Number(tr.getAttribute('data-fila')))).toEqual([2, 3, 4, 6]);
    expect([...marked[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Homún', '44.9', '2019-05-01']);
    expect(marked[3]!.textContent).toContain('Tecoh');
    const { document: one } = await open(`http://folio.test/leer/${ids.xlsx}?filas=3-3`);
    expect([...one.querySelectorAll('tbody tr.destacado')].map((tr) => tr.getAttribute('data-fila'))).toEqual(['3']);
  });

  it('shows an image with the text read from it', async () => {
    const [unit] = await units(ids.image);
    const { document } = await open(unit!.enlace);
    expect(document.querySelector('figure img')!.getAttribute('src')).toBe(`/leer/${ids.image}/archivo`);
    expect(document.querySelector('.texto-imagen')!.textContent).toContain(unit!.texto.split('\n')[0]!.trim());
    const file = await ctx.server.request(`/leer/${ids.image}/archivo`, { headers: { Cookie: cookie } });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline/);
  });
});

describe('a document without text', () => {
  it('says why, in the language asked for', async () => {
    const es = await open(`http://folio.test/leer/${ids.failed}`);
    expect(es.res.status).toBe(200);
    expect(es.document.getElementById('lector')!.getAttribute('data-estado')).toBe('error');
    expect(es.document.querySelector('.aviso')!.textContent).toMatch(
      /^La lectura del documento terminó con error: .*(contraseña|cifrad)/i,
    );
    const en = await open(`http://folio.test/leer/${ids.failed}?lang=en`);
    expect(en.document.documentElement.getAttribute('lang')).toBe('en');
    expect(en.document.querySelector('.aviso')!.textContent).toMatch(/^Reading the document failed: /);
  });
});
