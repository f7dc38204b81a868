import { surname } from './authors';
import { DEFAULT_IDIOMA, type Idioma } from './idioma';
import { singleLine } from '../text/whitespace';

/** What a citation needs to know about a document. */
export interface CitableDocument {
  titulo: string;
  /** Each 'Surname, Given name', or a surname alone, or an organisation. */
  autores: string[];
  anio?: number | null;
}

/** Options of {@link formatCitation}. */
export interface CitationOptions {
  /** Language of the connecting words ('y' or '&', 's. f.' or 'n.d.'); Spanish by default. */
  idioma?: Idioma;
}

/** Longest title, in characters, that stands in for missing authors before it is shortened. */
export const CITATION_TITLE_MAX = 40;

const WORDS = {
  es: { and: 'y', noDate: 's. f.', untitled: 'Sin título' },
  en: { and: '&', noDate: 'n.d.', untitled: 'Untitled' },
} as const satisfies Record<Idioma, Record<string, string>>;

/**
 * The short `cita` of a passage, '(Author, year, locator)':
 * one author → surname; two → 'A y B' ('A & B' in English); three or more → 'A et al.';
 * none → the title, shortened at a word boundary to 40 characters plus '…' when longer.
 * A missing year is 's. f.' ('n.d.'); an empty locator gives '(Author, year)'.
 * Examples: '(Eco, 1977, p. 45)', '(Kahneman y Tversky, 1979, pp. 263-264)', '(Smith et al., s. f., 1:02:03)'.
 */
export function formatCitation(doc: CitableDocument, localizador: string, opts: CitationOptions = {}): string {
  const words = WORDS[opts.idioma ?? DEFAULT_IDIOMA];
  const year = doc.anio == null ? words.noDate : String(doc.anio);
  const parts = [citationAuthor(doc, words), year];
  const locator = localizador.trim();
  if (locator !== '') parts.push(locator);
  return `(${parts.join(', ')})`;
}

function citationAuthor(doc: CitableDocument, words: (typeof WORDS)[Idioma]): string {
  const names = doc.autores.map(surname).filter((name) => name !== '');
  const [first, second] = names;
  if (first === undefined) return shortTitle(doc.titulo) || words.untitled;
  if (second === undefined) return first;
  if (names.length === 2) return `${first} ${words.and} ${second}`;
  return `${first} et al.`;
}

function shortTitle(title: string): string {
  const clean = singleLine(title);
  // Count code points, not UTF-16 units, so a cut never splits a character.
  const chars = Array.from(clean);
  if (chars.length <= CITATION_TITLE_MAX) return clean;
  let cut = CITATION_TITLE_MAX;
  while (cut > 0 && chars[cut] !== ' ') cut--;
  // One word longer than the limit has no boundary to cut at: cut inside it.
  const head = chars.slice(0, cut > 0 ? cut : CITATION_TITLE_MAX).join('');
  const trimmed = head.replace(/[\s.,;:\-–—]+$/u, '');
  return `${trimmed || head}…`;
}
