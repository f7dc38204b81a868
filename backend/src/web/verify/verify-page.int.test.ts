import { beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'una frase para verificar afirmaciones';
const CLAIM = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';
const ids: Record<string, string> = {};
let key: string;
let web: WebClient;

async function add(owner: string, nombre: string, texto: string, query = '') {
  const res = await t.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
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
  await setPassword(t.server.runtime.deps.db, 'verificadora@example.org', PASSWORD);
  key = await t.server.key('verificadora@example.org');
  const other = await t.server.key('otra@example.org');
  ids.cenotes = await add(
    key,
    'cenotes.md',
    '# Cenotes de Yucatán\n\nEl acuífero kárstico corre bajo la península y aflora en los cenotes.\n\n' +
      `## Calidad del agua\n\n${CLAIM} Las granjas porcinas vierten sus residuos al acuífero.`,
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
  );
  ids.ajeno = await add(
    other,
    'ajeno.md',
    `# Informe ajeno\n\n${CLAIM} Este informe es de otra persona.`,
    '&titulo=Informe%20ajeno&anio=2020',
  );
  web = new WebClient(t.server);
  await web.signIn('verificadora@example.org', PASSWORD);
});

const items = (page: string) => [...page.matchAll(/<li class="result">[\s\S]*?<\/li>/g)].map((m) => m[0]);

describe('verify page /verificar', () => {
  it('shows the form with the claim, the optional year and the CSRF field', async () => {
    const { res, text } = await web.page('/verificar');
    expect(res.status).toBe(200);
    expect(text).toContain('<label for="afirmacion">Afirmación</label>');
    expect(text).toContain('<label for="anio">Año del texto (opcional)</label>');
    expect(text).toContain('name="_csrf"');
    expect(text).toContain('aria-current="page">Verificar</a>');
    expect(text).not.toContain('Veredicto');
  });

  it('gives the verdict in words, its probability and each passage with relation and support, as the API does', async () => {
    await web.page('/verificar');
    const { res, text } = await web.post('/verificar', { afirmacion: CLAIM, anio: '' });
    expect(res.status).toBe(200);
    expect(text).toContain('Respaldada: tu biblioteca respalda la afirmación.');
    expect(text).toContain('data-veredicto="respaldada"');

    const api = await (
      await t.server.request('/api/v1/verificar', {
        method: 'POST',
        body: JSON.stringify({ afirmacion: CLAIM }),
        headers: auth(key, { 'Content-Type': 'application/json' }),
      })
    ).json();
    expect(api.veredicto).toBe('respaldada');
    expect(text).toContain(`Probabilidad de respaldo: ${Math.round(api.probabilidad * 100)} %`);
    const shown = items(text);
    expect(shown.length).toBe(api.pasajes.length);
    const top = api.pasajes[0];
    expect(shown[0]).toContain('Apoyo directo');
    expect(shown[0]).toContain(`value="${top.respaldo}"`);
    expect(shown[0]).toContain(`${Math.round(top.respaldo * 100)} %`);
    expect(shown[0]).toContain(`<dd class="cita">${top.cita}</dd>`);
    expect(top.cita).toBe('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
    expect(shown[0]).toContain(`<dd class="localizador">${top.localizador}</dd>`);
    expect(shown[0]).toContain(`href="${top.enlace.replace(/&/g, '&amp;')}"`);
    // The form keeps the claim for another try.
    expect(text).toContain(`${CLAIM}</textarea>`);
    // Never another user's passage.
    expect(text).not.toContain('Informe ajeno');
  });

  it('sets aside sources later than the year as IMPOSIBLE_TEMPORAL', async () => {
    const { res, text } = await web.post('/verificar', { afirmacion: CLAIM, anio: '2015' });
    expect(res.status).toBe(200);
    expect(text).toContain('Sin respaldo: ningún pasaje de tu biblioteca la respalda.');
    expect(text).toContain('Posterior a la afirmación (descartado)');
  });

  it('says plainly when no passage speaks of the claim', async () => {
    const { text } = await web.post('/verificar', { afirmacion: 'La zarzuela astronáutica triunfó en Saturno.' });
    expect(text).toContain('data-veredicto="sin_respaldo"');
    expect(text).toContain('No hay pasajes en tu biblioteca que hablen de esto.');
  });

  it('says, without a model, that no passage states a paraphrase in the same words, and shows the closest', async () => {
    // The library says 'Las granjas porcinas vierten sus residuos al acuífero.': the same fact in other words.
    const claim = 'Los criaderos de cerdos arrojan sus desechos al acuífero.';
    await web.page('/verificar');
    const { res, text } = await web.post('/verificar', { afirmacion: claim });
    expect(res.status).toBe(200);
    expect(text).toContain('data-veredicto="sin_respaldo"');
    expect(text).toContain(
      'Sin respaldo confirmado: ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras.',
    );
    expect(text).not.toContain('ningún pasaje de tu biblioteca la respalda');
    const api = await (
      await t.server.request('/api/v1/verificar', {
        method: 'POST',
        body: JSON.stringify({ afirmacion: claim }),
        headers: auth(key, { 'Content-Type': 'application/json' }),
      })
    ).json();
    const closest = api.pasajes.find((p: { id: string }) => p.id === api.cercano);
    const box = /<div class="closest"[\s\S]*?<\/div>/.exec(text)![0];
    expect(box).toContain('<h3 id="cercano">El pasaje más cercano</h3>');
    expect(box).toContain('No dice la afirmación con las mismas palabras:');
    expect(box).toContain('Las granjas porcinas vierten sus residuos al acuífero.');
    expect(box).toContain(`<strong class="cita">${closest.cita}</strong>`);
    expect(box).toContain(`href="${closest.enlace.replace(/&/g, '&amp;')}">${closest.localizador}</a>`);
    expect(box).toContain(`Respaldo: ${Math.round(closest.respaldo * 100)} %`);
    expect(box).toContain(`href="#r-${api.pasajes.indexOf(closest) + 1}"`);
    expect(box).toContain('compara palabras y no reconoce una paráfrasis');
    expect(box).toContain('<code>npm run folio -- models pull nli</code>');

    await web.page('/verificar?lang=en');
    const en = (await web.post('/verificar', { afirmacion: claim })).text;
    expect(en).toContain('No confirmed support: no passage of your library states this claim in the same words.');
    expect(en).toContain('The closest passage');
    expect(en).toContain('cannot recognise a paraphrase');
    await web.page('/verificar?lang=es');
  });

  it('keeps the plain words when the NLI model judged', async () => {
    const engines = t.server.runtime.deps.engines;
    const lexical = engines.support;
    engines.support = { name: 'modelo-nli (local, q8) (NLI) + comprobaciones', judge: lexical.judge };
    try {
      const { text } = await web.post('/verificar', {
        afirmacion: 'Los criaderos de cerdos arrojan sus desechos al acuífero.',
      });
      expect(text).toContain('Sin respaldo: ningún pasaje de tu biblioteca la respalda.');
      expect(text).not.toContain('class="closest"');
      expect(text).not.toContain('models pull nli');
    } finally {
      engines.support = lexical;
    }
  });

  it('shows bad input as a message on the page, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ afirmacion: '  ' }, 'Escribe la afirmación que quieres verificar.'],
      [{ afirmacion: 'nitra\u0000tos' }, 'El campo «afirmacion» contiene un carácter nulo'],
      [{ afirmacion: CLAIM, anio: 'el año pasado' }, 'El año debe ser un número entero'],
      [{ afirmacion: CLAIM, anio: '99999' }, 'El año debe ser un número entero'],
      [{ afirmacion: 'x'.repeat(4001) }, 'demasiado larga'],
    ];
    for (const [fields, message] of cases) {
      const { res, text } = await web.post('/verificar', fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(text).toContain('role="alert"');
      expect(text).toContain(message);
      expect(text).not.toContain('Veredicto');
    }
  });

  it('refuses a post without the session’s CSRF token', async () => {
    const { res, text } = await web.post('/verificar', { afirmacion: CLAIM, _csrf: 'falso' });
    expect(res.status).toBe(403);
    expect(text).not.toContain('Veredicto');
  });

  it('speaks English when asked', async () => {
    await web.page('/verificar?lang=en');
    const { text } = await web.post('/verificar', { afirmacion: CLAIM });
    expect(text).toContain('Supported: your library backs the claim.');
    expect(text).toContain('Direct support');
    expect(text).toContain('Copy text + citation');
  });
});
