import type { Documento, OrigenMetadatos, Pasaje } from '@folio/shared';
import { Dexie, type Table } from 'dexie';

/** What was captured; decides the labels and extras (a video capture can cite the second it was at). */
export type CaptureKind = 'page' | 'video' | 'pdf' | 'url' | 'file';

/** A selection as a W3C TextQuote plus its offsets in the captured text. */
export interface TextQuote {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

/**
 * One capture as it enters the outbox, whatever made it (page, video, PDF, selection, link): the file as
 * text or bytes with its name and type, or only a `url` for the server to fetch.
 */
export interface CaptureInput {
  kind: CaptureKind;
  /** Where it was captured (query `url` of the upload), or the address to fetch when there is no body. */
  url: string;
  titulo?: string;
  /** File name (query `nombre`). */
  nombre?: string;
  contentType?: string;
  /** The file: HTML or WebVTT text, PDF bytes. Absent for a link the server fetches itself. */
  body?: string | Uint8Array<ArrayBuffer>;
  /** Video: the second the user was at. */
  t?: number;
  /** Selection: the quote the user saved with the page. */
  quote?: TextQuote;
}

/** queued → uploading → processing → ready, or error; `queued` again while retrying with backoff. */
export type CaptureState = 'queued' | 'uploading' | 'processing' | 'ready' | 'error';

/** The document a capture became, as far as the popup shows and cites it. */
export interface CapturedDocument {
  id: string;
  titulo: string;
  autores: string[];
  anio?: number;
  tipo: Documento['tipo'];
  enlace: string;
  /** Where its title, authors and year came from, so 'Revisar datos' can say which to check (absent on rows kept before it was stored). */
  origen_metadatos?: OrigenMetadatos;
}

/** 'Citar este momento' of a video capture, built from the anchor of the captured second. */
export interface VideoMoment {
  cita: string;
  localizador: string;
  enlace: string;
}

/** A row of the outbox. Its id is the upload's Idempotency-Key, so a retry never makes a second document. */
export interface CaptureRow {
  id: string;
  kind: CaptureKind;
  url: string;
  titulo?: string;
  nombre?: string;
  contentType?: string;
  t?: number;
  state: CaptureState;
  createdAt: number;
  updatedAt: number;
  /** Attempts of the current step (upload, or polling once processing). */
  attempts: number;
  /** When the next step may run (epoch ms); indexed, so due rows are found without a scan. */
  nextAttemptAt: number;
  documentId?: string;
  /**
   * The tus address of a large body's upload in parts, saved as soon as the server gives it, so that the
   * next attempt (after a failure, or a restarted worker or browser) goes on from the server's offset.
   * Not indexed: stored with the row without a schema version.
   */
  uploadUrl?: string;
  fase?: string;
  progreso?: number;
  referencia?: string;
  documento?: CapturedDocument;
  moment?: VideoMoment;
  /** Why the capture failed for good (state `error`), in Spanish. */
  error?: string;
  /** The contract or client code of the last failure. */
  errorCode?: string;
  /** The last transient failure while it keeps retrying, in Spanish. */
  lastError?: string;
}

/** A capture's file, kept apart from its row so listing captures never loads megabytes. */
export interface CaptureBody {
  id: string;
  body: string | Uint8Array<ArrayBuffer>;
}

/** Results of a recent search, for answering offline. */
export interface CachedSearch {
  /** The normalised query and k. */
  key: string;
  q: string;
  k: number;
  pasajes: Pasaje[];
  at: number;
}

/** A quote the user saved from a page, tied to the capture of that page. */
export interface SavedQuote extends TextQuote {
  id: string;
  captureId: string;
  url: string;
  titulo?: string;
  createdAt: number;
}

/** Small values: when the library was last refreshed, and the like. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * The extension's IndexedDB: the capture outbox (rows and bodies), the library cache, recent searches and
 * saved quotes. Only the background opens it; a restarted worker opens it again and picks up where the
 * last one stopped, because nothing that matters lives in memory.
 */
export class FolioDb extends Dexie {
  captures!: Table<CaptureRow, string>;
  bodies!: Table<CaptureBody, string>;
  documents!: Table<Documento, string>;
  searches!: Table<CachedSearch, string>;
  quotes!: Table<SavedQuote, string>;
  meta!: Table<MetaRow, string>;

  constructor(name = 'folio') {
    super(name);
    this.version(1).stores({
      captures: 'id, state, nextAttemptAt, createdAt',
      bodies: 'id',
      documents: 'id, creado',
      searches: 'key, at',
      quotes: 'id, captureId, createdAt',
      meta: 'key',
    });
  }
}

let shared: FolioDb | undefined;

/** The background's database, opened on first use (no side effects on import). */
export function getDb(): FolioDb {
  shared ??= new FolioDb();
  return shared;
}
