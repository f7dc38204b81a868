import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer, type TestResponse } from '../testing/harness';

const ctx = useTestServer();
let key: string;
let other: string;
const ids: Record<string, string> = {};

async function add(nombre: string, texto: string, query = '', as = key) {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: texto,
    headers: auth(as, { 'Content-Type': 'text/plain' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

const cite = (body: unknown, query = '', headers: Record<string, string> = {}, as = key) =>
  ctx.server.request(`/api/v1/citar${query}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: auth(as, { 'Content-Type': 'application/json', ...headers }),
  });

const NITRATOS = 'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019.';
const ACUIFERO = 'El acuífero kárstico de Yucatán corre bajo la península y aflora en los cenotes.';
const KARST = 'Karst aquifers carry groundwater quickly through conduits and caves under the limestone.';
const SECRETO = 'Los murciélagos del cenote Xbatún polinizan el agave azul durante las noches de luna nueva.';

/** A text with backed sentences (from two documents), an unrelated one and a question. */
const TEXTO =
  'Los cenotes atraen a muchos turistas cada verano. ' +
  'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019. ' +
  '¿Qué harán las autoridades con el agua?\n\n' +
  'Karst aquifers carry groundwater quickly through conduits and caves. ' +
  'A mi abuela le gustaba mucho el teatro barroco de Calderón.';

/** The text with every inserted citation taken out again. */
function withoutCitations(texto: string, citas: { cita: string }[]): string {
  let out = texto;
  for (const c of citas) out = out.replace(` ${c.cita}`, '');
  return out;
}

beforeAll(async () => {
  key = await ctx.server.key('cita@example.org');
  other = await ctx.server.key('otra@example.org');
  ids.cenotes = await add(
    'cenotes.md',
    `# Cenotes de Yucatán\n\n${ACUIFERO}\n\n## Calidad del agua\n\n${NITRATOS}`,
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021&biblioteca=tesis',
  );
  ids.karst = await add(
    'karst.md',
    `# Groundwater in karst\n\n${KARST}`,
    '&titulo=Groundwater%20in%20karst&autores=Smith,%20John;%20Lee,%20Ann&anio=2018',
  );
  ids.ajeno = await add('ajeno.txt', SECRETO, '&titulo=Murci%C3%A9lagos&autores=Ajena,%20Rosa&anio=2020', other);
});

describe('POST /citar', () => {
  it('inserts a citation exactly after each backed claim and leaves the rest of the text untouched', async () => {
    const res = await cite({ texto: TEXTO });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ estado: 'listo', estilo: 'apa' });
    expect(body.citas.map((c: { afirmacion: string }) => c.afirmacion)).toEqual([
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019',
      'Karst aquifers carry groundwater quickly through conduits and caves',
    ]);
    const [nitratos, karst] = body.citas;
    expect(nitratos).toMatchObject({
      cita: '(Pérez Canul, 2021, Calidad del agua, párr. 1)',
      localizador: 'Calidad del agua, párr. 1',
      documento: ids.cenotes,
      pasaje: NITRATOS,
    });
    expect(nitratos.fragmento).toMatch(new RegExp(`^${ids.cenotes}:\\d+$`));
    expect(nitratos.enlace).toMatch(new RegExp(`^http://folio.test/leer/${ids.cenotes}\\?parrafo=1`));
    expect(nitratos.respaldo).toBeGreaterThanOrEqual(0.7);
    expect(karst).toMatchObject({ cita: '(Smith y Lee, 2018, Groundwater in karst, párr. 1)', documento: ids.karst });
    expect(body.texto).toBe(
      TEXTO.replace('44.9 mg/L en 2019.', '44.9 mg/L en 2019 (Pérez Canul, 2021, Calidad del agua, párr. 1).').replace(
        'conduits and caves.',
        'conduits and caves (Smith y Lee, 2018, Groundwater in karst, párr. 1).',
      ),
    );
    expect(withoutCitations(body.texto, body.citas)).toBe(TEXTO);
    expect(body.bibliografia).toEqual([
      'Pérez Canul, L. (2021). Cenotes de Yucatán.',
      'Smith, J. y Lee, A. (2018). Groundwater in karst.',
    ]);
    expect(body.progreso_url).toBeUndefined();
  });

  it('always cites a sentence copied from the library, and a clause copied from a longer one', async () => {
    const texto = `${ACUIFERO}\n\nEl acuífero kárstico de Yucatán aflora en los cenotes.`;
    const body = await (await cite({ texto })).json();
    expect(body.citas.map((c: { respaldo: number }) => c.respaldo >= 0.9)).toEqual([true, true]);
    expect(body.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.cenotes, ids.cenotes]);
  });

  it('never cites a claim the library contradicts, and cites one it states in other words (issue 14)', async () => {
    const contradicted = [
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 54.9 mg/L en 2019.',
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2015.',
      'En Cuzamá la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019.',
    ];
    const reworded = 'En Homún los nitratos del agua de los cenotes llegaron a 44,9 miligramos por litro en 2019.';
    const body = await (await cite({ texto: [...contradicted, reworded].join(' ') })).json();
    expect(body.citas.map((c: { afirmacion: string }) => c.afirmacion)).toEqual([reworded.replace(/\.$/, '')]);
    expect(body.citas[0].documento).toBe(ids.cenotes);
  });

  it('cites nothing when nothing backs the text, and returns it as it was', async () => {
    const texto = 'A mi abuela le gustaba mucho el teatro barroco de Calderón.\n\nY la zarzuela, también.';
    const body = await (await cite({ texto })).json();
    expect(body).toMatchObject({ estado: 'listo', texto, citas: [], bibliografia: [] });
  });

  it('says, without a model, that an uncited claim a passage came close to is not stated in the same words', async () => {
    const texto = 'Los cenotes atraen a muchos turistas cada verano.';
    const body = await (await cite({ texto })).json();
    expect(body).toMatchObject({ estado: 'listo', texto, citas: [], bibliografia: [], juez: 'lexico' });
    expect(body.nota).toMatch(/^Una afirmación quedó sin cita porque ningún pasaje la dice con las mismas palabras/);
    expect(body.nota).toContain('no reconoce una paráfrasis');
    expect(body.nota).toContain('npm run folio -- models pull nli');
    const md = await (await cite({ texto }, '?formato=markdown')).text();
    expect(md).toContain('Ningún pasaje de tu biblioteca dice con las mismas palabras lo que afirma el texto.');
    expect(md).not.toContain('respalda el texto');
    expect(md).not.toContain('## Referencias');
    expect(md).toContain(`> ${body.nota}`);

    // With the NLI model answering, the same outcome keeps the plain words.
    const engines = ctx.server.runtime.deps.engines;
    const lexical = engines.support;
    engines.support = { name: 'modelo-nli (local, q8) (NLI) + comprobaciones', judge: lexical.judge };
    try {
      const nli = await (await cite({ texto })).json();
      expect(nli).toMatchObject({ estado: 'listo', citas: [], juez: 'nli' });
      expect(nli.nota).toBeUndefined();
      const plain = await (await cite({ texto }, '?formato=markdown')).text();
      expect(plain).toBe(`${texto}\n\n> Ningún pasaje de tu biblioteca respalda el texto.\n`);
      expect(plain).not.toContain('models pull nli');
    } finally {
      engines.support = lexical;
    }
  });

  it('cites each clause of a sentence that makes two claims backed by different works', async () => {
    const texto =
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019, ' +
      'while karst aquifers carry groundwater quickly through conduits and caves.';
    const body = await (await cite({ texto })).json();
    expect(body.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.cenotes, ids.karst]);
    expect(body.texto).toBe(
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019 (Pérez Canul, 2021, Calidad del agua, párr. 1), ' +
        'while karst aquifers carry groundwater quickly through conduits and caves (Smith y Lee, 2018, Groundwater in karst, párr. 1).',
    );
  });

  it('honours umbral: at 1 nothing is backed enough', async () => {
    const body = await (await cite({ texto: TEXTO, umbral: 1 })).json();
    expect(body.citas).toEqual([]);
    expect(body.texto).toBe(TEXTO);
  });

  it('restricts the passages to documentos and to a biblioteca', async () => {
    const only = await (await cite({ texto: TEXTO, documentos: [ids.karst] })).json();
    expect(only.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.karst]);
    const tesis = await (await cite({ texto: TEXTO, biblioteca: 'tesis' })).json();
    expect(tesis.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.cenotes]);
  });

  it("never cites another user's passages", async () => {
    const texto = `${SECRETO} ${NITRATOS}`;
    const mine = await (await cite({ texto })).json();
    expect(mine.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.cenotes]);
    const theirs = await (await cite({ texto }, '', {}, other)).json();
    expect(theirs.citas.map((c: { documento: string }) => c.documento)).toEqual([ids.ajeno]);
    expect(JSON.stringify(theirs)).not.toContain(ids.cenotes);
  });

  it('numbers IEEE citations by first appearance, with the bibliography in that order', async () => {
    const texto = `${KARST} ${NITRATOS} ${ACUIFERO}`;
    const body = await (await cite({ texto, estilo: 'ieee' })).json();
    expect(body.citas.map((c: { cita: string }) => c.cita)).toEqual([
      '[1, Groundwater in karst, párr. 1]',
      '[2, Calidad del agua, párr. 1]',
      '[2, Cenotes de Yucatán, párr. 1]',
    ]);
    expect(body.texto).toContain('under the limestone [1, Groundwater in karst, párr. 1].');
    expect(body.bibliografia).toEqual([
      '[1] J. Smith y A. Lee, «Groundwater in karst». 2018.',
      '[2] L. Pérez Canul, «Cenotes de Yucatán». 2021.',
    ]);
  });

  it('puts Chicago notes as footnotes after the punctuation, full first and short after', async () => {
    const texto = `${NITRATOS} ${KARST} ${ACUIFERO}`;
    const body = await (await cite({ texto, estilo: 'chicago-notes' })).json();
    expect(body.estilo).toBe('chicago-fullnote-bibliography');
    const [first, second, third] = body.citas.map((c: { cita: string }) => c.cita);
    // Documents read from text files are CSL 'document's: Chicago quotes their titles.
    expect(first).toBe('Lucía Pérez Canul, «Cenotes de Yucatán», 2021, Calidad del agua, párr. 1.');
    expect(second).toBe('John Smith y Ann Lee, «Groundwater in karst», 2018, Groundwater in karst, párr. 1.');
    expect(third).toBe('Pérez Canul, «Cenotes de Yucatán», Cenotes de Yucatán, párr. 1.');
    expect(body.texto).toBe(
      `${NITRATOS}[^1] ${KARST}[^2] ${ACUIFERO}[^3]\n\n` +
        '[^1]: Lucía Pérez Canul, «Cenotes de Yucatán», 2021, Calidad del agua, párr. 1.\n' +
        '[^2]: John Smith y Ann Lee, «Groundwater in karst», 2018, Groundwater in karst, párr. 1.\n' +
        '[^3]: Pérez Canul, «Cenotes de Yucatán», Cenotes de Yucatán, párr. 1.\n',
    );
    expect(body.bibliografia).toEqual([
      'Pérez Canul, Lucía. «Cenotes de Yucatán», 2021.',
      'Smith, John, y Ann Lee. «Groundwater in karst», 2018.',
    ]);
  });

  it('writes the words of the locale: es-ES by default, en-US when asked', async () => {
    const es = await (await cite({ texto: KARST, estilo: 'chicago-author-date' })).json();
    expect(es.citas[0]).toMatchObject({
      cita: '(Smith y Lee 2018, Groundwater in karst, párr. 1)',
      localizador: 'Groundwater in karst, párr. 1',
    });
    const en = await (await cite({ texto: KARST, estilo: 'chicago-author-date', idioma: 'en-US' })).json();
    expect(en.citas[0]).toMatchObject({
      cita: '(Smith and Lee 2018, Groundwater in karst, para. 1)',
      localizador: 'Groundwater in karst, para. 1',
    });
    expect(en.bibliografia).toEqual(['Smith, John, and Ann Lee. 2018. “Groundwater in Karst.”']);
    const bare = await (await cite({ texto: KARST, estilo: 'mla', idioma: 'en' })).json();
    expect(bare.citas[0].cita).toBe('(Smith and Lee, Groundwater in karst, para. 1)');
  });

  it('answers Markdown: the cited text, a heading Referencias and the list', async () => {
    const res = await cite({ texto: NITRATOS, estilo: 'chicago-author-date' }, '?formato=markdown');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await res.text()).toBe(
      'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019 (Pérez Canul 2021, Calidad del agua, párr. 1).\n\n' +
        '## Referencias\n\n' +
        '- Pérez Canul, Lucía. 2021. «Cenotes de Yucatán».\n',
    );
  });

  it('answers 202 at once with esperar=0 or Prefer: respond-async, then GET /citar/{id} long-polls', async () => {
    const res = await cite({ texto: TEXTO }, '?esperar=0');
    expect(res.status).toBe(202);
    const queued = await res.json();
    expect(['en_cola', 'procesando']).toContain(queued.estado);
    expect(queued.progreso_url).toBe(`http://folio.test/api/v1/citar/${queued.id}`);
    expect(res.headers.get('location')).toBe(queued.progreso_url);
    expect(queued.texto).toBeUndefined();
    const done = await ctx.server.request(`/api/v1/citar/${queued.id}?esperar=60`, { headers: auth(key) });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: queued.id, estado: 'listo', citas: [{}, {}] });

    const async = await cite({ texto: NITRATOS }, '', { Prefer: 'respond-async' });
    expect(async.status).toBe(202);
    const now = await ctx.server.request(`/api/v1/citar/${(await async.json()).id}`, { headers: auth(key) });
    expect([200, 202]).toContain(now.status);
  });

  it('gives back the same job for a repeated Idempotency-Key', async () => {
    const first = await (await cite({ texto: NITRATOS }, '?esperar=0', { 'Idempotency-Key': 'cita-1' })).json();
    const again = await (await cite({ texto: NITRATOS }, '?esperar=0', { 'Idempotency-Key': 'cita-1' })).json();
    expect(again.id).toBe(first.id);
  });

  it('refuses bad input in the shape of the spec, naming the field', async () => {
    const check = async (res: TestResponse, campo: string, estado = 400) => {
      expect(res.status).toBe(estado);
      const { error } = await res.json();
      expect(error).toMatchObject({ codigo: estado === 400 ? 'peticion_invalida' : 'no_encontrado', estado });
      expect(typeof error.mensaje).toBe('string');
      expect(typeof error.message).toBe('string');
      if (campo) expect(error.detalles.campo).toBe(campo);
    };
    await check(await cite({ estilo: 'apa' }), 'texto');
    await check(await cite({ texto: 'x', umbral: 2 }), 'umbral');
    await check(await cite({ texto: NITRATOS, estilo: 'no-existe' }), 'estilo');
    await check(await cite({ texto: NITRATOS, idioma: 'xx-YY' }), 'idioma');
    await check(await cite({ texto: NITRATOS }, '?formato=docx'), 'formato');
    await check(await cite({ texto: NITRATOS }, '?esperar=601'), 'esperar');
    const plain = await ctx.server.request('/api/v1/citar', {
      method: 'POST',
      body: NITRATOS,
      headers: auth(key, { 'Content-Type': 'text/plain' }),
    });
    await check(plain, 'Content-Type');
    await check(await ctx.server.request('/api/v1/citar/nada', { headers: auth(key) }), '', 404);
    const { id } = await (await cite({ texto: NITRATOS }, '?esperar=0')).json();
    await check(await ctx.server.request(`/api/v1/citar/${id}`, { headers: auth(other) }), '', 404);
    const reader = await ctx.server.key('lectora@example.org', ['lectura']);
    const forbidden = await cite({ texto: NITRATOS }, '', {}, reader);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.codigo).toBe('prohibido');
  });

  it('lets a key with lectura read its user’s cite jobs, never another user’s', async () => {
    const { id } = await (await cite({ texto: NITRATOS }, '?esperar=0')).json();
    // A second key of the same user with only `lectura` may poll the job: reading a result is a read.
    const reader = await ctx.server.key('cita@example.org', ['lectura']);
    const read = await ctx.server.request(`/api/v1/citar/${id}?esperar=30`, { headers: auth(reader) });
    expect(read.status).toBe(200);
    expect((await read.json()).id).toBe(id);
    // A key with only `escritura`, which may create jobs, may still poll them.
    const writer = await ctx.server.key('cita@example.org', ['escritura']);
    expect((await ctx.server.request(`/api/v1/citar/${id}`, { headers: auth(writer) })).status).toBe(200);
    // Another user's reader gets 404, as for any resource that is not theirs.
    const stranger = await ctx.server.key('otra@example.org', ['lectura']);
    const hidden = await ctx.server.request(`/api/v1/citar/${id}`, { headers: auth(stranger) });
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).error.codigo).toBe('no_encontrado');
    // Neither `lectura` nor `escritura` (an MCP-only key): 403 naming both.
    const mcpOnly = await ctx.server.key('cita@example.org', ['mcp']);
    const refused = await ctx.server.request(`/api/v1/citar/${id}`, { headers: auth(mcpOnly) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.detalles.requiere).toEqual(['lectura', 'escritura']);
  });
});

describe('styles', () => {
  it('lists the bundled styles with their aliases and the locales', async () => {
    const res = await ctx.server.request('/api/v1/estilos', { headers: auth(key) });
    expect(res.status).toBe(200);
    const body = await res.json();
    const byId = Object.fromEntries(body.estilos.map((e: { id: string }) => [e.id, e]));
    for (const id of ['apa', 'modern-language-association', 'chicago-author-date', 'chicago-fullnote-bibliography']) {
      expect(byId[id]).toMatchObject({ propio: false });
    }
    expect(byId['chicago-fullnote-bibliography'].clase).toBe('note');
    expect(byId.ieee.clase).toBe('in-text');
    expect(byId['modern-language-association'].alias).toEqual(['mla']);
    expect(body.idiomas).toEqual(expect.arrayContaining(['es-ES', 'en-US', 'es-MX', 'pt-BR']));
  });

  it('registers a CSL style of the user and cites with it; bundled ids are taken; garbage is refused', async () => {
    const ieee = await readFile(path.join(import.meta.dirname, '../cite/csl/styles/ieee.csl'), 'utf8');
    const mine = ieee
      .replace('http://www.zotero.org/styles/ieee"', 'http://www.zotero.org/styles/mi-ieee"')
      .replace(/<id>[^<]*<\/id>/, '<id>http://www.zotero.org/styles/mi-ieee</id>')
      .replace(/<title>IEEE<\/title>/, '<title>Mi IEEE</title>')
      .replace('<group prefix="[" suffix="]" delimiter=", ">', '<group prefix="⟨" suffix="⟩" delimiter=", ">');
    const post = (xml: string) =>
      ctx.server.request('/api/v1/estilos', {
        method: 'POST',
        body: xml,
        headers: auth(key, { 'Content-Type': 'application/vnd.citationstyles.style+xml' }),
      });
    const res = await post(mine);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 'mi-ieee', titulo: 'Mi IEEE', clase: 'in-text', propio: true });
    expect((await post(mine)).status).toBe(200);
    const body = await (await cite({ texto: KARST, estilo: 'mi-ieee' })).json();
    expect(body.estilo).toBe('mi-ieee');
    expect(body.citas[0].cita).toMatch(/^⟨.*1.*⟩$/);
    // Another user does not see it.
    const theirs = await cite({ texto: SECRETO, estilo: 'mi-ieee' }, '', {}, other);
    expect(theirs.status).toBe(400);

    const dependent =
      '<?xml version="1.0" encoding="utf-8"?><style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">' +
      '<info><title>Revista de Aguas</title><id>http://www.zotero.org/styles/revista-de-aguas</id>' +
      '<link href="http://www.zotero.org/styles/apa" rel="independent-parent"/></info></style>';
    expect((await post(dependent)).status).toBe(201);
    const dep = await (await cite({ texto: NITRATOS, estilo: 'revista-de-aguas' })).json();
    expect(dep.citas[0].cita).toBe('(Pérez Canul, 2021, Calidad del agua, párr. 1)');

    const taken = await post(ieee);
    expect(taken.status).toBe(409);
    const garbage = await post('<style>no</style>');
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.codigo).toBe('peticion_invalida');

    const del = await ctx.server.request('/api/v1/estilos/mi-ieee', { method: 'DELETE', headers: auth(key) });
    expect(await del.json()).toEqual({ ok: true, id: 'mi-ieee', borrado: true });
    expect((await cite({ texto: KARST, estilo: 'mi-ieee' })).status).toBe(400);
  });
});
