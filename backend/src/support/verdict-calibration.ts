/** Breakpoints (support, probability) of one map, ascending, interpolated linearly and flat beyond the ends. */
export type CalibrationPoints = readonly (readonly [number, number])[];
/** One path's maps by claim language ('en', 'es'), with `otras` pooled over all for any other language. */
export type CalibrationMaps = Readonly<Record<string, CalibrationPoints>>;
/** The maps of each scorer path. */
export type VerdictCalibration = Readonly<Partial<Record<'lexico' | 'nli', CalibrationMaps>>>;

/**
 * The calibration of verify's `probabilidad` (support/verdict-probability.ts): per scorer path and claim language,
 * the isotonic map from the verdict's support to the share of claims labelled `respaldada`. Fitted by
 * `npx tsx backend/bench/fit-verdict-calibration.ts` (add `--nli` for the NLI path) on the fit half of
 * claims-dev (CLIMATE-FEVER in English, esXNLI in Spanish; the halves split by a hash of the item's id),
 * pool-adjacent-violators; `otras` pools both languages. Generated: refit after any change to the judge's rules
 * rather than editing it. What each fit measured is in `VERDICT_CALIBRATION_FIT`.
 */
export const VERDICT_CALIBRATION: VerdictCalibration = {
  lexico: {
    en: [
      [0.103, 0.371],
      [0.302, 0.388],
      [0.36, 0.465],
      [0.478, 0.528],
      [0.54, 0.54],
      [0.663, 0.71],
    ],
    es: [
      [0.173, 0.117],
      [0.339, 0.192],
      [0.356, 0.24],
      [0.4, 0.313],
      [0.475, 0.337],
      [0.542, 0.43],
      [0.614, 0.524],
      [0.751, 0.623],
    ],
    otras: [
      [0.267, 0.256],
      [0.35, 0.289],
      [0.356, 0.309],
      [0.397, 0.343],
      [0.427, 0.366],
      [0.471, 0.423],
      [0.495, 0.433],
      [0.539, 0.47],
      [0.63, 0.58],
      [0.913, 0.803],
    ],
  },
};

/**
 * Each path's fit: its fewest claims per step, then the expected calibration error (10 bins) of `probabilidad`
 * against "the label is respaldada" per language, uncalibrated → calibrated, on the held-out half and the whole set.
 */
export const VERDICT_CALIBRATION_FIT: Readonly<Partial<Record<'lexico' | 'nli', readonly string[]>>> = {
  lexico: [
    'at least 60 claims per step',
    'en: held-out half (634 claims) 0.077 → 0.038; whole set (1231) 0.075 → 0.020',
    'es: held-out half (1000 claims) 0.128 → 0.046; whole set (2040) 0.126 → 0.035',
  ],
};
