import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../../test/fixtures/sample-pdf';
import { insertDocument, updateDocument } from '../../db/documents.repo';
import { replaceContent } from '../../db/units.repo';
import { auth, useTestServer } from '../../testing/harness';
import { signedInCookie } from '../../testing/web-session';

// The reader's folio beside the physical page, its navigation, and its 'go to' box, which resolves a place
// exactly as `/texto` resolves `desde`.
const ctx = useTestServer({}, { workers: true });
const OWNER = 'irse@example.org';
let cookie: string;
let pdf: string;
const AUDIO = 'audio-ir';

const page = async (p: string, headers: Record<string, string> = {}, as = cookie) => {
  const res = await ctx.server.request(p, { headers: { Cookie: as, Accept: 'text/html', ...headers } });
  return { res, text: await res.text() };
};
const goTo = (id: string, value: string, extra = '') =>
  ctx.server.request(`/leer/${id}/ir?ir=${encodeURIComponent(value)}${extra}`, {
    headers: { Cookie: cookie, Accept: 'text/html' },
  });
const goToJson = async (id: string, value: string) => {
  const res = await ctx.server.request(`/leer/${id}/ir?ir=${encodeURIComponent(value)}`, {
    headers: { Cookie: cookie, Accept: 'application/json' },
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  const key = await ctx.server.key(OWNER);
  cookie = await signedInCookie(ctx.server, OWNER);
  const res = await ctx.server.request('/api/v1/documentos?nombre=cuaderno.pdf&esperar=120', {
    method: 'POST',
    body: new Uint8Array(buildSamplePdf(MUESTRA)),
    headers: auth(key, { 'Content-Type': 'application/pdf' }),
  });
  const doc = await res.json();
  expect(doc.estado, doc.error).toBe('listo');
  pdf = doc.id;

  // An hour of audio, written the way the ingest job writes cues.
  const db = ctx.server.runtime.deps.db;
  const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [OWNER]);
  await insertDocument(db, {
    id: AUDIO,
    userId: user!.id,
    titulo: 'Entrevista',
    autores: ['Ruiz, Ana'],
    anio: 2020,
    tipo: 'audio',
    userMeta: {},
    searchKey: 'entrevista',
  });
  const cue = (t0: number, t1: number, texto: string) => ({
    texto,
    t0,
    t1,
    ancla: { tipo: 'tiempo' as const, t0, t1 },
  });
  await replaceContent(
    db,
    AUDIO,
    [cue(0, 30, 'Bienvenida.'), cue(30, 65, 'Los cenotes.'), cue(65, 3600, 'Nitratos.'), cue(3600, 3725, 'Cierre.')],
    [],
  );
  await updateDocument(db, AUDIO, { estado: 'listo', unidades: 4, duracion: 3725 });
}, 120_000);

describe('the reader header', () => {
  it("shows the printed folio beside the physical page: 'p. 1 · página 5 de 7'", async () => {
    const { res, text } = await page(`/leer/${pdf}?pagina=5`);
    expect(res.status).toBe(200);
    const d = parseHTML(text).document;
    expect(d.querySelector('#pagina-actual')?.textContent).toBe('p. 1 · página 5 de 7');
    expect(JSON.parse(d.querySelector('#lector')!.getAttribute('data-folios')!)).toEqual([
      'i',
      'ii',
      'iii',
      'iv',
      '1',
      '2',
      '3',
    ]);
    expect(d.querySelector('#pagina-actual')?.getAttribute('data-plantilla-folio')).toBe(
      'p. {folio} · página {n} de 7',
    );
    // The citation above says the same folio.
    expect(d.querySelector('.lugar .cita')?.textContent).toBe('(Pérez Canul, 2021, p. 1)');
    const roman = parseHTML((await page(`/leer/${pdf}?pagina=3&lang=en`)).text).document;
    expect(roman.querySelector('#pagina-actual')?.textContent).toBe('p. iii · page 3 of 7');
  });

  it('leads back to the library, to the document page and to search', async () => {
    const d = parseHTML((await page(`/leer/${pdf}?pagina=2`)).text).document;
    const nav = [...d.querySelectorAll('.lector-nav a')].map((a) => a.getAttribute('href'));
    expect(nav).toEqual(['/biblioteca', '/biblioteca', `/biblioteca/documentos/${pdf}`, '/buscar']);
    const form = d.querySelector('form#ir-a')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(`/leer/${pdf}/ir`);
    expect(d.querySelector('label[for="ir-a-valor"]')?.textContent).toBe('Ir a');
    // The place the page stands at travels with the form.
    expect(form.querySelector('input[type="hidden"][name="pagina"]')?.getAttribute('value')).toBe('2');
  });
});

describe("the 'go to' box", () => {
  it("goes to a roman folio, a physical position and 'p. n' as /texto resolves desde", async () => {
    const cases: [string, string][] = [
      ['iii', `/leer/${pdf}?pagina=3`],
      ['III', `/leer/${pdf}?pagina=3`],
      ['[2]', `/leer/${pdf}?pagina=2`],
      ['p. 3', `/leer/${pdf}?pagina=7`],
      ['1', `/leer/${pdf}?pagina=5`],
    ];
    for (const [value, where] of cases) {
      const res = await goTo(pdf, value);
      expect(res.status, value).toBe(303);
      expect(res.headers.get('location'), value).toBe(where);
    }
    // The same place `/texto?desde=iii` starts at.
    const key = await ctx.server.key(OWNER);
    const texto = await ctx.server.request(`/api/v1/documentos/${pdf}/texto?desde=iii&limite=1`, {
      headers: auth(key),
    });
    expect((await texto.json()).unidades[0].enlace).toBe(`http://folio.test/leer/${pdf}?pagina=3`);
    // What the scripts get: the page to scroll to.
    expect(await goToJson(pdf, 'p. 2')).toEqual({
      status: 200,
      body: { posicion: 6, enlace: `/leer/${pdf}?pagina=6`, pagina: 6, cita: '(Pérez Canul, 2021, p. 2)' },
    });
  });

  it('goes to a second of audio, and to a cue by [n]', async () => {
    const at = await goTo(AUDIO, '1:00:05');
    expect(at.status).toBe(303);
    expect(at.headers.get('location')).toBe(`/leer/${AUDIO}?t=3605`);
    expect((await goTo(AUDIO, '0:45')).headers.get('location')).toBe(`/leer/${AUDIO}?t=45`);
    expect((await goTo(AUDIO, '[2]')).headers.get('location')).toBe(`/leer/${AUDIO}?t=30&hasta=65`);
    expect(await goToJson(AUDIO, '1:23')).toEqual({
      status: 200,
      body: { posicion: 3, enlace: `/leer/${AUDIO}?t=83`, t: 83, cita: '(Ruiz, 2020, 1:05)' },
    });
  });

  it('says why a place does not resolve, on the page the reader stood at, never a 500', async () => {
    for (const [id, value, reason] of [
      [pdf, 'xyz', "'xyz' no es un folio impreso"],
      [pdf, '[99]', 'La posición [99] no existe'],
      [pdf, '45', "No hay ninguna página con el folio impreso '45'"],
      [pdf, '', 'Escribe un folio'],
      [AUDIO, 'iii', "'iii' no es un tiempo válido"],
      [AUDIO, '9:00:00', 'queda fuera de la duración'],
    ] as const) {
      const res = await goTo(id, value, '&pagina=4');
      expect(res.status, value).toBe(400);
      const d = parseHTML(await res.text()).document;
      expect(d.querySelector('#ir-a-error[role="alert"]')?.textContent, value).toContain(reason);
      expect(d.querySelector('#ir-a-valor')?.getAttribute('aria-invalid')).toBe('true');
      expect(d.querySelector('#ir-a-valor')?.getAttribute('value')).toBe(value);
      if (id === pdf) expect(d.querySelector('#lector')?.getAttribute('data-pagina')).toBe('4');
    }
    const json = await goToJson(pdf, 'xyz');
    expect(json.status).toBe(400);
    expect(json.body.error).toContain("No se puede ir a «xyz»: 'xyz' no es un folio impreso");
  });

  it("shows nothing of another user's document", async () => {
    const other = await signedInCookie(ctx.server, 'ajena@example.org');
    const res = await ctx.server.request(`/leer/${pdf}/ir?ir=iii`, { headers: { Cookie: other, Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Cuaderno');
  });
});
