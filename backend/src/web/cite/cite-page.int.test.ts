import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCX_TYPE } from '../../cite/docx/cited-docx';
import { findCiteJob, insertCiteJob } from '../../db/cite-jobs.repo';
import { newId } from '../../ids';
import { convertDocx } from '../../ingest/office/docx';
import { DEFAULT_LIMITS } from '../../ingest/converter';
import { tmpFiles } from '../../ingest/testing/tmp-files';
import { setPassword } from '../../services/accounts/set-password';
import { auth, REPO_ROOT, useTestServer } from '../../testing/harness';
import { userIdOf } from '../../testing/insert-documents';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'citas con una frase larga';
const tmp = await tmpFiles('folio-web-cite-');

const NITRATOS = 'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019.';
const ACUIFERO = 'El acuífero kárstico de Yucatán corre bajo la península y aflora en los cenotes.';
const PARAMO = 'El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.';
const CUENCAS = 'Las cuencas estudiadas se sitúan entre los 3200 y los 4100 metros de altitud.';
/** Shares one word ('alcanzó') with the library: its best passage backs it 0 %. */
const CALDERON = 'El teatro barroco español alcanzó su apogeo con Calderón de la Barca.';
const SECRETO = 'Los murciélagos del cenote Xbatún polinizan el agave azul durante las noches de luna nueva.';
const TEXTO =
  'Los cenotes atraen a muchos turistas cada verano. ' +
  'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019. ' +
  '¿Qué harán las autoridades con el agua?';
const ids: Record<string, string> = {};

async function add(as: string, nombre: string, texto: string, query: string) {
  const res = await t.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: texto,
    headers: auth(as, { 'Content-Type': 'text/plain' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/citar');
  return web;
}

/** The cite form as a browser sends it: multipart, the token as a field, the file part empty when none is chosen. */
function citeForm(
  web: WebClient,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type: string },
) {
  const form = new FormData();
  form.set('_csrf', web.lastCsrf!);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(
    'archivo',
    file ? new Blob([file.bytes], { type: file.type }) : new Blob([], { type: 'application/octet-stream' }),
    file?.name ?? '',
  );
  return form;
}

/** The list item of one claim on the result page. */
function claimItemOf(page: string, claim: string): string {
  const item = [...page.matchAll(/<li class="claim[^"]*">([\s\S]*?)<\/li>/g)].find((m) =>
    m[1]!.includes(`<p class="claim-text">${claim}</p>`),
  );
  expect(item, claim).toBeDefined();
  return item![1]!;
}

/** Posts the form and follows the redirect to the result page. */
async function cite(web: WebClient, form: FormData, to = '/citar') {
  const res = await web.request(to, { method: 'POST', body: form });
  if (res.status !== 303) return { res, text: await res.text(), id: undefined };
  const location = res.headers.get('location')!;
  const page = await web.page(location);
  return { ...page, id: location.split('/').at(-1) };
}

beforeAll(async () => {
  const key = await t.server.key('autora@example.org');
  const other = await t.server.key('otra@example.org');
  ids.cenotes = await add(
    key,
    'cenotes.md',
    `# Cenotes de Yucatán\n\n${ACUIFERO}\n\n## Calidad del agua\n\n${NITRATOS}`,
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
  );
  ids.paramo = await add(
    key,
    'paramo.txt',
    `${PARAMO}\n\n${CUENCAS}`,
    '&titulo=Hidrolog%C3%ADa%20del%20p%C3%A1ramo&autores=Casta%C3%B1eda%20Ruiz,%20Mariana&anio=2019',
  );
  ids.ajeno = await add(other, 'ajeno.txt', SECRETO, '&titulo=Murci%C3%A9lagos&autores=Ajena,%20Rosa&anio=2020');
});

describe('Cite page', () => {
  it('offers text or .docx, the bundled styles, the locales and the threshold', async () => {
    const web = await signedIn('autora@example.org');
    const { res, text } = await web.page('/citar');
    expect(res.status).toBe(200);
    expect(text).toContain('<h1>Citar</h1>');
    expect(text).toContain('enctype="multipart/form-data"');
    expect(text).toContain('<textarea id="texto" name="texto"');
    expect(text).toMatch(/<input\s+id="archivo"\s+name="archivo"\s+type="file"/);
    expect(text).toMatch(/<option value="apa" selected>/);
    expect(text).toContain('<option value="chicago-fullnote-bibliography"');
    expect(text).toMatch(/<option value="en-US"\s*>en-US<\/option>/);
    expect(text).toMatch(/<option value="es-ES" selected>/);
    expect(text).toMatch(/name="umbral"\s+type="number"\s+min="0"\s+max="1"/);
    expect(text).toContain('action="/citar/estilos"');
  });

  it('cites a pasted text: each claim cited or why not, the Markdown, the bibliography', async () => {
    const web = await signedIn('autora@example.org');
    const { res, text, id } = await cite(
      web,
      citeForm(web, { texto: TEXTO, estilo: 'apa', idioma: 'es-ES', umbral: '0,7' }),
    );
    expect(res.status).toBe(200);
    expect(id).toBeDefined();
    expect(text).toContain('<h1>Texto citado</h1>');
    // The backed claim, with its citation from the stored anchor and a link to the reader.
    expect(text).toContain('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
    expect(text).toMatch(new RegExp(`<a href="[^"]*/leer/${ids.cenotes}[^"]*">Calidad del agua, párr. 1</a>`));
    expect(text).toContain('>Citada</span>');
    // The others, and why not: the lexical judge (no model here) finds no passage stating the first in the same
    // words, which is not the same as no passage backing it; the question is never cited.
    expect(text).toContain('>Sin cita</span>');
    expect(text).toContain('Los cenotes atraen a muchos turistas cada verano');
    expect(text).toMatch(
      /Ningún pasaje la dice con las mismas palabras; el más cercano la respalda un \d+ % \(umbral: 70 %\):/,
    );
    expect(text).not.toContain('Ningún pasaje de tu biblioteca la respalda');
    expect(text).toContain('compara palabras y no reconoce una paráfrasis');
    expect(text).toContain('<code>npm run folio -- models pull nli</code>');
    expect(text).toContain('Es una pregunta: las preguntas no se citan.');
    expect(text).toContain('1 de 2 citadas');
    // The Markdown form, as the API's: the cited text and the references.
    const markdown = /<pre id="markdown"[^>]*>([\s\S]*?)<\/pre>/.exec(text)![1]!;
    expect(markdown).toContain('alcanzó 44.9 mg/L en 2019 (Pérez Canul, 2021, Calidad del agua, párr. 1).');
    expect(markdown).toContain('## Referencias');
    expect(markdown).toContain('Una afirmación quedó sin cita porque ningún pasaje la dice con las mismas palabras');
    expect(text).toContain('data-copy="markdown"');
    expect(text).toMatch(/<ul class="bibliography">\s*<li>Pérez Canul, L\. \(2021\)/);
    // The same job through the API's presenter: the page shows what Citado holds.
    const other = await signedIn('otra@example.org');
    expect((await other.page(`/citar/${id}`)).res.status).toBe(404);
  });

  it('cites with another style and locale, and a note style puts footnotes in the Markdown', async () => {
    const web = await signedIn('autora@example.org');
    const { text } = await cite(
      web,
      citeForm(web, { texto: NITRATOS, estilo: 'chicago-fullnote-bibliography', idioma: 'en-US', umbral: '0.5' }),
    );
    // The style's title, with its id as a detail.
    expect(text).toMatch(
      /Estilo: Chicago Manual of Style 17th edition \(full note\)\s*<span class="style-id">\(<code>chicago-fullnote-bibliography<\/code>\)<\/span>/,
    );
    const markdown = /<pre id="markdown"[^>]*>([\s\S]*?)<\/pre>/.exec(text)![1]!;
    expect(markdown).toMatch(/2019\.\[\^1\]/);
    expect(markdown).toMatch(/\[\^1\]: .*Pérez Canul/);
  });

  it('cites a .docx and gives the cited .docx to download', async () => {
    const web = await signedIn('autora@example.org');
    const fixture = await readFile(path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx'));
    const { text, id } = await cite(
      web,
      citeForm(
        web,
        { texto: '', estilo: 'apa', idioma: 'es-ES', umbral: '' },
        { name: 'aguas-paramo.docx', bytes: fixture, type: DOCX_TYPE },
      ),
    );
    expect(text).toContain(`href="/citar/${id}/docx"`);
    expect(text).toContain('(Castañeda Ruiz, 2019');
    // The title, headings and contents are no claims; the running text is.
    const claimTexts = [...text.matchAll(/<p class="claim-text">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(claimTexts).toContain(PARAMO.slice(0, -1));
    for (const heading of ['Aguas del páramo andino', 'Introducción', 'Área de estudio', 'Clima', 'Métodos']) {
      expect(claimTexts).not.toContain(heading);
    }
    const download = await web.request(`/citar/${id}/docx`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(download.headers.get('content-disposition')).toContain(`citado-${id}.docx`);
    const file = await tmp.write('citado.docx', new Uint8Array(await download.arrayBuffer()));
    const { unidades } = await convertDocx({ path: file }, { limits: DEFAULT_LIMITS });
    const read = unidades.map((u) => u.texto).join('\n');
    expect(read).toContain('(Castañeda Ruiz, 2019');
    expect(read).toContain('Referencias');
    // Not for someone else, and not for a text job.
    const other = await signedIn('otra@example.org');
    expect((await other.request(`/citar/${id}/docx`)).status).toBe(404);
  });

  it('says nothing in the library backs a claim whose best passage scores 0 %, and shows no 0 % passage', async () => {
    const web = await signedIn('autora@example.org');
    const { text, id } = await cite(
      web,
      citeForm(web, { texto: `${NITRATOS} ${CALDERON}`, estilo: 'apa', idioma: 'es-ES', umbral: '0.7' }),
    );
    const item = claimItemOf(text, CALDERON.slice(0, -1));
    expect(item).toContain('Nada en tu biblioteca respalda esta afirmación.');
    expect(item).not.toMatch(/\b0 %/);
    expect(item).not.toContain('<blockquote>');
    expect(text).toContain('1 de 2 citadas');
    // Its best passage is stored, at 0 %: not close, so no lexical judge's note about paraphrase either.
    const { db } = t.server.runtime.deps;
    const row = await findCiteJob(db, await userIdOf(db, 'autora@example.org'), id!);
    const stored = row!.resultado!.afirmaciones!.find((a) => a.afirmacion === CALDERON.slice(0, -1));
    expect(stored?.mejor?.respaldo).toBe(0);
    expect(text).not.toContain('no reconoce una paráfrasis');
    expect(text).not.toContain('quedó sin cita');
    const en = await web.page(`/citar/${id}?lang=en`);
    expect(claimItemOf(en.text, CALDERON.slice(0, -1))).toContain('Nothing in your library backs this claim.');
    await web.page('/citar?lang=es');
  });

  it('with a model judging, says nothing backs an uncited claim and shows the closest passage below that', async () => {
    const web = await signedIn('autora@example.org');
    const engines = t.server.runtime.deps.engines;
    const lexical = engines.support;
    engines.support = { name: 'modelo-nli (local, q8) (NLI) + comprobaciones', judge: lexical.judge };
    try {
      const turistas = 'Los cenotes atraen a muchos turistas cada verano.';
      const { text } = await cite(
        web,
        citeForm(web, { texto: `${turistas} ${CALDERON}`, estilo: 'apa', idioma: 'es-ES', umbral: '0.7' }),
      );
      const close = claimItemOf(text, turistas.slice(0, -1));
      expect(close).toContain('Nada en tu biblioteca respalda esta afirmación.');
      expect(close).toMatch(/El pasaje más cercano la respalda un [1-9]\d? % \(umbral: 70 %\):/);
      expect(close).toContain('<blockquote>');
      const none = claimItemOf(text, CALDERON.slice(0, -1));
      expect(none).toContain('Nada en tu biblioteca respalda esta afirmación.');
      expect(none).not.toContain('<blockquote>');
    } finally {
      engines.support = lexical;
    }
  });

  it('leaves headings of a pasted text uncited and out of the claims', async () => {
    const web = await signedIn('autora@example.org');
    const texto = `# Calidad del agua en Yucatán\n\nNitratos en los cenotes de Homún\n\n${NITRATOS}`;
    const { text } = await cite(web, citeForm(web, { texto, estilo: 'apa', idioma: 'es-ES', umbral: '0.7' }));
    const claimTexts = [...text.matchAll(/<p class="claim-text">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(claimTexts).toEqual([NITRATOS.slice(0, -1)]);
    expect(text).toContain('1 de 1 citadas');
  });

  it('with nothing cited, adds no empty references section: page, API (text and .docx) and download agree', async () => {
    // Her library holds nothing about the páramo or Calderón.
    const web = await signedIn('otra@example.org');
    const { text } = await cite(web, citeForm(web, { texto: CALDERON, estilo: 'apa', idioma: 'es-ES', umbral: '' }));
    const markdown = /<pre id="markdown"[^>]*>([\s\S]*?)<\/pre>/.exec(text)![1]!;
    expect(markdown).toContain(CALDERON);
    expect(markdown).not.toContain('Referencias');
    expect(markdown).toContain('&gt; Ningún pasaje de tu biblioteca respalda el texto.');
    const key = await t.server.key('otra@example.org');
    const api = await t.server.request('/api/v1/citar?formato=markdown', {
      method: 'POST',
      body: JSON.stringify({ texto: CALDERON }),
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });
    const md = await api.text();
    expect(md).toBe(`${CALDERON}\n\n> Ningún pasaje de tu biblioteca respalda el texto.\n`);

    const fixture = await readFile(path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx'));
    const docx = await cite(
      web,
      citeForm(web, { texto: '' }, { name: 'aguas-paramo.docx', bytes: fixture, type: DOCX_TYPE }),
    );
    const docxMarkdown = /<pre id="markdown"[^>]*>([\s\S]*?)<\/pre>/.exec(docx.text)![1]!;
    expect(docxMarkdown).toContain('El páramo es un ecosistema');
    expect(docxMarkdown).not.toContain('Referencias');
    expect(docx.text).toContain('0 de ');
    const download = await web.request(`/citar/${docx.id}/docx`);
    const file = await tmp.write('sin-citas.docx', new Uint8Array(await download.arrayBuffer()));
    const { unidades } = await convertDocx({ path: file }, { limits: DEFAULT_LIMITS });
    expect(unidades.map((u) => u.texto).join('\n')).not.toContain('Referencias');
    const apiDocx = await t.server.request('/api/v1/citar?formato=markdown', {
      method: 'POST',
      body: fixture,
      headers: auth(key, { 'Content-Type': DOCX_TYPE }),
    });
    expect(apiDocx.status).toBe(200);
    const apiDocxMd = await apiDocx.text();
    expect(apiDocxMd).toContain('El páramo es un ecosistema');
    expect(apiDocxMd).not.toContain('Referencias');
  });

  it('registers a CSL style from a file; it is listed and cites; a broken one is a message', async () => {
    const web = await signedIn('autora@example.org');
    const ieee = await readFile(path.join(import.meta.dirname, '../../cite/csl/styles/ieee.csl'), 'utf8');
    const mine = ieee
      .replace(/<id>[^<]*<\/id>/, '<id>http://www.zotero.org/styles/mi-ieee-web</id>')
      .replace(/<title>IEEE<\/title>/, '<title>Mi IEEE web</title>')
      .replace('<group prefix="[" suffix="]" delimiter=", ">', '<group prefix="⟨" suffix="⟩" delimiter=", ">');
    const styleForm = (xml: string, name = 'mi-ieee.csl') => {
      const form = new FormData();
      form.set('_csrf', web.lastCsrf!);
      form.set('estilo', new Blob([xml], { type: 'application/xml' }), name);
      return form;
    };
    const res = await web.request('/citar/estilos', { method: 'POST', body: styleForm(mine) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/citar?registrado=mi-ieee-web');
    const listed = await web.page('/citar?registrado=mi-ieee-web');
    expect(listed.text).toContain('Estilo «Mi IEEE web» registrado como mi-ieee-web.');
    expect(listed.text).toMatch(
      /<optgroup label="Tus estilos"><option value="mi-ieee-web" selected>Mi IEEE web \(mi-ieee-web\)/,
    );
    const { text } = await cite(
      web,
      citeForm(web, { texto: PARAMO, estilo: 'mi-ieee-web', idioma: 'es-ES', umbral: '0.7' }),
    );
    expect(text).toMatch(/<strong>⟨.*1.*⟩<\/strong>/);
    // Not another user's.
    const other = await signedIn('otra@example.org');
    expect((await other.page('/citar')).text).not.toContain('mi-ieee-web');

    const broken = await web.request('/citar/estilos', { method: 'POST', body: styleForm('<style>no</style>') });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain('No se pudo registrar el estilo');
    const taken = await web.request('/citar/estilos', { method: 'POST', body: styleForm(ieee) });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('es un estilo incluido');
    const none = new FormData();
    none.set('_csrf', web.lastCsrf!);
    none.set('estilo', new Blob([]), '');
    const missing = await web.request('/citar/estilos', { method: 'POST', body: none });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Elige un archivo de estilo (.csl).');
  });

  it("never cites another user's documents", async () => {
    const web = await signedIn('autora@example.org');
    const { text } = await cite(web, citeForm(web, { texto: SECRETO, estilo: 'apa', idioma: 'es-ES', umbral: '0.1' }));
    expect(text).toContain('<h1>Texto citado</h1>');
    expect(text).not.toContain('Ajena');
    expect(text).not.toContain(ids.ajeno);
    expect(text).toContain('0 de 1 citadas');
  });

  it('refuses bad input with a message on the page, never a 500', async () => {
    const web = await signedIn('autora@example.org');
    const expectMessage = async (form: FormData, status: number, message: string) => {
      const { res, text } = await cite(web, form);
      expect(res.status).toBe(status);
      expect(text).toContain(message);
      expect(text).toContain('<h1>Citar</h1>');
    };
    await expectMessage(citeForm(web, { texto: '  ' }), 400, 'Pega un texto o elige un .docx.');
    await expectMessage(citeForm(web, { texto: 'Un texto con un nulo\u0000.' }), 400, 'carácter nulo');
    await expectMessage(citeForm(web, { texto: NITRATOS, umbral: '2' }), 400, 'El umbral es un número entre 0 y 1');
    await expectMessage(citeForm(web, { texto: NITRATOS, estilo: 'no-existe' }), 400, 'no existe. Incluidos');
    await expectMessage(
      citeForm(
        web,
        { texto: '' },
        { name: 'notas.txt', bytes: new TextEncoder().encode('no es un docx'), type: 'text/plain' },
      ),
      400,
      'No se pudo citar',
    );
    await expectMessage(
      citeForm(web, { texto: NITRATOS }, { name: 'a.docx', bytes: new Uint8Array([1, 2]), type: DOCX_TYPE }),
      400,
      'no los dos a la vez',
    );
    // What was typed stays in the form.
    const kept = await cite(web, citeForm(web, { texto: NITRATOS, umbral: '7' }));
    expect(kept.text).toContain(NITRATOS);
    expect((await web.page('/citar/no-es-un-trabajo')).res.status).toBe(404);
  });

  it('shows a job still working on a page that refreshes itself, with no script', async () => {
    const web = await signedIn('autora@example.org');
    const { db } = t.server.runtime.deps;
    // A job nobody works on (not queued): it stays en_cola.
    const id = newId();
    await insertCiteJob(db, {
      id,
      userId: await userIdOf(db, 'autora@example.org'),
      entrada: 'texto',
      texto: NITRATOS,
      opciones: { estilo: 'apa', idioma: 'es-ES', umbral: 0.7 },
      estilo: 'apa',
    });
    const { res, text } = await web.page(`/citar/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('refresh')).toBe('3');
    expect(text).toContain('<h1>Citando…</h1>');
    expect(text).toContain('El texto está en cola (0 %).');
    expect(text).toContain(`<a href="/citar/${id}">Actualizar ahora</a>`);
    expect(text).not.toContain('<script type="module" src="/web/cite.js">');
    expect((await web.request(`/citar/${id}/docx`)).status).toBe(404);
  }, 30_000);

  it('speaks English when asked', async () => {
    const web = await signedIn('autora@example.org');
    const { text } = await web.page('/citar?lang=en');
    expect(text).toContain('<h1>Cite</h1>');
    expect(text).toContain('Register a CSL style');
    const empty = await cite(web, citeForm(web, { texto: '' }));
    expect(empty.res.status).toBe(400);
    expect(empty.text).toContain('Paste a text or choose a .docx.');
  });

  it('refuses a post without the CSRF token, or from another site', async () => {
    const web = await signedIn('autora@example.org');
    const form = citeForm(web, { texto: NITRATOS });
    form.set('_csrf', 'x'.repeat(43));
    const forged = await web.request('/citar', { method: 'POST', body: form });
    expect(forged.status).toBe(403);
    const crossSite = await web.request('/citar', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: citeForm(web, { texto: NITRATOS }),
    });
    expect(crossSite.status).toBe(403);
    const style = new FormData();
    style.set('estilo', new Blob(['<style/>']), 'x.csl');
    expect((await web.request('/citar/estilos', { method: 'POST', body: style })).status).toBe(403);
  });
});
