import type { CslDate, CslName, CslRecord } from '../imported-item';

/** The text fields of a CSL record an import keeps. */
const TEXT_FIELDS = [
  'title',
  'DOI',
  'ISBN',
  'ISSN',
  'container-title',
  'collection-title',
  'volume',
  'issue',
  'page',
  'edition',
  'publisher',
  'publisher-place',
  'genre',
  'URL',
  'language',
  'abstract',
  'note',
] as const;

const NAME_FIELDS = ['author', 'editor', 'translator'] as const;
const NAME_PARTS = ['family', 'given', 'non-dropping-particle', 'dropping-particle', 'suffix', 'literal'] as const;

/**
 * A CSL value as plain text: citation-js writes LaTeX's `\textit{}`, `\textsc{}`, `^{}`… as CSL's rich-text
 * markup (`<i>`, `<span style="font-variant:small-caps;">`, `<sup>`); the record keeps the words only.
 */
export function plainText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/<\/?(?:i|b|sup|sub|sc|span)(?:\s[^<>]*)?>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

function cslName(value: unknown): CslName | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const name: CslName = {};
  for (const part of NAME_PARTS) {
    const text = plainText((value as Record<string, unknown>)[part]);
    if (text) name[part] = text;
  }
  return Object.keys(name).length ? name : undefined;
}

function cslDate(value: unknown): CslDate | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { 'date-parts': parts, raw, literal } = value as Record<string, unknown>;
  const date: CslDate = {};
  if (Array.isArray(parts) && parts.every((p) => Array.isArray(p)) && parts.length)
    date['date-parts'] = parts as (number | string)[][];
  if (typeof raw === 'string' && raw) date.raw = raw;
  if (typeof literal === 'string' && literal) date.literal = literal;
  return Object.keys(date).length ? date : undefined;
}

/**
 * The fields an import keeps of a CSL-JSON item as citation-js or another program writes it: type, title,
 * names with their particles, issued date, identifiers, container, numbers, publisher, genre, URL, language,
 * abstract, edition and note; text as plain Unicode text. `undefined` when the item has no CSL type.
 */
export function cslRecord(item: Record<string, unknown>): CslRecord | undefined {
  const type = plainText(item.type);
  if (!type) return undefined;
  const record: CslRecord = { type };
  for (const field of TEXT_FIELDS) {
    // A CSL-JSON export may give a list where CSL has one value (ISBN, ISSN); the first is the item's own.
    const value = Array.isArray(item[field]) ? (item[field] as unknown[])[0] : item[field];
    const text = plainText(value);
    if (text) record[field] = text;
  }
  for (const field of NAME_FIELDS) {
    const names = Array.isArray(item[field]) ? (item[field] as unknown[]).map(cslName).filter((n) => !!n) : [];
    if (names.length) record[field] = names;
  }
  const issued = cslDate(item.issued);
  if (issued) record.issued = issued;
  return record;
}

/** A CSL `keyword` value (comma- or semicolon-separated, or a list) as tags. */
export function keywordTags(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;]/) : [];
  return parts.map(plainText).filter((t): t is string => !!t);
}
