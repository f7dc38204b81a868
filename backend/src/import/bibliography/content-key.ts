import { createHash } from 'node:crypto';
import type { CslRecord } from '../imported-item';

/**
 * A key for an entry its export gives none (a RIS record without `ID`, a BibTeX entry without citation
 * key), stable across exports of the same library: `prefix` and a hash of its type, title, first author and
 * year, the fields that name a work and that exporters do not rewrite.
 */
export function contentKey(prefix: string, record: CslRecord): string {
  const first = record.author?.[0];
  const author = first?.literal ?? [first?.family, first?.given].filter(Boolean).join(', ');
  const year = record.issued?.['date-parts']?.[0]?.[0] ?? record.issued?.raw ?? '';
  const text = [record.type, record.title ?? '', author, String(year)].join('\u001f').toLowerCase();
  return `${prefix}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}
