import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnclaWeb } from '@folio/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { ConversionError } from '../converter';
import { outlineFromHtml } from '../html/html';
import { convertWebPage } from './web-page';

const READABILITY = fixturePath('readability');
const URL_ = 'https://example.org/articulo';
const DAY = '2026-01-15';

/** Whitespace and typographic quotes differ between DOM serialisers; the words do not. */
function norm(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Anchored {
  text: string;
  ruta: string[];
  parrafo: number;
}

/** The paragraphs of an HTML fragment with the anchors the shared outline logic would give them. */
function anchoredParagraphs(html: string): Anchored[] {
  const out: Anchored[] = [];
  const path: { level: number; text: string }[] = [];
  let parrafo = 0;
  // Readability's expected output is the article, as convertWebPage reads it: its <header> is content.
  for (const e of outlineFromHtml(`<article>${html}</article>`)) {
    if (!e.text.trim()) continue;
    if (e.kind === 'heading') {
      while (path.length > 0 && path[path.length - 1]!.level >= e.level) path.pop();
      path.push({ level: e.level, text: e.text.replace(/\s+/g, ' ').trim() });
      parrafo = 0;
    } else {
      parrafo += 1;
      out.push({ text: norm(e.text), ruta: path.map((h) => h.text), parrafo });
    }
  }
  return out;
}

/** Longest common subsequence of paragraph texts: the pairs matched, in order. */
function matchInOrder(expected: string[], actual: string[]): [number, number][] {
  const n = expected.length;
  const m = actual.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] =
        expected[i] === actual[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (expected[i] === actual[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

interface Expected {
  title: string | null;
  byline: string | null;
  lang?: string;
}

const pages = hasFixture('readability')
  ? readdirSync(READABILITY, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : [];

/** Results per page, printed once for the record. */
const report: Record<string, unknown> = {};

describe.skipIf(!hasFixture('readability'))(
  titleNeeding('convertWebPage on Mozilla Readability’s test pages', 'readability'),
  () => {
    afterAll(() => {
      if (process.env.FOLIO_REPORT) console.log(JSON.stringify(report, null, 1));
    });

    it('finds the test pages', () => {
      expect(pages.length).toBeGreaterThanOrEqual(10);
    });

    it.each(pages)('%s', (page) => {
      const dir = join(READABILITY, page);
      const source = readFileSync(join(dir, 'source.html'), 'utf8');
      const expectedHtml = readFileSync(join(dir, 'expected.html'), 'utf8');
      const meta = JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as Expected;

      const conversion = convertWebPage({ html: source, url: URL_, consultada: DAY });
      expect(conversion.tipo).toBe('web');

      const blocks = conversion.unidades.flatMap((u) => u.bloques ?? []);
      const ours: Anchored[] = blocks.map((b) => {
        const a = b.ancla as AnclaWeb;
        return { text: norm(b.texto), ruta: a.ruta ?? [], parrafo: a.parrafo ?? 0 };
      });
      const expected = anchoredParagraphs(expectedHtml);
      const pairs = matchInOrder(
        expected.map((p) => p.text),
        ours.map((p) => p.text),
      );
      const recall = pairs.length / expected.length;
      const precision = pairs.length / ours.length;
      const anchorsAgree = pairs.filter(
        ([i, j]) =>
          expected[i]!.parrafo === ours[j]!.parrafo && expected[i]!.ruta.join('/') === ours[j]!.ruta.join('/'),
      ).length;
      report[page] = {
        expected: expected.length,
        kept: ours.length,
        matched: pairs.length,
        recall: Number(recall.toFixed(3)),
        precision: Number(precision.toFixed(3)),
        anchors: `${anchorsAgree}/${pairs.length}`,
        titulo: conversion.metadatos.titulo,
        autores: conversion.metadatos.autores,
        anio: conversion.metadatos.anio,
        idioma: conversion.metadatos.idioma,
      };

      // The text kept is the article Readability keeps: nearly every expected paragraph, in order.
      expect(recall).toBeGreaterThanOrEqual(0.95);
      expect(precision).toBeGreaterThanOrEqual(0.9);
      // Every matched paragraph sits under the same heading path, with the same number.
      expect(anchorsAgree).toBe(pairs.length);

      // Every block is a web anchor with the page URL and the date of capture; parrafo counts from 1 per ruta.
      let lastRuta = '';
      let lastParrafo = 0;
      for (const block of blocks) {
        const a = block.ancla as AnclaWeb;
        expect(a).toMatchObject({ tipo: 'web', url: URL_, consultada: DAY });
        const ruta = JSON.stringify(a.ruta);
        expect(a.parrafo).toBe(ruta === lastRuta ? lastParrafo + 1 : 1);
        lastRuta = ruta;
        lastParrafo = a.parrafo!;
      }
      for (const unit of conversion.unidades) expect(unit.ancla).toEqual(unit.bloques![0]!.ancla);

      if (meta.lang) expect(conversion.metadatos.idioma?.toLowerCase()).toBe(meta.lang.toLowerCase());
      if (meta.byline) {
        // One of the authors found is a person (or the organisation) the byline names.
        const surnames = (conversion.metadatos.autores ?? []).map((a) => a.split(',')[0]!.trim());
        expect(surnames.some((s) => norm(meta.byline!).includes(s))).toBe(true);
      }
      if (meta.title) {
        const [a, b] = [norm(conversion.metadatos.titulo ?? ''), norm(meta.title)];
        expect(a.length > 0 && (b.startsWith(a) || a.startsWith(b))).toBe(true);
      }
    });
  },
);

describe('convertWebPage', () => {
  it("keeps the standfirst in the article's <header> (issue 33: medicalnewstoday)", () => {
    const html = `<!doctype html><html lang="en"><head><title>A study | News</title></head><body>
      <nav><a href="/">Home</a> <a href="/news">News</a></nav>
      <div class="article-body"><header>Most of what the brain does happens unconsciously, yet the moment of insight is
      sudden. New research looks at when it comes.</header>
      ${'<p>Many of us get our best ideas in the shower, or find the answer to a hard question when we least think about it, as every study of the idle brain has reported for decades now.</p>'.repeat(6)}
      </div><footer>© News</footer></body></html>`;
    const text = convertWebPage({ html, url: URL_, consultada: DAY })
      .unidades.map((u) => u.texto)
      .join('\n');
    expect(text).toContain('Most of what the brain does happens unconsciously');
    expect(text).not.toContain('© News');
  });

  it('anchors paragraphs by heading path and keeps the article only', () => {
    const html = `<!doctype html><html lang="es"><head><title>Sobre el agua | Revista</title>
      <meta property="og:site_name" content="Revista">
      <meta name="citation_author" content="García Márquez, Gabriel">
      <meta name="citation_author" content="Ana Pérez">
      <meta name="citation_publication_date" content="2019/05/02">
      </head><body>
      <nav><a href="/">Inicio</a> <a href="/b">Blog</a></nav>
      <article>
        <h1>Sobre el agua</h1>
        <p>${'El agua es un recurso escaso en muchas regiones del mundo, y su gestión es un problema político. '.repeat(3)}</p>
        <h2>Historia</h2>
        <p>${'Las primeras obras hidráulicas se remontan a Mesopotamia y a Egipto, hace miles de años. '.repeat(3)}</p>
        <p>${'Los romanos construyeron acueductos que aún hoy se conservan en buena parte de Europa. '.repeat(3)}</p>
        <h2>Presente</h2>
        <p>${'Hoy la desalinización y la reutilización ocupan un lugar central en las políticas públicas. '.repeat(3)}</p>
      </article>
      <footer>© Revista, todos los derechos reservados</footer>
      </body></html>`;
    const c = convertWebPage({ html, url: 'https://revista.example/agua', consultada: DAY });
    expect(c.metadatos).toEqual({
      titulo: 'Sobre el agua',
      autores: ['García Márquez, Gabriel', 'Pérez, Ana'],
      anio: 2019,
      idioma: 'es',
      contenedor: 'Revista',
    });
    const anchors = c.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla as AnclaWeb));
    expect(anchors.map((a) => [a.ruta, a.parrafo])).toEqual([
      [[], 1],
      [['Historia'], 1],
      [['Historia'], 2],
      [['Presente'], 1],
    ]);
    expect(anchors[0]).toEqual({
      tipo: 'web',
      url: 'https://revista.example/agua',
      ruta: [],
      parrafo: 1,
      consultada: DAY,
    });
    const text = c.unidades.map((u) => u.texto).join('\n');
    expect(text).not.toMatch(/Inicio|derechos reservados/);
  });

  it('reads a page Readability gives up on as a whole', () => {
    const c = convertWebPage({
      html: '<!doctype html><html><body><p>Solo una línea.</p></body></html>',
      url: 'https://x.example/',
      consultada: DAY,
    });
    expect(c.unidades[0]!.texto).toBe('Solo una línea.');
  });

  it('fails on a page without text', () => {
    expect(() =>
      convertWebPage({ html: '<html><body><img src=x></body></html>', url: 'https://x.example/', consultada: DAY }),
    ).toThrow(ConversionError);
  });
});
