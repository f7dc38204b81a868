import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  authorsFromByline,
  pageMetadata,
  withArticleHints,
  withoutSiteSuffix,
  type MetaDocument,
  type PageMetadataOptions,
} from './page-metadata';

function metadataOf(head: string, options: PageMetadataOptions = {}, htmlAttrs = '') {
  const { document } = parseHTML(`<!doctype html><html ${htmlAttrs}><head>${head}</head><body><p>x</p></body></html>`);
  return pageMetadata(document as unknown as MetaDocument, options);
}

describe('pageMetadata', () => {
  it('prefers Highwire citation_* tags', () => {
    const m = metadataOf(
      `<title>Otra cosa</title>
       <meta name="citation_title" content="La memoria del agua">
       <meta name="citation_author" content="Pérez Galdós, Benito">
       <meta name="citation_author" content="María Zambrano">
       <meta name="citation_publication_date" content="1998/03/01">
       <meta name="author" content="Alguien Más">`,
    );
    expect(m).toEqual({
      titulo: 'La memoria del agua',
      autores: ['Pérez Galdós, Benito', 'Zambrano, María'],
      anio: 1998,
    });
  });

  it('reads one author per citation_author or DC.creator tag, double surnames included', () => {
    const m = metadataOf(
      `<meta name="citation_author" content="Chan May, Jorge Alberto">
       <meta name="citation_author" content="Pérez  Canul ,  Lucía">
       <meta name="citation_author" content="Ana Sandoval">`,
    );
    expect(m.autores).toEqual(['Chan May, Jorge Alberto', 'Pérez Canul, Lucía', 'Sandoval, Ana']);
    const dc = metadataOf(`<meta name="DC.creator" content="Ortega y Gasset, José">`);
    expect(dc.autores).toEqual(['Ortega y Gasset, José']);
    // The plural tag is a list.
    const list = metadataOf(`<meta name="citation_authors" content="Ana Pérez, Juan Gil">`);
    expect(list.autores).toEqual(['Pérez, Ana', 'Gil, Juan']);
  });

  it('gives every author source as Surname, Given: one person per comma tag, double surnames kept', () => {
    const tag = metadataOf(`<meta name="citation_author" content="Ek Chablé, María Fernanda">`);
    expect(tag.autores).toEqual(['Ek Chablé, María Fernanda']);
    const free = metadataOf(`<meta name="author" content="Mariana Castañeda Ruiz y Rosa Chi Uc">`);
    expect(free.autores).toEqual(['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']);
    const og = metadataOf(`<meta property="article:author" content="Ludwig van Beethoven">`);
    expect(og.autores).toEqual(['Beethoven, Ludwig van']);
    const ld = metadataOf(
      `<script type="application/ld+json">${JSON.stringify({
        '@type': 'Article',
        author: [
          { '@type': 'Person', name: 'José María Pérez García' },
          { '@type': 'Organization', name: 'World Health Organization' },
        ],
      })}</script>`,
    );
    expect(ld.autores).toEqual(['Pérez García, José María', 'World Health Organization']);
    expect(authorsFromByline('Por MARIANA CASTAÑEDA RUIZ | 3 de mayo de 2020')).toEqual(['Castañeda Ruiz, Mariana']);
  });

  it('reads Dublin Core', () => {
    const m = metadataOf(
      `<meta name="DC.Title" content="remoteStorage"><meta name="DC.Creator" content="Kooman, F.">
       <meta name="DC.Creator" content="Jong, Michiel de"><meta name="DC.Date.Issued" content="2014-12-15">
       <meta name="DC.language" content="fr">`,
    );
    expect(m).toEqual({
      titulo: 'remoteStorage',
      autores: ['Kooman, F.', 'Jong, Michiel de'],
      anio: 2014,
      idioma: 'fr',
    });
  });

  it('reads JSON-LD: headline, authors with marked surnames, datePublished, inLanguage, @graph, CDATA', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'El Diario' },
        {
          '@type': ['NewsArticle'],
          headline: 'Un titular',
          datePublished: '2021-06-30T10:00:00+02:00',
          inLanguage: 'es-ES',
          author: [
            { '@type': 'Person', givenName: 'José', familyName: 'Ortega y Gasset' },
            { '@type': 'Person', name: 'Ana Pérez' },
            { '@type': 'Person', name: 'https://example.org/autor/ana' },
          ],
        },
      ],
    };
    const m = metadataOf(`<script type="application/ld+json">//<![CDATA[\n${JSON.stringify(graph)}\n//]]></script>`);
    expect(m).toEqual({
      titulo: 'Un titular',
      autores: ['Ortega y Gasset, José', 'Pérez, Ana'],
      anio: 2021,
      idioma: 'es-ES',
      contenedor: 'El Diario',
    });
  });

  it('falls back to OpenGraph, meta author and the html lang; ignores profile URLs', () => {
    const m = metadataOf(
      `<meta property="og:title" content="Título abierto"><meta property="og:site_name" content="Sitio">
       <meta property="article:author" content="https://facebook.com/someone">
       <meta name="author" content="Lucía Gómez"><meta property="article:published_time" content="2017-01-02">
       <meta property="og:locale" content="pt_BR">`,
      {},
      'lang="es-AR"',
    );
    expect(m).toEqual({
      titulo: 'Título abierto',
      autores: ['Gómez, Lucía'],
      anio: 2017,
      idioma: 'es-AR',
      contenedor: 'Sitio',
    });
  });

  it('keeps the site given as author whole (an organisation)', () => {
    const m = metadataOf(
      `<meta property="og:site_name" content="Mac &amp; i"><meta name="DC.creator" content="Mac &amp; i">`,
    );
    expect(m.autores).toEqual(['Mac & i']);
  });

  it('uses Content-Language and og:locale when the page has no lang', () => {
    expect(metadataOf('<title>Hola mundo</title>', { contentLanguage: 'es-MX, en' }).idioma).toBe('es-MX');
    expect(metadataOf('<meta property="og:locale" content="de_DE">').idioma).toBe('de-DE');
  });

  it('drops the site name from the end of a title', () => {
    const m = metadataOf(
      '<title>Obama admits US gun laws are his biggest frustration - BBC News</title><meta property="og:site_name" content="BBC News">',
    );
    expect(m.titulo).toBe('Obama admits US gun laws are his biggest frustration');
  });
});

describe('withoutSiteSuffix', () => {
  it.each([
    ['Mozilla - Wikipedia', undefined, 'https://en.wikipedia.org/wiki/Mozilla', 'Mozilla - Wikipedia'],
    ['La economía de Chile | El País', 'El País', undefined, 'La economía de Chile'],
    ['Friday Facts #282 - 0.17 in sight | Factorio', 'Factorio.com', undefined, 'Friday Facts #282 - 0.17 in sight'],
    ['Un artículo largo — elpais.com', undefined, 'https://elpais.com/x', 'Un artículo largo'],
    ['Guerra y paz - Tolstói', 'Librería', 'https://libros.example/', 'Guerra y paz - Tolstói'],
  ])('%s', (title, site, url, expected) => {
    expect(withoutSiteSuffix(title, site, url)).toBe(expected);
  });
});

describe('authorsFromByline', () => {
  it.each([
    ['By Ana Sandoiu', ['Sandoiu, Ana']],
    ['Written by Rob Ewaschuk\n      Edited by Betsy Beyer', ['Ewaschuk, Rob']],
    ['By Nathan Willis\n        March 25, 2015', ['Willis, Nathan']],
    ['Martin Untersinger (avec Damien Leloup et Morgane Tual)', ['Untersinger, Martin']],
    ['Por Lucía Gómez, 3 de mayo de 2020', ['Gómez, Lucía']],
    ['Ana Pérez y Juan Gil', ['Pérez, Ana', 'Gil, Juan']],
    ['25 de marzo de 2015', []],
    [null, []],
  ])('%s', (byline, expected) => {
    expect(authorsFromByline(byline)).toEqual(expected);
  });
});

describe('withArticleHints', () => {
  it('fills only what the page left empty', () => {
    expect(
      withArticleHints(
        { titulo: 'Propio' },
        { title: 'Otro', byline: 'By Ana Sandoiu', lang: 'en', publishedTime: '2015-03-17T16:27:40Z' },
      ),
    ).toEqual({ titulo: 'Propio', autores: ['Sandoiu, Ana'], anio: 2015, idioma: 'en' });
  });
});
