import { formatCitation, formatLocator, type Ancla, type Idioma } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { cslItem, cslLocator, type ReferenceInput } from './csl-item';
import { availableLocales, BUNDLED_STYLES, bundledStyle, formatCitations } from './registry';
import { plainText, richFromHtml } from './rich-text';

const DOC: ReferenceInput = {
  titulo: 'Pérdida de cobertura forestal en la península de Yucatán',
  autores: ['Chablé, Ana', 'Fernanda, Luisa'],
  anio: 2019,
  tipo: 'pdf',
};

/** Each kind of anchor, with the text a style should print for it (the folio for pages, else the `localizador`). */
const ANCHORS: { kind: string; ancla: Ancla; folio?: string }[] = [
  { kind: 'pagina', ancla: { tipo: 'pagina', fisica: 12 }, folio: '12' },
  { kind: 'pagina impresa', ancla: { tipo: 'pagina', fisica: 12, impresa: '45' }, folio: '45' },
  {
    kind: 'seccion impresa',
    ancla: { tipo: 'seccion', ruta: ['Resultados'], parrafo: 2, impresa: 'xii' },
    folio: 'xii',
  },
  { kind: 'seccion', ancla: { tipo: 'seccion', ruta: ['Resultados', 'Pérdida de cobertura'], parrafo: 1 } },
  { kind: 'web', ancla: { tipo: 'web', url: 'https://example.org/informe', ruta: ['Métodos'], parrafo: 3 } },
  { kind: 'tiempo', ancla: { tipo: 'tiempo', t0: 4, t1: 9 } },
  { kind: 'tiempo largo', ancla: { tipo: 'tiempo', t0: 3723, t1: 3730 } },
  { kind: 'diapositiva', ancla: { tipo: 'diapositiva', n: 4 } },
  { kind: 'hoja', ancla: { tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 10 } },
  { kind: 'fila', ancla: { tipo: 'hoja', filaDesde: 4 } },
  { kind: 'imagen', ancla: { tipo: 'imagen' } },
];

const LOCALES: { locale: string; idioma: Idioma }[] = [
  { locale: 'es-ES', idioma: 'es' },
  { locale: 'en-US', idioma: 'en' },
];

/** Each anchor cited once, in order, as the cite operation formats a text's citations. */
function citeAll(style: string, locale: string, idioma: Idioma) {
  const localizadores = ANCHORS.map((a) => formatLocator(a.ancla, { idioma }));
  const { clase, citations } = formatCitations(
    bundledStyle(style),
    locale,
    [cslItem('doc', DOC) as unknown as Record<string, unknown>],
    ANCHORS.map((a, i) => ({ id: 'doc', ...cslLocator(a.ancla, localizadores[i]!) })),
  );
  return { clase, localizadores, citations: citations.map((c) => plainText(richFromHtml(c))) };
}

describe('the place of a passage in every bundled style', () => {
  for (const style of Object.keys(BUNDLED_STYLES)) {
    for (const { locale, idioma } of LOCALES) {
      it(`${style}, ${locale}: the localizador's place is the last thing inside the citation`, () => {
        const { clase, localizadores, citations } = citeAll(style, locale, idioma);
        ANCHORS.forEach((a, i) => {
          const cita = citations[i]!;
          const place = a.folio ?? localizadores[i]!;
          if (clase === 'in-text') {
            // Inside the style's parentheses or brackets, just before they close.
            expect(cita, a.kind).toMatch(/^[([].*[)\]]$/);
            expect(cita.slice(0, -1).endsWith(place), `${a.kind}: ${cita}`).toBe(true);
          } else {
            // The note ends with the place.
            expect(cita.endsWith(`${place}.`), `${a.kind}: ${cita}`).toBe(true);
          }
          // Pages in the style's own manner: the folio with the style's label, never Folio's 'p.' twice.
          expect(cita, a.kind).not.toMatch(/p\. p\./);
        });
      });
    }
  }

  for (const { locale, idioma } of LOCALES) {
    it(`apa, ${locale}: each citation is the contract's short form`, () => {
      const { localizadores, citations } = citeAll('apa', locale, idioma);
      expect(citations).toEqual(localizadores.map((l) => formatCitation(DOC, l, { idioma })));
    });
  }

  it("apa: 'y' between two authors in Spanish locales, in citations and references; '&' in English", () => {
    availableLocales(); // registers es-MX and en-GB, as resolving a caller's locale does
    const item = [cslItem('doc', DOC) as unknown as Record<string, unknown>];
    const es = formatCitations(bundledStyle('apa'), 'es-MX', item, [{ id: 'doc' }]);
    expect(plainText(richFromHtml(es.citations[0]!))).toBe('(Chablé y Fernanda, 2019)');
    expect(plainText(richFromHtml(es.bibliography[0]!))).toMatch(/^Chablé, A\. y Fernanda, L\. \(2019\)/);
    const en = formatCitations(bundledStyle('apa'), 'en-GB', item, [{ id: 'doc' }]);
    expect(plainText(richFromHtml(en.citations[0]!))).toBe('(Chablé & Fernanda, 2019)');
    expect(plainText(richFromHtml(en.bibliography[0]!))).toMatch(/^Chablé, A\., & Fernanda, L\. \(2019\)/);
  });

  it('a passage without a place cites the document alone', () => {
    const ancla: Ancla = { tipo: 'web', url: 'https://example.org/' };
    expect(cslLocator(ancla, formatLocator(ancla))).toEqual({});
  });
});
