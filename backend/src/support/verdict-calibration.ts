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
      [0.103, 0.38],
      [0.302, 0.39],
      [0.36, 0.453],
      [0.478, 0.524],
      [0.543, 0.544],
      [0.734, 0.717],
    ],
    es: [
      [0.173, 0.117],
      [0.339, 0.193],
      [0.356, 0.239],
      [0.4, 0.313],
      [0.473, 0.329],
      [0.542, 0.432],
      [0.632, 0.517],
      [0.829, 0.655],
    ],
    otras: [
      [0.266, 0.258],
      [0.35, 0.282],
      [0.356, 0.304],
      [0.397, 0.343],
      [0.427, 0.371],
      [0.486, 0.427],
      [0.538, 0.471],
      [0.631, 0.545],
      [0.72, 0.62],
      [0.912, 0.769],
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
    'en: held-out half (634 claims) 0.093 → 0.038; whole set (1231) 0.085 → 0.018',
    'es: held-out half (1000 claims) 0.132 → 0.043; whole set (2040) 0.132 → 0.026',
  ],
};
