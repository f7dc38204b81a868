import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { resumableUploads, type ResumableUploads } from '../../services/documents/resumable-uploads';
import type { AppEnv } from '../env';
import { requireScope } from '../middleware/auth';
import type { OperationContext } from '../operation';
import { beginUpload, continueUpload } from '../uploads-in-parts';
import { documentResumableRoutes } from './subidas-openapi';

/** Where uploads in parts live, under /api/v1. */
export const SUBIDAS_PATH = '/subidas';

/**
 * Files in parts with the tus protocol 1.0 (core, creation, expiration, termination): `POST /subidas` with
 * `Upload-Length` and `Upload-Metadata` (nombre, titulo, autores, anio, biblioteca, url, tipo, idempotencia;
 * values base64 as tus says), then `PATCH /subidas/{id}` with `Upload-Offset` and
 * `application/offset+octet-stream` parts, `HEAD` to learn the offset after a cut, `DELETE` to give up. The
 * answer to the last part (and a HEAD after it) names the document in `X-Folio-Documento`, and
 * `X-Folio-Duplicado: si` when the same bytes were already in the library; `GET /documentos/{id}` then answers
 * as `POST /documentos` would, `esperar` included. Same key and scope (`escritura`) as uploads; another
 * user's upload is 404. Errors keep the protocol's status with the contract's error body.
 */
export function resumableRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  documentResumableRoutes(app);
  let uploads: ResumableUploads | undefined;
  const uploadsOf = (c: Context<AppEnv>) => {
    uploads ??= resumableUploads(c.var.deps, `/api/v1${SUBIDAS_PATH}`);
    return uploads;
  };
  const guard = [requireScope('escritura'), ctx.limiter] as const;

  // What the server supports (tus capability discovery) is no secret: OPTIONS needs no key.
  app.options(SUBIDAS_PATH, async (c) => uploadsOf(c).handle(c.req.raw, ''));
  app.options(`${SUBIDAS_PATH}/:id`, async (c) => uploadsOf(c).handle(c.req.raw, ''));

  app.post(SUBIDAS_PATH, ...guard, (c) => beginUpload(c, uploadsOf(c), c.var.principal.userId));
  // Parts are not counted against the key's requests per minute: a 4 GB file is 800 parts of 5 MB, which a
  // fast link sends in a minute; what a user may have in progress is bounded at creation instead.
  app.on(['HEAD', 'PATCH', 'DELETE', 'GET'], `${SUBIDAS_PATH}/:id`, requireScope('escritura'), (c) =>
    continueUpload(c, uploadsOf(c), c.var.principal.userId),
  );
}
