import { CODIGOS_ERROR, ErrorApi, type CodigoError } from '@folio/shared';
import type { Context } from 'hono';
import { AppError, errorBody } from '../errors';
import {
  DOCUMENT_HEADER,
  DUPLICATE_HEADER,
  type ResumableRequest,
  type ResumableUploads,
} from '../services/documents/resumable-uploads';
import type { AppEnv } from './env';
import { refuseNulInFields } from './nul-guard';
import { uploadMeta } from './upload-meta';

/*
 * Uploads in parts (tus 1.0) past authentication, shared by the API's `/api/v1/subidas`
 * (http/routes/subidas.ts, an API key) and the web app's `/biblioteca/subidas` (web/library/uploads-in-parts.ts,
 * the session): the same checks and the same answers whoever signed the request.
 */

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

/** The contract's code for each status the tus server answers with. */
const CODE_OF_STATUS: Record<number, CodigoError> = {
  400: 'peticion_invalida',
  403: 'prohibido',
  404: 'no_encontrado',
  405: 'peticion_invalida',
  409: 'conflicto',
  410: 'no_encontrado',
  412: 'peticion_invalida',
  413: 'demasiado_grande',
  415: 'peticion_invalida',
  460: 'peticion_invalida',
};

/**
 * `POST` of a tus creation by `userId` (authenticated by the caller: an API key here, the web session in the
 * web app): checks the size, the metadata, the user's uploads in progress and the disk, then creates it.
 */
export async function beginUpload(c: Context<AppEnv>, service: ResumableUploads, userId: string): Promise<Response> {
  const { deps } = c.var;
  const length = Number(c.req.header('upload-length'));
  if (c.req.header('upload-defer-length') || !Number.isSafeInteger(length) || length <= 0) {
    throw new AppError('peticion_invalida', {
      mensaje: 'Falta Upload-Length: di el tamaño del archivo en bytes al empezar la subida.',
      message: 'Upload-Length is required: give the file size in bytes when the upload starts.',
      detalles: { campo: 'Upload-Length' },
    });
  }
  if (length > deps.config.resumable.maxFileBytes) {
    throw new AppError('demasiado_grande', {
      mensaje: `El archivo supera el máximo de ${gb(deps.config.resumable.maxFileBytes)} GB (FOLIO_MAX_FILE_GB).`,
      message: `The file exceeds the ${gb(deps.config.resumable.maxFileBytes)} GB limit (FOLIO_MAX_FILE_GB).`,
      detalles: { maximo: deps.config.resumable.maxFileBytes },
    });
  }
  const request = resumableRequest(c.req.header('upload-metadata'));
  await service.cleanExpired();
  const busy = await service.inProgress(userId);
  const { perUser, bytesPerUser } = deps.config.resumable;
  if (busy.count >= perUser || busy.bytes + length > bytesPerUser) {
    throw new AppError('cuota_superada', {
      mensaje: `Tienes demasiadas subidas a medias (${busy.count}, ${gb(busy.bytes)} GB); termínalas o bórralas antes de empezar otra.`,
      message: `Too many uploads in progress (${busy.count}, ${gb(busy.bytes)} GB); finish or delete some first.`,
      detalles: { en_curso: busy.count, bytes_en_curso: busy.bytes, maximo: perUser, bytes_maximo: bytesPerUser },
    });
  }
  await service.ensureRoom(length);
  return tusAnswer(c, await service.handle(c.req.raw, userId, request));
}

/** `HEAD`, `PATCH`, `DELETE` (and a refused `GET`) of `userId`'s upload `:id`; another user's is 404. */
export async function continueUpload(c: Context<AppEnv>, service: ResumableUploads, userId: string): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const upload = await service.find(userId, id);
  if (!upload) throw new AppError('no_encontrado', { detalles: { subida: id }, headers: TUS_HEADERS });
  if (c.req.method === 'GET') {
    throw new AppError('peticion_invalida', {
      estado: 405,
      mensaje: 'Una subida no se descarga: el documento que resultó está en /documentos/{id}.',
      message: 'An upload cannot be downloaded: its document is at /documentos/{id}.',
      headers: { Allow: 'HEAD, PATCH, DELETE, OPTIONS' },
    });
  }
  const size = Number(upload.size_bytes);
  if (!upload.document_id && c.req.method === 'HEAD' && (await service.offsetOf(id)) === size) {
    // Every byte arrived but the document was not made (the last part's answer failed): make it now.
    const { documentId, duplicado } = await service.finish(id, userId, size);
    upload.document_id = documentId;
    upload.duplicado = duplicado;
  }
  if (upload.document_id) {
    // Finished: the parts became a document and are gone; what is left is which document.
    const done = {
      ...TUS_HEADERS,
      'Upload-Offset': String(size),
      'Upload-Length': String(size),
      [DOCUMENT_HEADER]: upload.document_id,
      [DUPLICATE_HEADER]: upload.duplicado ? 'si' : 'no',
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, done);
    if (c.req.method === 'DELETE') {
      await service.forget(id);
      return c.body(null, 204, TUS_HEADERS);
    }
    throw new AppError('conflicto', {
      mensaje: 'La subida ya terminó: no admite más partes.',
      message: 'The upload is finished: it takes no more parts.',
      detalles: { documento: upload.document_id },
      headers: done,
    });
  }
  if (c.req.method === 'PATCH') {
    const offset = await service.offsetOf(id);
    if (offset !== undefined) await service.ensureRoom(size - offset);
  }
  const res = await service.handle(c.req.raw, userId);
  // Given up: its record goes with its parts, and it no longer counts against the user's uploads.
  if (c.req.method === 'DELETE' && res.status === 204) await service.forget(id);
  return tusAnswer(c, res);
}

/** The tus server's answer, its errors in the contract's shape (same status, `Tus-Resumable` kept). */
export async function tusAnswer(c: Context<AppEnv>, res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = (await res.text()).trim();
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  // Already the contract's body: the end of an upload refused by uploadFile (a conflicting Idempotency-Key).
  if (ErrorApi.safeParse(parseJson(text)).success) return new Response(text, { status: res.status, headers });
  const codigo = CODE_OF_STATUS[res.status] ?? 'interno';
  const estado = res.status === 410 ? 404 : res.status;
  const err = new AppError(codigo, {
    estado,
    mensaje: `${CODIGOS_ERROR[codigo].mensaje} (subida: ${text || res.statusText})`,
    message: text || CODIGOS_ERROR[codigo].message,
  });
  return new Response(JSON.stringify(errorBody(err, c.var.deps.config.publicUrl)), { status: estado, headers });
}

/** `Upload-Metadata` (comma-separated 'key base64value' pairs) read and checked as an upload's metadata. */
function resumableRequest(header: string | undefined): ResumableRequest {
  const fields: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(/\s+/, 2);
    if (!key) continue;
    fields[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  refuseNulInFields(fields);
  const { nombre, tipo, idempotencia, ...rest } = fields;
  const known = ['titulo', 'autores', 'anio', 'biblioteca', 'url'];
  const meta = uploadMeta(
    {},
    Object.fromEntries(Object.entries(rest).filter(([k, v]) => known.includes(k) && v !== '')),
  );
  return {
    meta,
    ...(nombre && { nombre }),
    ...(tipo && { contentType: tipo }),
    ...(idempotencia && { idempotencia }),
  };
}

const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(bytes >= 1024 ** 3 ? 1 : 2);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
