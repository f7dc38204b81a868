/** Bounds every converter enforces; a file past them fails with a ConversionError saying which. */
export interface ConvertLimits {
  maxPages: number;
  /** Total uncompressed bytes a zip-based file may expand to. */
  maxUnzippedBytes: number;
  /** Largest uncompressed/compressed ratio of a zip entry (zip bombs). */
  maxZipRatio: number;
  maxDurationSeconds: number;
  /** Pixels an image read by OCR may have (width × height): 100 million is about 400 MB decoded. */
  maxImagePixels: number;
}

export const DEFAULT_LIMITS: ConvertLimits = {
  maxPages: 5000,
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxZipRatio: 200,
  maxDurationSeconds: 12 * 3600,
  maxImagePixels: 100_000_000,
};
