import { ConversionError, type FoundMetadata } from '../converter';

// Apart from media.ts so the ingest job can tell these errors without importing the media converter.

/**
 * A media file that cannot become a document, for a reason that leaves what was learnt about it valid:
 * `tipo` and `metadatos` (with `duracion` whenever known) can still be stored on the failed document.
 */
export class MediaConversionError extends ConversionError {
  constructor(
    mensaje: string,
    message: string,
    readonly tipo: 'audio' | 'video',
    readonly metadatos: FoundMetadata,
  ) {
    super(mensaje, message);
    this.name = 'MediaConversionError';
  }
}

/** Audio or video with no text to read: no captions, no transcript, and no transcription available. */
export class MediaWithoutTextError extends MediaConversionError {
  constructor(mensaje: string, message: string, tipo: 'audio' | 'video', metadatos: FoundMetadata) {
    super(mensaje, message, tipo, metadatos);
    this.name = 'MediaWithoutTextError';
  }
}
