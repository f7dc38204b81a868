import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { fixturePath } from '../backend/src/testing/fixtures';
import { ARTIFACTS, describeInChromium } from './support/browser';
import { useWebServer } from './support/web-server';

/**
 * Real documents with long unbroken strings: dev-080 prints its authors' e-mails as one word,
 * '{mariano,gerosa,denise,hugo,lucena}@inf.puc-rio.br' (as the Bigtable paper does); dev-052 another such list;
 * dev-035 a long URL; dev-001 and dev-031 DOIs; dev-034 dot leaders; a .docx with a footnote's hyperlink, an
 * EPUB and a web page (the SRE book's chapter, Bigtable in its text) for their own readers and previews.
 */
const DOCUMENTS = {
  correos: 'metadata-dev/dev-080.pdf',
  emails: 'metadata-dev/dev-052.pdf',
  urls: 'metadata-dev/dev-035.pdf',
  dots: 'metadata-dev/dev-034.pdf',
  doi: 'metadata-dev/dev-001.pdf',
  doi2: 'metadata-dev/dev-031.pdf',
  epub: 'epub/WCAG.epub',
  docx: 'office/docx/mammoth-footnote-hyperlink.docx',
  web: 'readability/google-sre-book-1/source.html',
} as const;

/**
 * What overflows the viewport sideways: the page's scroll width, and up to five visible elements whose right
 * edge passes it, outside any box that scrolls on its own (a table in its scrolling wrapper is fine).
 */
const OVERFLOW = `(() => {
  const width = window.innerWidth;
  const scrolls = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden' || s.overflowX === 'clip')
        && p.getBoundingClientRect().right <= width + 1) return true;
    }
    return false;
  };
  const out = [];
  const name = (el) =>
    el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().replace(/\\s+/g, '.') : '');
  const note = (el, right, text) => {
    if (out.length < 5) out.push(name(el) + ' → ' + Math.round(right) + ' px: ' + text.replace(/\\s+/g, ' ').trim().slice(0, 60));
  };
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.position === 'fixed' || scrolls(el)) continue;
    note(el, r.right, el.textContent || '');
  }
  // Text runs past its box without moving the box: a long word in a narrow card.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.position === 'fixed' || scrolls(node)) continue;
    note(el, r.right, node.textContent);
  }
  return { scrollWidth: document.documentElement.scrollWidth, out };
})()`;

const title = 'every web page at 360 and 390 px, with real documents, scrolls only down';

describeInChromium(title, { fixtures: Object.values(DOCUMENTS) }, () => {
  const web = useWebServer();
  const ids: Record<keyof typeof DOCUMENTS, string> = {} as never;
  let citeResult = '';

  beforeAll(async () => {
    for (const [name, file] of Object.entries(DOCUMENTS)) {
      ids[name as keyof typeof DOCUMENTS] = await web.upload(fixturePath(file));
    }
  }, 300_000);

  /** Loads `url` (or runs `reach`) at each width; checks nothing passes the right edge; shots at 390 and 1280 px. */
  async function walk(name: string, reach: string | ((page: Page) => Promise<void>)) {
    const { page } = web;
    const found: string[] = [];
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      if (typeof reach === 'string') await page.goto(`${web.base}${reach}`);
      else await reach(page);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, out } = (await page.evaluate(OVERFLOW)) as { scrollWidth: number; out: string[] };
      if (scrollWidth > width || out.length) found.push(`${width} px: scrollWidth ${scrollWidth}; ${out.join(' | ')}`);
      if (width === 390) {
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: path.join(ARTIFACTS, `estrecho-${name}-390.png`), fullPage: true });
      }
    }
    // At a desk's width too, for a look that wrapping did not squeeze a wide page's columns.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `estrecho-${name}-1280.png`), fullPage: true });
    expect(found, `${name} overflows sideways`).toEqual([]);
  }

  it('the library, filtered and searched', { timeout: 240_000 }, async () => {
    await walk('biblioteca', '/biblioteca');
    await walk('biblioteca-filtrada', '/biblioteca?tipo=pdf&q=econometrics');
    await walk('biblioteca-vacia', '/biblioteca?q=nada-con-este-nombre-largo-sin-espacios-que-no-cabe-en-un-telefono');
    await walk('importar', '/importar');
  });

  it('each document page and its edit form', { timeout: 240_000 }, async () => {
    for (const [name, id] of Object.entries(ids)) {
      await walk(`documento-${name}`, `/biblioteca/documentos/${id}`);
      await walk(`editar-${name}`, `/biblioteca/documentos/${id}/editar`);
    }
    await walk('documento-inexistente', '/biblioteca/documentos/doc_no_existe');
  });

  it('the readers: PDF, EPUB, .docx and a web page', { timeout: 240_000 }, async () => {
    for (const name of ['correos', 'urls', 'epub', 'docx', 'web'] as const) {
      await walk(`leer-${name}`, `/leer/${ids[name]}`);
    }
  });

  it('search, ask, verify and cite with their results', { timeout: 240_000 }, async () => {
    await walk('buscar', '/buscar');
    await walk('buscar-correos', '/buscar?q=mariano+gerosa+denise+hugo+lucena');
    await walk('buscar-url', '/buscar?q=business.monash.edu+econometrics+publications');
    await walk('buscar-doi', '/buscar?q=doi+2318-0889202133e200068');
    await walk('buscar-bigtable', '/buscar?q=Bigtable+Chubby');
    await walk('preguntar', async (page) => {
      await page.goto(`${web.base}/preguntar`);
      await page.getByLabel('Pregunta').fill('¿Qué modelos de semántica distribucional se comparan?');
      await page.getByRole('button', { name: 'Preguntar' }).click();
      await page.locator('#fuentes-bloque').waitFor({ state: 'visible', timeout: 90_000 });
    });
    await walk('verificar', async (page) => {
      await page.goto(`${web.base}/verificar`);
      await page
        .getByLabel('Afirmación')
        .fill('Los autores escriben a {mariano,gerosa,denise,hugo,lucena}@inf.puc-rio.br');
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Verificar' }).click()]);
    });
    await walk('citar', async (page) => {
      if (citeResult) return void (await page.goto(citeResult));
      await page.goto(`${web.base}/citar`);
      await page
        .getByLabel('Texto', { exact: true })
        .fill(
          'Context-predicting models outperform count-based models on semantic relatedness benchmarks. ' +
            'Los autores {mariano,gerosa,denise,hugo,lucena}@inf.puc-rio.br publicaron su trabajo. ' +
            'Véase http://business.monash.edu/econometrics-and-business-statistics/research/publications.',
        );
      await Promise.all([
        page.waitForURL(/\/citar\/[^/?]+/, { timeout: 120_000 }),
        page.getByRole('button', { name: 'Citar', exact: true }).click(),
      ]);
      citeResult = page.url();
    });
  });

  it('settings with a key shown once, and the pages of a visitor', { timeout: 240_000 }, async () => {
    await walk('ajustes', '/ajustes');
    await walk('clave-creada', async (page) => {
      await page.goto(`${web.base}/ajustes/claves`);
      await page.locator('#nombre').fill('una-clave-con-un-nombre-muy-largo-y-sin-espacios-para-el-script');
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Crear clave' }).click()]);
      await page.getByRole('heading', { name: 'Clave creada' }).waitFor();
    });
    const visitor = await web.w.browser.newContext({ locale: 'es-ES' });
    const { page } = web;
    try {
      web.w.page = await visitor.newPage();
      await walk('entrar', '/entrar');
      await walk('registro', '/registro');
      await walk('no-encontrada', '/no-existe/en/folio');
    } finally {
      await web.w.page.close();
      web.w.page = page;
      await visitor.close();
    }
  });
});
