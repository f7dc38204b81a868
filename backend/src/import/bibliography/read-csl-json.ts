import type { ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { citationJsInput } from './citation-js';
import { cslRecord, keywordTags, plainText } from './csl-record';

/**
 * The items of a CSL-JSON export (a list of CSL items, as Zotero, Better BibTeX, Paperpile and citation-js
 * write it): `id` as the key, `keyword` as tags. CSL-JSON names no files, so items have none; each item is
 * checked by citation-js (fields of the wrong shape left out) and kept as `cslRecord` reads it. An item
 * without `id`, or whose `type` is none of CSL's, is skipped with why.
 */
export function readCslJson(list: unknown[]): LibraryReading {
  const items: ImportedItem[] = [];
  const skipped: SkippedEntry[] = [];
  const { cleanCsl } = citationJsInput();
  for (const [i, entry] of list.entries()) {
    const item = entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
    const key = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const type = plainText(item.type);
    let cleaned: Record<string, unknown> | undefined;
    try {
      cleaned = cleanCsl([item])[0];
    } catch {
      cleaned = undefined;
    }
    const record = cleaned && cslRecord(cleaned);
    const what = plainText(item.title) ?? `elemento ${i + 1}`;
    if (!key || !record) {
      const motivo = !key
        ? 'elemento CSL-JSON sin id'
        : !type
          ? 'elemento CSL-JSON sin tipo'
          : cleaned
            ? `tipo CSL ${type} no admitido`
            : 'citation-js no pudo leer el elemento';
      skipped.push({ key, what, motivo });
      continue;
    }
    items.push({
      source: 'csl-json',
      key,
      record,
      files: [],
      collections: [],
      tags: keywordTags(item.keyword),
      notes: [],
    });
  }
  return { items, skipped, origen: 'CSL-JSON' };
}
