import { phraseLanguage } from '../text/language';
import { interpolate } from './calibration';
import { LEXICAL_SCORER } from './scorer';
import { VERDICT_CALIBRATION, type CalibrationMaps, type VerdictCalibration } from './verdict-calibration';

/** Which map of a path a claim is read with: its language's when the path has one, else the pooled `otras`. */
export function calibrationLanguage(claim: string, maps: CalibrationMaps): string {
  const lang = phraseLanguage(claim);
  return lang && maps[lang] ? lang : 'otras';
}

/** The calibration's path for a scorer: `lexico` for the scorer without a model, `nli` for one with the NLI model. */
export function scorerPath(scorerName: string): 'lexico' | 'nli' | undefined {
  if (scorerName === LEXICAL_SCORER) return 'lexico';
  return scorerName.includes('(NLI)') ? 'nli' : undefined;
}

/** A verdict's support through the map of the claim's language among `maps`; undefined when there is none. */
export function calibratedSupport(
  maps: CalibrationMaps | undefined,
  claim: string,
  support: number,
): number | undefined {
  const points = maps && maps[calibrationLanguage(claim, maps)];
  return points ? interpolate(points, support) : undefined;
}

/**
 * A verdict's `probabilidad`: the probability that the claim is backed, read from the verdict's support (the best
 * passage's, or the weakest clause's when its clauses back it) through the isotonic map of the scorer's path and
 * the claim's language, fitted on labelled claims (verdict-calibration.ts), so 0.7 means that about seven in ten
 * claims given it are backed. A path with no map keeps the support as it is, and a claim with no passage
 * `weighed` has 0. The verdict is not touched.
 *
 * Every verdict goes through the same map, `contradicha` too. Ranking contradicted claims below all others (or
 * giving them a map of their own) was tried and calibrated no better on the held-out half of claims-dev while
 * ranking worse: the labelled sets back 41 % (en) and 31 % (es) of the claims this judge calls `contradicha`,
 * about as many as of those it calls `sin_respaldo`, and its support still tells them apart. Refitting after the
 * judge's contradictions grow more precise lowers the probability wherever they fall.
 */
export function verdictProbability(
  scorerName: string,
  claim: string,
  support: number,
  weighed: number,
  calibration: VerdictCalibration = VERDICT_CALIBRATION,
): { probabilidad: number; uncalibrated: number } {
  // With no passage weighed there is nothing that could back the claim.
  if (weighed === 0) return { probabilidad: 0, uncalibrated: support };
  const path = scorerPath(scorerName);
  const calibrated = path && calibratedSupport(calibration[path], claim, support);
  return { probabilidad: calibrated ?? support, uncalibrated: support };
}
