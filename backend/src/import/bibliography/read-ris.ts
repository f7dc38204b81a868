import type { ImportedFile, ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { citationJsInput, type ParseStep } from './citation-js';
import { contentKey } from './content-key';
import { cslRecord, plainText } from './csl-record';
import { locateFile, type FileBase } from './locate-file';

/** A RIS record as citation-js's RIS plugin reads it: tag → value, or values when the tag repeats. */
type RawRecord = Record<string, string | string[] | undefined>;

const values = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).map((v) => v.trim()).filter(Boolean);

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
 * citation-js's CSL for a record: as RIS of mixed tag sets first (what most programs write), then as the
 * new or the old tag set alone, which read some dates (`PY  - 2015///`) the mixed reading fails on.
 */
function cslOf(fields: RawRecord, parse: ParseStep): { csl?: Record<string, unknown>; failure: string } {
  let failure = '';
  for (const format of ['@ris/record', '@ris/new+record', '@ris/old+record']) {
    try {
      const out = parse(fields, format) as Record<string, unknown> | Record<string, unknown>[];
      const csl = Array.isArray(out) ? out[0] : out;
      if (csl?.type) return { csl, failure: '' };
      return { failure: '' };
    } catch (error) {
      failure ||= String(error);
    }
  }
  return { failure };
}

/**
 * A RIS link to a file (`L1`, `L4`): a path, a `file://` URL, or EndNote's `internal-pdf://…`, which is in
 * its library's `.Data/PDF/` folder, so it resolves against `filesDir` (or the export's folder).
 */
const fileLink = (value: string): string => value.replace(/^internal-pdf:\/\//i, '');

/**
 * The items of a RIS export, read by citation-js's RIS plugin: `ID` as the key (else `contentKey`),
 * `L1` file attachments and `L4` figures as files, `L2` as the URL when `UR` gives none, `KW` as tags,
 * `N1` as notes. A record of a type citation-js does not know is skipped with why.
 */
export async function readRis(text: string, base: FileBase): Promise<LibraryReading> {
  const { parse } = citationJsInput();
  const { raw, skipped } = records(text.replace(/\r\n?/g, '\n'), parse);
  const items: ImportedItem[] = [];
  for (const fields of raw) {
    const title = values(fields.TI ?? fields.T1)[0];
    const { csl, failure } = cslOf(fields, parse);
    const record = csl && cslRecord(csl);
    if (!record) {
      const type = values(fields.TY)[0] ?? '';
      skipped.push({
        key: values(fields.ID)[0] ?? '',
        what: title ?? `TY ${type}`,
        motivo: failure
          ? `citation-js no pudo leer el registro: ${failure}`
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
      key: values(fields.ID)[0] ?? contentKey('ris', record),
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
