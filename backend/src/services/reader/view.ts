import type { Estado, TipoDocumento } from '@folio/shared';
import type { TextBlock } from './section-blocks';
import type { SheetTable } from './sheet-table';
import type { TranscriptSegment } from './transcript';

/** The place a reader link names (`?pagina=`, `?t=` …), already parsed; every part optional. */
export interface ReaderPlace {
  pagina?: number;
  /** A passage's position in the document (the number after ':' in its id). */
  pasaje?: number;
  /** Seconds. */
  t?: number;
  /** Seconds: where the range starting at `t` ends (a cited cue's t1); always after `t`. */
  hasta?: number;
  diapositiva?: number;
  hoja?: string;
  filas?: { desde: number; hasta: number };
  parrafo?: number;
  /** A unit's physical position. */
  u?: number;
}

/** What every reader page shows of its document. */
export interface ReaderDocument {
  id: string;
  titulo: string;
  autores: string[];
  anio: number | null;
  tipo: TipoDocumento;
  estado: Estado;
  error: string | null;
  url: string | null;
  referencia: string | null;
  unidades: number;
  /** The original file is stored (`/leer/:id/archivo` answers). */
  archivo: boolean;
  /** A reference without a file: nothing to read; its page is the document's. */
  soloReferencia: boolean;
}

/** The place the page opens at, as a citation would name it: '(Pérez Canul, 2021, p. 45)'. */
export interface ReaderCitation {
  cita: string;
  localizador: string;
}

export interface PdfView {
  kind: 'pdf';
  doc: ReaderDocument;
  /** Physical page to open, from 1. */
  pagina: number;
  paginas: number;
  /** The passage to highlight on that page. */
  pasaje?: { posicion: number; texto: string };
  /** The page's stored text (from its text layer, or read by OCR). */
  textoPagina?: string;
  lugar?: ReaderCitation;
}

export interface MediaView {
  kind: 'media';
  doc: ReaderDocument;
  elemento: 'audio' | 'video';
  /** The original is something a media element can play. */
  reproducible: boolean;
  /** Second to seek to. */
  t?: number;
  /** Second to stop at: the end of the cited range `t`–`hasta`. */
  hasta?: number;
  /** The transcript: its cues, each with its own times, where they were stored; else longer stretches. */
  segmentos: TranscriptSegment[];
  /** Index of the segment at `t`, -1 for none. */
  actual: number;
  /** Indexes of the segments cited: those overlapping `t`–`hasta`, else the one at `t`; in order. */
  citados: number[];
  lugar?: ReaderCitation;
}

export interface TextUnitView {
  posicion: number;
  bloques: TextBlock[];
}

export interface TextView {
  kind: 'texto';
  doc: ReaderDocument;
  unidades: TextUnitView[];
  /** Unit and paragraph to scroll to and highlight; no paragraph: the whole unit. */
  destino?: { unidad: number; parrafo?: number };
  /** The units shown, when the document is longer than one page of the reader. */
  ventana: { desde: number; hasta: number; total: number };
  /** For web captures: where and when the page was read. */
  web?: { url?: string; consultada?: string };
  lugar?: ReaderCitation;
}

export interface SlideView {
  kind: 'diapositiva';
  doc: ReaderDocument;
  n: number;
  total: number;
  /** The slide's position as a unit. */
  posicion: number;
  lineas: string[];
  lugar?: ReaderCitation;
}

export interface SheetView {
  kind: 'hoja';
  doc: ReaderDocument;
  hojas: { nombre: string | null; primera: number }[];
  hoja: string | null;
  /** The unit shown (at most 200 rows of one sheet). */
  posicion: number;
  tabla: SheetTable;
  filas?: { desde: number; hasta: number };
  lugar?: ReaderCitation;
}

export interface ImageView {
  kind: 'imagen';
  doc: ReaderDocument;
  /** Text read from the image (OCR). */
  texto: string;
  lugar?: ReaderCitation;
}

/** A document with nothing to read yet (queued, processing, failed, or empty). */
export interface PendingView {
  kind: 'pendiente';
  doc: ReaderDocument;
}

/** Everything a reader page needs, by kind of document. */
export type ReaderView = PdfView | MediaView | TextView | SlideView | SheetView | ImageView | PendingView;
