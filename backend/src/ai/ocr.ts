/** Optical character recognition of one image. */
export interface Ocr {
  /** What answers, for /health (e.g. 'tesseract.js 7 (spa+eng)'). */
  readonly name: string;
  /**
   * The Tesseract languages whose data is installed, any of which `recognize` may be asked for ('spa',
   * 'chi_sim'); undefined when the engine does not tell (then only its own languages are read).
   */
  readonly languages?: readonly string[];
  /** Recognizes the text of an encoded image (PNG, JPEG, WebP, BMP, TIFF…). */
  recognize(image: Uint8Array, opts?: { langs?: string[]; signal?: AbortSignal }): Promise<OcrResult>;
  /**
   * The script the image's text is written in, as Tesseract's script detection names it ('Latin', 'Han',
   * 'Arabic', 'Cyrillic'…); undefined when it cannot be told or the engine cannot detect scripts.
   */
  script?(image: Uint8Array, opts?: { signal?: AbortSignal }): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface OcrResult {
  texto: string;
  /** Mean word confidence, 0-1. */
  confianza: number;
}

/** The image given to OCR could not be decoded (a format or compression the engine does not read). */
export class OcrImageError extends Error {
  override readonly name = 'OcrImageError';
}
