import type { TipoDocumento } from '@folio/shared';

/**
 * The version of the reader of each kind of document. A change to a reader that reads existing files
 * differently (and better) bumps its kind's number here: at the next start the worker's sweep re-reads, in
 * the background, every ready document of that kind read by an older version (services/documents/reread-outdated.ts).
 * A document read before versions were recorded counts as version 1.
 */
export const READER_VERSIONS: Readonly<Record<TipoDocumento, number>> = {
  // 2: accents LaTeX draws as separate glyphs composed, exponents kept apart, line-end hyphens undone (issue 29).
  // 3: Adobe's private-use small capitals and old-style figures read as letters and digits (issue 33 item 2);
  // right-to-left ligatures and glyph clusters in reading order, vertical columns as lines (item 6).
  // 4: columns a content stream draws row by row read one after the other (item 7).
  pdf: 4,
  // 3: OCR in the document's language (issue 33 item 3); pages in a script OCR does not read said, not read blind.
  pdf_escaneado: 3,
  epub: 1,
  documento: 1,
  presentacion: 1,
  // 2: Excel dates below serial 61 as Excel shows them; merged headers and values read once (issue 33 item 4).
  hoja: 2,
  audio: 1,
  video: 1,
  // 2: read in its own language (a first reading tells it), and a script OCR does not read said (issue 33 item 3).
  imagen: 2,
  web: 1,
};

/** The version a reading stored with `recorded` (null: before versions were recorded) stands for. */
export const versionOfReading = (recorded: number | null | undefined): number => recorded ?? 1;

/** Whether a reading of a `tipo` document by reader `recorded` is older than that kind's reader now. */
export const isOutdatedReading = (tipo: TipoDocumento, recorded: number | null | undefined): boolean =>
  versionOfReading(recorded) < READER_VERSIONS[tipo];
