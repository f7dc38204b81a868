import type { OpenAPIHono } from '@hono/zod-openapi';
import { IdParam, Importacion, ImportacionQuery, ImportarMultipart, ImportarQuery } from '@folio/shared';
import type { Context } from 'hono';
import path from 'node:path';
import type { ImportJobRow } from '../../db/import-jobs.repo';
import { presentImport } from '../../services/presenters/present-import';
import { submitImport } from '../../services/import/submit-import';
import { waitForImport } from '../../services/import/wait-for-import';
import type { AppEnv } from '../env';
import { streamImportForm } from '../import-body';
import { operation, type OperationContext } from '../operation';
import { IDEMPOTENCY_CONFLICT, IdempotencyHeaders, idempotencyKey, waitSeconds } from '../request-headers';

const TAG = ['Importar'];

const DESCRIPTION =
  'Brings a library from elsewhere into yours. `archivo` is a Zotero RDF export as a .zip (Zotero: File → ' +
  'Export Library…, format Zotero RDF with Export Files, then the folder zipped), or a BibTeX/BibLaTeX, RIS or ' +
  'CSL-JSON file (JabRef, Better BibTeX, Mendeley, Paperpile…), or a .zip holding such a file with its files; ' +
  '`archivos`, a .zip of the files a bibliography file names (its paths are read against it). Both together up ' +
  'to FOLIO_MAX_IMPORT_MB (4 GB by default; 413 past it), streamed to disk. A job then unpacks the upload, ' +
  'reads it and adds each item: its best file (PDF, then EPUB, office, a web snapshot) becomes a document read ' +
  'by the queue like any upload, with the export’s metadata as yours (no reading or registry overrides it), ' +
  'and its first collection as its collection. Only files in the upload are read: a path outside it counts as ' +
  'missing. Importing the same library again (same `origen`, by default the file’s name) adds only what is ' +
  'new and never overwrites a correction made in Folio. Answers 202 with `progreso_url` at once (`esperar` ' +
  'waits up to that many seconds; `Prefer: respond-async` never waits); poll GET /importaciones/{id}. An upload ' +
  'that is not a library (or a broken zip) ends the job in `error` with the reason.';

/** A job in the contract's shape: 200 when finished, else 202 with its `progreso_url` in Location too. */
async function answer(c: Context<AppEnv>, row: ImportJobRow) {
  const body = await presentImport(c.var.deps, row);
  if (body.progreso_url) c.header('Location', body.progreso_url);
  return c.json(body, body.progreso_url ? 202 : 200);
}

const importResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: Importacion } },
});

export function importRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/importaciones',
      operationId: 'importar',
      summary: 'Import a library: a Zotero RDF export, or a BibTeX, RIS or CSL-JSON file with its files',
      description: DESCRIPTION,
      tags: TAG,
      scope: 'escritura',
      extension: true,
      query: ImportarQuery,
      headers: IdempotencyHeaders,
      rawBody: { required: true, content: { 'multipart/form-data': { schema: ImportarMultipart } } },
      responses: {
        200: importResponse('Finished within `esperar` (listo or error).'),
        202: importResponse('Queued or working (also the job of a repeated Idempotency-Key); poll `progreso_url`.'),
      },
      errors: [400, 409, 413],
      errorText: {
        409: IDEMPOTENCY_CONFLICT,
        413: 'The upload exceeds FOLIO_MAX_IMPORT_MB (the export and the zip of its files together).',
      },
    },
    async (c, { query }) => {
      const { deps, principal } = c.var;
      const key = idempotencyKey(c);
      const form = await streamImportForm(c.req.raw, deps.config.maxImportBytes, path.join(deps.config.dataDir, 'tmp'));
      const { row } = await submitImport(deps, principal.userId, form, key);
      const settled = await waitForImport(
        deps,
        principal.userId,
        row.id,
        waitSeconds(c, query.esperar, 0),
        c.req.raw.signal,
      );
      return answer(c, settled);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/importaciones/{id}',
      operationId: 'importacion',
      summary: 'Progress, items and report of an import',
      description:
        '`progreso` (items done of the total), each item done so far with its outcome, and when `listo` the ' +
        'report: counts, files the export names that were not in the upload, what Folio does not keep yet ' +
        '(`dejado_fuera`), seconds. `error` says why an upload was not a library. Long-polls up to `esperar` ' +
        'seconds (default 0). A key with `lectura` or `escritura` reads its user’s imports; any other is 404.',
      tags: TAG,
      scope: ['lectura', 'escritura'],
      extension: true,
      params: IdParam,
      query: ImportacionQuery,
      responses: {
        200: importResponse('Finished (listo or error).'),
        202: importResponse('Still working.'),
      },
      errors: [400, 404],
    },
    async (c, { params, query }) => {
      const { deps, principal } = c.var;
      const row = await waitForImport(
        deps,
        principal.userId,
        params.id,
        waitSeconds(c, query.esperar, 0),
        c.req.raw.signal,
      );
      return answer(c, row);
    },
  );
}
