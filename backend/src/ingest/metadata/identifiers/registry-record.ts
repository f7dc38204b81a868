import type { TipoObra } from '@folio/shared';

/**
 * What a registry (doi.org / Crossref, Open Library) says of a work, in Folio's field names. The
 * registry's record wins over values guessed from a file's layout; the user's own values win over both.
 */
export interface RegistryRecord {
  /** Where it came from, for the document's `origen`: 'doi.org' or 'openlibrary.org' (or a mirror's host). */
  fuente: string;
  titulo?: string;
  /** 'Surname, Given', or an organisation whole. */
  autores?: string[];
  anio?: number;
  /** The kind of work (Folio's names of CSL types): article-journal, book, chapter, report, thesis… */
  tipo_obra?: TipoObra;
  contenedor?: string;
  /** Editors (of the book a chapter is in), 'Surname, Given'. */
  editores?: string[];
  /** CSL genre: 'PhD thesis', 'Technical report'… */
  genero?: string;
  volumen?: string;
  numero?: string;
  paginas?: string;
  editorial?: string;
  lugar?: string;
  edicion?: string;
  doi?: string;
  isbn?: string;
  url?: string;
  idioma?: string;
}

/** How a look-up went: a record, or why there is none (kept for the log; ingestion goes on either way). */
export type LookupOutcome = { record: RegistryRecord } | { failure: string };

/** Where a registry is and how long one look-up may take. */
export interface LookupOptions {
  /** e.g. 'https://doi.org', 'https://openlibrary.org', or a local server speaking the same protocol. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** GET `url` as JSON within the time allowed; a failure is returned as its reason, never thrown. */
export async function getJson(
  url: string,
  accept: string,
  options: LookupOptions,
): Promise<{ json: unknown; status: number } | { failure: string }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const res = await (options.fetch ?? fetch)(url, { headers: { accept }, redirect: 'follow', signal });
    if (!res.ok) {
      await res.body?.cancel();
      return { failure: `HTTP ${res.status} from ${new URL(url).host}` };
    }
    return { json: await res.json(), status: res.status };
  } catch (err) {
    if (timeout.aborted) return { failure: `no answer from ${new URL(url).host} within ${options.timeoutMs} ms` };
    const cause = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
    return { failure: `${new URL(url).host}: ${cause}` };
  }
}

/** The first year in a CSL date (`date-parts`, or `raw`), or in a free date string ('May 2008', '2008-05-01'). */
export function yearOf(date: unknown): number | undefined {
  if (typeof date === 'string') {
    const m = /\b(1[5-9]\d\d|20\d\d)\b/.exec(date);
    return m ? Number(m[1]) : undefined;
  }
  if (date && typeof date === 'object') {
    const parts = (date as { 'date-parts'?: unknown[][] })['date-parts'];
    const year = Array.isArray(parts) && Array.isArray(parts[0]) ? Number(parts[0][0]) : NaN;
    if (Number.isInteger(year) && year > 0) return year;
    return yearOf((date as { raw?: unknown }).raw);
  }
  return undefined;
}

/** A string field of a JSON object, trimmed, or undefined; arrays give their first string (CSL titles may be arrays). */
export function text(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value.find((x) => typeof x === 'string') : value;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.replace(/\s+/g, ' ').trim();
  return t || undefined;
}
