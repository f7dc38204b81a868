import {
  ConversionError,
  type Conversion,
  type ConvertLimits,
  type Fase,
  type FileKind,
  type SourceFile,
} from '../converter';
import { MediaConversionError, MediaWithoutTextError } from '../media/media-errors';

/** The hidden command that runs a reader process (`folio read-files`), started by `readerProcess` only. */
export const READ_FILES_COMMAND = 'read-files';

/** What the server asks of its reader process. */
export type ToReader =
  | { type: 'read'; id: number; file: SourceFile; limits?: ConvertLimits }
  /** The server gave up on a reading (its phase clock, a cancelled job): stop it. */
  | { type: 'abort'; id: number };

/** What a reader process tells the server about one reading. */
export type FromReader =
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'phase'; id: number; fase: Fase }
  | { type: 'done'; id: number; conversion: Conversion & { kind: FileKind } }
  | { type: 'failed'; id: number; error: SentError };

/** An error as it crosses between processes: enough to rebuild the classes the ingest job tells apart. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  /** A conversion error's Spanish reason (the file's own defect: not retried). */
  mensaje?: string;
  /** A media file's kind and what was learnt of it, kept on the failed document. */
  media?: Pick<MediaConversionError, 'tipo' | 'metadatos'> & { withoutText: boolean };
}

export function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const sent: SentError = { name: error.name, message: error.message, stack: error.stack };
  if (error instanceof ConversionError) sent.mensaje = error.mensaje;
  if (error instanceof MediaConversionError) {
    sent.media = { tipo: error.tipo, metadatos: error.metadatos, withoutText: error instanceof MediaWithoutTextError };
  }
  return sent;
}

/** The error a reading failed with, as the class the ingest job decides on (a plain Error is retried). */
export function receivedError(sent: SentError): Error {
  let error: Error;
  if (sent.media && sent.mensaje !== undefined) {
    const Media = sent.media.withoutText ? MediaWithoutTextError : MediaConversionError;
    error = new Media(sent.mensaje, sent.message, sent.media.tipo, sent.media.metadatos);
  } else if (sent.mensaje !== undefined) {
    error = new ConversionError(sent.mensaje, sent.message);
  } else {
    error = new Error(sent.message);
  }
  error.name = sent.name;
  // The reader's own stack says where it failed; this process's would only show the message arriving.
  if (sent.stack) error.stack = sent.stack;
  return error;
}
