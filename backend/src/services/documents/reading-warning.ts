import type { Conversion, PageContent, PagesWithoutText } from '../../ingest/converter';
import { notReadHere, scriptSaid } from '../../ingest/image/ocr-scripts';
import { isGarbled } from '../../ingest/text-quality';

// What a reading leaves out of search (garbled text layers) and the warning (`aviso`) a ready document shows
// for what it lacks: the words of the notice, apart from the ingest workflow that stores it.

/** A conversion as it will be stored, with the pages left out of search for a garbled text layer. */
export interface Readable {
  conversion: Conversion;
  /** Pages whose text layer is garbled (and OCR did not replace it), their text left out. */
  garbled: number;
}

/**
 * The conversion with the text of garbled PDF pages (`isGarbled`: fonts that map glyphs to the wrong
 * characters, and no OCR, or OCR that read nothing) left out, so that garbage is never indexed as text.
 * Other kinds keep their text: a sheet of symbols is what it is.
 */
export function readable(conversion: Conversion): Readable {
  if (conversion.tipo !== 'pdf' && conversion.tipo !== 'pdf_escaneado') return { conversion, garbled: 0 };
  let garbled = 0;
  const unidades = conversion.unidades.map((unit) => {
    if (unit.visual || !isGarbled(unit.texto)) return unit;
    garbled += 1;
    const { bloques: _, ...rest } = unit;
    return { ...rest, texto: '' };
  });
  return { conversion: garbled ? { ...conversion, unidades } : conversion, garbled };
}

/**
 * What a ready document lacks, said plainly (`aviso`), or null: nothing searchable found in it, or pages left
 * out of search for a garbled text layer; each says whether OCR could help (`installed`: its languages).
 */
export function warningOf(read: Readable, passages: number, ocr: boolean, installed: readonly string[]): string | null {
  const { conversion, garbled } = read;
  const pdf = conversion.tipo === 'pdf' || conversion.tipo === 'pdf_escaneado';
  /** What is missing, then whether OCR tried or could: one sentence when it tried, two when it is off. */
  const say = (lack: string) =>
    ocr
      ? `${lack} y el OCR tampoco encontró palabras en ellas.`
      : `${lack}. El OCR no está activado en este servidor (FOLIO_OCR=1): actívalo y vuelve a leer el documento.`;
  const unreadable = 'una capa de texto ilegible (sus fuentes no dicen qué letras muestran)';
  const escrituras = conversion.paginasSinTexto?.escrituras;
  if (escrituras) {
    const lack = unreadScripts(escrituras, installed);
    return passages === 0
      ? `No se encontró texto que buscar: ${lack}.`
      : `${lack[0]!.toUpperCase()}${lack.slice(1)}; no se indexaron.`;
  }
  if (passages === 0) {
    if (garbled > 0) return say(`No se encontró texto que buscar: las páginas tienen ${unreadable}`);
    if (pdf) return pdfWithoutText(conversion.paginasSinTexto, conversion.unidades.length, say);
    return 'No se encontró texto que buscar en el documento.';
  }
  if (garbled > 0) {
    const which = garbled === 1 ? '1 página tiene' : `${garbled} páginas tienen`;
    return say(`${which} (de ${conversion.unidades.length}) ${unreadable}, que no se indexó`);
  }
  return null;
}

/** What each kind of text-less page is, for one page and for several. */
const SHOWN: Record<PageContent, readonly [string, string]> = {
  imagen: ['es una imagen sin capa de texto', 'son imágenes sin capa de texto'],
  dibujo: [
    'solo tiene dibujos vectoriales (trazos, sin letras)',
    'solo tienen dibujos vectoriales (trazos, sin letras)',
  ],
  formulario: ['es un formulario sin rellenar', 'son formularios sin rellenar'],
  vacia: ['está en blanco', 'están en blanco'],
};

/**
 * The notice of a PDF where nothing searchable was found, saying what its pages show instead: pictures (then
 * whether OCR tried or could), vector drawings, empty form fields, blank pages. Only pictures are for OCR.
 */
function pdfWithoutText(
  found: PagesWithoutText | undefined,
  pages: number,
  sayWithOcr: (lack: string) => string,
): string {
  const lead = 'No se encontró texto que buscar';
  const kinds = found ? (Object.keys(SHOWN) as PageContent[]).filter((k) => found.por[k] > 0) : [];
  if (
    !found ||
    kinds.length === 0 ||
    (kinds.length === 1 && kinds[0] === 'imagen' && found.examinadas === found.total)
  ) {
    return sayWithOcr(`${lead}: las páginas son imágenes sin capa de texto`);
  }
  const all = kinds.length === 1 && found.examinadas === found.total && found.total === pages;
  const what = all
    ? `${pages === 1 ? 'la página' : 'las páginas'} ${SHOWN[kinds[0]!][pages === 1 ? 0 : 1]}`
    : `de ${found.examinadas === found.total ? `sus ${pages} páginas` : `las ${found.examinadas} primeras de sus ${found.total} páginas sin texto`}, ${listed(
        kinds.map((k) => `${found.por[k]} ${SHOWN[k][found.por[k] === 1 ? 0 : 1]}`),
      )}`;
  return found.por.imagen > 0 ? sayWithOcr(`${lead}: ${what}`) : `${lead}: ${what}.`;
}

/**
 * '2 páginas están en escritura árabe, que el OCR de este servidor no lee (lee la escritura latina); para
 * leerla, …' (`notReadHere`).
 */
function unreadScripts(escrituras: Record<string, number>, installed: readonly string[]): string {
  const parts = Object.entries(escrituras).map(
    ([script, n]) => `${n} ${n === 1 ? 'página está' : 'páginas están'} en ${scriptSaid(script)}`,
  );
  return `${listed(parts)}${notReadHere(Object.keys(escrituras), installed)}`;
}

/** 'a', 'a y b', 'a, b y c'. */
const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
