import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { convertDocx } from '../backend/src/ingest/office/docx';
import { DEFAULT_LIMITS } from '../backend/src/ingest/converter';
import { REPO_ROOT } from '../backend/src/testing/harness';
import { fixturePath, hasFixture, titleNeeding } from '../backend/src/testing/fixtures';
import { describeInChromium } from './support/browser';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { useWebServer } from './support/web-server';

const NITRATOS = 'En Homún la concentración de nitratos del agua de los cenotes alcanzó 44.9 mg/L en 2019.';
const ACUIFERO = 'El acuífero kárstico de Yucatán corre bajo la península y aflora en los cenotes.';
const PARAMO = 'El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.';
const CUENCAS = 'Las cuencas estudiadas se sitúan entre los 3200 y los 4100 metros de altitud.';
/** Shares one word ('alcanzó') with the library: its best passage backs it 0 %. */
const CALDERON = 'El teatro barroco español alcanzó su apogeo con Calderón de la Barca.';
/** A Word document from python-docx's tests (outside material): Latin filler nothing in the library backs. */
const LOREM_DOCX = 'office/docx/pydocx-blk-paras-and-tables.docx';
const NOTHING_BACKS = 'Nada en tu biblioteca respalda esta afirmación.';

/** Downloads the cited .docx from the result page and reads its text back with Folio's own .docx reader. */
async function citedDocxText(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar el .docx citado' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^citado-.+\.docx$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-docx-'));
  try {
    const file = path.join(dir, 'citado.docx');
    await download.saveAs(file);
    const { unidades } = await convertDocx({ path: file }, { limits: DEFAULT_LIMITS });
    return unidades.map((u) => u.texto).join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const title = 'Ask and Cite pages in Chromium against `folio serve`';

describeInChromium(title, () => {
  const web = useWebServer({
    context: { acceptDownloads: true, viewport: { width: 1280, height: 720 } },
    clipboard: true,
  });
  const ids: Record<string, string> = {};

  /** Uploads a text through the API with its metadata, as a researcher's script would, and waits for listo. */
  async function upload(nombre: string, texto: string, query: string): Promise<string> {
    const { base, key } = web;
    const res = await fetch(`${base}/api/v1/documentos?nombre=${nombre}${query}`, {
      method: 'POST',
      body: texto,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < 30; i++) {
      const doc = await fetch(`${base}/api/v1/documentos/${id}?esperar=5`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const { estado } = (await doc.json()) as { estado: string };
      if (estado === 'listo') return id;
      expect(estado).not.toBe('error');
    }
    throw new Error(`${nombre} never reached listo`);
  }

  beforeAll(async () => {
    ids.cenotes = await upload(
      'cenotes.md',
      `# Cenotes de Yucatán\n\n${ACUIFERO}\n\n## Calidad del agua\n\n${NITRATOS}`,
      '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
    );
    ids.paramo = await upload(
      'paramo.txt',
      `${PARAMO}\n\n${CUENCAS}`,
      '&titulo=Hidrolog%C3%ADa%20del%20p%C3%A1ramo&autores=Casta%C3%B1eda%20Ruiz,%20Mariana&anio=2019',
    );
  }, 180_000);

  it('asks a question: the answer streams in before its sources, footnotes open the reader', async () => {
    const { page, base } = web;
    await page.goto(`${base}/preguntar`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Preguntar');
    expect(await page.locator('nav.main-nav a[aria-current="page"]').textContent()).toBe('Preguntar');
    await shootBothWidths(page, 'web-preguntar');
    await expectAccessible(page);

    // Record, in order, what the script writes: answer text, footnote links, then the sources shown.
    // (A string, as the other e2e tests pass to the page: this project's TypeScript has no DOM types.)
    await page.evaluate(`(() => {
      const log = (window.folioLog = []);
      const answer = document.getElementById('respuesta');
      const block = document.getElementById('fuentes-bloque');
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.target === block && r.attributeName === 'hidden') log.push(block.hidden ? 'sources-hidden' : 'sources');
          else if (answer.contains(r.target)) {
            log.push(answer.querySelector('sup.nota a') ? 'text+footnote' : answer.textContent.trim() ? 'text' : 'empty');
          }
        }
      }).observe(document.getElementById('resultado'), { subtree: true, childList: true, attributes: true });
    })()`);
    const streamed: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/preguntar/flujo')) streamed.push(r.method());
    });
    await page.getByLabel('Pregunta').fill('¿Qué concentración de nitratos se midió en Homún?');
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await page.locator('#fuentes-bloque').waitFor({ state: 'visible', timeout: 60_000 });
    expect(streamed).toEqual(['POST']);
    // Still on /preguntar: the script read the stream, the form did not post.
    expect(new URL(page.url()).pathname).toBe('/preguntar');
    const log = (await page.evaluate('window.folioLog')) as string[];
    const firstText = log.findIndex((e) => e === 'text' || e === 'text+footnote');
    expect(firstText).toBeGreaterThanOrEqual(0);
    expect(firstText).toBeLessThan(log.indexOf('sources'));
    expect(Number(await page.locator('#respuesta').getAttribute('data-trozos'))).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#respuesta').textContent()).toContain('44.9 mg/L en 2019');
    expect(await page.locator('#respuesta').textContent()).not.toContain('[^1]');
    expect(await page.locator('#confianza').textContent()).toMatch(/Confianza (alta|media)/);
    expect(await page.locator('#fuentes li').first().textContent()).toContain('Pérez Canul, 2021');
    expect(await page.locator('#estado-respuesta').textContent()).toContain('Respuesta terminada');
    await shootBothWidths(page, 'web-preguntar-respuesta');
    await expectAccessible(page);

    const footnote = page.locator('#respuesta sup.nota a').first();
    expect(await footnote.getAttribute('aria-label')).toContain('Nota 1: (Pérez Canul, 2021');
    await Promise.all([page.waitForURL(new RegExp(`/leer/${ids.cenotes}`)), footnote.click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Cenotes de Yucatán');
    expect(await page.locator('body').textContent()).toContain('44.9 mg/L');
  }, 120_000);

  it('says plainly when nothing was found', async () => {
    const { page, base } = web;
    await page.goto(`${base}/preguntar`);
    await page.getByLabel('Pregunta').fill('¿Qué opinaba Cervantes de la zarzuela?');
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await page.locator('#nada').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.locator('#nada').textContent()).toContain('No se encontró nada');
    expect(await page.locator('#fuentes-bloque').isHidden()).toBe(true);
    await shootBothWidths(page, 'web-preguntar-nada');
  }, 90_000);

  it('cites a pasted text: a claim cited, one nothing backs, a heading left alone, the Markdown copied', async () => {
    const { page, base } = web;
    await page.goto(`${base}/citar`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Citar');
    await shootBothWidths(page, 'web-citar');
    await expectAccessible(page);
    await page
      .getByLabel('Texto', { exact: true })
      .fill(
        '# Agua de los cenotes\n\n' +
          `Los cenotes atraen a muchos turistas cada verano. ${NITRATOS} ${CALDERON} ` +
          '¿Qué harán las autoridades con el agua?',
      );
    await page.getByLabel('Umbral de respaldo').fill('0.7');
    await Promise.all([
      page.waitForURL(/\/citar\/[^/]+$/, { timeout: 60_000 }),
      page.getByRole('button', { name: 'Citar', exact: true }).click(),
    ]);
    await page.getByRole('heading', { name: 'Texto citado' }).waitFor();
    expect(await page.locator('.intro').first().textContent()).toMatch(/Estilo: APA Style 7th edition\s*\(apa\)/);
    const cited = page.locator('.claim-cited');
    expect(await cited.count()).toBe(1);
    expect(await cited.textContent()).toContain('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
    // The heading is no claim; the question and the claim nothing backs are uncited, each saying why.
    expect(await page.locator('.claim-text').allTextContents()).not.toContain('Agua de los cenotes');
    expect(await page.locator('.claim-uncited').count()).toBe(3);
    expect(await page.locator('.claim-uncited').last().textContent()).toContain('Es una pregunta');
    const calderon = page.locator('.claim-uncited', { hasText: 'Calderón de la Barca' });
    expect(await calderon.locator('.why').textContent()).toBe(NOTHING_BACKS);
    expect(await calderon.textContent()).not.toMatch(/\b0 %/);
    expect(await calderon.locator('blockquote').count()).toBe(0);
    await page.getByRole('button', { name: 'Copiar el Markdown' }).click();
    await page.getByRole('button', { name: 'Copiado' }).waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied).toContain('alcanzó 44.9 mg/L en 2019 (Pérez Canul, 2021, Calidad del agua, párr. 1).');
    expect(copied).toContain('## Referencias');
    await shootBothWidths(page, 'web-citar-resultado');
    await expectAccessible(page);
  }, 120_000);

  it('cites a .docx and downloads the cited .docx', async () => {
    const { page, base } = web;
    await page.goto(`${base}/citar`);
    await page
      .getByLabel('Un documento .docx')
      .setInputFiles(path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx'));
    await Promise.all([
      page.waitForURL(/\/citar\/[^/]+$/, { timeout: 60_000 }),
      page.getByRole('button', { name: 'Citar', exact: true }).click(),
    ]);
    await page.getByRole('heading', { name: 'Texto citado' }).waitFor();
    expect(await page.locator('.claim-cited').first().textContent()).toContain('(Castañeda Ruiz, 2019');
    // The document's title, headings and contents (Word styles) are no claims.
    const claims = await page.locator('.claim-text').allTextContents();
    expect(claims).toContain(PARAMO.slice(0, -1));
    for (const heading of ['Aguas del páramo andino', 'Índice', 'Introducción', 'Área de estudio', 'Métodos']) {
      expect(claims).not.toContain(heading);
    }
    await shootBothWidths(page, 'web-citar-docx');
    await expectAccessible(page);
    const text = await citedDocxText(page);
    expect(text).toContain('(Castañeda Ruiz, 2019');
    expect(text).toContain('Referencias');
  }, 120_000);

  it.skipIf(!hasFixture(LOREM_DOCX))(
    titleNeeding('cites a .docx nothing backs in a note style: no empty references, each claim says so', LOREM_DOCX),
    async () => {
      const { page, base } = web;
      await page.goto(`${base}/citar`);
      await page.getByLabel('Estilo', { exact: true }).selectOption('chicago-note-bibliography');
      await page.getByLabel('Un documento .docx').setInputFiles(fixturePath(LOREM_DOCX));
      await Promise.all([
        page.waitForURL(/\/citar\/[^/]+$/, { timeout: 60_000 }),
        page.getByRole('button', { name: 'Citar', exact: true }).click(),
      ]);
      await page.getByRole('heading', { name: 'Texto citado' }).waitFor();
      expect(await page.locator('.intro').first().textContent()).toMatch(
        /Estilo: Chicago Manual of Style 17th edition \(note, short notes\)\s*\(chicago-note-bibliography\)/,
      );
      expect(await page.locator('.claim-cited').count()).toBe(0);
      const uncited = page.locator('.claim-uncited');
      expect(await uncited.count()).toBeGreaterThan(0);
      for (const why of await uncited.locator('.why').allTextContents()) expect(why).toBe(NOTHING_BACKS);
      expect(await page.locator('.claims').textContent()).not.toMatch(/\b0 %/);
      const markdown = (await page.locator('#markdown').textContent())!;
      expect(markdown).toContain('Lorem ipsum dolor sit amet');
      expect(markdown).not.toContain('Referencias');
      expect(markdown).toContain('> Ningún pasaje de tu biblioteca respalda el texto.');
      await shootBothWidths(page, 'web-citar-docx-sin-respaldo');
      await expectAccessible(page);
      const text = await citedDocxText(page);
      expect(text).toContain('Lorem ipsum dolor sit amet');
      expect(text).not.toContain('Referencias');
    },
    120_000,
  );

  it('registers a CSL style from a file and cites with it; a broken one is a message', async () => {
    const { page, base } = web;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-csl-'));
    try {
      const ieee = fs.readFileSync(path.join(REPO_ROOT, 'backend/src/cite/csl/styles/ieee.csl'), 'utf8');
      const mine = path.join(dir, 'mi-ieee.csl');
      fs.writeFileSync(
        mine,
        ieee
          .replace(/<id>[^<]*<\/id>/, '<id>http://www.zotero.org/styles/mi-ieee</id>')
          .replace(/<title>IEEE<\/title>/, '<title>Mi IEEE</title>'),
      );
      const broken = path.join(dir, 'roto.csl');
      fs.writeFileSync(broken, '<style>no</style>');
      await page.goto(`${base}/citar`);
      await page.getByLabel('Archivo de estilo (.csl)').setInputFiles(broken);
      await page.getByRole('button', { name: 'Registrar el estilo' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('No se pudo registrar el estilo');
      await page.getByLabel('Archivo de estilo (.csl)').setInputFiles(mine);
      await Promise.all([
        page.waitForURL(/registrado=mi-ieee/),
        page.getByRole('button', { name: 'Registrar el estilo' }).click(),
      ]);
      expect(await page.locator('#avisos').textContent()).toContain('Estilo «Mi IEEE» registrado como mi-ieee.');
      expect(await page.getByLabel('Estilo', { exact: true }).inputValue()).toBe('mi-ieee');
      await page.getByLabel('Texto', { exact: true }).fill(NITRATOS);
      await Promise.all([
        page.waitForURL(/\/citar\/[^/]+$/, { timeout: 60_000 }),
        page.getByRole('button', { name: 'Citar', exact: true }).click(),
      ]);
      expect(await page.locator('.claim-cited').first().textContent()).toMatch(/\[1\b/);
      expect(await page.locator('.intro').first().textContent()).toMatch(/Estilo: Mi IEEE\s*\(mi-ieee\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
