import { authorsFromMetadata } from '../clean-fields';
import { normalizeIsbn } from './isbn';
import { getJson, text, yearOf, type LookupOptions, type LookupOutcome, type RegistryRecord } from './registry-record';

interface OpenLibraryBook {
  title?: unknown;
  subtitle?: unknown;
  authors?: { name?: unknown }[];
  publish_date?: unknown;
  publishers?: { name?: unknown }[];
  publish_places?: { name?: unknown }[];
  edition_name?: unknown;
  url?: unknown;
}

/** An Open Library book (`jscmd=data`) in Folio's field names; its authors come 'Given Surname' and are inverted. */
export function recordFromOpenLibrary(book: OpenLibraryBook, isbn: string, fuente: string): RegistryRecord {
  const record: RegistryRecord = { fuente, tipo_obra: 'book', isbn };
  const title = text(book.title);
  const subtitle = text(book.subtitle);
  if (title) record.titulo = subtitle ? `${title}: ${subtitle}` : title;
  const names = (book.authors ?? []).map((a) => text(a.name)).filter((n): n is string => Boolean(n));
  const autores = authorsFromMetadata(names);
  if (autores.length) record.autores = autores;
  const anio = yearOf(text(book.publish_date));
  if (anio) record.anio = anio;
  const editorial = text(book.publishers?.[0]?.name);
  if (editorial) record.editorial = editorial;
  const lugar = text(book.publish_places?.[0]?.name);
  if (lugar) record.lugar = lugar;
  const edicion = text(book.edition_name);
  if (edicion) record.edicion = edicion;
  const url = text(book.url);
  if (url) record.url = url;
  return record;
}

/**
 * Resolves an ISBN through Open Library's Books API (`GET {baseUrl}/api/books?bibkeys=ISBN:…&format=json&jscmd=data`).
 * Never throws: an invalid or unknown ISBN, a failure or a timeout is a `failure`.
 */
export async function lookUpIsbn(raw: string, options: LookupOptions): Promise<LookupOutcome> {
  const isbn = normalizeIsbn(raw);
  if (!isbn) return { failure: `${raw}: not a valid ISBN` };
  const key = `ISBN:${isbn}`;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/books?bibkeys=${encodeURIComponent(key)}&format=json&jscmd=data`;
  const got = await getJson(url, 'application/json', options);
  if ('failure' in got) return got;
  const book = (got.json as Record<string, OpenLibraryBook> | null)?.[key];
  if (!book || typeof book !== 'object') return { failure: `${key}: Open Library has no such book` };
  const record = recordFromOpenLibrary(book, isbn, new URL(options.baseUrl).host);
  if (!record.titulo) return { failure: `${key}: the record has no title` };
  return { record };
}
