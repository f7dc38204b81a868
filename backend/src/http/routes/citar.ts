import type { OpenAPIHono } from '@hono/zod-openapi';
import { Citado, CitadoQuery, CitarBody, CitarQuery, IdParam, citeMarkdown } from '@folio/shared';
import type { Context } from 'hono';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DOCX_TYPE } from '../../cite/docx/cited-docx';
import { AppError, invalidField } from '../../errors';
import { presentCite } from '../../services/presenters/present-cite';
import { CITE_DEFAULTS, submitCite, type CiteInput, type CiteJobRow } from '../../services/cite/submit-cite';
import { waitForCite } from '../../services/cite/wait-for-cite';
import type { AppEnv } from '../env';
import { operation, type OperationContext } from '../operation';
import { isJson, readJson } from '../read-body';
import { IDEMPOTENCY_CONFLICT, IdempotencyHeaders, idempotencyKey, waitSeconds } from '../request-headers';
import { respond } from '../respond';
import { streamRawBody } from '../upload-body';
import { validationError } from '../zod-issues';
import { documentIds } from '../document-ids';

const TAG = ['Citas'];

const DESCRIPTION =
  'Splits the text into claims (sentences, and the clauses of a sentence that makes several claims), finds for ' +
  'each the best passage of your library (search restricted by `documentos`/`biblioteca`) and inserts a citation ' +
  'only where the support scorer gives it `respaldo` ≥ `umbral` (0.7 by default); every other character of the text ' +
  'is kept. Citations and references are formatted by citation-js from the stored anchors and document metadata in ' +
  'any CSL style (`estilo`, default apa; see GET /estilos; register others with POST /estilos) and locale ' +
  '(`idioma`, default es-ES). In-text styles put the citation after the claim, before its punctuation; note styles ' +
  'put a footnote `[^n]` after it, with the notes at the end of `texto` (and the text of the note as `cita`). A .docx body (query `estilo`, `idioma`, ' +
  '`umbral`, `documento`, `biblioteca`) with `Accept` of the .docx type or `formato=docx` gives back the same ' +
  'document with citations in its runs (footnotes for note styles) and the bibliography appended. Waits up to ' +
  '`esperar` seconds (default 120); with 0 or `Prefer: respond-async` answers 202 with `progreso_url`. With a ' +
  'citation quota configured on the server, past it: 402 cuota_superada.';

const docxResponse = { [DOCX_TYPE]: { schema: z.string().meta({ format: 'binary' }) } };
const citeResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: Citado }, 'text/markdown': { schema: z.string() }, ...docxResponse },
});

/** True when the caller wants the .docx back: `formato=docx`, or an Accept header naming the type. */
function wantsDocx(c: Context, formato: string | undefined): boolean {
  if (formato) return formato === 'docx';
  return (c.req.header('accept') ?? '').includes(DOCX_TYPE);
}

/** Answers with the job: the cited .docx when asked and ready, else Citado as JSON or Markdown. */
async function answer(c: Context<AppEnv>, row: CiteJobRow, formato: string | undefined) {
  const { deps } = c.var;
  const done = row.estado === 'listo' || row.estado === 'error';
  if (wantsDocx(c, formato) && row.entrada !== 'docx') {
    throw invalidField(
      'formato',
      'Solo se devuelve un .docx cuando se citó un .docx.',
      'A .docx is returned only for a .docx request.',
    );
  }
  if (row.estado === 'listo' && row.output_blob && wantsDocx(c, formato)) {
    const bytes = await fs.readFile(await deps.blobs.localPath(row.output_blob));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': DOCX_TYPE,
      'Content-Disposition': `attachment; filename="citado-${row.id}.docx"`,
    });
  }
  const citado = presentCite(row, deps.config.publicUrl);
  if (!done) c.header('Location', citado.progreso_url);
  const markdownFormat = formato === 'docx' ? undefined : formato;
  return respond(
    c,
    done ? 200 : 202,
    citado,
    (v) => citeMarkdown(v, { bibliografia: row.resultado?.bibliografiaMarkdown }),
    markdownFormat,
  );
}

export function citeRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/citar',
      operationId: 'citar',
      summary: 'Insert verified citations into a text or a .docx',
      description: DESCRIPTION,
      tags: TAG,
      scope: 'escritura',
      query: CitarQuery,
      headers: IdempotencyHeaders,
      rawBody: {
        required: true,
        content: {
          'application/json': { schema: CitarBody },
          [DOCX_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
        },
      },
      responses: {
        200: citeResponse('The cited text and bibliography (JSON, Markdown, or the cited .docx).'),
        202: citeResponse('Still working; poll `progreso_url`.'),
      },
      errors: [400, 402, 409, 413],
      errorText: { 409: IDEMPOTENCY_CONFLICT },
    },
    async (c, { query }) => {
      const { deps, principal } = c.var;
      const key = idempotencyKey(c);
      const contentType = c.req.header('content-type');
      let input: CiteInput;
      let body: z.infer<typeof CitarBody> | undefined;
      if (isJson(contentType)) {
        const { value } = await readJson(c.req.raw, deps.config.maxJsonBytes);
        const parsed = CitarBody.safeParse(value);
        if (!parsed.success) throw validationError(parsed.error, 'cuerpo');
        body = parsed.data;
        input = { entrada: 'texto', texto: body.texto };
      } else if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() === DOCX_TYPE) {
        const file = await streamRawBody(c.req.raw, deps.config.maxUploadBytes, path.join(deps.config.dataDir, 'tmp'));
        input = { entrada: 'docx', path: file.tmpPath };
      } else {
        throw new AppError('peticion_invalida', {
          mensaje: `Esta operación espera JSON (application/json) o un .docx (${DOCX_TYPE}).`,
          message: `This operation expects JSON (application/json) or a .docx (${DOCX_TYPE}).`,
          detalles: { campo: 'Content-Type' },
        });
      }
      if (input.entrada === 'texto' && wantsDocx(c, query.formato)) {
        throw invalidField(
          'formato',
          'Solo se devuelve un .docx cuando se envía un .docx.',
          'A .docx is returned only for a .docx body.',
        );
      }
      const opciones = {
        estilo: body?.estilo ?? query.estilo ?? CITE_DEFAULTS.estilo,
        idioma: body?.idioma ?? query.idioma ?? CITE_DEFAULTS.idioma,
        umbral: body?.umbral ?? query.umbral ?? CITE_DEFAULTS.umbral,
        documentos: body ? body.documentos : documentIds(query.documento),
        biblioteca: body ? body.biblioteca : query.biblioteca,
      };
      const { row } = await submitCite(deps, principal.userId, input, opciones, key);
      const settled = await waitForCite(
        deps,
        principal.userId,
        row.id,
        waitSeconds(c, query.esperar, 120),
        c.req.raw.signal,
      );
      return answer(c, settled, query.formato);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/citar/{id}',
      operationId: 'citado',
      summary: 'State or result of a cite job',
      description:
        'Long-polls up to `esperar` seconds (default 0). `formato=docx` (or Accept of the .docx type) gives the cited ' +
        '.docx of a .docx request once it is ready. Reading a job is a read: a key with `lectura` or `escritura` ' +
        '(the scope that created it) may read the jobs of its user; any other job is 404.',
      tags: TAG,
      scope: ['lectura', 'escritura'],
      params: IdParam,
      query: CitadoQuery,
      responses: { 200: citeResponse('Finished (listo or error).'), 202: citeResponse('Still working.') },
      errors: [400, 404],
    },
    async (c, { params, query }) => {
      const { deps, principal } = c.var;
      const row = await waitForCite(
        deps,
        principal.userId,
        params.id,
        waitSeconds(c, query.esperar, 0),
        c.req.raw.signal,
      );
      return answer(c, row, query.formato);
    },
  );
}
