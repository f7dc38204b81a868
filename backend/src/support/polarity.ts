import { foldText } from '../text/fold';
import { contentWords } from './text';

/**
 * Negation cues of Spanish and English, on accent-folded text. Spanish doubles its negations ('no … nunca',
 * 'no … ningún') without undoing them, so a sentence is negated when any cue is present, not by parity.
 * 'sin embargo' (however) and 'no sólo' (not only) are not negations. Lexical negations ('lack',
 * 'carece', 'fails to', 'absence of') count: SciFact and abstracts state most negative findings that way.
 */
const NEGATION_CUES = (
  'no not never none nobody nothing neither nor without cannot nunca jamas ningun ninguna ninguno ningunos ' +
  'ningunas nada nadie tampoco ni sin lack lacks lacking lacked absence absent fail fails failed unable carece ' +
  'carecen carecia ausencia ausente falta faltan'
).split(' ');
const NEGATION = new RegExp(`\\b(?:${NEGATION_CUES.join('|')})\\b|n't\\b`, 'g');
const CUES = new Set(NEGATION_CUES);
const NOT_NEGATION =
  /\b(?:sin embargo|sin duda|no solo|no solamente|not only|not just|no longer only|no doubt|nonetheless)\b/g;

const NEGATING_PREFIX = /^(?:un|in|im|ir|il|non|dis|des)/;
/** Words that begin like a negation and are not one ('increase' is not the opposite of 'crease'). */
const NOT_NEGATED =
  /^(?:incre|inclu|indic|inform|invol|instal|interes|insist|induc|inhib|intens|inter|inves|impor|impro|impac|imple|infiltr|inund|incorp|inici|impuls|impres|discov|displa|dispos|distrib|disminu|descri|design|destin|desarr|descub|despu|destac|descen|desplaz|descarg|unders|unifor|univer|union|unit)/;

/**
 * True when one text has a word that is the other's word with a negating prefix: 'independent' /
 * 'dependent', 'inaccurate' / 'accurate', 'ineficaz' / 'eficaz', 'unrelated' / 'related'. The base must
 * have at least five letters and the word must not be one that only looks prefixed ('increase', 'display').
 */
export function prefixAntonym(a: string, b: string): boolean {
  const wa = new Set(foldText(a).match(/\p{L}+/gu) ?? []);
  const wb = new Set(foldText(b).match(/\p{L}+/gu) ?? []);
  const negates = (from: Set<string>, to: Set<string>) =>
    [...from].some((w) => {
      const m = NEGATING_PREFIX.exec(w);
      if (!m || NOT_NEGATED.test(w)) return false;
      const base = w.slice(m[0].length);
      return base.length >= 5 && to.has(base) && !from.has(base);
    });
  return negates(wa, wb) || negates(wb, wa);
}

/**
 * A negated verb of saying or thinking whose complement is negated too: 'no digo que no', 'no creo que no
 * vaya', "I don't say that it isn't": the two cancel out, and the sentence affirms.
 */
const NEGATED_NEGATION =
  /(?:\b(?:no|not|nunca|never)|n't)\s+(?:[\p{L}']+\s+){0,2}(?:que|that)\s+(?:[\p{L}']+\s+){0,2}(?:no|not)\b/gu;

/** Number of negation cues in a text (0 = affirmative), a negation of a negation counting as none. */
export function negationCues(text: string): number {
  const t = foldText(text).replace(/[’']/g, "'").replace(NOT_NEGATION, ' ');
  const cancelled = t.match(NEGATED_NEGATION)?.length ?? 0;
  return Math.max(0, (t.match(NEGATION)?.length ?? 0) - 2 * cancelled);
}

/**
 * Words of change by direction, as folded prefixes. A claim that something rises and a passage that it
 * falls, about the same things, contradict each other; so do a claim and a passage of the same direction
 * where exactly one is negated. 'Prevents' and 'blocks' count as falls (of what follows them), as
 * 'reduces' does; words whose direction depends on more than their object ('protect', 'regulate') are out.
 */
const UP = [
  'increas',
  'higher',
  'rais',
  'elevat',
  'enhanc',
  'greater',
  'augment',
  'boost',
  'improv',
  'promot',
  'stimulat',
  'upregul',
  'up-regul',
  'aument',
  'mayor',
  'eleva',
  'increment',
  'sube',
  'suben',
  'subio',
  'crece',
  'crecen',
  'crecio',
  'mejora',
  'potencia',
  'estimula',
  'favorece',
  'induc',
  'positively',
  'positivamente',
  'grew',
  'grow',
  'rise',
  'rose',
  'risen',
  'climb',
  'soar',
  'expand',
  'doubl',
  'tripl',
  'duplic',
  'triplic',
  'acelera',
];
const DOWN = [
  'decreas',
  'reduc',
  'lower',
  'less',
  'fewer',
  'declin',
  'inhibit',
  'suppress',
  'diminish',
  'attenuat',
  'impair',
  'worsen',
  'downregul',
  'down-regul',
  'disminu',
  'menor',
  'baja',
  'bajan',
  'descend',
  'descien',
  'cae',
  'caen',
  'cayo',
  'empeora',
  'atenua',
  'inhibe',
  'suprime',
  'merma',
  'redujo',
  'prevent',
  'imped',
  'block',
  'abolish',
  'abrogat',
  'negatively',
  'shrank',
  'shrink',
  'shrunk',
  'fell',
  'fall',
  'dropp',
  'drops',
  'sank',
  'plummet',
  'halv',
  'bajaron',
  'decrec',
  'previene',
  'impide',
  'bloquea',
  'negativamente',
];

/** +1 when a text speaks of an increase only, -1 of a decrease only, 0 when neither or both. */
export function direction(text: string): -1 | 0 | 1 {
  const words = foldText(text).match(/[\p{L}-]+/gu) ?? [];
  const up = words.some((w) => UP.some((p) => w.startsWith(p)));
  const down = words.some((w) => DOWN.some((p) => w.startsWith(p)));
  return up === down ? 0 : up ? 1 : -1;
}

/** What the polarity check found between a claim and the sentence aligned with it. */
export interface PolarityFinding {
  claimNegated: boolean;
  passageNegated: boolean;
  /** Both state a direction of change, opposite ones, and both or neither are negated. */
  directionFlip: boolean;
  /** One is negated and the other not (and no direction decided it). */
  negationFlip: boolean;
  /** Both state the same direction of change, and both or neither are negated. */
  directionAgree: boolean;
}

/** Compares the polarity (negation, direction of change) of a claim and the passage sentence aligned with it. */
export function comparePolarity(claim: string, sentence: string): PolarityFinding {
  const claimNegated = negationCues(claim) > 0;
  // A word negated by its prefix in one text and not in the other flips the sentence's polarity.
  const passageNegated = negationCues(sentence) > 0 !== prefixAntonym(claim, sentence);
  const dc = direction(claim);
  const dp = direction(sentence);
  if (dc !== 0 && dp !== 0) {
    // 'does not reduce' and 'increases' agree no more than they disagree: only one difference is a flip.
    const negationFlip = dc === dp && claimNegated !== passageNegated;
    const directionFlip = dc !== dp && claimNegated === passageNegated;
    const directionAgree = dc === dp && claimNegated === passageNegated;
    return { claimNegated, passageNegated, directionFlip, negationFlip, directionAgree };
  }
  return {
    claimNegated,
    passageNegated,
    directionFlip: false,
    negationFlip: claimNegated !== passageNegated,
    directionAgree: false,
  };
}

/** Content words a negation cue reaches: the next ones in its clause, up to this many. */
const NEGATION_REACH = 2;
/** Where a negation's reach ends: punctuation, and the words that start another clause. */
const SCOPE_END =
  /^(?:pero|sino|aunque|mientras|porque|but|although|though|while|because|whereas|however|y|and|que|that)$/;

/**
 * Each content word's key in `text` with whether it stands in the reach of a negation cue (the next
 * `NEGATION_REACH` content words after 'no', 'not', 'sin', 'never' … in the same clause) or outside one. A
 * word may be both, at different places.
 */
function negationReach(text: string): Map<string, { negated: boolean; affirmed: boolean }> {
  const folded = foldText(text).replace(/[’']/g, "'").replace(NOT_NEGATION, ' ');
  const out = new Map<string, { negated: boolean; affirmed: boolean }>();
  let reach = 0;
  for (const m of folded.matchAll(/n't\b|[\p{L}\d]+(?:[.,]\d+)*|[.,;:!?()"«»]/gu)) {
    const t = m[0];
    if (/^[.,;:!?()"«»]$/.test(t) || SCOPE_END.test(t)) {
      reach = 0;
      continue;
    }
    if (t === "n't" || CUES.has(t)) {
      reach = NEGATION_REACH;
      continue;
    }
    const word = contentWords(t)[0];
    if (!word) continue;
    const seen = out.get(word.key) ?? { negated: false, affirmed: false };
    if (reach > 0) {
      seen.negated = true;
      reach--;
    } else seen.affirmed = true;
    out.set(word.key, seen);
  }
  return out;
}

/**
 * Whether a negation in either text reaches a word the other text has: 'sea ice is not increasing' against
 * 'sea ice is increasing' does, 'X must be made by processes that do not harm Y' against 'X must be made'
 * does not (its 'not' negates another verb). A sentence that is negated only elsewhere does not deny the claim.
 */
export function negationReachesShared(claim: string, text: string): boolean {
  const c = negationReach(claim);
  const t = negationReach(text);
  const reaches = (from: typeof c, to: typeof c) => [...from].some(([key, w]) => w.negated && to.has(key));
  return reaches(c, t) || reaches(t, c);
}

/**
 * A word both texts share that one negates and the other only affirms: negation read on the word it
 * reaches, not on the sentence ('causes no deaths' against 'causes half of the deaths … from causes no
 * natural' shares a 'no', yet negates another word). Undefined when every shared word has the same polarity
 * in both, or one text says it both ways.
 */
export function negatedElsewhere(claim: string, text: string): string | undefined {
  const c = negationReach(claim);
  const t = negationReach(text);
  for (const [key, inClaim] of c) {
    const inText = t.get(key);
    if (!inText || inClaim.negated === inClaim.affirmed || inText.negated === inText.affirmed) continue;
    if (inClaim.negated !== inText.negated) return key;
  }
  return undefined;
}
