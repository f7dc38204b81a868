import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../errors';
import { newId } from '../ids';
import { refuseNulInFields } from './nul-guard';
import type { ImportForm } from '../services/import/submit-import';
import { formatBytes } from './read-body';

const FILE_FIELDS = new Set(['archivo', 'archivos']);

/** The import's own 413: both files together past FOLIO_MAX_IMPORT_MB. */
export const importTooLarge = (limit: number) =>
  new AppError('demasiado_grande', {
    mensaje: `La importación supera el límite de ${formatBytes(limit)} (FOLIO_MAX_IMPORT_MB): el archivo y el zip de sus archivos juntos.`,
    message: `The import exceeds the limit of ${formatBytes(limit)} (FOLIO_MAX_IMPORT_MB), the export and the zip of its files together.`,
    detalles: { limite_bytes: limit },
    headers: { Connection: 'close' },
  });

/**
 * Streams a multipart/form-data import (the API's and the web page's): the file parts `archivo` and
 * `archivos` go to temporary files in `tmpDir` as they arrive, never into memory, and both together are cut at
 * `limit` bytes (413); other parts are text fields (up to 64 KB each). A file part with no name and no bytes
 * (a browser's empty file input) counts as absent.
 */
export async function streamImportForm(req: Request, limit: number, tmpDir: string): Promise<ImportForm> {
  if (!/^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '') || !req.body) {
    throw new AppError('peticion_invalida', {
      mensaje: 'Esta operación espera un formulario multipart/form-data con el campo de archivo «archivo».',
      message: "This operation expects a multipart/form-data body with the file field 'archivo'.",
      detalles: { campo: 'Content-Type' },
    });
  }
  if (Number(req.headers.get('content-length') ?? NaN) > limit + 256 * 1024) throw importTooLarge(limit);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
      limits: { files: 2, fields: 20, fieldSize: 64 * 1024, parts: 25 },
      defParamCharset: 'utf8',
    });
  } catch (err) {
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo multipart no es válido (falta el boundary).',
      message: `Invalid multipart body: ${(err as Error).message}`,
    });
  }
  await fsp.mkdir(tmpDir, { recursive: true });
  const form: ImportForm = { fields: {} };
  const written: Promise<void>[] = [];
  const tmpFiles: string[] = [];
  let total = 0;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      form.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (!FILE_FIELDS.has(name) || form[name as 'archivo' | 'archivos']) {
        stream.resume();
        return;
      }
      const tmp = path.join(tmpDir, `importar-${newId()}`);
      tmpFiles.push(tmp);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          total += chunk.length;
          if (total > limit) return cb(importTooLarge(limit));
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      const write = pipeline(stream, meter, fs.createWriteStream(tmp)).then(() => {
        if (size === 0 && !info.filename) return;
        form[name as 'archivo' | 'archivos'] = {
          tmpPath: tmp,
          size,
          sha256: hash.digest('hex'),
          nombre: fileName(info.filename || name),
        };
      });
      write.catch(reject);
      written.push(write);
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });
  try {
    await Promise.all([pipeline(Readable.fromWeb(req.body as unknown as NodeWebStream<Uint8Array>), parser), parsed]);
    await Promise.all(written);
  } catch (err) {
    for (const tmp of tmpFiles) await fsp.rm(tmp, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo multipart no es válido o se cortó.',
      message: `Invalid or truncated multipart body: ${(err as Error)?.message ?? err}`,
    });
  }
  // Empty file inputs left a file behind with no part recorded.
  const kept = new Set([form.archivo?.tmpPath, form.archivos?.tmpPath]);
  for (const tmp of tmpFiles) if (!kept.has(tmp)) await fsp.rm(tmp, { force: true });
  try {
    refuseNulInFields(form.fields);
  } catch (err) {
    for (const tmp of kept) if (tmp) await fsp.rm(tmp, { force: true });
    throw err;
  }
  return form;
}

/** The name of the user's file as the form gave it: its last segment, without control characters. */
function fileName(given: string): string {
  // eslint-disable-next-line no-control-regex
  const name = path.basename(given.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return name.slice(0, 255) || 'exportacion';
}
