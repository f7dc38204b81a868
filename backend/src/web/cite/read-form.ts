import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../../errors';
import { tooLarge } from '../../http/read-body';
import { newId } from '../../ids';

/** A multipart form of the cite page: its fields, and its one file (streamed to a temporary file) if one was chosen. */
export interface CiteForm {
  fields: Record<string, string>;
  /** Absent when no file was chosen (a browser sends an empty part then). */
  file?: { tmpPath: string; size: number; nombre?: string };
}

/** Fields hold a pasted draft: the API takes up to 200 000 characters, which is at most 800 KB of UTF-8. */
const FIELD_LIMIT = 1024 * 1024;

/**
 * Reads the cite page's multipart form: text fields up to 1 MB (a draft is larger than the 64 KB the other
 * forms allow) and at most one file, the part named `fileField`, streamed to `tmpDir` and cut at `fileLimit`.
 * Unlike the library's upload, the file is optional: the draft may be pasted instead.
 */
export async function readCiteForm(
  req: Request,
  fileField: string,
  fileLimit: number,
  tmpDir: string,
): Promise<CiteForm> {
  if (!/^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '') || !req.body) {
    throw new AppError('peticion_invalida', {
      mensaje: 'El formulario no llegó completo. Recarga la página y vuelve a intentarlo.',
      message: 'The form did not arrive whole. Reload the page and try again.',
    });
  }
  if (Number(req.headers.get('content-length') ?? NaN) > fileLimit + 2 * FIELD_LIMIT) {
    throw tooLarge(fileLimit, 'El archivo');
  }
  const parser = busboy({
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
    limits: { files: 1, fields: 20, fieldSize: FIELD_LIMIT, parts: 25 },
    defParamCharset: 'utf8',
  });
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `cite-form-${newId()}`);
  const fields: Record<string, string> = {};
  let truncated = false;
  let written: Promise<{ size: number; nombre?: string }> | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) truncated = true;
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || written) {
        stream.resume();
        return;
      }
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(size > fileLimit ? tooLarge(fileLimit, 'El archivo') : null, chunk);
        },
      });
      written = pipeline(stream, count, fs.createWriteStream(tmp)).then(() => ({
        size,
        nombre: info.filename || undefined,
      }));
      written.catch(reject);
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });
  try {
    await Promise.all([pipeline(Readable.fromWeb(req.body as unknown as NodeWebStream<Uint8Array>), parser), parsed]);
    const file = await written;
    if (truncated) {
      throw new AppError('demasiado_grande', {
        mensaje: 'El texto es demasiado largo para este formulario (como mucho 1 MB).',
        message: 'The text is too long for this form (at most 1 MB).',
      });
    }
    if (!file || (file.size === 0 && !file.nombre)) {
      await fsp.rm(tmp, { force: true });
      return { fields };
    }
    return { fields, file: { tmpPath: tmp, ...file } };
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError('peticion_invalida', {
      mensaje: 'El formulario no es válido o se cortó.',
      message: `Invalid or truncated form: ${(err as Error)?.message ?? err}`,
    });
  }
}
