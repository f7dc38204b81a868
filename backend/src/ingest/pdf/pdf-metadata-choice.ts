import type { FoundMetadata, MetadataOrigins } from '../converter';
import { authorsFromMetadata } from '../metadata/author-names';
import type { NameOptions } from '../metadata/surname-first';
import { cleanTitle } from '../metadata/clean-fields';
import { yearOfArxivId } from './pdf-year';
import { weighPropertyAuthors } from './property-authors';
import type { TitlePageReading } from './pdf-title-page';

// What the file says about itself (info dictionary, XMP) weighed against what its first pages show: which title,
// authors and year win, and the property values that are no one's (a tool, a login, a file name).

/** Titles in info dictionaries that are the tool, the file or the template, not the work. */
const JUNK_INFO_TITLE =
  /^(?:page\s*\d|slide\s*\d|layout\s*\d|untitled|sin título|\d+$)|\b(?:pdf(?:tex|latex)?|latex|tex|ghostscript|acrobat|distiller|pscript|word|openoffice|libreoffice|indesign|quarkxpress|powerpoint|excel|writer|printer)\s*[\d.]*$/i;
/** Authors in info dictionaries that are a login, a machine or a bug in the producer. */
const JUNK_INFO_AUTHOR =
  /^(?:admin(?:istrator|istrador)?|user|usuario|owner|root|unknown|desconocido|author|autor|default|guest|hp|dell|lenovo|pc|windows user|microsoft office user|ibm|customer|client)$|array\(0x|0x[0-9a-f]{4,}|^\W*$/i;

/** A property's author that is no person: a clock or a counter ('IOP Publishing Oct 23:0:0'), an acronym ('IEEE'). */
const NOT_A_PERSON = /\d|^\p{Lu}{2,6}$/u;

/** A usable title from the info dictionary or XMP: cleaned, and not a tool, a file or a page number. */
export function usableMetadataTitle(raw: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const title = cleanTitle(raw?.replace(/[\u0000-\u001f\u007f]+/g, ' '));
  if (!title || JUNK_INFO_TITLE.test(title)) return undefined;
  // One token with a separator or digits inside ('imagemagick-lzw', 'scan0042', 'report-v2') names a file.
  if (!/\s/.test(title) && /[-_.]|\p{L}\d|\d\p{L}/u.test(title)) return undefined;
  // A file name with spaces for separators ('pdfjs tracemonkey') is a single lower-case run.
  if (/^[\p{Ll}\d\s.-]+$/u.test(title) && !/\s\p{Ll}+\s/u.test(title)) return undefined;
  return title;
}

/** Usable author names from the info dictionary or XMP, in 'Surname, Given' form. */
export function usableMetadataAuthors(
  raw: string | readonly string[] | undefined,
  options: NameOptions = {},
): string[] {
  // One word alone in a property is a login or a first name ('Hatem'), not a person's name to cite.
  return authorsFromMetadata(rawAuthors(raw), options).filter(
    (a) => !JUNK_INFO_AUTHOR.test(a) && !NOT_A_PERSON.test(a) && /[\s,]/.test(a.trim()),
  );
}

/** A property's author fields as written, without a login's or a machine's: filed later, in the document's language. */
export function rawAuthors(raw: string | readonly string[] | undefined): string[] {
  const fields = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return fields.filter((f) => typeof f === 'string' && !JUNK_INFO_AUTHOR.test(f.trim()));
}

const PORTUGUESE_SPEAKING = /\b(?:Brazil|Brasil|Portugal)\b/u;
const SPANISH_SPEAKING =
  /\b(?:Spain|España|Mexico|México|Colombia|Argentina|Chile|Peru|Perú|Venezuela|Ecuador|Bolivia|Uruguay|Paraguay|Cuba|Guatemala|Honduras|Nicaragua|Panamá|Panama|Costa Rica|El Salvador|Universidad|Universitat)\b/u;

/**
 * The country of the affiliations of a document in neither Spanish nor Portuguese, where its first pages
 * name a Portuguese-speaking one and no Spanish-speaking one (or the reverse): whose naming convention its
 * authors' names follow. Undefined when both or neither are named, or the language already says it.
 */
export function affiliationCountry(pageText: string, idioma: string | undefined): string | undefined {
  if (idioma === 'es' || idioma === 'pt') return undefined;
  const portuguese = PORTUGUESE_SPEAKING.exec(pageText);
  const spanish = SPANISH_SPEAKING.test(pageText);
  if (portuguese && !spanish) return portuguese[0] === 'Portugal' ? 'PT' : 'BR';
  if (spanish && !portuguese) return 'ES';
  return undefined;
}

/** What the file says about itself, already cleaned, beside what its pages show. */
export interface MetadataSources {
  page: TitlePageReading;
  /** The first pages' text, to confirm a metadata value is really printed there. */
  pageText: string;
  /** The properties' author fields as written (`rawAuthors`). */
  xmp: { titulo?: string; autores: string[]; anio?: number };
  info: { titulo?: string; autores: string[] };
  creationYear?: number;
  /** The document's language, read from its text: whose naming conventions the names follow. */
  idioma?: string;
}

/**
 * Title, authors and year from every source, each with its origin. A metadata title printed on the first
 * page is the publisher's own word and wins, unless the page's title block holds it and more (a subtitle or
 * a first line the metadata dropped); otherwise the page wins over unconfirmed metadata. Authors likewise:
 * metadata names whose surnames all appear on the page, else the page's names, else the metadata. The year
 * printed on the page, else XMP's publication date, else the arXiv identifier's, else the creation date.
 */
export function chooseMetadata(sources: MetadataSources): FoundMetadata {
  const found: FoundMetadata = {};
  const origen: MetadataOrigins = {};
  const folded = foldText(sources.pageText);
  const printed = (value: string) => folded.includes(foldText(value));

  const pageTitle = sources.page.titulo;
  const metaTitles: [string | undefined, 'xmp' | 'info'][] = [
    [sources.xmp.titulo, 'xmp'],
    [sources.info.titulo, 'info'],
  ];
  // A one-word metadata title beside a longer title block is the journal's or the series' name ('Hoehnea').
  const oneWord = (t: string) => !/\s/.test(t.trim());
  const confirmed = metaTitles.find(
    ([t]) => t && printed(t) && !(oneWord(t) && pageTitle && foldText(pageTitle) !== foldText(t)),
  );
  const holdsMore = (page: string, meta: string) =>
    foldText(page).includes(foldText(meta)) && foldText(page).length > foldText(meta).length;
  if (confirmed && !(pageTitle && holdsMore(pageTitle, confirmed[0]!))) {
    [found.titulo, origen.titulo] = [confirmed[0]!, confirmed[1]];
  } else if (pageTitle) {
    [found.titulo, origen.titulo] = [pageTitle, 'primera_pagina'];
  } else {
    const any = metaTitles.find(([t]) => t);
    if (any) [found.titulo, origen.titulo] = [any[0]!, any[1]];
  }

  const naming: NameOptions = { idioma: sources.idioma, pais: affiliationCountry(sources.pageText, sources.idioma) };
  const pageAuthors = authorsFromMetadata(sources.page.nombres ?? [], naming);
  // The properties' names are filed here, where the document's language is known, as the page's are, and
  // weighed against the page (refused where it shows them incomplete, taken fuller where it prints them so).
  const printedPage = { byline: sources.page.nombres ?? [], text: sources.pageText };
  const weigh = (raw: string[]) => weighPropertyAuthors(usableMetadataAuthors(raw, naming), printedPage, naming);
  const metaAuthors: [string[], 'xmp' | 'info'][] = [
    [weigh(sources.xmp.autores), 'xmp'],
    [weigh(sources.info.autores), 'info'],
  ];
  // A property's name is confirmed by the page printing it whole ('Md. Shah Alam' is not 'Md. Shahanur Alam').
  const words = ` ${folded.replace(/(\p{L})(\d)/gu, '$1 $2')} `;
  const surnamePrinted = (author: string) => {
    const [surname = '', given = ''] = author.split(',').map((p) => foldText(p));
    if (!given) return words.includes(` ${surname} `);
    const first = given.split(' ')[0]!;
    const forms = [`${given} ${surname}`, `${first} ${surname}`, `${first[0]} ${surname}`, `${surname} ${given}`];
    return forms.some((form) => words.includes(` ${form} `));
  };
  // Properties naming fewer people than the byline printed are a submitter's or a merged field: the page wins.
  const confirmedAuthors = metaAuthors.find(
    ([a]) => a.length > 0 && a.every(surnamePrinted) && a.length >= pageAuthors.length,
  );
  const pick = confirmedAuthors ?? (pageAuthors.length ? ([pageAuthors, 'primera_pagina'] as const) : undefined);
  // Names the file's properties give and a title page does not print are a template's or a typesetter's:
  // worse than none. Without a title page (a scan, an excerpt from inside a magazine) they stand.
  const unchecked = pageTitle ? undefined : metaAuthors.find(([a]) => a.length > 0);
  const chosen = pick ?? unchecked;
  if (chosen) [found.autores, origen.autores] = [[...chosen[0]], chosen[1]];

  const arxivYear = sources.page.arxiv ? yearOfArxivId(sources.page.arxiv) : undefined;
  if (sources.page.anio) [found.anio, origen.anio] = [sources.page.anio, 'pagina'];
  else if (sources.xmp.anio) [found.anio, origen.anio] = [sources.xmp.anio, 'xmp'];
  else if (arxivYear) [found.anio, origen.anio] = [arxivYear, 'arxiv'];
  else if (sources.creationYear) [found.anio, origen.anio] = [sources.creationYear, 'fecha_creacion'];

  if (sources.page.genero) [found.tipo_obra, found.genero] = ['thesis', sources.page.genero];
  if (sources.page.contenedor) found.contenedor = sources.page.contenedor;
  if (sources.page.isbn) found.isbn = sources.page.isbn;
  if (sources.page.arxiv) found.arxiv = sources.page.arxiv;
  if (Object.keys(origen).length) found.origen = origen;
  return found;
}

/** Case, accents, punctuation and spacing folded, for 'is this printed there' comparisons (and the eval's). */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
