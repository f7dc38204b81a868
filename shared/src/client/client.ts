import { z } from 'zod';
import { Documento, type Estado, ListaDocumentos, type TipoDocumento } from '../contract/documento';
import { EVENTOS_PREGUNTAR, EventoPreguntar } from '../contract/eventos';
import { Importacion } from '../contract/importacion';
import { Busqueda } from '../contract/pasaje';
import type { CorregirDocumento } from '../contract/requests';
import { parseAuthors } from '../format/authors';
import { ApiError, connectionError, invalidAnswer } from './api-error';
import { readSse } from './sse';
import { createTransport, type FetchResponse, type FetchLike, type Query, type Transport } from './transport';
import { type PartsInput, uploadInParts } from './upload-in-parts';
import type { UploadInput } from './upload-input';

export type { FetchInit, FetchLike, FetchResponse } from './transport';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server: its root ('http://127.0.0.1:8787') or its API base ending in '/api/v1'. */
  baseUrl: string;
  /** A personal API key, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Defaults to the platform's `fetch`, looked up at call time. */
  fetch?: FetchLike;
  /**
   * `upload` sends a file larger than this in parts (tus), default 90 MB: the server takes at most 95 MB in
   * one request.
   */
  partsOverBytes?: number;
}

export const PARTS_OVER_BYTES = 90 * 1024 * 1024;

/**
 * `disco` of `GET /health`: the store's size on disk in bytes, split into the database, its write-ahead log
 * (null, with `registro_escritura_motivo`, when the server's role may not read it) and the original files
 * (`originales_en_base_datos`: kept as rows of the database, so already part of `base_datos_bytes`).
 * `total_bytes` counts each byte once. `error` alone when the sizes could not be read.
 */
export const DiscoSalud = z.union([
  z.object({
    base_datos_bytes: z.number().nonnegative(),
    registro_escritura_bytes: z.number().nonnegative().nullable(),
    registro_escritura_motivo: z.string().optional(),
    originales_bytes: z.number().nonnegative(),
    originales_en_base_datos: z.boolean(),
    total_bytes: z.number().nonnegative(),
  }),
  z.object({ error: z.string() }),
]);
export type DiscoSalud = z.infer<typeof DiscoSalud>;

/** `GET /health`: what answers on the server. Only the fields the client relies on are checked. */
export const Salud = z
  .object({
    estado: z.enum(['ok', 'degradado']),
    version: z.string(),
    api: z.string(),
    disco: DiscoSalud.optional(),
  })
  .loose();
export type Salud = z.infer<typeof Salud>;

/** Query of `GET /documentos`. */
export interface ListInput {
  q?: string;
  estado?: Estado;
  limite?: number;
  cursor?: string;
  biblioteca?: string;
  /** Only this type of document (an extension of the contract). */
  tipo?: TipoDocumento;
  /** The order (an extension of the contract): anadido (default), titulo, autor, anio; a cursor keeps its order. */
  orden?: 'anadido' | 'titulo' | 'autor' | 'anio';
  signal?: AbortSignal;
}

/** Query of `GET /buscar`. */
export interface SearchInput {
  q: string;
  k?: number;
  documentos?: string[];
  biblioteca?: string;
  /** Only documents of these types (an extension of the contract). */
  tipos?: TipoDocumento[];
  /** Only documents of this year or range of years, '2021' or '2015-2020' (an extension of the contract). */
  anio?: string;
  signal?: AbortSignal;
}

/** Body of `POST /preguntar` (always streamed). */
export interface AskInput {
  pregunta: string;
  k?: number;
  documentos?: string[];
  biblioteca?: string;
  signal?: AbortSignal;
}

/** A file of an import: its name and bytes. */
export interface ImportFile {
  nombre: string;
  body: string | Uint8Array<ArrayBuffer> | ArrayBuffer;
}

/** `POST /importaciones`: a library exported from elsewhere, with its files. */
export interface ImportInput {
  /** A Zotero RDF export zipped with its files; a BibTeX/BibLaTeX, RIS or CSL-JSON file; or a .zip holding one with its files. */
  archivo: ImportFile;
  /** A .zip of the files a bibliography file names. */
  archivos?: ImportFile;
  /** The library's name (default: the file's name); importing again under it adds only what is new. */
  origen?: string;
  /** Repeating the request with the same key within 24 hours gives back the same import. */
  idempotencyKey?: string;
  /** Seconds to wait for the import to end (0-600; the server's default is 0: answered at once). */
  esperar?: number;
  signal?: AbortSignal;
}

/** Which scopes a key holds, as far as the client can tell without changing anything. */
export interface KeyAccess {
  lectura: boolean;
  escritura: boolean;
}

/** The typed Folio API client. Every failure is an {@link ApiError}. */
export interface FolioClient {
  /** The server's root, without '/api/v1'. */
  readonly root: string;
  /** `GET /health` (no key needed); a degraded server (503) still answers its report. */
  health(opts?: { signal?: AbortSignal }): Promise<Salud>;
  /** Tells which of `lectura` and `escritura` the key holds; throws `no_autenticado` for a bad key. */
  checkKey(opts?: { signal?: AbortSignal }): Promise<KeyAccess>;
  /** `POST /documentos`: a raw file with its name and origin, or a URL; a file over `partsOverBytes` goes in parts. */
  upload(input: UploadInput): Promise<Documento>;
  /**
   * A file of any size (up to the server's FOLIO_MAX_FILE_GB) in parts with tus (`/subidas`): resumable after
   * a cut or a restart (keep the address `onUrl` gives and pass it back as `uploadUrl`). Answers the document
   * as `upload` does, after waiting `esperar` seconds (default 60) for it to be read.
   */
  uploadInParts(input: PartsInput & { esperar?: number }): Promise<Documento & { duplicado?: boolean }>;
  /** `GET /documentos/{id}`, long-polling up to `esperar` seconds for it to finish. */
  document(id: string, opts?: { esperar?: number; signal?: AbortSignal }): Promise<Documento>;
  /** `PATCH /documentos/{id}`: the user's corrections (`null` clears a field); answers the updated document. */
  correct(id: string, changes: CorregirDocumento, opts?: { signal?: AbortSignal }): Promise<Documento>;
  /** `GET /documentos`: one page of the library. */
  list(input?: ListInput): Promise<ListaDocumentos>;
  /** `GET /buscar`. */
  search(input: SearchInput): Promise<Busqueda>;
  /**
   * `POST /preguntar` with `stream: true`: the events as they arrive (`pasajes`, `texto`, `fuente`, then
   * `fin` or `error`). A request the server refuses throws before the first event; a stream that breaks off
   * before `fin` or `error` throws `sin_conexion`.
   */
  ask(input: AskInput): AsyncGenerator<EventoPreguntar>;
  /**
   * `POST /importaciones` (an extension of the contract): uploads a library as one multipart request and
   * answers its import job, finished when it ended within `esperar`; poll it with `importJob`.
   */
  importLibrary(input: ImportInput): Promise<Importacion>;
  /** `GET /importaciones/{id}`: an import's progress, items and report, long-polling up to `esperar` seconds. */
  importJob(id: string, opts?: { esperar?: number; signal?: AbortSignal }): Promise<Importacion>;
}

/**
 * The server's root from what a user typed: 'http://' is assumed when no scheme is given, trailing slashes
 * and a final '/api/v1' are dropped. Throws on anything that is not an http(s) address.
 */
export function normalizeServerUrl(input: string): string {
  const text = input.trim();
  if (text === '') throw new TypeError('Empty server address.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('Only http and https servers.');
  if (url.username || url.password) throw new TypeError('No credentials in the server address.');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return `${url.origin}${path}`;
}

/** Creates a client for one server and key. Nothing is sent until a method is called. */
export function createClient(options: ClientOptions): FolioClient {
  const t = createTransport(options, normalizeServerUrl(options.baseUrl));
  return {
    root: t.root,
    ...serverMethods(t),
    ...documentMethods(t, options),
    ...searchMethods(t),
    ...importMethods(t),
  };
}

/** What the server and the key allow: `health` and `checkKey`. */
function serverMethods({ root, api, call, json }: Transport): Pick<FolioClient, 'health' | 'checkKey'> {
  return {
    async health(opts = {}) {
      const res = await call('GET', `${root}/health`, { auth: false, accept: [503], signal: opts.signal });
      return json(res, Salud, 'GET /health');
    },

    async checkKey(opts = {}) {
      const access: KeyAccess = { lectura: true, escritura: true };
      try {
        await call('GET', `${api}/documentos`, { query: { limite: 1 }, signal: opts.signal });
      } catch (err) {
        if (!(err instanceof ApiError) || err.codigo !== 'prohibido') throw err;
        access.lectura = false;
      }
      // An upload without its required `url` changes nothing: past the key check it is refused as invalid
      // (400), while a key without `escritura` is refused first (403).
      try {
        await call('POST', `${api}/documentos`, { json: {}, query: { esperar: 0 }, signal: opts.signal });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.codigo === 'prohibido') access.escritura = false;
        else if (err.codigo !== 'peticion_invalida') throw err;
      }
      return access;
    },
  };
}

type DocumentMethods = Pick<FolioClient, 'upload' | 'uploadInParts' | 'document' | 'correct' | 'list'>;

/** `/documentos` and `/subidas`: adding a document (whole or in parts), reading, correcting and listing them. */
function documentMethods({ api, call, json }: Transport, options: ClientOptions): DocumentMethods {
  return {
    async upload(input) {
      const size =
        input.body === undefined ? 0 : typeof input.body === 'string' ? input.body.length : input.body.byteLength;
      if (size > (options.partsOverBytes ?? PARTS_OVER_BYTES) && typeof input.body !== 'string') {
        const { body, ...rest } = input;
        return this.uploadInParts({ ...rest, file: partsSource(body!) });
      }
      const query: Query = { esperar: input.esperar };
      const headers: Record<string, string> = {};
      if (input.idempotencyKey !== undefined) headers['Idempotency-Key'] = input.idempotencyKey;
      let res: FetchResponse;
      if (input.body === undefined) {
        if (!input.url) throw new TypeError('upload needs a body or a url.');
        const autores = input.autores === undefined ? undefined : parseAuthors(input.autores);
        const json = {
          url: input.url,
          titulo: input.titulo,
          autores,
          anio: input.anio,
          biblioteca: input.biblioteca,
        };
        res = await call('POST', `${api}/documentos`, { query, json, headers, signal: input.signal });
      } else {
        Object.assign(query, {
          nombre: input.nombre,
          url: input.url,
          titulo: input.titulo,
          autores: input.autores,
          anio: input.anio,
          biblioteca: input.biblioteca,
        });
        headers['Content-Type'] = input.contentType ?? 'application/octet-stream';
        res = await call('POST', `${api}/documentos`, { query, body: input.body, headers, signal: input.signal });
      }
      return json(res, Documento, 'POST /documentos');
    },

    async uploadInParts(input) {
      const { esperar = 60, ...parts } = input;
      const { documento, duplicado } = await uploadInParts(api, options.apiKey, parts);
      const doc = await this.document(documento, { esperar, signal: input.signal });
      return duplicado ? { ...doc, duplicado } : doc;
    },

    async document(id, opts = {}) {
      const res = await call('GET', `${api}/documentos/${encodeURIComponent(id)}`, {
        query: { esperar: opts.esperar },
        signal: opts.signal,
      });
      return json(res, Documento, 'GET /documentos/{id}');
    },

    async correct(id, changes, opts = {}) {
      const res = await call('PATCH', `${api}/documentos/${encodeURIComponent(id)}`, {
        json: changes,
        signal: opts.signal,
      });
      return json(res, Documento, 'PATCH /documentos/{id}');
    },

    async list(input = {}) {
      const { signal, ...query } = input;
      const res = await call('GET', `${api}/documentos`, { query: { ...query }, signal });
      return json(res, ListaDocumentos, 'GET /documentos');
    },
  };
}

/** `/buscar` and `/preguntar`: passages for a query, and a streamed answer to a question. */
function searchMethods(t: Transport): Pick<FolioClient, 'search' | 'ask'> {
  return {
    async search(input) {
      const query: Query = {
        q: input.q,
        k: input.k,
        documento: input.documentos,
        biblioteca: input.biblioteca,
        tipo: input.tipos,
        anio: input.anio,
      };
      const res = await t.call('GET', `${t.api}/buscar`, { query, signal: input.signal });
      return t.json(res, Busqueda, 'GET /buscar');
    },

    ask: (input) => askEvents(t, input),
  };
}

/** `/importaciones`: a library brought whole, and its job. */
function importMethods({ api, call, json }: Transport): Pick<FolioClient, 'importLibrary' | 'importJob'> {
  return {
    async importLibrary(input) {
      const parts: MultipartPart[] = [{ name: 'archivo', file: input.archivo }];
      if (input.archivos) parts.push({ name: 'archivos', file: input.archivos });
      if (input.origen !== undefined) parts.push({ name: 'origen', value: input.origen });
      const { body, contentType } = multipartBody(parts);
      const headers: Record<string, string> = { 'Content-Type': contentType };
      if (input.idempotencyKey !== undefined) headers['Idempotency-Key'] = input.idempotencyKey;
      const res = await call('POST', `${api}/importaciones`, {
        query: { esperar: input.esperar },
        body,
        headers,
        signal: input.signal,
      });
      return json(res, Importacion, 'POST /importaciones');
    },

    async importJob(id, opts = {}) {
      const res = await call('GET', `${api}/importaciones/${encodeURIComponent(id)}`, {
        query: { esperar: opts.esperar },
        signal: opts.signal,
      });
      return json(res, Importacion, 'GET /importaciones/{id}');
    },
  };
}

type MultipartPart = { name: string; file: ImportFile } | { name: string; value: string };

/**
 * A multipart/form-data body built as bytes (the transport sends bytes, and FormData is not everywhere the
 * client runs): each file part with its name, each text part as UTF-8.
 */
export function multipartBody(parts: MultipartPart[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----folio${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const encoder = new TextEncoder();
  const quoted = (text: string) => text.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const head =
      'file' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${quoted(part.file.nombre)}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n'
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(encoder.encode(head));
    if ('file' in part) {
      const b = part.file.body;
      chunks.push(typeof b === 'string' ? encoder.encode(b) : b instanceof ArrayBuffer ? new Uint8Array(b) : b);
    } else chunks.push(encoder.encode(part.value));
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /preguntar` with `stream: true`, read as the contract's events until `fin` or `error`. */
async function* askEvents({ api, call }: Transport, input: AskInput): AsyncGenerator<EventoPreguntar> {
  const { signal, ...body } = input;
  const res = await call('POST', `${api}/preguntar`, {
    json: { ...body, stream: true },
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!/^text\/event-stream\b/i.test(type) || !res.body) throw invalidAnswer('POST /preguntar sin eventos');
  let ended = false;
  try {
    for await (const raw of readSse(res.body)) {
      let data: unknown;
      try {
        data = JSON.parse(raw.data);
      } catch {
        throw invalidAnswer(`evento ${raw.event}: no es JSON`);
      }
      const parsed = EventoPreguntar.safeParse({ event: raw.event, data });
      // Events the contract does not name yet are skipped, so a newer server does not break the client.
      if (!parsed.success) {
        if ((EVENTOS_PREGUNTAR as readonly string[]).includes(raw.event)) throw invalidAnswer(`evento ${raw.event}`);
        continue;
      }
      yield parsed.data;
      if (parsed.data.event === 'fin' || parsed.data.event === 'error') {
        ended = true;
        return;
      }
    }
  } catch (err) {
    if (err instanceof ApiError || signal?.aborted) throw err;
    throw connectionError(api, err);
  }
  if (!ended) {
    throw new ApiError({
      estado: 0,
      codigo: 'sin_conexion',
      mensaje: 'La respuesta se cortó antes de terminar.',
      message: 'The answer broke off before it ended.',
    });
  }
}

/** Bytes as tus-js-client reads them: a Buffer in Node, a Blob in a browser. */
function partsSource(body: Uint8Array<ArrayBuffer> | ArrayBuffer): PartsInput['file'] {
  const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
  const NodeBuffer = (globalThis as { Buffer?: { from(b: ArrayBuffer, o: number, l: number): PartsInput['file'] } })
    .Buffer;
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Blob([bytes]);
}
