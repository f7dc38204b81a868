/** Bounds every converter enforces; a file past them fails with a ConversionError saying which. */
export interface ConvertLimits {
  maxPages: number;
  /** Total uncompressed bytes a zip-based file may expand to. */
  maxUnzippedBytes: number;
  /** Largest uncompressed/compressed ratio of a zip entry (zip bombs). */
  maxZipRatio: number;
  maxDurationSeconds: number;
}

export const DEFAULT_LIMITS: ConvertLimits = {
  maxPages: 5000,
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxZipRatio: 200,
  maxDurationSeconds: 12 * 3600,
};
