/**
 * The vocabulary of the `formatBibliography` message, shared by the editor content script (which records the
 * cited works and offers the styles) and the background (which formats them with citation-js). Types and one
 * constant only: importing it costs a content script nothing.
 */

/** A work cited through the picker: what its reference is built from (the passage's `documento`). */
export interface CitedWork {
  /** The document id. */
  id: string;
  titulo: string;
  /** Each 'Surname, Given name', a surname alone, or an organisation. */
  autores: string[];
  anio?: number | null;
  /** The origin of a web document (from a web anchor); never the reader link, which is private. */
  url?: string;
  /** When that web page was captured (YYYY-MM-DD). */
  consultada?: string;
}

/** The styles offered for a bibliography: those built into @citation-js/plugin-csl. */
export const BIBLIOGRAPHY_STYLES: readonly { id: string; nombre: string }[] = [
  { id: 'apa', nombre: 'APA 7' },
  { id: 'vancouver', nombre: 'Vancouver' },
  { id: 'harvard1', nombre: 'Harvard' },
];

/** A formatted bibliography: one paragraph per work as HTML (italics kept), one line per work as text. */
export interface FormattedBibliography {
  html: string;
  text: string;
}
