import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../errors';
import { newId } from '../ids';
import { byteMeter, writeMetered } from '../storage/metered-copy';
import { tooLarge } from './read-body';

export interface StreamedFile {
  tmpPath: string;
  sha256: string;
  size: number;
  nombre?: string;
  contentType?: string;
}

export interface MultipartUpload {
  file: StreamedFile;
  fields: Record<string, string>;
}

/** Counts, hashes and cuts off an upload at `limit` (413 past it), so nothing past the limit is kept. */
const meter = (limit: number) => byteMeter(limit, () => tooLarge(limit, 'El archivo'));

async function tempPath(tmpDir: string): Promise<string> {
  await fsp.mkdir(tmpDir, { recursive: true });
  return path.join(tmpDir, `upload-${newId()}`);
}

function toNodeStream(body: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);
}

/** Streams a raw request body to a temporary file, hashing it on the way. */
export async function streamRawBody(req: Request, limit: number, tmpDir: string): Promise<StreamedFile> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge(limit, 'El archivo');
  const tmp = await tempPath(tmpDir);
  const body = req.body ? toNodeStream(req.body) : Readable.from([]);
  try {
    return { tmpPath: tmp, ...(await writeMetered(body, tmp, limit, () => tooLarge(limit, 'El archivo'))) };
  } catch (err) {
    throw err instanceof AppError ? err : bodyReadError(err);
  }
}

const bodyReadError = (err: unknown) =>
  new AppError('peticion_invalida', {
    mensaje: 'No se pudo leer el cuerpo de la petición (¿se cortó la conexión?).',
    message: `Could not read the request body: ${(err as Error)?.message ?? err}`,
  });

/**
 * Streams a multipart/form-data upload: the file field `archivo` goes to a temporary file as it
 * arrives; the other fields (titulo, autores, anio…) are collected as text.
 */
export async function streamMultipart(req: Request, limit: number, tmpDir: string): Promise<MultipartUpload> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit + 64 * 1024) throw tooLarge(limit, 'El archivo');
  if (!req.body) throw missingFile();
  const contentType = req.headers.get('content-type') ?? '';
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
      defParamCharset: 'utf8',
    });
  } catch (err) {
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo multipart no es válido (falta el boundary).',
      message: `Invalid multipart body: ${(err as Error).message}`,
    });
  }
  const fields: Record<string, string> = {};
  const tmp = await tempPath(tmpDir);
  let file: StreamedFile | undefined;
  let fileWrite: Promise<void> | undefined;

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'archivo') {
        stream.resume();
        return;
      }
      const m = meter(limit);
      fileWrite = pipeline(stream, m.transform, fs.createWriteStream(tmp)).then(() => {
        file = {
          tmpPath: tmp,
          ...m.result(),
          nombre: info.filename || undefined,
          contentType: info.mimeType || undefined,
        };
      });
      // A failed write must fail the request even if busboy has already finished.
      fileWrite.catch(reject);
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });

  try {
    await Promise.all([pipeline(toNodeStream(req.body), parser), parsed]);
    await fileWrite;
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo multipart no es válido o se cortó.',
      message: `Invalid or truncated multipart body: ${(err as Error)?.message ?? err}`,
    });
  }
  if (!file) {
    await fsp.rm(tmp, { force: true });
    throw missingFile();
  }
  return { file, fields };
}

const missingFile = () =>
  new AppError('peticion_invalida', {
    mensaje: "Falta el campo de archivo 'archivo' en el formulario multipart.",
    message: "Missing the file field 'archivo' in the multipart form.",
    detalles: { campo: 'archivo' },
  });

/**
 * A streamed file accepted for upload, or refused with its temporary file removed: `authorize` runs first (a
 * refused session says so before anything about the file), then an empty file is refused, then `read` takes
 * what the request says of the file (its fields), and its result is returned.
 */
export async function acceptUpload<T>(file: StreamedFile, read: () => T, authorize?: () => void): Promise<T> {
  try {
    authorize?.();
    if (file.size === 0) {
      throw new AppError('peticion_invalida', {
        mensaje: 'El archivo está vacío.',
        message: 'The file is empty.',
        detalles: { campo: 'archivo' },
      });
    }
    return read();
  } catch (err) {
    await fsp.rm(file.tmpPath, { force: true });
    throw err;
  }
}
