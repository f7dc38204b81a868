import { CONFIANZA_ORIGEN, type OrigenMetadato } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import type { FileMetadata } from './metadata-types';
import { NO_TITLE, originsOf, resolveMetadata, valuesOf, type MetadataLayers } from './resolve-metadata';

/** A PDF as its converter read it: the first page's title and byline, a printed year and DOI, the text's language. */
const PDF: FileMetadata = {
  titulo: 'Título de la primera página',
  autores: ['Pérez, Ana'],
  anio: 2019,
  doi: '10.1234/abc',
  idioma: 'es',
  origen: { titulo: 'primera_pagina', autores: 'primera_pagina', anio: 'pagina', doi: 'pagina', idioma: 'texto' },
  origenDetalles: 'primera_pagina',
};

const REGISTRY = {
  titulo: 'Title of the record',
  autores: ['Pérez García, Ana', 'Silva, João'],
  anio: 2020,
  doi: '10.1234/abc',
  tipo_obra: 'paper-conference' as const,
  contenedor: 'Proceedings of the Conference',
  paginas: '1-10',
  isbn: '9780000000002',
};

/** What a field resolves to: its value and origin, or undefined when it has none. */
type Expected = Partial<Record<string, [value: unknown, origen: OrigenMetadato | undefined] | undefined>>;

interface Case {
  name: string;
  layers: Partial<MetadataLayers>;
  expected: Expected;
}

const layers = (given: Partial<MetadataLayers>): MetadataLayers => ({ tipo: 'pdf', user: {}, ...given });

const CASES: Case[] = [
  // Each field from the file alone, with the converter's origins.
  {
    name: 'the file alone: its values and origins; its DOI makes it a journal article',
    layers: { file: PDF },
    expected: {
      titulo: [PDF.titulo, 'primera_pagina'],
      autores: [PDF.autores, 'primera_pagina'],
      anio: [2019, 'pagina'],
      doi: ['10.1234/abc', 'pagina'],
      idioma: ['es', 'texto'],
      tipo_obra: ['article-journal', 'pagina'],
    },
  },
  // The user: a value wins; null or [] clears; undefined leaves it to the other layers.
  {
    name: "the user's values win over the registry's and the file's",
    layers: {
      user: { titulo: 'Mi título', autores: ['Yo, Mismo'], anio: 2001, doi: '10.9/mine', idioma: 'pt' },
      registry: REGISTRY,
      file: PDF,
    },
    expected: {
      titulo: ['Mi título', 'usuario'],
      autores: [['Yo, Mismo'], 'usuario'],
      anio: [2001, 'usuario'],
      doi: ['10.9/mine', 'usuario'],
      idioma: ['pt', 'usuario'],
    },
  },
  {
    name: "values from the user's imported library win like the user's, with that library as their origin",
    layers: {
      user: {
        titulo: 'Título en Zotero',
        autores: ['Pérez García, Ana'],
        anio: 2018,
        idioma: 'es',
        detalles: { tipo_obra: 'thesis', editorial: 'Universidad de Chile' },
        // The language was typed in Folio afterwards: it left the imported fields.
        importado: { origen: 'zotero', campos: ['titulo', 'autores', 'anio', 'tipo_obra', 'editorial'] },
      },
      registry: REGISTRY,
      file: PDF,
    },
    expected: {
      titulo: ['Título en Zotero', 'zotero'],
      autores: [['Pérez García, Ana'], 'zotero'],
      anio: [2018, 'zotero'],
      idioma: ['es', 'usuario'],
      doi: ['10.1234/abc', 'registro'],
      tipo_obra: ['thesis', 'zotero'],
      editorial: ['Universidad de Chile', 'zotero'],
    },
  },
  {
    name: 'authors the user cleared ([]) stay clear whatever the registry and the file say',
    layers: { user: { autores: [] }, registry: REGISTRY, file: PDF },
    expected: { autores: undefined, titulo: [REGISTRY.titulo, 'registro'] },
  },
  {
    name: 'a year, DOI and language the user cleared (null) stay clear; the kind is not inferred from a cleared DOI',
    layers: { user: { anio: null, doi: null, idioma: null }, file: PDF },
    expected: { anio: undefined, doi: undefined, idioma: undefined, tipo_obra: undefined },
  },
  {
    name: 'a field the user left undefined is the next layer’s',
    layers: { user: { titulo: 'Mi título' }, registry: REGISTRY, file: PDF },
    expected: { titulo: ['Mi título', 'usuario'], anio: [2020, 'registro'], autores: [REGISTRY.autores, 'registro'] },
  },
  // Registry > page > file.
  {
    name: "the registry's record beats the page's tags and the file",
    layers: {
      registry: REGISTRY,
      page: { titulo: 'Page title', anio: 2015, autores: ['Page, Author'] },
      file: PDF,
    },
    expected: {
      titulo: [REGISTRY.titulo, 'registro'],
      autores: [REGISTRY.autores, 'registro'],
      anio: [2020, 'registro'],
      doi: ['10.1234/abc', 'registro'],
      idioma: ['es', 'texto'],
    },
  },
  {
    name: "the page's tags beat the file (a PDF reached from its landing page)",
    layers: { page: { titulo: 'Page title', anio: 2015, doi: '10.5/page' }, file: PDF },
    expected: {
      titulo: ['Page title', 'pagina_web'],
      anio: [2015, 'pagina_web'],
      doi: ['10.5/page', 'pagina_web'],
      autores: [PDF.autores, 'primera_pagina'],
    },
  },
  {
    name: 'an empty list or string from a layer is no value: the next layer gives it',
    layers: { registry: { autores: [], titulo: '' }, file: PDF },
    expected: { autores: [PDF.autores, 'primera_pagina'], titulo: [PDF.titulo, 'primera_pagina'] },
  },
  // The creation date's year.
  {
    name: "a year found only in the file's creation date is kept, marked fecha_creacion",
    layers: { file: { ...PDF, anio: 2025, origen: { ...PDF.origen, anio: 'fecha_creacion' } } },
    expected: { anio: [2025, 'fecha_creacion'] },
  },
  {
    name: "a creation date's year never beats a printed year of another layer",
    layers: {
      page: { anio: 2018 },
      file: { ...PDF, anio: 2025, origen: { ...PDF.origen, anio: 'fecha_creacion' } },
    },
    expected: { anio: [2018, 'pagina_web'] },
  },
  // The file name stands in for a title, and for nothing else.
  {
    name: 'the file name is the title only when no layer gives one',
    layers: { fileName: 'informe_final-v2.pdf', file: { ...PDF, titulo: undefined } },
    expected: { titulo: ['informe final-v2', 'nombre_archivo'], autores: [PDF.autores, 'primera_pagina'] },
  },
  {
    name: "the file's title beats the file name",
    layers: { fileName: 'informe_final.pdf', file: PDF },
    expected: { titulo: [PDF.titulo, 'primera_pagina'] },
  },
  {
    name: 'with neither, the title the document had stands in with its origin (a URL before its page is read)',
    layers: { standIn: { titulo: 'example.org/a', origen: 'url' } },
    expected: { titulo: ['example.org/a', 'url'], autores: undefined, anio: undefined },
  },
  {
    name: 'with nothing at all, the document is untitled, of no origin',
    layers: {},
    expected: { titulo: [NO_TITLE, undefined], tipo_obra: undefined },
  },
  // Details.
  {
    name: "the registry's details beat the file's; the user's win; a user's null removes one",
    layers: {
      user: { detalles: { contenedor: 'Revista Mía', paginas: null } },
      registry: { ...REGISTRY, volumen: '7' },
      file: { ...PDF, isbn: '9781111111113' },
    },
    expected: {
      contenedor: ['Revista Mía', 'usuario'],
      volumen: ['7', 'registro'],
      paginas: undefined,
      isbn: [REGISTRY.isbn, 'registro'],
    },
  },
  {
    name: "the page's site beats the file's container; the file's ISBN is kept",
    layers: { page: { contenedor: 'El Sitio' }, file: { ...PDF, contenedor: 'Otro', isbn: '9781111111113' } },
    expected: { contenedor: ['El Sitio', 'pagina_web'], isbn: ['9781111111113', 'primera_pagina'] },
  },
  // The kind of work.
  {
    name: "the user's kind wins over the registry's",
    layers: { user: { detalles: { tipo_obra: 'report' } }, registry: REGISTRY, file: PDF },
    expected: { tipo_obra: ['report', 'usuario'] },
  },
  {
    name: "the registry's kind beats what the DOI implies",
    layers: { registry: REGISTRY, file: PDF },
    expected: { tipo_obra: ['paper-conference', 'registro'] },
  },
  {
    name: "the file's own kind (a thesis cover) and its genre beat what the DOI implies",
    layers: { file: { ...PDF, tipo_obra: 'thesis', genero: 'Tesis doctoral' } },
    expected: { tipo_obra: ['thesis', 'primera_pagina'], genero: ['Tesis doctoral', 'primera_pagina'] },
  },
  {
    name: "a genre goes with its kind: the file's thesis genre is no article's",
    layers: {
      registry: { tipo_obra: 'article-journal' },
      file: { ...PDF, tipo_obra: 'thesis', genero: 'Dissertação (Mestrado)' },
    },
    expected: { tipo_obra: ['article-journal', 'registro'], genero: undefined },
  },
  {
    name: "a user's null on the kind gives it back to inference, over the registry's",
    layers: { user: { detalles: { tipo_obra: null } }, registry: { tipo_obra: 'book' }, file: PDF },
    expected: { tipo_obra: ['article-journal', 'pagina'] },
  },
  {
    name: 'a journal with a volume is a journal article, of the journal’s origin',
    layers: { registry: { contenedor: 'Hidrobiológica', volumen: '31' }, file: { ...PDF, doi: undefined } },
    expected: { tipo_obra: ['article-journal', 'registro'] },
  },
  {
    name: 'a journal with pages alone is a journal article',
    layers: { user: { detalles: { contenedor: 'Revista', paginas: '4-9' } } },
    expected: { tipo_obra: ['article-journal', 'usuario'] },
  },
  {
    name: 'a book (container) with an ISBN is a chapter',
    layers: { user: { detalles: { contenedor: 'Libro colectivo', isbn: '9780000000002' } } },
    expected: { tipo_obra: ['chapter', 'usuario'] },
  },
  {
    name: 'an ISBN without a journal is a book',
    layers: { file: { ...PDF, doi: undefined, isbn: '9780000000002' } },
    expected: { tipo_obra: ['book', 'primera_pagina'] },
  },
  {
    name: "a DOI beside an ISBN may be a book's or a chapter's: no kind",
    layers: { file: { ...PDF, isbn: '9780000000002' } },
    expected: { tipo_obra: undefined },
  },
  {
    name: "a repository's DOI (Zenodo) says nothing of the kind",
    layers: { file: { ...PDF, doi: '10.5281/zenodo.123' } },
    expected: { tipo_obra: undefined },
  },
  {
    name: "an arXiv identifier alone, or arXiv's DOI, is a preprint (manuscript)",
    layers: { file: { ...PDF, doi: undefined, arxiv: '2101.00001v2' } },
    expected: { tipo_obra: ['manuscript', 'arxiv'] },
  },
  {
    name: "arXiv's own DOI is a preprint's",
    layers: { file: { ...PDF, doi: '10.48550/arXiv.2101.00001' } },
    expected: { tipo_obra: ['manuscript', 'pagina'] },
  },
  {
    name: 'a PDF with no signal gets no kind',
    layers: { file: { ...PDF, doi: undefined } },
    expected: { tipo_obra: undefined },
  },
  {
    name: 'a web page with a DOI stays a web page (no kind: its file kind says it)',
    layers: { tipo: 'web', file: { ...PDF, origen: { doi: 'pagina_web' } } },
    expected: { tipo_obra: undefined, doi: ['10.1234/abc', 'pagina_web'] },
  },
  {
    name: 'media keep their kind as today',
    layers: { tipo: 'video', file: { ...PDF, isbn: '9780000000002', doi: undefined } },
    expected: { tipo_obra: undefined },
  },
];

/** The value and origin of a field of the resolved record, by name (a detail's too). */
function fieldOf(r: ReturnType<typeof resolveMetadata>, name: string) {
  const top = r as unknown as Record<string, { valor: unknown; origen?: OrigenMetadato; confianza?: number }>;
  return name in r.detalles || !(name in top) ? r.detalles[name as keyof typeof r.detalles] : top[name];
}

describe('resolveMetadata: which value is in force', () => {
  it.each(CASES)('$name', ({ layers: given, expected }) => {
    const resolved = resolveMetadata(layers(given));
    for (const [name, want] of Object.entries(expected)) {
      const got = fieldOf(resolved, name);
      if (!want) {
        expect(got, name).toBeUndefined();
        continue;
      }
      const [valor, origen] = want;
      expect(got?.valor, name).toEqual(valor);
      expect(got?.origen, `${name}'s origin`).toBe(origen);
      // Each origin comes with the contract's confidence; a value of unknown origin has none.
      expect(got?.confianza, `${name}'s confidence`).toBe(origen ? CONFIANZA_ORIGEN[origen] : undefined);
    }
  });

  it('marks an inferred kind as inferred, and a stated one not', () => {
    expect(resolveMetadata(layers({ file: PDF })).detalles.tipo_obra?.inferido).toBe(true);
    expect(resolveMetadata(layers({ registry: REGISTRY })).detalles.tipo_obra?.inferido).toBeUndefined();
  });

  it('gives the columns to store and their origins, the kind of work among them', () => {
    const resolved = resolveMetadata(layers({ user: { anio: null }, file: PDF, fileName: 'x.pdf' }));
    expect(valuesOf(resolved)).toEqual({
      titulo: PDF.titulo,
      autores: PDF.autores,
      anio: null,
      doi: '10.1234/abc',
      idioma: 'es',
      detalles: { tipo_obra: 'article-journal' },
    });
    expect(originsOf(resolved)).toEqual({
      titulo: 'primera_pagina',
      autores: 'primera_pagina',
      doi: 'pagina',
      idioma: 'texto',
      tipo_obra: 'pagina',
    });
  });
});
