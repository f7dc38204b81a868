/**
 * A file given to an import that is no library it can read (not BibTeX/BibLaTeX, RIS nor CSL-JSON, or no
 * Zotero data directory): `mensaje` says so in Spanish for the person importing, `message` in English for
 * the log.
 */
export class ImportSourceError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportSourceError';
  }
}
