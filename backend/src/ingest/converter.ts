import type { Ancla, TipoDocumento } from '@folio/shared';

/** An original file as the pipeline sees it: already on disk, fingerprinted. */
export interface SourceFile {
  /** Absolute path of the bytes on local disk. */
  path: string;
  size: number;
  /** File name given by the client, if any. */
  nombre?: string;
  /** Content type declared by the client; a hint only, the bytes decide. */
  contentType?: string;
  /** Origin URL when the file came from the web. */
  url?: string;
}

/** A block of text with its own anchor inside a unit (a paragraph of a section, a cue of a transcript). */
export interface Block {
  texto: string;
  ancla: Ancla;
}

/**
 * One unit in physical order: a page, a slide, a sheet, a section, a cue group.
 * `texto` is what `GET /documentos/{id}/texto` returns for it; `ancla` locates the unit as a whole.
 * When a unit has finer anchors (paragraphs of a section, cues), `bloques` holds them and passages
 * take their anchor from the first block they contain.
 */
export interface Unit {
  texto: string;
  ancla: Ancla;
  bloques?: Block[];
  /** Start and end second, audio and video only. */
  t0?: number;
  t1?: number;
}

/** Metadata a converter found in the file itself; the user's own values override these. */
export interface FoundMetadata {
  titulo?: string;
  autores?: string[];
  anio?: number;
  idioma?: string;
  duracion?: number;
}

export interface Conversion {
  tipo: TipoDocumento;
  unidades: Unit[];
  metadatos: FoundMetadata;
}

export interface ConvertContext {
  /** Report progress of this conversion, 0-1. */
  progress(fraction: number): Promise<void>;
  signal?: AbortSignal;
}

/** What the bytes are, decided by `detectKind` from magic numbers and contents. */
export type FileKind =
  | 'pdf'
  | 'texto'
  | 'markdown'
  | 'html'
  | 'epub'
  | 'docx'
  | 'odt'
  | 'rtf'
  | 'pptx'
  | 'odp'
  | 'xlsx'
  | 'ods'
  | 'csv'
  | 'audio'
  | 'video'
  | 'imagen'
  | 'zip'
  | 'desconocido';

/** Reads one kind of input into units with anchors. */
export interface Converter {
  readonly kinds: readonly FileKind[];
  convert(file: SourceFile, ctx: ConvertContext): Promise<Conversion>;
}

/**
 * A conversion that cannot succeed (broken or unsupported file). `message` is English for logs;
 * `mensaje` is the Spanish text stored in the document's `error`. Retryable failures (I/O, a provider
 * down) are plain errors and are retried by the job queue.
 */
export class ConversionError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}
