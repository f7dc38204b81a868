/**
 * One item of a library brought from elsewhere (a Zotero data directory, a BibTeX/BibLaTeX, RIS or CSL-JSON
 * export), as every reader of such a library gives it and `services/import/import-library.ts` takes it. The
 * bibliographic record is CSL-JSON, the shape citation-js and Zotero's own CSL export use, so each reader
 * maps its source's fields once and the import maps CSL to Folio's metadata once.
 */

/** Where an import comes from; recorded with each imported document as its metadata's origin. */
export type ImportSource = 'zotero' | 'zotero-rdf' | 'bibtex' | 'ris' | 'csl-json';

/** A CSL-JSON name: a person (`family`, `given`, particles, suffix) or one written as a whole (`literal`). */
export interface CslName {
  family?: string;
  given?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
  /** A name kept whole: an organisation, or a single-field name in Zotero. */
  literal?: string;
}

/** A CSL-JSON date: `date-parts` ([[year, month?, day?]]), or a `raw` string when it cannot be parsed. */
export interface CslDate {
  'date-parts'?: (number | string)[][];
  raw?: string;
  literal?: string;
}

/** The CSL-JSON fields an import keeps (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
export interface CslRecord {
  /** CSL item type: 'article-journal', 'book', 'chapter', 'thesis', 'webpage', … */
  type: string;
  title?: string;
  author?: CslName[];
  editor?: CslName[];
  translator?: CslName[];
  issued?: CslDate;
  DOI?: string;
  ISBN?: string;
  ISSN?: string;
  'container-title'?: string;
  'collection-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  edition?: string;
  publisher?: string;
  'publisher-place'?: string;
  genre?: string;
  URL?: string;
  language?: string;
  abstract?: string;
  note?: string;
}

/** A file an item names: stored with the library, or linked from elsewhere on disk. */
export interface ImportedFile {
  /** Absolute path where it should be. */
  path: string;
  /** Whether a file is there now; a missing one is listed in the report, not read. */
  exists: boolean;
  /** Stored with the library (Zotero's `storage/`, a folder beside the export) or linked from elsewhere. */
  link: 'stored' | 'linked';
  /** Content type the source declares (Zotero's `contentType`, a `file` field's type); a hint only. */
  contentType?: string;
  /** The source's own title of the attachment ('Full Text PDF', 'Snapshot'), when it has one. */
  title?: string;
}

/** One item of the source library. */
export interface ImportedItem {
  source: ImportSource;
  /**
   * The item's own key in its source, stable across exports: Zotero's item key, a BibTeX citation key, a
   * RIS `ID`, a CSL-JSON `id`. A second import of the same source adds only items with new keys.
   */
  key: string;
  record: CslRecord;
  files: ImportedFile[];
  /** The collections it is in, each as its path of names from the top ('Tesis', 'Capítulo 2'). */
  collections: string[][];
  tags: string[];
  /** Its notes, as plain text (a Zotero note's HTML reduced to text). */
  notes: string[];
}

/** An entry of the source that is not imported, and why (in Spanish, for the report). */
export interface SkippedEntry {
  key: string;
  /** What the source calls it: its title, or its type. */
  what: string;
  motivo: string;
}

/** What a reader of a library found: its items, and the entries it left out. */
export interface LibraryReading {
  items: ImportedItem[];
  skipped: SkippedEntry[];
  /** What the reader could tell of the source: 'Zotero 7 (esquema 125)', 'BibLaTeX (JabRef 5)'. */
  origen: string;
  /**
   * The file the library was read from, when the reader was given its folder (a Zotero RDF export's .rdf):
   * the library's identity on disk, the same however it was named.
   */
  file?: string;
}
