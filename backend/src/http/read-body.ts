import { AppError } from '../errors';
import { nulInJson, nulRefused } from './nul-guard';

export const tooLarge = (limit: number, what = 'El cuerpo de la petición') =>
  new AppError('demasiado_grande', {
    mensaje: `${what} supera el límite de ${formatBytes(limit)}.`,
    message: `The request body exceeds the limit of ${formatBytes(limit)}.`,
    detalles: { limite_bytes: limit },
    headers: { Connection: 'close' },
  });

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;
}

/** Reads a whole (small) body, refusing at once past `limit` bytes instead of buffering on. */
export async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body strictly: valid UTF-8, valid JSON, within `limit`. */
export async function readJson(req: Request, limit: number): Promise<{ text: string; value: unknown }> {
  const bytes = await readLimited(req, limit);
  if (bytes.byteLength === 0)
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo JSON está vacío.',
      message: 'The JSON body is empty.',
    });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('peticion_invalida', {
      mensaje: 'El cuerpo no es UTF-8 válido.',
      message: 'The body is not valid UTF-8.',
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError('peticion_invalida', {
      mensaje: `El cuerpo no es JSON válido: ${(err as Error).message}`,
      message: `The body is not valid JSON: ${(err as Error).message}`,
    });
  }
  const nul = nulInJson(value);
  if (nul) throw nulRefused(nul);
  return { text, value };
}

export function isJson(contentType: string | undefined): boolean {
  return !!contentType && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
}
