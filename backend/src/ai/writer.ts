import { EngineError } from './engine-error';

/** One passage handed to a writer, under the number its footnotes must use. */
export interface WriterPassage {
  /** The footnote number, 1..k in the order given. */
  n: number;
  /** Literal stored text. */
  texto: string;
  /** Where it comes from, for the model's eyes only: title, authors, year, locator. */
  fuente: string;
}

export interface WriteRequest {
  pregunta: string;
  /** The language to answer in: the question's. */
  idioma: 'es' | 'en';
  pasajes: WriterPassage[];
  signal?: AbortSignal;
}

/**
 * Writes an answer to a question from numbered passages only: Markdown whose sentences end with footnote
 * markers `[^n]`, n among the passages' numbers, and no footnote definitions (the caller adds them from
 * stored anchors). The text comes as deltas, in order; their concatenation is the answer. The caller checks
 * every footnote against its passage, so a writer may be wrong but must never be the last word.
 */
export interface Writer {
  /** What answers, for /health (a model and its endpoint, or the extractive writer). */
  readonly name: string;
  write(req: WriteRequest): AsyncIterable<string>;
}

/** A writer failed after its retries: the provider is down, refused, or timed out. Answered 502 `proveedor_fallo`. */
export class WriterError extends EngineError {
  override readonly name = 'WriterError';
  constructor(
    mensaje: string,
    message: string,
    /** The provider's HTTP status, when it answered one. */
    readonly httpStatus?: number,
    options?: ErrorOptions,
  ) {
    super(mensaje, message, options);
  }
}
