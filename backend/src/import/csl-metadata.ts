import { TIPOS_OBRA, type TipoObra } from '@folio/shared';
import type { ImportOrigin, UserField, UserMeta } from '../metadata/metadata-types';
import type { CslDate, CslName, CslRecord, ImportSource } from './imported-item';

/** Each source's origin in `origen_metadatos`: Zotero's own, or a bibliography export's. */
export const ORIGIN_OF_SOURCE: Record<ImportSource, ImportOrigin> = {
  zotero: 'zotero',
  'zotero-rdf': 'zotero',
  bibtex: 'bibliografia',
  ris: 'bibliografia',
  'csl-json': 'bibliografia',
};

/** CSL types Folio names as they are; others become the nearest kind Folio has. */
const NEAREST_KIND: Record<string, TipoObra> = {
  article: 'article-journal',
  'entry-dictionary': 'entry-encyclopedia',
  entry: 'entry-encyclopedia',
  broadcast: 'video',
  motion_picture: 'video',
  song: 'podcast',
  post: 'post-weblog',
  pamphlet: 'document',
  personal_communication: 'manuscript',
  interview: 'document',
};

const isKind = (type: string): type is TipoObra => (TIPOS_OBRA as readonly string[]).includes(type);

/**
 * A CSL name as Folio writes names, 'Surname, Given': a suffix stays with the surname ('King Jr., Martin
 * Luther'), particles follow the given names ('Gogh, Vincent van'), a literal name is kept whole. A name with
 * only a family or only a given part is that part alone.
 */
export function nameOfCsl(name: CslName): string | undefined {
  const literal = name.literal?.trim();
  if (literal) return literal;
  const family = [name.family?.trim(), name.suffix?.trim()].filter(Boolean).join(' ');
  const given = [name.given?.trim(), name['dropping-particle']?.trim(), name['non-dropping-particle']?.trim()]
    .filter(Boolean)
    .join(' ');
  if (!family) return given || undefined;
  return given ? `${family}, ${given}` : family;
}

/** The year of a CSL date: its first date part, else a four-digit year in its raw or literal text. */
export function yearOfCsl(date: CslDate | undefined): number | undefined {
  const first = date?.['date-parts']?.[0]?.[0];
  const year = typeof first === 'string' ? Number.parseInt(first, 10) : first;
  if (typeof year === 'number' && Number.isInteger(year) && year > 0 && year < 3000) return year;
  const text = date?.raw ?? date?.literal;
  const found = text && /(?<!\d)(1[0-9]{3}|20[0-9]{2})(?!\d)/.exec(text);
  return found ? Number(found[1]) : undefined;
}

const names = (list: CslName[] | undefined) => (list ?? []).map(nameOfCsl).filter((n): n is string => Boolean(n));
const text = (value: string | number | undefined) => {
  const t = value === undefined ? '' : String(value).replace(/\s+/g, ' ').trim();
  return t || undefined;
};
/** A DOI without its resolver prefix; none when it does not look like one. */
const doiOf = (value: string | undefined) => {
  const doi = value?.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
  return doi && /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : undefined;
};
/** The first ISBN of a field that may list several, digits (and a final X) only. */
const isbnOf = (value: string | undefined) => {
  const first = value
    ?.split(/[;,\s]+(?=[0-9])/)[0]
    ?.replace(/[^0-9Xx]/g, '')
    .toUpperCase();
  return first && (first.length === 10 || first.length === 13) ? first : undefined;
};
/** A language code ('es', 'pt-BR') from a code or a language's English or Spanish name. */
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  inglés: 'en',
  spanish: 'es',
  español: 'es',
  castellano: 'es',
  portuguese: 'pt',
  portugués: 'pt',
  french: 'fr',
  francés: 'fr',
  german: 'de',
  alemán: 'de',
  italian: 'it',
  italiano: 'it',
  catalan: 'ca',
  català: 'ca',
};
const languageOf = (value: string | undefined) => {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/i.test(v))
    return v.replace('_', '-').replace(/^[A-Z]+/, (l) => l.toLowerCase());
  return LANGUAGE_NAMES[v.toLowerCase()];
};

/**
 * The user's layer of a document from an imported record: every field the record gives, marked as the
 * imported library's (`importado`), so it ranks like the user's own corrections and keeps that library as
 * its origin. Fields the record lacks are left undefined, for the file and the registries to fill.
 */
export function userMetaOfCsl(record: CslRecord, source: ImportSource): UserMeta {
  const kind = isKind(record.type) ? record.type : NEAREST_KIND[record.type];
  const values: Omit<UserMeta, 'importado'> = {
    titulo: text(record.title),
    autores: names(record.author).length ? names(record.author) : undefined,
    anio: yearOfCsl(record.issued),
    doi: doiOf(record.DOI),
    idioma: languageOf(record.language),
    detalles: {
      tipo_obra: kind,
      contenedor: text(record['container-title']),
      editores: names(record.editor).length ? names(record.editor) : undefined,
      genero: text(record.genre),
      volumen: text(record.volume),
      numero: text(record.issue),
      paginas: text(record.page)?.replace(/--/g, '–'),
      editorial: text(record.publisher),
      lugar: text(record['publisher-place']),
      edicion: text(record.edition),
      isbn: isbnOf(record.ISBN),
      url: text(record.URL),
    },
  };
  const detalles = Object.fromEntries(Object.entries(values.detalles ?? {}).filter(([, v]) => v !== undefined));
  const top = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => k !== 'detalles' && v !== undefined),
  ) as Omit<UserMeta, 'detalles' | 'importado'>;
  const campos = [...Object.keys(top), ...Object.keys(detalles)] as UserField[];
  return {
    ...top,
    ...(Object.keys(detalles).length > 0 && { detalles }),
    ...(campos.length > 0 && { importado: { origen: ORIGIN_OF_SOURCE[source], campos } }),
  };
}
