import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeZip } from '../backend/src/formats/write-zip';
import { writeZoteroRdfExport, zipFolder } from '../backend/src/import/zotero-rdf/testing/zotero-rdf-export';
import { IMPORT_PDFS, LIBRARY_PDFS } from '../backend/src/import/testing/bibtex-upload';
import { describeInChromium } from './support/browser';
import { buildSamplePdf } from './fixtures/sample-pdf';
import { expectAccessible, shootBothWidths, signIn } from './support/web-pages';
import { useWebServer } from './support/web-server';

const EMAIL = 'investigadora@example.org';
const PASSWORD = 'una frase de paso para importar';
/** Notes of the library, one small Markdown file each: enough items for the progress to be seen. */
const NOTES = 300;

const title = "The 'Importar' page in Chromium against `folio serve`";

/**
 * A JabRef library: the three PDFs in a group 'Tesis / Capítulo 2', many reading notes (Markdown files), an
 * entry whose file is missing, one with no file, and a type JabRef writes that is no work (@set).
 */
function jabrefLibrary(): string {
  const pdfs = LIBRARY_PDFS.map(
    (p, i) => `@Article{${p.key}, author = {Garc{\\'i}a, Ana and Nu{\\~n}ez, Luis}, title = {${p.title}},
  journal = {Revista de Pruebas}, year = {${2019 + i}}, groups = {Capítulo 2}, keywords = {prueba},
  file = {:${p.file}:PDF}}`,
  );
  const notes = Array.from(
    { length: NOTES },
    (_, i) => `@Misc{nota${i + 1}, author = {Quispe, Rosa}, title = {Nota de lectura ${i + 1}}, year = {2022},
  file = {:notas/nota-${i + 1}.md:text/markdown}}`,
  );
  return [
    '% This file was created with JabRef 5.15.\n% Encoding: UTF-8',
    ...pdfs,
    ...notes,
    `@Book{perdido2018, author = {Pérez, Rosa}, title = {Un libro cuyo archivo falta}, year = {2018},
  file = {:perdido.pdf:PDF}}`,
    `@Misc{solo2016, author = {Vacío, Eva}, title = {Una referencia sin archivo}, year = {2016}}`,
    `@Set{conjunto, entryset = {solo2016}}`,
    String.raw`@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:Tesis\;0\;1\;0x8a8a8aff\;\;\;;
2 StaticGroup:Capítulo 2\;0\;1\;\;\;\;;
}`,
  ].join('\n\n');
}

/** Items of the Zotero library: each an article with its own PDF, whose words no other item has. */
const ZOTERO_ITEMS = 220;

/**
 * A Zotero library exported as Zotero does it (Export Library… → Zotero RDF, with Export Files) and zipped as
 * a user would: the folder 'Exported Items' with its .rdf and files/<id>/<name>.pdf, in nested collections.
 */
function zoteroRdfZip(dir: string): Uint8Array {
  const root = path.join(dir, 'zotero');
  const items = Array.from({ length: ZOTERO_ITEMS }, (_, i) => ({
    id: 2 * i + 1,
    itemType: 'journalArticle',
    fields: { title: `Estudio ${i + 1} del acuífero`, date: `${1990 + (i % 30)}`, publicationTitle: 'Revista Andina' },
    creators: [
      { creatorType: 'author', lastName: `Mamani${i + 1}`, firstName: 'Rosa' },
      { creatorType: 'author', lastName: 'Núñez', firstName: 'Íñigo' },
    ],
    tags: ['acuífero'],
    attachments: [
      {
        id: 2 * i + 2,
        linkMode: 0 as const,
        title: 'Full Text PDF',
        contentType: 'application/pdf',
        fileName: `estudio-${i + 1}.pdf`,
        content: Buffer.from(
          buildSamplePdf({
            title: `Estudio ${i + 1}`,
            pages: [[`El estudio trata del marcador acuifero${i + 1}x y de sus pozos.`, 'Segunda línea.']],
          }),
        ),
      },
    ],
  }));
  writeZoteroRdfExport(path.join(root, 'Exported Items'), items, [
    { id: 1, name: 'Tesis', children: [{ id: 2, name: 'Capítulo 1', children: items.map((it) => it.id) }] },
  ]);
  return zipFolder(root);
}

function filesZip(): Uint8Array {
  return writeZip([
    ...LIBRARY_PDFS.map((p) => ({ name: p.file, data: fs.readFileSync(path.join(IMPORT_PDFS, p.file)) })),
    ...Array.from({ length: NOTES }, (_, i) => ({
      name: `notas/nota-${i + 1}.md`,
      data: Buffer.from(
        `# Nota de lectura ${i + 1}\n\nLa nota ${i + 1} resume un capítulo sobre el agua del páramo.\n`,
      ),
    })),
  ]);
}

describeInChromium(title, { fixtures: ['pdfs/manifest.json'] }, () => {
  const web = useWebServer({
    email: EMAIL,
    password: PASSWORD,
    scopes: false,
    context: { viewport: { width: 1280, height: 720 } },
  });
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-import-e2e-'));
    fs.writeFileSync(path.join(dir, 'Mi biblioteca.bib'), jabrefLibrary());
    fs.writeFileSync(path.join(dir, 'archivos.zip'), filesZip());
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('explains what to upload; the form is reached from the navigation', async () => {
    const { page, base } = web;
    await page.goto(`${base}/biblioteca`);
    await page.locator('nav.main-nav').getByRole('link', { name: 'Importar' }).click();
    await page.waitForURL(`${base}/importar`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Importar');
    expect(await page.locator('body').textContent()).toContain('Zotero RDF');
    await shootBothWidths(page, 'web-importar-formulario');
    await expectAccessible(page);
  });

  it('imports a BibTeX library with its zip: progress item by item, then the report', async () => {
    const { page, base } = web;
    await page.goto(`${base}/importar`);
    await page.locator('#archivo').setInputFiles(path.join(dir, 'Mi biblioteca.bib'));
    await page.locator('#archivos').setInputFiles(path.join(dir, 'archivos.zip'));
    await Promise.all([page.waitForURL(/\/importar\/\w+$/), page.getByRole('button', { name: 'Importar' }).click()]);
    const reportTitle = page.getByRole('heading', { level: 1, name: 'Importación terminada' });
    if (!(await reportTitle.isVisible())) {
      // Under way: the script redraws the progress as items complete.
      const status = page.locator('#progreso-estado');
      await expect.poll(async () => status.textContent(), { timeout: 60_000 }).toMatch(/\d+ de 306 elementos/);
      await expect
        .poll(async () => page.locator('#progreso-elementos li').count(), { timeout: 60_000 })
        .toBeGreaterThan(0);
      await shootBothWidths(page, 'web-importar-progreso');
      await expectAccessible(page);
    }
    // The script reloads the page when the import ends: the report, drawn by the server.
    await reportTitle.waitFor({ timeout: 180_000 });
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Un libro cuyo archivo falta');
    expect(text).toContain('perdido.pdf');
    expect(text).toContain('Tesis / Capítulo 2');
    expect(await page.locator('.import-count-nuevo dd').textContent()).toBe(String(NOTES + 3));
    // The entries whose file is not in the upload are kept as references only.
    expect(await page.locator('.import-count-referencia dd').textContent()).toBe('2');
    await shootBothWidths(page, 'web-importar-informe');
    await expectAccessible(page);
    // A long list starts folded; unfolded, a new document's link opens it, with the export's title.
    await page.locator('summary', { hasText: 'Documentos nuevos' }).click();
    await shootBothWidths(page, 'web-importar-informe-abierto');
    await page.getByRole('link', { name: 'Páginas con etiquetas' }).first().click();
    await page.waitForURL(/\/biblioteca\/documentos\//);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Páginas con etiquetas');
  }, 300_000);

  it('without JavaScript: the form posts, and the report shows on reload', async () => {
    const { base, browser } = web.w;
    const plain = await browser.newContext({ locale: 'es-ES', javaScriptEnabled: false });
    const p = await plain.newPage();
    try {
      await signIn(p, base, EMAIL, PASSWORD);
      await p.goto(`${base}/importar`);
      await p.locator('#archivo').setInputFiles(path.join(dir, 'Mi biblioteca.bib'));
      await p.locator('#archivos').setInputFiles(path.join(dir, 'archivos.zip'));
      await Promise.all([p.waitForURL(/\/importar\/\w+$/), p.getByRole('button', { name: 'Importar' }).click()]);
      for (let i = 0; i < 60; i++) {
        if (await p.getByRole('heading', { level: 1, name: 'Importación terminada' }).isVisible()) break;
        await p.reload();
      }
      // The same library again: nothing new.
      expect(await p.locator('.import-count-sin_cambios dd').textContent()).toBe(String(NOTES + 5));
      expect(await p.locator('.import-count-nuevo dd').textContent()).toBe('0');
      await shootBothWidths(p, 'web-importar-sin-js');
    } finally {
      await plain.close();
    }
  }, 300_000);

  it(`imports a Zotero RDF export of ${ZOTERO_ITEMS} items with their PDFs, zipped: Zotero's metadata, searchable`, async () => {
    const { page, base } = web;
    fs.writeFileSync(path.join(dir, 'Exported Items.zip'), zoteroRdfZip(dir));
    await page.goto(`${base}/importar`);
    await page.locator('#archivo').setInputFiles(path.join(dir, 'Exported Items.zip'));
    await Promise.all([page.waitForURL(/\/importar\/\w+$/), page.getByRole('button', { name: 'Importar' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Importación terminada' }).waitFor({ timeout: 240_000 });
    expect(await page.locator('.import-count-nuevo dd').textContent()).toBe(String(ZOTERO_ITEMS));
    expect(await page.locator('.import-count-omitido dd').textContent()).toBe('0');
    expect((await page.locator('main').textContent()) ?? '').toContain('Tesis / Capítulo 1');
    await shootBothWidths(page, 'web-importar-zotero-rdf');
    // Each item's words are found in its own document once read, under Zotero's title and authors.
    for (const n of [1, ZOTERO_ITEMS]) {
      await expect
        .poll(
          async () => {
            await page.goto(`${base}/buscar?q=${encodeURIComponent(`acuifero${n}x`)}`);
            return (await page.locator('main').textContent()) ?? '';
          },
          { timeout: 240_000, interval: 2000 },
        )
        .toContain(`Estudio ${n} del acuífero`);
      expect((await page.locator('main').textContent()) ?? '').toContain(`Mamani${n}`);
    }
  }, 600_000);
});
