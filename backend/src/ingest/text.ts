import { ConversionError, type Conversion, type Converter, type FoundMetadata } from './converter';
import { cleanTitle } from './metadata/clean-fields';
import { unitsFromOutline, type OutlineEvent } from './sections';
import { readTextFile } from '../formats/text-decode';

/** A first line longer than this is prose, not a title. */
const MAX_TITLE_LENGTH = 120;

/** Reads a plain text file: paragraphs separated by blank lines, no sections. */
export const textConverter: Converter = {
  kinds: ['texto'],
  async convert(file, ctx) {
    const conversion = convertText(await readTextFile(file.path));
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts decoded plain text (see `decodeText`). */
export function convertText(text: string): Conversion {
  const paragraphs = splitParagraphs(text);
  if (paragraphs.length === 0) throw new ConversionError('El archivo no contiene texto.', 'The text file is empty');
  const metadatos: FoundMetadata = {};
  const firstLine = paragraphs[0]!.split('\n')[0]!.trim();
  const titulo = firstLine.length <= MAX_TITLE_LENGTH ? cleanTitle(firstLine) : undefined;
  if (titulo) metadatos.titulo = titulo;
  const outline = paragraphs.map((p): OutlineEvent => ({ kind: 'paragraph', text: p }));
  return { tipo: 'documento', unidades: unitsFromOutline(outline), metadatos };
}

/**
 * Paragraphs are separated by blank lines (or form feeds). A text with no blank line at all but several
 * lines writes one paragraph per line, so each line is a paragraph. Trailing spaces are dropped.
 */
export function splitParagraphs(text: string): string[] {
  const clean = text.replace(/\r\n?/g, '\n').replace(/[ \t\v]+$/gm, '');
  let parts = clean.split(/\n[ \t\v]*(?:\n|\f)[\s]*|\f\s*/);
  if (parts.filter((p) => p.trim()).length === 1) parts = clean.split('\n');
  return parts.map((p) => p.replace(/^\n+|\s+$/g, '')).filter((p) => p.trim().length > 0);
}
