import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  BorrarQuery,
  CorregirDocumento,
  Documento,
  DocumentoQuery,
  IdParam,
  ListaDocumentos,
  ListarQuery,
  ResultadoBorrado,
  SubirMultipart,
  SubirQuery,
  SubirUrl,
  Texto,
  TextoQuery,
  documentListMarkdown,
  documentMarkdown,
  FormatoQuery,
  textMarkdown,
} from '@folio/shared';
import type { Context } from 'hono';
import path from 'node:path';
import { z } from 'zod';
import { refuseNulInFields } from '../nul-guard';
import { correctDocument } from '../../services/documents/correct-document';
import { deleteLibraryDocument } from '../../services/documents/delete-document';
import { exportDocument, exportLibrary, type ReferenceFile } from '../../services/cite/export-references';
import { listLibrary } from '../../services/documents/list-documents';
import { presentDocument } from '../../services/presenters/present-document';
import { readText } from '../../services/documents/read-text';
import { submitUrl } from '../../services/documents/submit-url';
import { uploadFile, type UploadOutcome } from '../../services/documents/upload-document';
import { waitForDocument } from '../../services/documents/wait-for-document';
import type { AppEnv } from '../env';
import { jsonOrMarkdown, operation, type OperationContext } from '../operation';
import { isJson, readJson } from '../read-body';
import { respond } from '../respond';
import { IDEMPOTENCY_CONFLICT, IdempotencyHeaders, idempotencyKey, waitSeconds } from '../request-headers';
import { acceptUpload, streamMultipart, streamRawBody, type StreamedFile } from '../upload-body';
import { uploadMeta } from '../upload-meta';
import { validationError } from '../zod-issues';

const TAG = ['Documentos'];

const EXPORTS = ['bibtex', 'ris', 'csljson'] as const;
type Export = (typeof EXPORTS)[number];
const isExport = (formato: string | undefined): formato is Export => EXPORTS.includes(formato as Export);

/** A 200 that is JSON, Markdown, or a file of references (`formato=bibtex|ris|csljson`). */
function jsonMarkdownOrReferences(description: string, schema: z.ZodType) {
  const file = z.string();
  return {
    description,
    content: {
      ...jsonOrMarkdown(description, schema).content,
      'application/x-bibtex': { schema: file.describe('BibTeX (formato=bibtex), as a download.') },
      'application/x-research-info-systems': { schema: file.describe('RIS (formato=ris), as a download.') },
      'application/vnd.citationstyles.csl+json': {
        schema: z.array(z.record(z.string(), z.unknown())).describe('CSL-JSON items (formato=csljson), as a download.'),
      },
    },
  };
}

/** A file of references as a download. */
function sendReferences(c: Context<AppEnv>, file: ReferenceFile) {
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  });
}

/** Waits as asked, then answers 200 (already there), 201 (finished) or 202 (still working). */
async function answerUpload(
  c: Context<AppEnv>,
  id: string,
  outcome: UploadOutcome,
  query: { esperar?: number; formato?: 'json' | 'markdown' },
) {
  const { deps, principal } = c.var;
  const settled = await waitForDocument(
    deps,
    principal.userId,
    id,
    waitSeconds(c, query.esperar, 60),
    c.req.raw.signal,
  );
  const done = settled.estado === 'listo' || settled.estado === 'error';
  const status = outcome !== 'created' ? 200 : done ? 201 : 202;
  const doc = presentDocument(settled, deps.config.publicUrl, { duplicado: outcome === 'duplicate' });
  if (!done) c.header('Location', doc.progreso_url);
  return respond(c, status, doc, documentMarkdown, query.formato);
}

export function documentRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/documentos',
      operationId: 'subir',
      summary: 'Add a document',
      description:
        'Raw file body (query `nombre`), multipart/form-data (`archivo`, `titulo`, `autores`, `anio`), or JSON `{url}`. ' +
        'The same bytes for the same user give back the existing document (200, `duplicado: true`). Waits up to ' +
        '`esperar` seconds (default 60) for ingestion; with 0 or `Prefer: respond-async` answers 202 at once. ' +
        'An ingestion that fails is still 201 with `estado: error`. Limit: 95 MB. ' +
        'A file uploaded with query `url` was captured from that page (the browser extension sends it): an HTML ' +
        'file is read as that web page (its article, `web` anchors with that `url`, `consultada` the day of the ' +
        'upload, metadata from citation_*, JSON-LD and OpenGraph tags; without `url` it has `seccion` anchors); ' +
        'a caption file (WebVTT or SRT, told by its content) is the video of that page, read with `tiempo` anchors ' +
        '(`t0`, `t1` in seconds) and titled by `titulo`; any other file, e.g. a PDF, is read as usual with `url` ' +
        'recorded as its origin.',
      tags: TAG,
      scope: 'escritura',
      query: SubirQuery,
      headers: IdempotencyHeaders,
      rawBody: {
        required: true,
        content: {
          'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) },
          'multipart/form-data': { schema: SubirMultipart },
          'application/json': { schema: SubirUrl },
        },
      },
      responses: {
        200: jsonOrMarkdown('Already present (same fingerprint or repeated Idempotency-Key).', Documento),
        201: jsonOrMarkdown('Ready, or finished with error (read `estado`).', Documento),
        202: jsonOrMarkdown('Still processing; poll `progreso_url`.', Documento),
      },
      errors: [400, 409, 413],
      errorText: { 409: IDEMPOTENCY_CONFLICT },
    },
    async (c, { query }) => {
      const { deps, principal } = c.var;
      const key = idempotencyKey(c);
      const contentType = c.req.header('content-type');
      if (isJson(contentType)) {
        const { value } = await readJson(c.req.raw, deps.config.maxJsonBytes);
        const parsed = SubirUrl.safeParse(value);
        if (!parsed.success) throw validationError(parsed.error, 'cuerpo');
        const { row, outcome } = await submitUrl(deps, principal.userId, parsed.data, key);
        return answerUpload(c, row.id, outcome, query);
      }
      const tmpDir = path.join(deps.config.dataDir, 'tmp');
      let file: StreamedFile;
      let fields: Record<string, string> = {};
      if (/^multipart\/form-data\b/i.test(contentType ?? '')) {
        ({ file, fields } = await streamMultipart(c.req.raw, deps.config.maxUploadBytes, tmpDir));
      } else {
        file = await streamRawBody(c.req.raw, deps.config.maxUploadBytes, tmpDir);
        file.nombre = query.nombre;
        file.contentType = contentType?.split(';')[0]?.trim() || undefined;
      }
      const meta = await acceptUpload(file, () => {
        refuseNulInFields({ ...fields, ...(file.nombre !== undefined && { nombre: file.nombre }) });
        return uploadMeta(query, fields);
      });
      const { row, outcome } = await uploadFile(deps, principal.userId, file, meta, key);
      return answerUpload(c, row.id, outcome, query);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/documentos',
      operationId: 'listar',
      summary: 'List the library',
      description:
        'Newest first unless `orden` (an extension of the contract) asks for title, first author or year; every ' +
        'order ends on the order of addition, so it is stable across requests and `siguiente` never repeats or ' +
        'skips a document. `q` matches title or author ignoring accents and case. In lists `autores` holds ' +
        'surnames only. ' +
        'Export (an extension of the contract): `formato=bibtex`, `ris` or `csljson` answers every matching ' +
        'document (all pages; `q`, `estado`, `biblioteca` and `etiqueta` apply, `limite` and `cursor` do not) as one file of ' +
        'references, with `Content-Disposition: attachment`, built from the same fields as each `referencia`.',
      tags: TAG,
      scope: 'lectura',
      query: ListarQuery,
      responses: {
        200: jsonMarkdownOrReferences('A page of documents, or the whole selection as references.', ListaDocumentos),
      },
      errors: [400],
    },
    async (c, { query }) => {
      if (isExport(query.formato)) {
        return sendReferences(c, await exportLibrary(c.var.deps, c.var.principal.userId, query, query.formato));
      }
      const lista = await listLibrary(c.var.deps, c.var.principal.userId, query);
      return respond(c, 200, lista, documentListMarkdown, query.formato);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/documentos/{id}',
      operationId: 'documento',
      summary: 'Get a document',
      description:
        'Long-polls up to `esperar` seconds (default 0) and returns as soon as the document is ready or failed. ' +
        '`formato=bibtex`, `ris` or `csljson` (an extension of the contract) answers its reference as a file, at once.',
      tags: TAG,
      scope: 'lectura',
      params: IdParam,
      query: DocumentoQuery,
      responses: {
        200: jsonMarkdownOrReferences('The document, finished (listo or error), or its reference.', Documento),
        202: jsonOrMarkdown('Not finished yet: `progreso`, `fase` and `progreso_url`.', Documento),
      },
      errors: [400, 404],
    },
    async (c, { params, query }) => {
      const { deps, principal } = c.var;
      if (isExport(query.formato)) {
        return sendReferences(c, await exportDocument(deps, principal.userId, params.id, query.formato));
      }
      const row = await waitForDocument(
        deps,
        principal.userId,
        params.id,
        waitSeconds(c, query.esperar, 0),
        c.req.raw.signal,
      );
      const doc = presentDocument(row, deps.config.publicUrl);
      const done = row.estado === 'listo' || row.estado === 'error';
      return respond(c, done ? 200 : 202, doc, documentMarkdown, query.formato);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'patch',
      path: '/documentos/{id}',
      operationId: 'corregir',
      summary: 'Correct a document’s bibliographic data',
      extension: true,
      description:
        'Extension of the contract. The user’s corrections: `titulo`, `autores` (array of ' +
        "'Surname, Given'), `anio` and the fields references need (`tipo_obra`, `contenedor`, `editores`, `genero`, " +
        '`volumen`, `numero`, `paginas`, `editorial`, `lugar`, `edicion`, `doi`, `isbn`, `url`, `idioma`), and the tags ' +
        '(`etiquetas`, the whole list). All optional, at least one; ' +
        'unknown fields are refused; `null` clears a field. The values are the user’s: they win over what the ' +
        'file or page says and are kept when the document is read again. They are in force at once, without a ' +
        're-read, in `cita`, `referencia`, search, ask, cite, the MCP tools and `q`. The answer is the updated ' +
        'Documento, whose `detalles_bibliograficos` holds the fields beyond title, authors and year.',
      tags: TAG,
      scope: 'escritura',
      params: IdParam,
      query: FormatoQuery,
      body: CorregirDocumento,
      responses: { 200: jsonOrMarkdown('The corrected document.', Documento) },
      errors: [400, 404],
    },
    async (c, { params, query, body }) => {
      const { deps, principal } = c.var;
      const row = await correctDocument(deps, principal.userId, params.id, body);
      return respond(c, 200, presentDocument(row, deps.config.publicUrl), documentMarkdown, query.formato);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'delete',
      path: '/documentos/{id}',
      operationId: 'borrar',
      summary: 'Delete a document',
      description:
        'Removes the document and everything derived from it: units, passages, vectors, original file, queued jobs.',
      tags: TAG,
      scope: 'escritura',
      params: IdParam,
      query: BorrarQuery,
      responses: { 200: { description: 'Deleted.', content: { 'application/json': { schema: ResultadoBorrado } } } },
      errors: [400, 404],
    },
    async (c, { params }) => {
      const result = await deleteLibraryDocument(c.var.deps, c.var.principal.userId, params.id);
      return c.json(result, 200);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/documentos/{id}/texto',
      operationId: 'texto',
      summary: 'Read the text by pages or time',
      description:
        "`desde`/`hasta`: a printed folio ('45', 'xii', through the page labels), a physical position ('[3]'), or for " +
        "audio/video 'h:mm:ss', 'm:ss' or seconds. Without `hasta`, `limite` units (default 20, max 100) and `siguiente`. " +
        'A range with `hasta` returns at most 100 units and gives `siguiente` when cut.',
      tags: TAG,
      scope: 'lectura',
      params: IdParam,
      query: TextoQuery,
      responses: { 200: jsonOrMarkdown('Units in physical order.', Texto) },
      errors: [400, 404, 409],
    },
    async (c, { params, query }) => {
      const texto = await readText(c.var.deps, c.var.principal.userId, params.id, query);
      return respond(c, 200, texto, textMarkdown, query.formato);
    },
  );
}
