// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { capturePage, type CapturedPage } from './page';

/** The scholarly page both this test and the backend's upload test use; its capture is committed beside it. */
const CAPTURE_FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/capture');
const REVISTA = resolve(CAPTURE_FIXTURES, 'articulo-revista.html');
const REVISTA_CAPTURED = resolve(CAPTURE_FIXTURES, 'articulo-revista.capturado.html');
const REVISTA_URL = 'https://revista.example.org/articulos/nitratos-yucatan?utm_source=boletin#resultados';
const NOTICIA = resolve(import.meta.dirname, 'fixtures/noticia.html');
const NOTICIA_CAPTURED = resolve(CAPTURE_FIXTURES, 'noticia.capturado.html');

/** The capture as committed for the backend's upload test: laid out by prettier (white space only). */
async function laidOut(html: string, path: string): Promise<string> {
  return format(html, { ...(await resolveConfig(path)), filepath: path });
}

function pageAt(html: string, url: string): Document {
  return new JSDOM(html, { url }).window.document;
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Headings, paragraphs, list items, captions and cells of a document, in order, as the backend reads them. */
function outline(doc: Document): string[] {
  return Array.from(doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, caption, figcaption, th, td')).map(
    (el) => `${el.localName}: ${norm(el.textContent)}`,
  );
}

const headings = (doc: Document) => outline(doc).filter((line) => /^h\d:/.test(line));

describe('capturePage on a scholarly article', () => {
  const captured = capturePage(pageAt(readFileSync(REVISTA, 'utf8'), REVISTA_URL), new Date('2026-03-01T10:00:00Z'));
  const out = parse(captured.html);

  it('describes the upload', () => {
    expect(captured).toMatchObject<Partial<CapturedPage>>({
      kind: 'page',
      url: 'https://revista.example.org/articulos/nitratos-yucatan?utm_source=boletin',
      titulo: 'Nitratos en el acuífero kárstico de Yucatán: cuarenta cenotes en dos temporadas',
      nombre: 'nitratos-en-el-acuifero-karstico-de-yucatan-cuarenta-cenotes-en-dos-temporadas.html',
      contentType: 'text/html',
      article: true,
      capturedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(captured.html).toMatch(/^<!doctype html>\n<html lang="es">/);
  });

  it('keeps the article: its headings in order, paragraphs, list, table, figure caption and quote', () => {
    expect(headings(out)).toEqual([
      'h2: Nitratos en el acuífero kárstico de Yucatán: cuarenta cenotes en dos temporadas',
      'h2: Resumen',
      'h2: Introducción',
      'h2: Métodos',
      'h3: Muestreo',
      'h3: Análisis estadístico',
      'h2: Resultados',
      'h2: Discusión',
    ]);
    const lines = outline(out);
    const at = (start: string) => lines.findIndex((line) => line.startsWith(start));
    const order = [
      'p: El acuífero de la península',
      'p: El subsuelo de Yucatán',
      'p: Estudios anteriores',
      'p: Tomamos muestras',
      'li: Nitratos por espectrofotometría ultravioleta.',
      'li: Conductividad y temperatura en campo.',
      'p: Comparamos temporadas',
      'p: La concentración media',
      'caption: Nitratos por temporada (mg/L)',
      'td: Lluvias',
      'figcaption: Figura 1. Cenotes muestreados en el anillo de cenotes.',
      'p: El agua subterránea es la única fuente',
      'p: La diferencia entre temporadas',
    ].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(out.querySelector('blockquote p')?.textContent).toContain('única fuente de agua potable');
  });

  it('drops navigation, search form, ads, related links, comments, footer and the hidden cookie notice', () => {
    const text = norm(out.body.textContent);
    for (const chrome of [
      'Inicio',
      'Para autores',
      'Buscar',
      'Bombas de agua',
      'Artículos relacionados',
      'Muy buen artículo',
      'cursos de buceo',
      'Aviso de privacidad',
      'Usamos cookies',
    ]) {
      expect(text, chrome).not.toContain(chrome);
    }
  });

  it('keeps the bibliographic tags, canonical link, language and JSON-LD, and nothing executable', () => {
    const meta = (key: string) =>
      Array.from(out.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)).map((m) =>
        m.getAttribute('content'),
      );
    expect(out.title).toBe('Nitratos en el acuífero kárstico de Yucatán | Revista Mexicana de Hidrología');
    expect(meta('citation_author')).toEqual(['Pérez Canul, Lucía', 'Chan May, Jorge Alberto']);
    expect(meta('citation_publication_date')).toEqual(['2021/03/15']);
    expect(meta('citation_doi')).toEqual(['10.5555/rmh.2021.012']);
    expect(meta('DC.language')).toEqual(['es']);
    expect(meta('og:site_name')).toEqual(['Revista Mexicana de Hidrología']);
    expect(meta('article:published_time')).toEqual(['2021-03-15T09:00:00-06:00']);
    expect(meta('viewport')).toEqual([]);
    expect(meta('twitter:card')).toEqual([]);
    expect(out.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://revista.example.org/articulos/nitratos-yucatan',
    );
    expect(out.documentElement.lang).toBe('es');

    const scripts = Array.from(out.querySelectorAll('script'));
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['application/ld+json']);
    expect(JSON.parse(scripts[0]!.textContent!)).toMatchObject({
      '@type': 'ScholarlyArticle',
      datePublished: '2021-03-15',
      author: [{ familyName: 'Pérez Canul' }, { familyName: 'Chan May' }],
    });
    expect(out.querySelectorAll('style, img, iframe, form, input, button, link[rel=stylesheet]')).toHaveLength(0);
    expect(out.querySelectorAll('[class], [id], [style]')).toHaveLength(0);
  });

  it('is the committed capture the backend test uploads (laid out by prettier: white space only)', async () => {
    await expect(await laidOut(captured.html, REVISTA_CAPTURED)).toMatchFileSnapshot(REVISTA_CAPTURED);
    // The layout changes nothing the backend reads: the same headings, paragraphs and tags.
    const committed = parse(readFileSync(REVISTA_CAPTURED, 'utf8'));
    expect(outline(committed)).toEqual(outline(out));
    expect(committed.head.querySelectorAll('meta').length).toBe(out.head.querySelectorAll('meta').length);
  });
});

describe('capturePage on a news article', () => {
  const captured = capturePage(pageAt(readFileSync(NOTICIA, 'utf8'), 'https://diario.example.mx/local/sequia-cenotes'));
  const out = parse(captured.html);

  it('keeps the story with its subheadings and puts the byline back where Readability looks for it', () => {
    expect(captured.titulo).toBe('Sequía récord en la península: los cenotes bajan dos metros');
    expect(captured.article).toBe(true);
    expect(headings(out)).toEqual(['h2: Qué dicen los especialistas', 'h2: Lo que sigue']);
    const paragraphs = outline(out).filter((line) => line.startsWith('p: '));
    expect(paragraphs.map((p) => p.slice(3, 30))).toEqual([
      'Por Ana Sandoval',
      'Los cenotes del oriente de ',
      'Los prestadores de servicio',
      'Investigadores de la univer',
      'Recomiendan reducir el rieg',
      'La temporada de lluvias emp',
    ]);
    expect(out.querySelector('p.byline')?.textContent).toBe('Por Ana Sandoval');
  });

  it('leaves out the menu, the mobile-only menu, ads, sponsored text, sharing, comments and most-read list', () => {
    const text = norm(out.body.textContent);
    for (const chrome of [
      'Portada',
      'Menú para teléfonos',
      'PUBLICIDAD',
      'patrocinado',
      'WhatsApp',
      'Tizimín',
      'Lo más leído',
    ]) {
      expect(text, chrome).not.toContain(chrome);
    }
  });

  it('is the committed capture the backend test uploads', async () => {
    await expect(await laidOut(captured.html, NOTICIA_CAPTURED)).toMatchFileSnapshot(NOTICIA_CAPTURED);
    expect(outline(parse(readFileSync(NOTICIA_CAPTURED, 'utf8')))).toEqual(outline(out));
  });

  it('keeps the OpenGraph and article tags but not the robots directive', () => {
    expect(out.querySelector('meta[property="article:published_time"]')?.getAttribute('content')).toBe(
      '2024-05-02T07:30:00-06:00',
    );
    expect(out.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe('Diario del Sureste');
    expect(out.querySelector('meta[name=robots]')).toBeNull();
    expect(out.documentElement.lang).toBe('es-MX');
  });
});

describe('capturePage without an article', () => {
  const LISTING = `<!doctype html><html><head><title>Horarios</title>
    <style>.oculto { display: none }</style></head><body>
    <nav><a href="/">Inicio</a> <a href="/mapa">Mapa</a></nav>
    <header><p>Museo del Mundo Maya</p></header>
    <h1>Horarios</h1>
    <x-tarjeta><h2>Martes a domingo</h2><p>De <span>8:00</span> a 17:00.</p></x-tarjeta>
    <p hidden>Cerrado por obras.</p>
    <div class="oculto"><p>Solo en la aplicación.</p></div>
    <ul><li>Lunes: cerrado.</li></ul>
    <footer>© Museo</footer>
  </body></html>`;
  const captured = capturePage(pageAt(LISTING, 'https://museo.example.org/horarios'));
  const out = parse(captured.html);

  it('keeps the visible structure of the page', () => {
    expect(captured.article).toBe(false);
    expect(outline(out)).toEqual([
      'h1: Horarios',
      'h2: Martes a domingo',
      'p: De 8:00 a 17:00.',
      'li: Lunes: cerrado.',
    ]);
    // A custom element that holds blocks becomes a div, so its paragraphs stay apart from the rest.
    expect(out.body.querySelector('div > h2')).not.toBeNull();
    expect(out.body.querySelector('span, x-tarjeta')).toBeNull();
  });

  it('leaves out navigation, the page header and footer, and what the page hides', () => {
    const text = norm(out.body.textContent);
    for (const gone of ['Inicio', 'Museo del Mundo Maya', '© Museo', 'Cerrado por obras', 'Solo en la aplicación']) {
      expect(text, gone).not.toContain(gone);
    }
    expect(captured.titulo).toBe('Horarios');
    expect(captured.nombre).toBe('horarios.html');
  });
});
