import type { Ancla, AnclaHoja, AnclaPagina, AnclaSeccion } from '../contract/ancla';
import { DEFAULT_IDIOMA, type Idioma } from './idioma';
import { formatTime } from './time';
import { singleLine } from '../text/whitespace';

/** Options of {@link formatLocator}. */
export interface LocatorOptions {
  /** Language of the words in the locator ('párr.' or 'para.'); Spanish by default. */
  idioma?: Idioma;
  /** End of a range: another anchor of the same kind (a page or a time). Ignored for other kinds. */
  hasta?: Ancla;
}

const WORDS = {
  es: {
    paragraph: 'párr.',
    paragraphs: 'párrs.',
    slide: 'diap.',
    sheet: 'hoja',
    row: 'fila',
    rows: 'filas',
    image: 'imagen',
  },
  en: {
    paragraph: 'para.',
    paragraphs: 'paras.',
    slide: 'slide',
    sheet: 'sheet',
    row: 'row',
    rows: 'rows',
    image: 'image',
  },
} as const satisfies Record<Idioma, Record<string, string>>;

/**
 * The `localizador` of an anchor, the locator part of a citation:
 * - pagina: 'p. 45' from the printed folio, or the physical page when there is none; with `hasta` on
 *   another page, 'pp. 7-8' (also roman: 'pp. xii-xiv').
 * - tiempo: '0:05', '12:34', '1:02:03' from `t0`; with `hasta`, '1:00-1:30' ending at the hasta's `t1`.
 * - diapositiva: 'diap. 4' / 'slide 4'.
 * - seccion: 'p. X' when it has a printed folio, else 'Métodos, párr. 3' / 'Methods, para. 3' (last heading);
 *   'Métodos, párrs. 3-5' / 'paras. 3-5' over several paragraphs (`parrafoHasta`).
 * - web: like seccion without folio; '' when it has neither heading nor paragraph.
 * - hoja: 'hoja Datos, filas 2-10' / 'sheet Datos, rows 2-10', 'fila 2' for one row.
 * - imagen: 'imagen' / 'image': the text was read from the image as a whole (OCR keeps no region, so the
 *   anchor names none), and a reader is pointed at the picture rather than left with no place at all.
 */
export function formatLocator(ancla: Ancla, opts: LocatorOptions = {}): string {
  const idioma = opts.idioma ?? DEFAULT_IDIOMA;
  const words = WORDS[idioma];
  const { hasta } = opts;
  switch (ancla.tipo) {
    case 'pagina':
      return pageRange(ancla, hasta);
    case 'seccion':
      return ancla.impresa?.trim()
        ? pageRange(ancla, hasta)
        : headingAndParagraph(ancla.ruta, ancla.parrafo, ancla.parrafoHasta, words);
    case 'tiempo': {
      const from = formatTime(ancla.t0);
      const to = hasta?.tipo === 'tiempo' ? formatTime(hasta.t1) : from;
      return to === from ? from : `${from}-${to}`;
    }
    case 'diapositiva':
      return `${words.slide} ${ancla.n}`;
    case 'web':
      return headingAndParagraph(ancla.ruta, ancla.parrafo, ancla.parrafoHasta, words);
    case 'hoja':
      return sheetLocator(ancla, words);
    case 'imagen':
      return words.image;
  }
}

/** 'p. 7', or 'pp. 7-8' when `hasta` stands on a page with another label. */
function pageRange(ancla: AnclaPagina | AnclaSeccion, hasta: Ancla | undefined): string {
  const from = pageLabel(ancla);
  const to = hasta ? pageLabel(hasta) : null;
  return to !== null && to !== from ? `pp. ${from}-${to}` : `p. ${from}`;
}

/** The page label of an anchor that stands on a page: printed folio if any, else the physical page. */
function pageLabel(ancla: Ancla): string | null {
  if (ancla.tipo === 'pagina') return ancla.impresa?.trim() || String(ancla.fisica);
  if (ancla.tipo === 'seccion') return ancla.impresa?.trim() || null;
  return null;
}

function headingAndParagraph(
  ruta: string[] | undefined,
  parrafo: number | undefined,
  hasta: number | undefined,
  words: (typeof WORDS)[Idioma],
): string {
  const heading = lastHeading(ruta);
  let paragraph = '';
  if (parrafo !== undefined) {
    paragraph =
      hasta !== undefined && hasta > parrafo
        ? `${words.paragraphs} ${parrafo}-${hasta}`
        : `${words.paragraph} ${parrafo}`;
  }
  return [heading, paragraph].filter((part) => part !== '').join(', ');
}

function lastHeading(ruta: string[] | undefined): string {
  const headings = (ruta ?? []).map((h) => singleLine(h)).filter((h) => h !== '');
  return headings.at(-1) ?? '';
}

function sheetLocator(ancla: AnclaHoja, words: (typeof WORDS)[Idioma]): string {
  const name = ancla.hoja?.trim() ? `${words.sheet} ${ancla.hoja.trim()}` : '';
  const first = ancla.filaDesde ?? ancla.filaHasta;
  const last = ancla.filaHasta ?? ancla.filaDesde;
  let rows = '';
  if (first !== undefined && last !== undefined) {
    rows = first === last ? `${words.row} ${first}` : `${words.rows} ${first}-${last}`;
  }
  return [name, rows].filter((part) => part !== '').join(', ');
}
