import { DetailedError, type HttpStack, Upload } from 'tus-js-client';
import { connectionError, errorFromBody, invalidAnswer } from './api-error';
import type { UploadInput } from './upload-input';

/** What tus-js-client reads a file from: a File or Blob in a browser; a Buffer or an fs.ReadStream in Node. */
export type PartsSource = ConstructorParameters<typeof Upload>[0];

/** A file to add in parts (tus, `/api/v1/subidas`), with what the user says about it, as for `upload`. */
export interface PartsInput extends Omit<UploadInput, 'body' | 'esperar'> {
  file: PartsSource;
  /** Bytes per part (default 5 MB): what a dropped connection can cost at most. */
  chunkSize?: number;
  /** The address of an upload begun earlier (kept from `onUrl`): the upload goes on from where it stood. */
  uploadUrl?: string;
  /** Called once the server has given the upload its address: keep it to resume after a restart. */
  onUrl?: (url: string) => void;
  onProgress?: (sent: number, total: number) => void;
  /**
   * How tus-js-client sends its requests; its default for the platform otherwise (XMLHttpRequest in a page,
   * node:http in Node). A browser extension's service worker has no XMLHttpRequest and passes one over fetch.
   */
  httpStack?: HttpStack;
}

export const DEFAULT_CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits between tries of a part that failed for a transient reason (network, 5xx, 423, 429). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * Uploads a file in parts with tus-js-client (the protocol's reference client: resumes from the server's
 * offset after a cut, retries transient failures) and resolves with the id of the document it became,
 * and whether it was already in the library. A refusal comes back as the ApiError the server's body
 * describes.
 */
export function uploadInParts(
  api: string,
  apiKey: string,
  input: PartsInput,
): Promise<{ documento: string; duplicado: boolean }> {
  const metadata: Record<string, string> = {};
  const put = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== '') metadata[k] = String(v);
  };
  put('nombre', input.nombre);
  put('tipo', input.contentType);
  put('url', input.url);
  put('titulo', input.titulo);
  put('autores', input.autores);
  put('anio', input.anio);
  put('biblioteca', input.biblioteca);
  put('idempotencia', input.idempotencyKey);

  return new Promise((resolve, reject) => {
    const upload = new Upload(input.file, {
      endpoint: `${api}/subidas`,
      uploadUrl: input.uploadUrl ?? null,
      chunkSize: input.chunkSize ?? DEFAULT_CHUNK_BYTES,
      metadata,
      headers: { Authorization: `Bearer ${apiKey}` },
      retryDelays: RETRY_DELAYS_MS,
      ...(input.httpStack && { httpStack: input.httpStack }),
      // Resuming is the caller's: it keeps the address given to onUrl where it keeps the file.
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (upload.url) input.onUrl?.(upload.url);
      },
      onProgress: (sent, total) => input.onProgress?.(sent, total),
      onSuccess: ({ lastResponse }) => {
        const documento = lastResponse.getHeader('X-Folio-Documento');
        if (!documento) {
          reject(invalidAnswer('PATCH /subidas/{id}: sin X-Folio-Documento'));
          return;
        }
        resolve({ documento, duplicado: lastResponse.getHeader('X-Folio-Duplicado') === 'si' });
      },
      onError: (err) => reject(asApiError(err, api)),
    });
    input.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(input.signal!.reason);
      },
      { once: true },
    );
    upload.start();
  });
}

/** The server's refusal (its error body), or a connection error when there was no answer. */
function asApiError(err: Error, api: string): Error {
  const res = err instanceof DetailedError ? err.originalResponse : null;
  if (!res) return connectionError(`${api}/subidas`, err);
  let body: unknown;
  try {
    body = JSON.parse(res.getBody());
  } catch {
    body = undefined;
  }
  return errorFromBody(res.getStatus(), body, res.getHeader('Retry-After') ?? null);
}
