import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ancla } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import type { Conversion } from '../converter';
import { convertHtml } from './html';
import { htmlFileConverter } from './html-file';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const READABILITY = fixturePath('readability');
const haveReadability = hasFixture('readability');

const URL_ = 'https://revista.example.org/articulos/acuifero?utm_source=x';

/** What the extension uploads for a page: metadata tags in the head, the article alone in the body. */
const CAPTURED = `<!doctype html>
<html lang="es"><head><meta charset="utf-8">
<title>El acuífero de Yucatán | Revista de Hidrología</title>
<meta name="citation_title" content="El acuífero kárstico de Yucatán">
<meta name="citation_author" content="Pérez Canul, Lucía">
<meta name="citation_author" content="Chan May, Jorge">
<meta name="citation_publication_date" content="2021/03/15">
<meta property="og:site_name" content="Revista de Hidrología">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ScholarlyArticle",
"headline":"Otro título","datePublished":"2019-01-01","inLanguage":"es"}</script>
</head><body><article>
<h2>Introducción</h2>
<p>El acuífero de la península de Yucatán es kárstico: el agua corre por conductos y cenotes.</p>
<p>Su recarga depende de la lluvia, que se infiltra casi entera en la roca caliza.</p>
<h2>Métodos</h2>
<h3>Muestreo</h3>
<p>Se tomaron muestras en cuarenta cenotes entre 2018 y 2020, en temporada de lluvias y de secas.</p>
<ul><li>Nitratos por espectrofotometría.</li><li>Coliformes por filtración en membrana.</li></ul>
<h2>Resultados</h2>
<p>La concentración media de nitratos fue de 44,9 mg/L, cerca del límite de la norma mexicana.</p>
<blockquote><p>El agua subterránea es la única fuente de agua potable de la región.</p></blockquote>
</article></body></html>`;

function blocks(conversion: Conversion): { texto: string; ancla: Ancla }[] {
  return conversion.unidades.flatMap((u) => u.bloques ?? [{ texto: u.texto, ancla: u.ancla }]);
}

describe('htmlFileConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());
  const ctx = { progress: async () => {} };

  it('reads a captured page (HTML with its origin URL) as that web page', async () => {
    const path = await tmp.write('acuifero.html', CAPTURED);
    const receivedAt = new Date('2026-02-03T23:30:00Z');
    const conversion = await htmlFileConverter.convert({ path, size: 0, url: URL_, receivedAt }, ctx);
    expect(conversion.tipo).toBe('web');
    expect(conversion.metadatos).toMatchObject({
      titulo: 'El acuífero kárstico de Yucatán',
      autores: ['Pérez Canul, Lucía', 'Chan May, Jorge'],
      anio: 2021,
      idioma: 'es',
    });
    const found = blocks(conversion);
    expect(found.map((b) => b.texto)).toEqual([
      'El acuífero de la península de Yucatán es kárstico: el agua corre por conductos y cenotes.',
      'Su recarga depende de la lluvia, que se infiltra casi entera en la roca caliza.',
      'Se tomaron muestras en cuarenta cenotes entre 2018 y 2020, en temporada de lluvias y de secas.',
      '- Nitratos por espectrofotometría.',
      '- Coliformes por filtración en membrana.',
      'La concentración media de nitratos fue de 44,9 mg/L, cerca del límite de la norma mexicana.',
      'El agua subterránea es la única fuente de agua potable de la región.',
    ]);
    const consultada = '2026-02-03';
    expect(found[0]!.ancla).toEqual({ tipo: 'web', url: URL_, ruta: ['Introducción'], parrafo: 1, consultada });
    expect(found[1]!.ancla).toMatchObject({ ruta: ['Introducción'], parrafo: 2 });
    expect(found[3]!.ancla).toEqual({ tipo: 'web', url: URL_, ruta: ['Métodos', 'Muestreo'], parrafo: 2, consultada });
    expect(found[6]!.ancla).toMatchObject({ ruta: ['Resultados'], parrafo: 2 });
  });

  it('reads HTML without an origin URL as a document of sections, as before', async () => {
    const path = await tmp.write('acuifero.html', CAPTURED);
    const conversion = await htmlFileConverter.convert({ path, size: 0 }, ctx);
    expect(conversion.tipo).toBe('documento');
    expect(blocks(conversion)[0]!.ancla).toEqual({ tipo: 'seccion', ruta: ['Introducción'], parrafo: 1 });
  });
});

/** Whitespace and typographic quotes differ between serialisers; the words do not. */
const norm = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

describe.skipIf(!haveReadability)(
  titleNeeding('a captured article read again (Readability test pages)', 'readability'),
  () => {
    const names = haveReadability
      ? readdirSync(READABILITY).filter((n) => existsSync(join(READABILITY, n, 'expected.html')))
      : [];

    it('finds the test pages', () => {
      expect(names.length).toBeGreaterThanOrEqual(10);
    });

    // Each expected.html is Readability's article of a real page: what the extension captures. The backend
    // runs Readability once more; it must give back every heading and paragraph, in order.
    it.each(names)('%s keeps its headings and paragraphs', async (name) => {
      const article = readFileSync(join(READABILITY, name, 'expected.html'), 'utf8');
      const page = `<!doctype html><html><head><title>${name}</title></head><body>${article}</body></html>`;
      const path = await tmpFile(page);
      const web = await htmlFileConverter.convert({ path, size: 0, url: URL_ }, { progress: async () => {} });
      // The reference reads it as the article it is: a <header> in it (a standfirst) is content, as it is
      // for the web reader, which reads what Readability keeps as the article.
      const whole = convertHtml(page.replace(article, `<article>${article}</article>`));

      const headings = (c: Conversion) =>
        blocks(c)
          .map((b) => JSON.stringify(routeOf(b.ancla)))
          .filter((ruta, i, all) => ruta !== all[i - 1]);
      // The same headings in the same order …
      expect(headings(web)).toEqual(headings(whole));
      // … and every paragraph's text (Readability may wrap loose inline text in paragraphs of its own, and
      // it drops one stray inline link of ietf-1: '[AUTHORING]').
      const text = norm(
        blocks(web)
          .map((b) => b.texto)
          .join(' '),
      );
      const lost = blocks(whole).filter((b) => !text.includes(norm(b.texto)));
      expect(lost.length).toBeLessThanOrEqual(1);
    });

    let tmp: TmpFiles | undefined;
    const tmpFile = async (text: string) => (tmp ??= await tmpFiles()).write('page.html', text);
    afterAll(() => tmp?.cleanup());
  },
);

function routeOf(ancla: Ancla): string[] {
  return ancla.tipo === 'web' || ancla.tipo === 'seccion' ? (ancla.ruta ?? []) : [];
}
