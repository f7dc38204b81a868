import type { Ancla, TipoDocumento, TipoObra } from '@folio/shared';
import type { ConvertLimits } from '../formats/limits';

// The error and the limits of every reader live in formats/, where the zip and Office readers shared with
// cite/ throw and enforce them; a converter takes them from here with the rest of its contract.
export { ConversionError } from '../formats/conversion-error';
export { DEFAULT_LIMITS, type ConvertLimits } from '../formats/limits';

/** An original file as the pipeline sees it: already on disk, fingerprinted. */
export interface SourceFile {
  /** Absolute path of the bytes on local disk. */
  path: string;
  size: number;
  /** File name given by the client, if any. */
  nombre?: string;
  /** Content type declared by the client; a hint only, the bytes decide. */
  contentType?: string;
  /**
   * Origin URL when the file came from the web: downloaded from it, or captured from that page in the
   * browser (an HTML file is then read as that web page, a caption file as that video's transcript).
   */
  url?: string;
  /** When Folio received the file; a captured page's `consultada`. Now when absent. */
  receivedAt?: Date;
  /** A transcript that came with an audio or video file (e.g. a podcast's), preferred over recognition. */
  transcript?: { path: string; format: TranscriptFormat };
}

export type TranscriptFormat = 'vtt' | 'srt' | 'json' | 'html' | 'txt';

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
  /** The text was read from an image (OCR of a picture or a scanned page), not from a text layer. */
  visual?: boolean;
}

/** Metadata a converter found in the file itself; the user's own values override these. */
export interface FoundMetadata {
  titulo?: string;
  autores?: string[];
  anio?: number;
  idioma?: string;
  duracion?: number;
  /** Digital Object Identifier, when the source states one. */
  doi?: string;
  /** Where the work appeared, when the source names it: a page's site, a podcast episode's show. */
  contenedor?: string;
  /** ISBN-13 (digits only; an ISBN-10 is converted), when the first pages print one. */
  isbn?: string;
  /** arXiv identifier ('2101.00001v2', 'hep-th/9901001'), when the first pages or the metadata state one. */
  arxiv?: string;
  /** The kind of work, when the file itself shows it (a thesis cover; a journal's volume and pages). */
  tipo_obra?: TipoObra;
  /** The kind within it, as a reference writes it: 'Tesis doctoral', 'Dissertação (Mestrado)'. */
  genero?: string;
  /** Where each field was read, for fields whose source is worth telling (a guess from layout, a file date). */
  origen?: MetadataOrigins;
}

/**
 * Where a found field came from: the first page's layout (`primera_pagina`), the XMP packet (`xmp`), the info
 * dictionary or office properties (`info`), the file name (`nombre_archivo`); a year printed on the page
 * (`pagina`), a publication date in XMP (`xmp`), the file's creation date (`fecha_creacion`); a language told
 * by the text (`texto`) or taken from the properties when the text says nothing (`propiedades`).
 */
export interface MetadataOrigins {
  titulo?: 'primera_pagina' | 'xmp' | 'info' | 'nombre_archivo';
  autores?: 'primera_pagina' | 'xmp' | 'info';
  anio?: 'pagina' | 'xmp' | 'arxiv' | 'fecha_creacion';
  idioma?: 'texto' | 'propiedades';
  doi?: 'pagina' | 'xmp' | 'info';
}

export interface Conversion {
  tipo: TipoDocumento;
  unidades: Unit[];
  metadatos: FoundMetadata;
  /** A PDF's pages left without text, by what they show instead (for an honest `aviso`). */
  paginasSinTexto?: PagesWithoutText;
}

/** What a page without a text layer shows instead: a picture, a vector drawing, empty form fields, nothing. */
export type PageContent = 'imagen' | 'dibujo' | 'formulario' | 'vacia';

/** The pages of a PDF left without text, and what those examined show. */
export interface PagesWithoutText {
  total: number;
  /** How many of them were examined (the first ones: examining a page costs its content stream). */
  examinadas: number;
  por: Record<PageContent, number>;
  /** Pictures OCR did not read because their script is not one it reads, by script (Tesseract's name). */
  escrituras?: Record<string, number>;
}

/** Phases a document goes through, shown as its `fase`. */
export type Fase = 'descarga' | 'conversion' | 'ocr' | 'transcripcion' | 'indexado';

import type { Engines } from '../ai/reading-engines';

export type { Engines };

export interface ConvertContext {
  /** Report progress of the current phase, 0-1. */
  progress(fraction: number): Promise<void>;
  /** Names the phase now running; progress restarts within it. */
  phase?(fase: Fase): Promise<void>;
  signal?: AbortSignal;
  engines?: Engines;
  limits?: ConvertLimits;
  /**
   * Threads a converter may read with, the caller's included (FOLIO_PDF_THREADS): a long PDF's pages are
   * read in threads of their own up to this many; 1 reads in the caller's alone. Default: the cores the load
   * average leaves idle.
   */
  threads?: number;
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
  | 'subtitulos'
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
