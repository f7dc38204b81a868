import type { ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { cslRecord, keywordTags, plainText } from './csl-record';

/** CSL 1.0.2's item types (https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types). */
const CSL_TYPES = new Set(
  (
    'article article-journal article-magazine article-newspaper bill book broadcast chapter classic collection ' +
    'dataset document entry entry-dictionary entry-encyclopedia event figure graphic hearing interview ' +
    'legal_case legislation manuscript map motion_picture musical_score pamphlet paper-conference patent ' +
    'performance periodical personal_communication post post-weblog regulation report review review-book ' +
    'software song speech standard thesis treaty webpage'
  ).split(' '),
);

/**
 * The items of a CSL-JSON export (a list of CSL items, as Zotero, Better BibTeX, Paperpile and citation-js
 * write it): `id` as the key, `keyword` as tags. CSL-JSON names no files, so items have none; the record is
 * CSL already and is kept as `cslRecord` reads it. An item without `id`, or whose `type` is none of CSL's, is skipped with why.
 */
export function readCslJson(list: unknown[]): LibraryReading {
  const items: ImportedItem[] = [];
  const skipped: SkippedEntry[] = [];
  for (const [i, entry] of list.entries()) {
    const item = entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
    const key = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const record = cslRecord(item);
    const what = plainText(item.title) ?? `elemento ${i + 1}`;
    if (!key || !record || !CSL_TYPES.has(record.type)) {
      const motivo = !key
        ? 'elemento CSL-JSON sin id'
        : !record
          ? 'elemento CSL-JSON sin tipo'
          : `tipo CSL ${record.type} no admitido`;
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
