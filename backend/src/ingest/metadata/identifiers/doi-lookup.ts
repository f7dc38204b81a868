import { TIPOS_OBRA, type TipoObra } from '@folio/shared';
import { getJson, text, yearOf, type LookupOptions, type LookupOutcome, type RegistryRecord } from './registry-record';

function person(a: { family?: unknown; given?: unknown; literal?: unknown; name?: unknown }): string | undefined {
  const family = text(a.family);
  const given = text(a.given);
  if (family && given) return `${family}, ${given}`;
  return family ?? text(a.literal) ?? text(a.name) ?? given;
}

/**
 * Registries' type names that are not among Folio's kinds of work: Crossref's own names leak through some
 * agencies, and CSL has names Folio calls otherwise. A type with no kind is left out, so the document's own
 * kind decides (an unknown `tipo_obra` would be refused by the contract's enum).
 */
const WORK_TYPE_OF: Record<string, TipoObra> = {
  'journal-article': 'article-journal',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'proceedings-article': 'paper-conference',
  dissertation: 'thesis',
  'reference-entry': 'entry-encyclopedia',
  'posted-content': 'manuscript',
  article: 'manuscript',
  motion_picture: 'video',
  broadcast: 'podcast',
};

function workType(type: string | undefined): TipoObra | undefined {
  if (!type) return undefined;
  return (TIPOS_OBRA as readonly string[]).includes(type) ? (type as TipoObra) : WORK_TYPE_OF[type];
}

/** A CSL-JSON item (what doi.org content negotiation answers) in Folio's field names. */
export function recordFromCsl(item: Record<string, unknown>, fuente: string): RegistryRecord {
  const record: RegistryRecord = { fuente };
  const set = <K extends keyof RegistryRecord>(key: K, value: RegistryRecord[K] | undefined) => {
    if (value !== undefined) record[key] = value;
  };
  const title = text(item.title);
  const subtitle = text(item.subtitle);
  set('titulo', title && subtitle && !title.includes(subtitle) ? `${title}: ${subtitle}` : title);
  const authors = (Array.isArray(item.author) ? item.author : [])
    .map((a) => person(a as Record<string, unknown>))
    .filter((a): a is string => Boolean(a));
  if (authors.length) record.autores = authors;
  set('anio', yearOf(item.issued) ?? yearOf(item['published-print']) ?? yearOf(item['published-online']));
  set('tipo_obra', workType(text(item.type)));
  set('contenedor', text(item['container-title']));
  const editors = (Array.isArray(item.editor) ? item.editor : [])
    .map((a) => person(a as Record<string, unknown>))
    .filter((a): a is string => Boolean(a));
  if (editors.length) record.editores = editors;
  set('genero', text(item.genre));
  set('volumen', text(item.volume));
  set('numero', text(item.issue));
  set('paginas', text(item.page));
  set('editorial', text(item.publisher));
  set('lugar', text(item['publisher-place']));
  set('edicion', text(item.edition));
  set('doi', text(item.DOI)?.toLowerCase());
  set('isbn', text(item.ISBN));
  set('url', text(item.URL));
  set('idioma', text(item.language));
  return record;
}

/**
 * Resolves a DOI through DOI content negotiation (`GET {baseUrl}/{doi}` with
 * `Accept: application/vnd.citationstyles.csl+json`, which doi.org redirects to the registration agency:
 * Crossref, DataCite, mEDRA…). Never throws: an unknown DOI, a failure or a timeout is a `failure`.
 */
export async function lookUpDoi(doi: string, options: LookupOptions): Promise<LookupOutcome> {
  const path = doi.split('/').map(encodeURIComponent).join('/');
  const got = await getJson(
    `${options.baseUrl.replace(/\/+$/, '')}/${path}`,
    'application/vnd.citationstyles.csl+json',
    options,
  );
  if ('failure' in got) return got;
  if (!got.json || typeof got.json !== 'object' || Array.isArray(got.json)) {
    return { failure: `${doi}: the answer is not a CSL-JSON item` };
  }
  const record = recordFromCsl(got.json as Record<string, unknown>, new URL(options.baseUrl).host);
  if (!record.titulo) return { failure: `${doi}: the registry's record has no title` };
  record.doi ??= doi.toLowerCase();
  return { record };
}
