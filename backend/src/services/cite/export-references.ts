import type { CSL } from '@citation-js/core';
import type { Estado } from '@folio/shared';
import { cslItem } from '../../cite/csl/csl-item';
import { EXPORT_FORMATS, formatReferences, type ExportFormat } from '../../cite/csl/export';
import type { Deps } from '../../context';
import { findDocument, listDocuments, type DocumentRow } from '../../db/documents.repo';
import { notFound } from '../../errors';
import { foldText } from '../../text/fold';

/** A file of references, ready to send. */
export interface ReferenceFile {
  body: string;
  contentType: string;
  fileName: string;
}

/** Rows read per query while exporting a whole library. */
const BATCH = 500;

const fileOf = (items: CSL[], format: ExportFormat, name: string): ReferenceFile => ({
  body: formatReferences(items, format),
  contentType: EXPORT_FORMATS[format].contentType,
  fileName: `${name}.${EXPORT_FORMATS[format].extension}`,
});

/** One document's reference as a file (`GET /documentos/{id}?formato=bibtex|ris|csljson`). */
export async function exportDocument(
  deps: Pick<Deps, 'db'>,
  userId: string,
  id: string,
  format: ExportFormat,
): Promise<ReferenceFile> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) throw notFound();
  return fileOf([cslItem(row.id, row)], format, `folio-${row.id}`);
}

/**
 * Every document of the library that matches the list's filters, newest first, all pages, as one
 * file of references: the same CSL items as each `referencia` (`cslItem`).
 */
export async function exportLibrary(
  deps: Pick<Deps, 'db'>,
  userId: string,
  filter: { q?: string; estado?: Estado; biblioteca?: string; etiqueta?: string },
  format: ExportFormat,
): Promise<ReferenceFile> {
  const items: CSL[] = [];
  let beforeSeq: string | undefined;
  for (;;) {
    const { rows } = await listDocuments(deps.db, userId, {
      q: filter.q ? foldText(filter.q) : undefined,
      estado: filter.estado,
      biblioteca: filter.biblioteca,
      etiqueta: filter.etiqueta,
      limit: BATCH,
      beforeSeq,
    });
    items.push(...rows.map((row: DocumentRow) => cslItem(row.id, row)));
    if (rows.length < BATCH) break;
    beforeSeq = rows[rows.length - 1]!.seq;
  }
  return fileOf(items, format, 'folio-biblioteca');
}
