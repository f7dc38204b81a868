import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { EXTENSION_MARK, EXTENSION_NOTE, ErrorApi } from '@folio/shared';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { RATE_LIMIT_HEADERS, withRateLimitFields } from '../operation';

const TAG = ['Subidas por partes (tus)'];
const TUS_RESUMABLE = z.string().describe("The tus protocol version: '1.0.0'.");
const id = z.object({ id: z.string().describe('The upload id, the last segment of the Location of its creation.') });
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorApi } } });
const header = (description: string) => ({ description, schema: { type: 'string' as const } });

const FINISHED_HEADERS = {
  'Upload-Offset': header('Bytes the server holds (all of them once finished).'),
  'Tus-Resumable': header('1.0.0'),
  'X-Folio-Documento': header(
    'Once the last part is in: the id of the document the file became (GET /documentos/{id}).',
  ),
  'X-Folio-Duplicado': header("'si' when the same bytes were already in the library: the document is that one."),
};

/** The tus operations in OpenAPI, marked as extensions of the contract (which asks for uploads in parts). */
export function documentResumableRoutes(app: OpenAPIHono<AppEnv>): void {
  const common = {
    tags: TAG,
    security: [{ bearer: [] }],
    'x-scope': 'escritura',
    [EXTENSION_MARK]: true,
  };
  const paths: RouteConfig[] = [
    {
      method: 'post',
      path: '/subidas',
      operationId: 'crearSubida',
      summary: 'Begin an upload in parts (tus creation)',
      description:
        `${EXTENSION_NOTE} Files larger than the 95 MB of POST /documentos, up to FOLIO_MAX_FILE_GB (4 GB by ` +
        'default), go in parts with the tus 1.0 protocol (https://tus.io/protocols/resumable-upload): this ' +
        'request says the size (`Upload-Length`) and what the user says about the file (`Upload-Metadata`: ' +
        'comma-separated `key base64(value)` pairs, keys nombre, titulo, autores, anio, biblioteca, url, tipo ' +
        '(content type), idempotencia (an idempotency key)), and answers 201 with the upload address in ' +
        '`Location`. Each user may have FOLIO_UPLOADS_PER_USER uploads (5) and FOLIO_UPLOAD_GB_PER_USER (10) in ' +
        'progress; an upload not finished in FOLIO_UPLOAD_EXPIRE_HOURS (24) is removed. The shared API client ' +
        '(tus-js-client) does all of this in `uploadInParts`.',
      ...common,
      request: {
        headers: z.object({
          'Tus-Resumable': TUS_RESUMABLE,
          'Upload-Length': z.string().describe('The whole file, in bytes.'),
          'Upload-Metadata': z.string().optional().describe('`key base64value` pairs, comma-separated.'),
        }),
      },
      responses: {
        201: {
          description: 'Created: send the parts to `Location`.',
          headers: { Location: header('The upload address.'), 'Tus-Resumable': header('1.0.0') },
        },
        400: error('No Upload-Length, or metadata that is not valid (the message names it).'),
        402: error('Too many uploads in progress for this user (cuota_superada).'),
        413: error('Larger than FOLIO_MAX_FILE_GB.'),
        507: error('The server has no disk space left for it (demasiado_grande, estado 507).'),
      },
    },
    {
      method: 'patch',
      path: '/subidas/{id}',
      operationId: 'enviarParte',
      summary: 'Send a part (tus core)',
      description:
        `${EXTENSION_NOTE} The bytes from \`Upload-Offset\` on, as \`application/offset+octet-stream\`. Answers 204 ` +
        'with the new `Upload-Offset`; the answer to the last part names the document in `X-Folio-Documento`. ' +
        "Another user's upload, an expired or a deleted one is 404.",
      ...common,
      request: {
        params: id,
        headers: z.object({ 'Tus-Resumable': TUS_RESUMABLE, 'Upload-Offset': z.string() }),
        body: {
          required: true,
          content: { 'application/offset+octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
        },
      },
      responses: {
        204: { description: 'Part stored.', headers: FINISHED_HEADERS },
        404: error("Not found, expired, or another user's."),
        409: error('Upload-Offset is not where the upload stands, or the upload is finished.'),
        413: error('More bytes than Upload-Length.'),
        415: error('Content-Type is not application/offset+octet-stream.'),
        507: error('No disk space left for the rest of the file.'),
      },
    },
    {
      method: 'head',
      path: '/subidas/{id}',
      operationId: 'estadoSubida',
      summary: 'Where an upload stands (tus core)',
      description: `${EXTENSION_NOTE} \`Upload-Offset\`: where to go on after a cut. Once finished, also the document it became.`,
      ...common,
      request: { params: id, headers: z.object({ 'Tus-Resumable': TUS_RESUMABLE }) },
      responses: {
        200: { description: 'The offset (and the document, once finished).', headers: FINISHED_HEADERS },
        404: { description: "Not found, expired, or another user's (no body: a HEAD)." },
      },
    },
    {
      method: 'delete',
      path: '/subidas/{id}',
      operationId: 'borrarSubida',
      summary: 'Give up an upload (tus termination)',
      description: `${EXTENSION_NOTE} Its parts are removed; a finished upload's document stays.`,
      ...common,
      request: { params: id, headers: z.object({ 'Tus-Resumable': TUS_RESUMABLE }) },
      responses: { 204: { description: 'Removed.' }, 404: error("Not found, or another user's.") },
    },
  ];
  const always = {
    401: error('Missing, wrong or revoked API key.'),
    403: error("The key lacks the 'escritura' scope."),
    429: { ...error('Too many requests; wait Retry-After seconds.'), headers: RATE_LIMIT_HEADERS },
    500: error('Internal error.'),
  };
  for (const route of paths) {
    const responses = { ...route.responses, ...always };
    // Only the creation spends from the key's requests per minute (http/routes/subidas.ts): its answers carry the fields.
    app.openAPIRegistry.registerPath({
      ...route,
      responses: route.method === 'post' ? withRateLimitFields(responses) : responses,
    } as RouteConfig);
  }
}
