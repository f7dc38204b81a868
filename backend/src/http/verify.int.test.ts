import { beforeAll, describe, expect, it } from 'vitest';
import { LEXICAL_SCORER } from '../support/scorer';
import { verdictProbability } from '../support/verdict-probability';
import { auth, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;
const ids: Record<string, string> = {};

async function add(nombre: string, texto: string, query = '', owner = key) {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: texto,
    headers: auth(owner, { 'Content-Type': 'text/plain' }),
  });
  expect(res.status).toBe(201);
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc.id as string;
}

beforeAll(async () => {
  key = await ctx.server.key('verifica@example.org');
  ids.cenotes = await add(
    'cenotes.md',
    '# Cenotes de Yucatán\n\nEl acuífero kárstico corre bajo la península y aflora en los cenotes.\n\n' +
      '## Calidad del agua\n\nEn Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019, por encima de ' +
      'lo que recomiendan las normas para el agua de consumo. Las granjas porcinas vierten sus residuos al acuífero.',
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
  );
  ids.vitamin = await add(
    'vitamin.md',
    '# Vitamin D trial\n\nIn the trial, vitamin D supplementation reduced hip fractures in older women living ' +
      'in nursing homes. Calcium intake was recorded at baseline for every participant.',
    '&titulo=Vitamin%20D%20trial&autores=Smith,%20John&anio=2018',
  );
  ids.teatro = await add(
    'teatro.txt',
    'Un texto sobre la historia del teatro y la música barroca en las cortes europeas del siglo XVII.',
    '&titulo=Teatro&anio=2010',
  );
});

/** What verify answers as `probabilidad` for a verdict with this support, through the lexical path's calibration. */
const calibrated = (claim: string, support: number, weighed: number) =>
  verdictProbability(LEXICAL_SCORER, claim, support, weighed).probabilidad;

const verify = (body: unknown, query = '', owner = key) =>
  ctx.server.request(`/api/v1/verificar${query}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: auth(owner, { 'Content-Type': 'application/json' }),
  });

describe('POST /verificar', () => {
  it('backs a claim the library states, with the passage cited from its anchor', async () => {
    const res = await verify({ afirmacion: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-folio-respaldo')).toMatch(/lexico-semantico/);
    const body = await res.json();
    expect(body).toMatchObject({ veredicto: 'respaldada', respaldada: true });
    expect(body.afirmacion).toBe('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.');
    expect(typeof body.ms).toBe('number');
    const top = body.pasajes[0];
    expect(top.relacion).toBe('APOYO_DIRECTO');
    expect(top.respaldo).toBeGreaterThanOrEqual(0.7);
    // The probability that the claim is backed, calibrated from the backing passage's support.
    expect(body.probabilidad).toBe(calibrated(body.afirmacion, top.respaldo, body.pasajes.length));
    expect(body.probabilidad).toBeGreaterThan(0.5);
    expect(top.documento.id).toBe(ids.cenotes);
    expect(top.texto).toContain('44.9 mg/L');
    // The same citation, locator and link search gives for that passage.
    const search = await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent('nitratos Homún 44.9')}`, {
      headers: auth(key),
    });
    const same = (await search.json()).pasajes.find((p: { id: string }) => p.id === top.id);
    expect(same).toBeDefined();
    expect({ cita: top.cita, localizador: top.localizador, enlace: top.enlace, ancla: top.ancla }).toEqual({
      cita: same.cita,
      localizador: same.localizador,
      enlace: same.enlace,
      ancla: same.ancla,
    });
    expect(top.cita).toBe('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
  });

  it('finds a claim contradicted by a figure', async () => {
    const body = await (
      await verify({ afirmacion: 'En Homún la concentración de nitratos alcanzó 60 mg/L en 2019.' })
    ).json();
    expect(body).toMatchObject({ veredicto: 'contradicha', respaldada: false });
    expect(body.pasajes[0].relacion).toBe('CONTRADICCION');
    expect(body.pasajes[0].respaldo).toBeLessThan(0.3);
    expect(body.probabilidad).toBeLessThan(0.3);
  });

  it('finds a negated claim contradicted (English)', async () => {
    const body = await (
      await verify({ afirmacion: 'Vitamin D supplementation did not reduce hip fractures in older women.' })
    ).json();
    expect(body.veredicto).toBe('contradicha');
    expect(body.pasajes[0].documento.id).toBe(ids.vitamin);
    expect(body.pasajes[0].relacion).toBe('CONTRADICCION');
  });

  it('backs the English claim as stated', async () => {
    const body = await (
      await verify({ afirmacion: 'Vitamin D supplementation reduced hip fractures in older women.' })
    ).json();
    expect(body.veredicto).toBe('respaldada');
  });

  it('says sin_respaldo for a claim the library does not speak of', async () => {
    const body = await (
      await verify({ afirmacion: 'Los pingüinos emperador crían durante el invierno antártico.' })
    ).json();
    expect(body).toMatchObject({ veredicto: 'sin_respaldo', respaldada: false });
    expect(body.probabilidad).toBeLessThan(0.7);
    for (const p of body.pasajes) expect(p.relacion).not.toBe('APOYO_DIRECTO');
  });

  it('does not back a claim about another place (entity swapped)', async () => {
    const body = await (
      await verify({ afirmacion: 'En Mérida la concentración de nitratos alcanzó 44.9 mg/L en 2019.' })
    ).json();
    expect(body.veredicto).not.toBe('respaldada');
    expect(body.pasajes[0].respaldo).toBeLessThan(0.7);
  });

  it('says parcial when only one clause is backed', async () => {
    const body = await (
      await verify({
        afirmacion:
          'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019, y el gobierno cerró todos los balnearios turísticos del estado.',
      })
    ).json();
    expect(body).toMatchObject({ veredicto: 'parcial', respaldada: false });
  });

  it('sets aside sources later than the claim as IMPOSIBLE_TEMPORAL', async () => {
    const claim = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';
    const body = await (await verify({ afirmacion: claim, anio: 2020 })).json();
    expect(body.veredicto).toBe('sin_respaldo');
    const late = body.pasajes.filter((p: { documento: { id: string } }) => p.documento.id === ids.cenotes);
    expect(late.length).toBeGreaterThan(0);
    for (const p of late) expect(p).toMatchObject({ relacion: 'IMPOSIBLE_TEMPORAL', respaldo: 0 });
    // Kept so that the user sees which sources were set aside and why: listed last, never weighed.
    const relations: string[] = body.pasajes.map((p: { relacion: string }) => p.relacion);
    const firstLate = relations.indexOf('IMPOSIBLE_TEMPORAL');
    expect(relations.slice(firstLate).every((r) => r === 'IMPOSIBLE_TEMPORAL')).toBe(true);
    const weighed = body.pasajes.slice(0, firstLate).map((p: { respaldo: number }) => p.respaldo);
    expect(body.probabilidad).toBe(calibrated(claim, Math.max(0, ...weighed), firstLate));
    expect(body.pasajes.length - firstLate).toBe(late.length);
    // A source of the claim's own year may back it.
    expect((await (await verify({ afirmacion: claim, anio: 2021 })).json()).veredicto).toBe('respaldada');
  });

  it('restricts to documentos and honours k', async () => {
    const body = await (
      await verify({
        afirmacion: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.',
        documentos: [ids.vitamin],
        k: 1,
      })
    ).json();
    expect(body.veredicto).not.toBe('respaldada');
    expect(body.pasajes.length).toBeLessThanOrEqual(1);
    for (const p of body.pasajes) expect(p.documento.id).toBe(ids.vitamin);
  });

  it("never weighs another user's passages", async () => {
    const other = await ctx.server.key('otra@example.org');
    const body = await (
      await verify({ afirmacion: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.' }, '', other)
    ).json();
    expect(body).toMatchObject({ veredicto: 'sin_respaldo', pasajes: [], probabilidad: 0 });
  });

  it('answers Markdown with the verdict and the passages', async () => {
    const res = await verify(
      { afirmacion: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.' },
      '?formato=markdown',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md).toContain('# Verificación de «En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.»');
    expect(md).toContain('**Veredicto: respaldada**');
    expect(md).toMatch(
      /\(Pérez Canul, 2021, Calidad del agua, párr\. 1\) — \[Calidad del agua, párr\. 1\]\(http:\/\/folio\.test\/leer\/.+\) · apoyo directo, respaldo \d+ %/,
    );
  });

  it('names the support scorer on /health', async () => {
    const health = await (await ctx.server.request('/health')).json();
    expect(health.motores.respaldo).toMatch(
      /^léxico-semántico \+ comprobaciones .*; NLI no disponible: falta .*models pull nli/,
    );
  });

  it('answers errors in the contract shape for bad input', async () => {
    const missing = await verify({ k: 3 });
    expect(missing.status).toBe(400);
    const e = (await missing.json()).error;
    expect(e).toMatchObject({ codigo: 'peticion_invalida', estado: 400 });
    expect(e.detalles.campo).toBe('afirmacion');
    expect(typeof e.mensaje).toBe('string');
    expect(typeof e.message).toBe('string');
    for (const k of [0, 51, 2.5]) {
      const res = await verify({ afirmacion: 'Homún tiene nitratos.', k });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'k' } });
    }
    const noKey = await ctx.server.request('/api/v1/verificar', {
      method: 'POST',
      body: JSON.stringify({ afirmacion: 'x' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(noKey.status).toBe(401);
  });
});

describe('POST /verificar: a paraphrase the lexical judge cannot confirm', () => {
  // The library says 'Las granjas porcinas vierten sus residuos al acuífero.': the same fact in other words.
  const PARAPHRASE = 'Los criaderos de cerdos arrojan sus desechos al acuífero.';

  it('says no passage states it in the same words, names the closest passage and the NLI command', async () => {
    const res = await verify({ afirmacion: PARAPHRASE });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-folio-respaldo')).toMatch(/lexico-semantico/);
    const body = await res.json();
    expect(body.veredicto).toBe('sin_respaldo');
    expect(body.juez).toBe('lexico');
    // The closest passage is the weighed one that backs the claim most, and it is in `pasajes`.
    const weighed = body.pasajes.filter((p: { relacion: string }) => p.relacion !== 'IMPOSIBLE_TEMPORAL');
    const most = Math.max(...weighed.map((p: { respaldo: number }) => p.respaldo));
    const closest = body.pasajes.find((p: { id: string }) => p.id === body.cercano);
    expect(closest).toBeDefined();
    expect(closest.respaldo).toBe(most);
    expect(closest.documento.id).toBe(ids.cenotes);
    expect(closest.texto).toContain('Las granjas porcinas vierten sus residuos al acuífero.');
    // Its citation, locator and link are the stored anchor's, as search gives them.
    const search = await (
      await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent('granjas porcinas residuos acuífero')}`, {
        headers: auth(key),
      })
    ).json();
    const same = search.pasajes.find((p: { id: string }) => p.id === closest.id);
    expect({ cita: closest.cita, localizador: closest.localizador, enlace: closest.enlace }).toEqual({
      cita: same.cita,
      localizador: same.localizador,
      enlace: same.enlace,
    });
    expect(body.nota).toMatch(/^Ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras; /);
    expect(body.nota).toContain(`el más cercano es ${closest.cita}: «`);
    expect(body.nota).toContain('Las granjas porcinas vierten sus residuos al acuífero.');
    expect(body.nota).toContain('no reconoce una paráfrasis');
    expect(body.nota).toContain('npm run folio -- models pull nli');

    const md = await (await verify({ afirmacion: PARAPHRASE }, '?formato=markdown')).text();
    expect(md).toContain(
      '**Veredicto: sin_respaldo** — ningún pasaje de tu biblioteca la dice con las mismas palabras',
    );
    expect(md).not.toContain('sin respaldo en tu biblioteca');
    expect(md).toContain(`${closest.cita} — [${closest.localizador}](${closest.enlace})`);
    expect(md).toContain('`npm run folio -- models pull nli`');
  });

  it('keeps the plain words for a claim nothing was weighed for', async () => {
    const other = await ctx.server.key('otra@example.org');
    const body = await (await verify({ afirmacion: PARAPHRASE }, '', other)).json();
    expect(body).toMatchObject({ veredicto: 'sin_respaldo', juez: 'lexico', pasajes: [] });
    expect(body.nota).toBeUndefined();
    expect(body.cercano).toBeUndefined();
  });

  it('keeps the plain words when the NLI model answered', async () => {
    const engines = ctx.server.runtime.deps.engines;
    const lexical = engines.support;
    // The same judgements under an NLI model's name: what changes is only who is said to have judged.
    engines.support = { name: 'modelo-nli (local, q8) (NLI) + comprobaciones', judge: lexical.judge };
    try {
      const body = await (await verify({ afirmacion: PARAPHRASE })).json();
      expect(body.veredicto).toBe('sin_respaldo');
      expect(body.juez).toBe('nli');
      expect(body.nota).toBeUndefined();
      expect(body.cercano).toBeUndefined();
      const md = await (await verify({ afirmacion: PARAPHRASE }, '?formato=markdown')).text();
      expect(md).toContain('**Veredicto: sin_respaldo** — sin respaldo en tu biblioteca');
      expect(md).not.toContain('models pull nli');
    } finally {
      engines.support = lexical;
    }
  });
});
