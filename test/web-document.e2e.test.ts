import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../backend/src/testing/harness';
import { describeInChromium } from './support/browser';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { useWebServer } from './support/web-server';

// The committed sample book: four roman front pages (i–iv), then printed pages 1–3 on physical pages 5–7.
const SAMPLE = path.join(REPO_ROOT, 'test/fixtures/muestra.pdf');

// The page's globals as far as these checks touch them: the tests compile with Node's types, not the DOM's.
declare const document: {
  getElementById(
    id: string,
  ): { textContent: string | null; getBoundingClientRect(): { top: number; bottom: number; height: number } } | null;
  querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number; height: number } } | null;
};

const title = 'document page and reader navigation in Chromium against `folio serve`';

describeInChromium(title, () => {
  let id = '';
  const problems: string[] = [];
  const web = useWebServer({
    scopes: false,
    onPage: (p) => p.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`)),
  });

  it('opens the document page from its title in the library', { timeout: 120_000 }, async () => {
    const { page, base } = web;
    await page.goto(`${base}/biblioteca`);
    await page.getByLabel('Archivo', { exact: true }).setInputFiles(SAMPLE);
    await page.getByRole('button', { name: 'Subir archivo' }).click();
    await page.locator('#documentos tr[data-estado="listo"]').waitFor({ timeout: 90_000 });
    id = (await page.locator('#documentos tr[data-id]').first().getAttribute('data-id'))!;
    await page.reload();
    await Promise.all([
      page.waitForURL(`${base}/biblioteca/documentos/${id}`),
      page.getByRole('link', { name: 'Cuaderno de campo del acuífero de Yucatán', exact: true }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Cuaderno de campo del acuífero de Yucatán',
    );
    const meta = await page.locator('.metadatos').textContent();
    expect(meta).toContain('Pérez Canul, Lucía');
    expect(meta).toContain('2021');
    expect(await page.locator('#unidades li').count()).toBe(7);
    expect(await page.locator('#unidades li a').first().textContent()).toBe('p. i');
    expect(await page.locator('#referencia-entrada').textContent()).toContain('Pérez Canul, L. (2021).');
    await shootBothWidths(page, 'web-documento');
    await expectAccessible(page);
  });

  it('changes the style and shows the reference in it, without scripts needed', async () => {
    const { page } = web;
    await page.getByLabel('Estilo').selectOption('modern-language-association');
    await page.getByLabel('Idioma de la referencia').selectOption('en-US');
    await Promise.all([
      page.waitForURL(/estilo=modern-language-association/),
      page.getByRole('button', { name: 'Mostrar' }).click(),
    ]);
    expect(await page.locator('#referencia').getAttribute('data-estilo')).toBe('modern-language-association');
    expect(await page.locator('#referencia-entrada').textContent()).toMatch(/^Pérez Canul, Lucía\. Cuaderno de campo/);
    expect(await page.locator('#referencia-cita').textContent()).toBe('(Pérez Canul)');
    await page.screenshot({ path: path.join(REPO_ROOT, 'test/artifacts/web-documento-mla.png'), fullPage: true });
  });

  it('downloads the reference as BibTeX', async () => {
    const { page } = web;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'BibTeX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`folio-${id}.bib`);
    const bibtex = fs.readFileSync((await download.path())!, 'utf8');
    expect(bibtex).toMatch(/^@\w+\{PerezCanul2021\w*,/m);
    expect(bibtex).toMatch(/title = \{Cuaderno de campo del acu/);
  });

  it('goes to the reader at a unit, with the folio beside the physical page', { timeout: 60_000 }, async () => {
    const { page, base } = web;
    await Promise.all([
      page.waitForURL(`${base}/leer/${id}?pagina=5`),
      page.getByRole('link', { name: 'Abrir en el lector en p. 1', exact: true }).click(),
    ]);
    await page.locator('#lector[data-estado="listo"]').waitFor({ timeout: 30_000 });
    expect(await page.textContent('#pagina-actual')).toBe('p. 1 · página 5 de 7');
    expect(await page.textContent('.lector-cabecera .lugar')).toContain('(Pérez Canul, 2021, p. 1)');
  });

  it(
    'moves with the go-to box: a roman folio, p. n, [n]; a wrong value is explained',
    { timeout: 60_000 },
    async () => {
      const { page } = web;
      const box = page.getByRole('textbox', { name: 'Ir a' });
      for (const [value, physical, label] of [
        ['iii', 3, 'p. iii · página 3 de 7'],
        ['p. 3', 7, 'p. 3 · página 7 de 7'],
        ['[2]', 2, 'p. ii · página 2 de 7'],
      ] as const) {
        await box.fill(value);
        await box.press('Enter');
        await page.locator(`#lector[data-ir-a="${physical}"]`).waitFor();
        await page.waitForFunction((l) => document.getElementById('pagina-actual')?.textContent === l, label);
        expect(new URL(page.url()).searchParams.get('pagina')).toBe(String(physical));
        // The citation in the header follows: the place as a citation names it.
        expect(await page.textContent('.lector-cabecera .lugar .cita')).toBe(
          `(Pérez Canul, 2021, ${label.split(' · ')[0]})`,
        );
      }
      await box.fill('xlii');
      await box.press('Enter');
      await page.locator('#ir-a-error[role="alert"]').waitFor();
      expect(await page.textContent('#ir-a-error')).toContain("No hay ninguna página con el folio impreso 'xlii'");
      await box.fill('iii');
      await box.press('Enter');
      await page.locator('#ir-a-error').waitFor({ state: 'detached' });
      await page.locator('#lector[data-ir-a="3"]').waitFor();
      await shootBothWidths(page, 'web-lector-pdf');
      await expectAccessible(page);
    },
  );

  it('shows a PDF page below a header that does not overlap at 390 px', async () => {
    const { page, base } = web;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/leer/${id}?pagina=5`);
    await page.locator('#lector[data-estado="listo"]').waitFor({ timeout: 30_000 });
    await page.locator('.page[data-page-number="5"] canvas').waitFor({ timeout: 30_000 });
    const boxes = await page.evaluate(() => {
      const box = (el: { getBoundingClientRect(): { top: number; bottom: number; height: number } } | null) => {
        const r = el!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: r.height };
      };
      return {
        header: box(document.querySelector('.lector-cabecera')),
        viewer: box(document.getElementById('visor-contenedor')),
        page: box(document.querySelector('.page[data-page-number="5"]')),
      };
    });
    expect(boxes.viewer.top).toBeGreaterThanOrEqual(boxes.header.bottom - 1);
    expect(boxes.viewer.height).toBeGreaterThan(300);
    // The page is drawn inside the viewer, in view.
    expect(boxes.page.top).toBeLessThan(boxes.viewer.bottom);
    expect(boxes.page.bottom).toBeGreaterThan(boxes.viewer.top);
    await page.screenshot({ path: path.join(REPO_ROOT, 'test/artifacts/web-lector-pdf-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('comes back to the document page, the library and search from the reader', async () => {
    const { page, base } = web;
    await Promise.all([
      page.waitForURL(`${base}/biblioteca/documentos/${id}`),
      page.locator('.lector-nav').getByRole('link', { name: 'Documento' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Cuaderno de campo del acuífero de Yucatán',
    );
    await page.goBack();
    expect(await page.locator('.lector-nav a[href="/buscar"]').textContent()).toBe('Buscar');
    await Promise.all([
      page.waitForURL(`${base}/biblioteca`),
      page.locator('.lector-nav').getByRole('link', { name: 'Biblioteca', exact: true }).click(),
    ]);
    expect(problems).toEqual([]);
  });

  it('goes to a place without scripts: the form redirects', async () => {
    const { base, browser, context } = web.w;
    const plain = await browser.newContext({ locale: 'es-ES', javaScriptEnabled: false });
    await plain.addCookies(await context.cookies(base));
    const p = await plain.newPage();
    await p.goto(`${base}/leer/${id}?pagina=1`);
    await p.getByRole('textbox', { name: 'Ir a' }).fill('p. 2');
    await Promise.all([
      p.waitForURL(`${base}/leer/${id}?pagina=6`),
      p.getByRole('button', { name: 'Ir', exact: true }).click(),
    ]);
    expect(await p.textContent('#pagina-actual')).toBe('p. 2 · página 6 de 7');
    await plain.close();
  });
});
