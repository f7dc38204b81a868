import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../backend/src/testing/harness';
import { describeInChromium } from './support/browser';
import { cli } from './support/folio-process';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { useWebServer } from './support/web-server';

const EMAIL = 'bibliotecaria@example.org';
const PASSWORD = 'una frase de paso para las referencias';

const title = 'an imported bibliography in Chromium: references without a file and tags';

describeInChromium(title, () => {
  let dir: string;
  const problems: string[] = [];

  beforeAll(() => {
    // A JabRef-style export: a thesis with its PDF and keywords, and an article whose PDF is not there.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-refs-'));
    fs.mkdirSync(path.join(dir, 'pdfs'));
    fs.copyFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'), path.join(dir, 'pdfs', 'muestra.pdf'));
    fs.writeFileSync(
      path.join(dir, 'refs.bib'),
      [
        '@book{perez2021,',
        "  author = {P{\\'e}rez Canul, Luc{\\'i}a},",
        "  title = {Cuaderno de campo del acu{\\'i}fero de Yucat{\\'a}n},",
        '  year = {2021},',
        '  keywords = {cenotes, trabajo de campo},',
        '  file = {:muestra.pdf:PDF},',
        '}',
        '@article{silva2020,',
        '  author = {Silva, Jo{\\~a}o and Quispe Mamani, Rosa},',
        "  title = {Acu{\\'i}feros k{\\'a}rsticos de la pen{\\'i}nsula},",
        "  journal = {Revista de Hidrolog{\\'i}a},",
        '  volume = {12},',
        '  pages = {45--67},',
        '  year = {2020},',
        '  doi = {10.1234/karst.2020},',
        '  keywords = {cenotes, por leer},',
        '  file = {:silva2020.pdf:PDF},',
        '}',
        '',
      ].join('\n'),
    );
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const web = useWebServer(
    {
      email: EMAIL,
      password: PASSWORD,
      scopes: false,
      // The embedded store is one process at a time: the bibliography is imported before the server starts.
      beforeServe: async (env) => {
        const [bib, pdfs] = [path.join(dir, 'refs.bib'), path.join(dir, 'pdfs')];
        const run = await cli(env, 'import', 'bibtex', bib, '--files', pdfs, '--user', EMAIL);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/Solo referencia \(sin archivo\): 1\./);
      },
      onPage: (p) => p.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`)),
    },
    { timeout: 240_000 },
  );

  it('lists the reference as such, with the tags of both as links to their filter', async () => {
    const { page, base } = web;
    await page.goto(`${base}/biblioteca`);
    const ref = page.locator('#documentos tr', { hasText: 'Acuíferos kársticos de la península' });
    expect((await ref.locator('.type').textContent())?.trim()).toBe('Solo referencia');
    expect(await ref.locator('a.etiqueta').allTextContents()).toEqual(['Etiqueta: #cenotes', 'Etiqueta: #por leer']);
    const read = page.locator('#documentos tr', { hasText: 'Cuaderno de campo' });
    expect(await read.getAttribute('data-estado')).toBe('listo');
    await shootBothWidths(page, 'web-referencias-biblioteca');
    await expectAccessible(page);

    await Promise.all([
      page.waitForURL(/etiqueta=cenotes/),
      ref.getByRole('link', { name: 'Etiqueta: #cenotes' }).click(),
    ]);
    expect(await page.locator('#documentos tr[data-id]').count()).toBe(2);
    await page.goto(`${base}/biblioteca?etiqueta=${encodeURIComponent('por leer')}`);
    expect(await page.locator('#documentos tr[data-id]').count()).toBe(1);
  });

  it('shows the reference with its tags and no reader on its page', async () => {
    const { page, base } = web;
    await page.goto(`${base}/biblioteca`);
    await Promise.all([
      page.waitForURL(/\/biblioteca\/documentos\//),
      page.getByRole('link', { name: 'Acuíferos kársticos de la península', exact: true }).click(),
    ]);
    expect(await page.locator('#solo-referencia').textContent()).toBe('Solo referencia');
    expect(await page.locator('#solo-referencia-nota').textContent()).toMatch(/sin archivo/);
    expect(await page.locator('#referencia-entrada').textContent()).toContain(
      'Silva, J. y Quispe Mamani, R. (2020). Acuíferos kársticos de la península. Revista de Hidrología, 12, 45-67.',
    );
    expect(await page.locator('#etiquetas a').allTextContents()).toEqual(['cenotes', 'por leer']);
    expect(await page.getByRole('link', { name: 'Leer', exact: true }).count()).toBe(0);
    await shootBothWidths(page, 'web-referencias-documento');
    await expectAccessible(page);
    // Its reader link leads back here.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.goto(`${base}/leer/${id}`);
    expect(new URL(page.url()).pathname).toBe(`/biblioteca/documentos/${id}`);
    expect(problems).toEqual([]);
  });
});
