import type { Db } from '../db/db';
import { findDocumentForJob } from '../db/documents.repo';
import { indexPassageTerms } from '../db/passage-terms.repo';
import { replaceContent } from '../db/units.repo';
import type { Unit } from '../ingest/converter';
import { splitPassages } from '../ingest/passages';
import { passageIndexing } from '../search/passage-indexing';
import { foldText } from '../text/fold';

/**
 * Makes a read document look as a reader before migration 023 left it: one page holding `texto` (indexed
 * for search like any reading) and no reader version, queued re-read or failed re-read recorded.
 */
export async function storeOlderReading(db: Db, id: string, texto: string): Promise<void> {
  const row = await findDocumentForJob(db, id);
  if (!row) throw new Error(`No document ${id}`);
  const units: Unit[] = [{ texto, ancla: { tipo: 'pagina', fisica: 1, impresa: null } }];
  const fields = await replaceContent(db, id, units, splitPassages(units), (p) => passageIndexing(p, 'es', row.titulo));
  await indexPassageTerms(db, id, foldText(row.titulo), fields);
  await db.query(
    `UPDATE documents SET unidades = 1, reader_version = NULL, reread_version = NULL, reread_failed_version = NULL
     WHERE id = $1`,
    [id],
  );
}

/** What the sweep knows of a document: the reader that read it, and the versions of its re-reads. */
export async function readerState(
  db: Db,
  id: string,
): Promise<{ reader: number | null; queuedFor: number | null; failedFor: number | null; updated: Date } | undefined> {
  const [row] = await db.query<{
    reader: number | null;
    queuedFor: number | null;
    failedFor: number | null;
    updated: Date;
  }>(
    `SELECT reader_version AS reader, reread_version AS "queuedFor", reread_failed_version AS "failedFor", updated
     FROM documents WHERE id = $1`,
    [id],
  );
  return row;
}
