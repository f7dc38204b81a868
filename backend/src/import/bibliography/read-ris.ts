import { createHash } from 'node:crypto';
import type { CslRecord, ImportedFile, ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { citationJsInput, type ParseStep } from './citation-js';
import { cslRecord, plainText } from './csl-record';
import { locateFile, type FileBase } from './locate-file';

/** A RIS record as citation-js's RIS plugin reads it: tag → value, or values when the tag repeats. */
type RawRecord = Record<string, string | string[] | undefined>;

const values = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).map((v) => v.trim()).filter(Boolean);

/**
 * A key for a record without `ID`, stable across exports of the same library: a hash of its type, title,
 * first author and year, the fields that name a work and that exporters do not rewrite.
 */
export function risContentKey(type: string, record: CslRecord): string {
  const first = record.author?.[0];
  const author = first?.literal ?? [first?.family, first?.given].filter(Boolean).join(', ');
  const year = record.issued?.['date-parts']?.[0]?.[0] ?? record.issued?.raw ?? '';
  const text = [type, record.title ?? '', author, String(year)].join('\u001f').toLowerCase();
  return `ris-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** The records of the file, or of each `TY … ER` block alone when the whole cannot be read. */
function records(text: string, parse: ParseStep): { raw: RawRecord[]; skipped: SkippedEntry[] } {
  try {
    return { raw: parse(text, '@ris/file') as RawRecord[], skipped: [] };
  } catch {
    const raw: RawRecord[] = [];
    const skipped: SkippedEntry[] = [];
    const starts = [...text.matchAll(/^TY {2}- /gm)].map((m) => m.index);
    for (const [i, start] of starts.entries()) {
      const block = text.slice(start, starts[i + 1] ?? text.length);
      try {
        raw.push(...(parse(block, '@ris/file') as RawRecord[]));
      } catch (error) {
        const id = /^ID {2}- (.*)$/m.exec(block)?.[1]?.trim() ?? '';
        skipped.push({ key: id, what: 'registro RIS', motivo: `registro RIS mal formado: ${String(error)}` });
      }
    }
    return { raw, skipped };
  }
}

/**
 * A RIS link to a file (`L1`, `L4`): a path, a `file://` URL, or EndNote's `internal-pdf://…`, which is in
 * its library's `.Data/PDF/` folder, so it resolves against `filesDir` (or the export's folder).
 */
const fileLink = (value: string): string => value.replace(/^internal-pdf:\/\//i, '');

/**
 * The items of a RIS export, read by citation-js's RIS plugin: `ID` as the key (else `risContentKey`),
 * `L1` file attachments and `L4` figures as files, `L2` as the URL when `UR` gives none, `KW` as tags,
 * `N1` as notes. A record of a type citation-js does not know is skipped with why.
 */
export async function readRis(text: string, base: FileBase): Promise<LibraryReading> {
  const { parse } = citationJsInput();
  const { raw, skipped } = records(text.replace(/\r\n?/g, '\n'), parse);
  const items: ImportedItem[] = [];
  for (const fields of raw) {
    const type = values(fields.TY)[0] ?? '';
    const title = values(fields.TI ?? fields.T1)[0];
    let csl: Record<string, unknown> | undefined;
    let failure = '';
    try {
      csl = (parse(fields, '@ris/record') as Record<string, unknown>[])[0];
    } catch (error) {
      failure = `: ${String(error)}`;
    }
    const record = csl && cslRecord(csl);
    if (!record) {
      skipped.push({
        key: values(fields.ID)[0] ?? '',
        what: title ?? `TY ${type}`,
        motivo: failure
          ? `citation-js no pudo leer el registro${failure}`
          : `tipo de referencia RIS ${type} no admitido`,
      });
      continue;
    }
    // citation-js leaves DO out of records that mix RIS's old and new tags (an ID with a DO, as Zotero writes).
    const doi = values(fields.DO)[0];
    if (!record.DOI && doi) record.DOI = doi;
    const urls = values(fields.L2).filter((u) => /^https?:/i.test(u));
    if (!record.URL && urls[0]) record.URL = urls[0];
    const links = [
      ...values(fields.L1).map((p) => ({ path: fileLink(p) })),
      ...values(fields.L2)
        .filter((u) => /^file:/i.test(u))
        .map((path) => ({ path })),
      ...values(fields.L4).map((p) => ({ path: fileLink(p), title: 'Figura' })),
    ];
    const files = (await Promise.all(links.map((l) => locateFile(l, base)))).filter((f): f is ImportedFile => !!f);
    items.push({
      source: 'ris',
      key: values(fields.ID)[0] ?? risContentKey(type, record),
      record,
      files,
      collections: [],
      tags: [
        ...new Set(
          values(fields.KW)
            .map(plainText)
            .filter((t): t is string => !!t),
        ),
      ],
      notes: values(fields.N1)
        .map(plainText)
        .filter((n): n is string => !!n),
    });
  }
  return { items, skipped, origen: 'RIS' };
}
