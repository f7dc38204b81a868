/** A file to add with `POST /documentos`, or a URL for the server to fetch when there is no `body`. */
export interface UploadInput {
  /** The file's bytes or text, sent raw. Without it, `url` is sent as JSON and the server fetches it. */
  body?: string | Uint8Array<ArrayBuffer> | ArrayBuffer;
  /** File name (query `nombre`). */
  nombre?: string;
  /** Content type of `body`; `application/octet-stream` when absent. */
  contentType?: string;
  /** Origin of the file (query `url`), or the URL to fetch. */
  url?: string;
  titulo?: string;
  /** 'Surname, Given; Surname, Given'. */
  autores?: string;
  anio?: number;
  biblioteca?: string;
  /** Repeating an upload with the same key within 24 hours gives back the same document; the key with another upload is a 409 `conflicto`. */
  idempotencyKey?: string;
  /** Seconds to wait for the document to be read (0-600; the server's default is 60). */
  esperar?: number;
  signal?: AbortSignal;
}
