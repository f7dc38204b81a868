import type { Ocr } from './ocr';
import type { Transcriber } from './transcriber';

/** Engines a converter may use; absent when not configured or not available on this machine. */
export interface Engines {
  ocr?: Ocr;
  transcriber?: Transcriber;
}
