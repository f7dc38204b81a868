import type { CSL } from '@citation-js/core';
import type { Ancla, DetallesBibliograficos, TipoDocumento, TipoObra } from '@folio/shared';
import { authorParts } from '@folio/shared';
import { inferWorkKind } from '../../metadata/kind-of-work';

/** The CSL item type of each kind of document, when nothing more is known of the work. */
export const CSL_TYPE: Record<TipoDocumento, CSL['type']> = {
  pdf: 'document',
  pdf_escaneado: 'document',
  epub: 'book',
  documento: 'document',
  presentacion: 'speech',
  hoja: 'dataset',
  audio: 'song',
  video: 'motion_picture',
  imagen: 'graphic',
  web: 'webpage',
};

/**
 * The CSL item type of each kind of work a user can name; the rest are CSL's own names. CSL has no podcast
 * type: an episode is a `broadcast` (with its genre, below), whose APA form reads '[genre]. En Show.' in
 * Spanish, where `song` would print the English 'On Show' (es-ES has no term 'on').
 */
const CSL_WORK_TYPE: Partial<Record<TipoObra, CSL['type']>> = {
  video: 'motion_picture',
  podcast: 'broadcast',
};

export const cslWorkType = (tipo: TipoObra): CSL['type'] => CSL_WORK_TYPE[tipo] ?? (tipo as CSL['type']);

/**
 * What goes in APA's brackets when the user named no genre. Without these the style writes its English
 * fallbacks ('[Video recording]', '[Audio recording]'); APA 7 asks for '[Video]' and '[Audio podcast
 * episode]', in Spanish '[Video]' and '[Episodio de pódcast de audio]'. A thesis whose level is unknown is
 * a 'Tesis' ('[Tesis, Universidad X]'), never guessed doctoral.
 */
const DEFAULT_GENRE: Partial<Record<string, { medium?: string; genre?: string }>> = {
  motion_picture: { medium: 'Video' },
  broadcast: { genre: 'Episodio de pódcast de audio' },
  song: { medium: 'Grabación de audio' },
  thesis: { genre: 'Tesis' },
};

/** Video platforms a URL names, for the publisher slot of APA's '[Video]. YouTube.' when none is given. */
const VIDEO_PLATFORMS: [RegExp, string][] = [
  [/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
  [/(^|\.)dailymotion\.com$/, 'Dailymotion'],
  [/(^|\.)twitch\.tv$/, 'Twitch'],
  [/(^|\.)ted\.com$/, 'TED'],
];

function videoPlatform(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return VIDEO_PLATFORMS.find(([re]) => re.test(host))?.[1];
  } catch {
    return undefined;
  }
}

/** What a reference is built from: a document's stored metadata (a documents row fits as it is). */
export interface ReferenceInput {
  titulo: string;
  autores: string[];
  anio?: number | null;
  tipo: TipoDocumento;
  /** Where the document was read from. */
  url?: string | null;
  doi?: string | null;
  idioma?: string | null;
  /** The bibliographic fields beyond these (migration 015); `detalles.url` wins over `url`. */
  detalles?: Omit<DetallesBibliograficos, 'doi'> | null;
  /**
   * When the document entered the library. For a web document that is the day it was consulted (its
   * anchors' `consultada`, the capture's date), APA's 'Recuperado el …' of pages without a date.
   */
  created?: Date | string | null;
}

/** 'Surname, Given[, Suffix]' → a CSL name; a name without a comma (an organisation) is kept literal. */
export function cslName(author: string): ReturnType<typeof authorParts> {
  return authorParts(author);
}

/**
 * The kind of work: the one in force (`tipo_obra`: the user's, a registry's, the file's, or inferred when the
 * document was resolved), else, for a document resolved before kinds were inferred, the same inference
 * (`inferWorkKind`); else what the kind of file says: a page is a web page, a video a video, audio read from a
 * URL a podcast episode (feeds and episode pages are how audio enters by URL), an EPUB a book.
 */
function workType(doc: ReferenceInput): CSL['type'] {
  const d = doc.detalles ?? {};
  const kind = d.tipo_obra ?? inferWorkKind({ tipo: doc.tipo, doi: doc.doi, detalles: d })?.tipo_obra;
  if (kind) return cslWorkType(kind);
  if (doc.tipo === 'audio') return doc.url ? cslWorkType('podcast') : 'song';
  return CSL_TYPE[doc.tipo];
}

/** A date as CSL date-parts of its UTC day (the day `consultada` is written in). */
function dayParts(date: Date | string | null | undefined): { 'date-parts': [[number, number, number]] } | undefined {
  if (!date) return undefined;
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return undefined;
  return { 'date-parts': [[d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]] };
}

/**
 * The CSL-JSON item of a document, from its metadata alone (never from a model). The one mapping of
 * Folio's fields to CSL: the APA `referencia`, the bibliographies of cited texts and the exports
 * (BibTeX, RIS, CSL-JSON) all start here. Each kind of work gets the fields its APA form uses: a chapter's
 * book as container with its editors; a thesis's genre and university (the publisher); a report's number;
 * a page's site as container and the day it was consulted; a video's platform or channel as publisher
 * (APA 7: '[Video]. YouTube.'), from its URL when not given; a podcast's show as container.
 */
export function cslItem(id: string, doc: ReferenceInput): CSL {
  const d = doc.detalles ?? {};
  const url = d.url ?? doc.url;
  const type = workType(doc);
  const video = type === 'motion_picture';
  const report = type === 'report';
  const fallback = DEFAULT_GENRE[type] ?? {};
  // APA leaves out a site or channel that is also the author ('BBC News. (2020). Título. URL').
  const contenedor = doc.autores.length === 1 && doc.autores[0] === d.contenedor ? undefined : d.contenedor;
  const fields: [string, string | undefined | null][] = [
    // A video's channel or platform is APA's publisher ('YouTube.'), not a container ('En YouTube.').
    ['container-title', video ? undefined : contenedor],
    ['volume', d.volumen],
    // A report's number is its own (APA's 'Título (No. 12).'), not an issue.
    [report ? 'number' : 'issue', d.numero],
    ['page', d.paginas],
    ['publisher', d.editorial ?? (video ? (contenedor ?? videoPlatform(url)) : undefined)],
    ['publisher-place', d.lugar],
    ['edition', d.edicion],
    ['genre', d.genero ?? fallback.genre],
    ['medium', d.genero ? undefined : fallback.medium],
    ['ISBN', d.isbn],
    ['DOI', doc.doi],
    // Styles print the DOI when there is one; the URL is kept for exports only when the user gave it.
    ['URL', doc.doi && !d.url ? undefined : url],
    ['language', doc.idioma],
  ];
  const consulted = url && (type === 'webpage' || type === 'post-weblog') ? dayParts(doc.created) : undefined;
  return {
    id,
    type,
    title: doc.titulo,
    author: doc.autores.map(cslName),
    ...(d.editores?.length ? { editor: d.editores.map(cslName) } : {}),
    ...(doc.anio != null ? { issued: { 'date-parts': [[doc.anio]] } } : {}),
    ...(consulted ? { accessed: consulted } : {}),
    ...Object.fromEntries(fields.filter((f): f is [string, string] => !!f[1])),
  } as CSL;
}

/**
 * How a passage's place is told to a CSL style: a locator with its CSL label, and the place as Folio
 * writes it (`localizador`), which `formatCitations` puts after the cite for styles whose citations print
 * no locator of that kind. Empty when the passage has no place.
 */
export interface CslLocator {
  locator?: string;
  label?: 'page' | 'timestamp';
  localizador?: string;
}

/**
 * The label for a place CSL has no label of its own for (slides, sheet rows, headed paragraphs, web
 * passages, a whole image): CSL 1.0.2's `timestamp`, the one locator label whose term the CSL locales
 * define empty ('a timestamp … has no default label'), so each style prints the locator text alone, where it
 * prints a locator: inside APA's parentheses, IEEE's brackets, Chicago's note. `paragraph` would drop the
 * heading ('párr. 1', and every section has a first paragraph); `section`, `chapter`, `number` print
 * their own words ('sec.', 'cap.', 'núm.'); a suffix lands after the style's brackets ('[1], diap. 4').
 */
const PLACE_LABEL = 'timestamp';

/**
 * A place as a citeproc-js locator that prints as Folio wrote it. citeproc-js reads every locator as
 * numbers and ranges: a hyphen becomes the locale's range delimiter ('rows 2–10' in English, where the
 * `localizador` says 'rows 2-10', 'Costa–Rica' for a heading's 'Costa-Rica'); it keeps an escaped hyphen
 * ('\\-') literal. (It also closes up ' & ' between words, 'Suelos&agua': it has no escape for that.)
 */
const literalLocator = (place: string) => place.replaceAll('-', '\\-');

/**
 * The locator of an anchor for citeproc, carrying the same place as `localizador`. Pages (the printed
 * folio when there is one) are `page` locators, so each style writes its own page label ('p. 45', '45');
 * times are CSL `timestamp`s ('0:04'); any other place is the whole `localizador` ('Pérdida de cobertura,
 * párr. 1', 'diap. 4', 'hoja Datos, filas 2-10', 'imagen') under a label that prints no word of its own
 * (see {@link PLACE_LABEL}).
 */
export function cslLocator(ancla: Ancla, localizador: string): CslLocator {
  const place = localizador.trim();
  if (!place) return {};
  switch (ancla.tipo) {
    case 'pagina':
      return { locator: ancla.impresa?.trim() || String(ancla.fisica), label: 'page', localizador: place };
    case 'seccion':
      if (ancla.impresa?.trim()) return { locator: ancla.impresa.trim(), label: 'page', localizador: place };
      break;
    case 'tiempo':
      return { locator: literalLocator(place), label: 'timestamp', localizador: place };
  }
  return { locator: literalLocator(place), label: PLACE_LABEL, localizador: place };
}
