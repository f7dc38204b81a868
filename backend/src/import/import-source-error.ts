/** Why a library cannot be read at all: a code the import service and the CLI can act on. */
export type ImportSourceProblem = 'no_existe' | 'sin_base_de_datos' | 'no_es_la_fuente' | 'version_antigua';

/**
 * A source library that cannot be read at all (no such folder, no database, not the kind of library it
 * should be, a version too old), as opposed to one entry of it that is left out (a `SkippedEntry`).
 * `mensaje` is Spanish, for the person importing; `message` is English, for logs.
 */
export class ImportSourceError extends Error {
  constructor(
    readonly problema: ImportSourceProblem,
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportSourceError';
  }
}
